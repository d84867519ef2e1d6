/**
 * What the built page runs before any other script: the build copies these functions, with the
 * stored connection's reader they use, into inline scripts of index.html (build/inline-script.ts),
 * so they import nothing else and never throw. Nothing of the console imports this module.
 */
import type { EarlyRequest } from '../api/early-response.ts';
import { connectionAtLoad } from '../api/stored-connection.ts';
import { mockWorldHeader } from '../contract/mock-world.ts';

/**
 * When a connection is stored (and not past its `Forget the key after`), adds a second policy
 * `connect-src 'self' <host>`. Policies add up, so from then on the page reaches this site and the
 * connected host only (src/api/connection.ts adds the same once a person connects).
 */
export function lockConnectSrc(): void {
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  if (!connection) return;
  let origin = connection.host ? new URL(connection.host).origin : '';
  if (origin === location.origin) origin = '';
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src 'self'${origin ? ` ${origin}` : ''}`;
  meta.setAttribute('data-connection-lock', origin || 'self');
  document.head.appendChild(meta);
}

/** The early routes as the build writes them into the page (build/early-routes.ts). */
export interface EarlyRouteTable {
  connect: { files: string[] };
  /** `requests` go with the stored key; `anonymous` without it (`/__mock/info`). */
  routes: Array<{ pattern: string; requests: string[]; anonymous?: string[]; files: string[] }>;
}

/**
 * The route's first API requests and its code start now, while the entry downloads: the path is
 * matched against the table the build wrote into the page (`#early-routes`), the route's requests go
 * out with the stored key (in a header, never in a URL) and its files are preloaded. Without a key,
 * Connect's files are preloaded. A URL with a query string preloads the code but sends nothing. No
 * table (the dev server, the in-browser demo): nothing happens.
 */
export function startEarlyRequests(): void {
  const block = document.getElementById('early-routes');
  if (!block?.textContent) return;
  const table = JSON.parse(block.textContent) as EarlyRouteTable;
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  let route: EarlyRouteTable['routes'][number] | null = null;
  let match: RegExpExecArray | null = null;
  for (const candidate of table.routes) {
    match = new RegExp(candidate.pattern).exec(location.pathname);
    if (match) {
      route = candidate;
      break;
    }
  }
  if (!connection) route = { pattern: '', requests: [], files: table.connect.files };
  if (!route) return;
  const early: EarlyRequest[] = (window.__consoleEarlyRequests = []);
  if (connection && match && !location.search) {
    const groups = match;
    const send = (path: string, key: string) => {
      const url = (connection.host || location.origin) + path.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '');
      const headers: Record<string, string> = { Accept: 'application/json' };
      // The key in a header, never a cookie; the mock's world too (as src/api/http.ts sends every request).
      if (key) headers.Authorization = `Bearer ${key}`;
      if (connection.world) headers[mockWorldHeader] = connection.world;
      const response = fetch(url, { headers, credentials: 'omit' });
      response.catch(() => undefined);
      early.push({ url, key, response });
    };
    for (const path of route.requests) send(path, connection.key);
    for (const path of route.anonymous ?? []) send(path, '');
  }
  for (const file of route.files) {
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
