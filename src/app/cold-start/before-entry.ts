/**
 * What the built page runs before the entry: the build copies these functions, with the stored
 * connection's reader, into an inline script of index.html (build/early-routes.ts), so they import
 * nothing else and never throw. Nothing of the console imports this module.
 */
import { connectionAtLoad } from '../../api/runtime/read-stored-connection.ts';

/** The routes' files as the build writes them into the page, Connect's first. */
export type EarlyRouteTable = Array<{ pattern: string; files: string[] }>;

/**
 * Preloads the route's code while the entry downloads: the path is matched against the page's table
 * (`#early-routes`; Connect's files without a stored key). No table (the dev server, the demo):
 * nothing. It sends no API request: the route's loader asks for the data (sending it from here made
 * both cold figures slower, docs/performance.md).
 */
export function preloadRoute(): void {
  const block = document.getElementById('early-routes');
  if (!block?.textContent) return;
  const table = JSON.parse(block.textContent) as EarlyRouteTable;
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  const route = connection ? table.find((candidate) => new RegExp(candidate.pattern).test(location.pathname)) : table[0];
  for (const file of route?.files ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

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
