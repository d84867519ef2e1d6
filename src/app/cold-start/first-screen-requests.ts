/**
 * What the built page runs before the entry: the build copies these functions into an inline script
 * of index.html (build/entry-head.ts), so they import only the stored connection's reader and never
 * throw. The console imports only `EARLY_REQUEST` of it (index.ts).
 */
import { connectionAtLoad } from '../../api/runtime/read-stored-connection.ts';

/** The locale's date formats load their data while the code downloads, not when the first rows render (tens of ms). */
export function warmUpDateFormats(): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
      new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-1, 'day');
    } catch {
      // An engine without these formats formats dates as usual.
    }
  }, 0);
}

/** Where the page leaves its first API request (`{ url, headers, response }`) for the transport (early-answer.ts). */
export const EARLY_REQUEST = '__analyticsConsoleEarlyRequest';

const projects = (search: URLSearchParams) =>
  `/api/organizations/${encodeURIComponent(search.get('organization') || '@current').replace(/%40/g, '@')}/projects/?limit=100&offset=0`;
/** The main routes: path, page module (the build lists its chunks), the first API request's path as src/api/resources/ asks (null: unknown). */
export const FIRST_SCREENS: ReadonlyArray<readonly [RegExp, string, (ids: string[], search: URLSearchParams) => string | null]> = [
  [/^\/projects\/?$/, 'src/features/projects/projects-page.tsx', (_, search) => (search.has('search') ? null : projects(search))],
  [/^\/projects\/(\d+)\/dashboards\/?$/, 'src/features/dashboards/dashboards-page.tsx', ([id], search) => (search.size ? null : `/api/projects/${id}/dashboards/?limit=100&offset=0`)],
  [/^\/projects\/(\d+)\/dashboards\/(\d+)(\/[a-z]*)?\/?$/, 'src/features/dashboard-detail/dashboard-detail-page.tsx', ([id, dashboard]) => `/api/projects/${id}/dashboards/${dashboard}/`],
  [/^\/organization\/dashboards\/?$/, 'src/features/organization/all-dashboards-page.tsx', (_, search) => projects(search)],
];

/**
 * Asks at once for what this address's first screen needs: its page's chunks (`chunks`, in
 * FIRST_SCREENS' order) and, with a stored connection, its first API request as http.ts sends it.
 */
export function startFirstScreen(chunks: string[][]): void {
  const index = FIRST_SCREENS.findIndex(([path]) => path.test(location.pathname));
  if (index < 0) return;
  for (const href of chunks[index]!) document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
  const [path, , request] = FIRST_SCREENS[index]!;
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  const api = connection && request(path.exec(location.pathname)!.slice(1), new URLSearchParams(location.search));
  if (!api) return;
  const url = `${connection.host || location.origin}${api}`;
  // The key in `Authorization` only, never in the URL (API.md §1.5).
  const headers = { Accept: 'application/json', Authorization: `Bearer ${connection.key}`, ...(connection.world && { 'X-Mock-World': connection.world }) };
  Object.assign(window, { [EARLY_REQUEST]: { url, headers: JSON.stringify(headers), response: fetch(url, { headers, credentials: 'omit' }) } });
}
