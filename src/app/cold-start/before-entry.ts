/**
 * What the built page runs before the entry: the build copies these functions into an inline script
 * of index.html (build/entry-head.ts), so they import only the stored connection's reader and never
 * throw. Nothing of the console imports this module but the cold start (for `EARLY_REQUEST`).
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

/** Where the page leaves its first API request for the runtime's transport (early-answer.ts). */
export const EARLY_REQUEST = '__analyticsConsoleEarlyRequest';
export interface EarlyRequest {
  url: string;
  /** The request's headers, as src/api/client/http.ts writes them (JSON). */
  headers: string;
  response: Promise<Response>;
}

const projects = (search: URLSearchParams) =>
  `/api/organizations/${encodeURIComponent(search.get('organization') || '@current').replace(/%40/g, '@')}/projects/?limit=100&offset=0`;
/**
 * The main routes' first screens: the path, the page's module (the build lists its chunks) and the
 * path of its first API request as src/api/resources/ asks for it (null: not known ahead).
 */
export const FIRST_SCREENS: ReadonlyArray<readonly [RegExp, string, (ids: string[], search: URLSearchParams) => string | null]> = [
  [/^\/projects\/?$/, 'src/features/projects/projects-page.tsx', (_, search) => (search.has('search') ? null : projects(search))],
  [/^\/projects\/(\d+)\/dashboards\/?$/, 'src/features/dashboards/dashboards-page.tsx', ([id], search) => (search.size ? null : `/api/projects/${id}/dashboards/?limit=100&offset=0`)],
  [/^\/projects\/(\d+)\/dashboards\/(\d+)(\/[a-z]*)?\/?$/, 'src/features/dashboard-detail/dashboard-detail-page.tsx', ([id, dashboard]) => `/api/projects/${id}/dashboards/${dashboard}/`],
  [/^\/organization\/dashboards\/?$/, 'src/features/organization/all-dashboards-page.tsx', (_, search) => projects(search)],
];

/**
 * Asks at once for what the first screen of this address needs: its page's chunks (`chunks`, by
 * FIRST_SCREENS' order, from the build's manifest) and, with a stored connection, its first API
 * request, with the headers the console sends (the key in `Authorization` only).
 */
export function startFirstScreen(chunks: string[][]): void {
  const index = FIRST_SCREENS.findIndex(([path]) => path.test(location.pathname));
  if (index < 0) return;
  for (const href of chunks[index]!) {
    const link = document.createElement('link');
    Object.assign(link, { rel: 'modulepreload', crossOrigin: '', href });
    document.head.appendChild(link);
  }
  const [path, , request] = FIRST_SCREENS[index]!;
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  const api = connection && request(path.exec(location.pathname)!.slice(1), new URLSearchParams(location.search));
  if (!api) return;
  const url = `${connection.host || location.origin}${api}`;
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${connection.key}` };
  if (connection.world) headers['X-Mock-World'] = connection.world;
  const early: EarlyRequest = { url, headers: JSON.stringify(headers), response: fetch(url, { headers, credentials: 'omit' }) };
  Object.assign(window, { [EARLY_REQUEST]: early });
}
