/**
 * What the built page runs before the entry, for the cold start: the build copies these functions,
 * with the stored connection's reader they use, into an inline script of index.html
 * (build/early-routes.ts, build/inline-script.ts), so they import nothing else and never throw.
 * Nothing of the console imports this module.
 */
import { connectionAtLoad } from '../../api/runtime/read-stored-connection.ts';

/** The routes' files as the build writes them into the page (build/early-routes.ts). */
export interface EarlyRouteTable {
  connect: { files: string[] };
  routes: Array<{ pattern: string; files: string[] }>;
}

/**
 * The route's code starts downloading now, while the entry downloads: the path is matched against
 * the table the build wrote into the page (`#early-routes`) and the route's files are preloaded
 * (Connect's without a stored key). No table (the dev server, the in-browser demo): nothing happens.
 * It sends no API request: the route's loader asks for the data (measured: sending it from here
 * made both cold figures slower, docs/performance.md).
 */
export function preloadRoute(): void {
  const block = document.getElementById('early-routes');
  if (!block?.textContent) return;
  const table = JSON.parse(block.textContent) as EarlyRouteTable;
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  const route = connection ? table.routes.find((candidate) => new RegExp(candidate.pattern).test(location.pathname)) : table.connect;
  for (const file of route?.files ?? []) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

/**
 * The locale's date and time formats: the browser loads their data while the code downloads, not
 * when the first rows render (each page formats dates; the first format costs tens of milliseconds).
 */
export function warmUpDateFormats(): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
      new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-1, 'day');
    } catch {
      // An engine without these formats: the page formats dates as usual.
    }
  }, 0);
}
