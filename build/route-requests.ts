/**
 * Runs inside Vite's module runner with src/api/http.ts swapped for build/recorded-requests.ts
 * (build/early-routes.ts): reads the route table of src/app/route-data.ts and calls each route's
 * first queries' own query functions, so each early request is what the page's query asks for.
 */
import type { QueryFunctionContext } from '@tanstack/react-query';
import { connectedEntries, connectEntry, HOME_PATH, type PageModule, type RouteData, type RouteEntry } from '../src/app/route-data.ts';
import { takeRecorded } from './recorded-requests.ts';

/** What a full page load of a route needs first. */
export interface EarlyRoute {
  /** A regular expression (source) over `location.pathname`; ids are digits (`$1`, `$2`: its groups). */
  pattern: string;
  /**
   * The API paths of the page's first queries, then of the connected routes' (the key's access), with
   * `$1`, `$2` for the pattern's groups: sent with the key.
   */
  requests: string[];
  /** The same for the first queries that go without the key (`/__mock/info`). */
  anonymous: string[];
  /** The page modules (under src/) the route renders, parents first. */
  modules: string[];
}

/** Stands for the n-th id of a path while the queries are asked (digits, as the pattern matches). */
const placeholder = (index: number) => String(987654321 + index);

function requestsOf(data: RouteData[], names: string[]): Pick<EarlyRoute, 'requests' | 'anonymous'> {
  const params = Object.fromEntries(names.map((name, index) => [name, placeholder(index)]));
  const early: Pick<EarlyRoute, 'requests' | 'anonymous'> = { requests: [], anonymous: [] };
  for (const query of data.flatMap((routeData) => routeData({ params, search: new URLSearchParams() }))) {
    const { queryFn, queryKey, initialPageParam } = query as typeof query & { queryFn?: (context: QueryFunctionContext) => unknown };
    if (typeof queryFn !== 'function') throw new Error(`early routes: the query ${JSON.stringify(queryKey)} has no query function`);
    void queryFn({ queryKey, signal: new AbortController().signal, pageParam: initialPageParam, meta: undefined } as never);
    for (const request of takeRecorded()) {
      if (request.method !== 'GET') throw new Error(`early routes: ${request.method} ${request.path} is not a GET`);
      const path = names.reduce((path, _name, index) => path.replaceAll(placeholder(index), `$${index + 1}`), request.path);
      (request.authenticated ? early.requests : early.anonymous).push(path);
    }
  }
  return early;
}

/**
 * The module (under src/) a page's `import()` loads, read from the function's own text, as Vite's
 * module runner has transformed it.
 */
function moduleOf(page: PageModule): string {
  const text = String(page);
  const specifier = /import\w*\(\s*["'`]([^"'`]+)["'`]/.exec(text)?.[1];
  if (!specifier) throw new Error(`early routes: a page is not loaded by a literal import(): ${text}`);
  return specifier.replace(/^(\.\.\/|\/src\/)/, '');
}

function describe(entries: RouteEntry[], parentPath: string, parentModules: string[], parentData: RouteData[]): EarlyRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parentPath : [parentPath, entry.path?.replace(/^\//, '')].filter(Boolean).join('/');
    const modules = [...parentModules, moduleOf(entry.page)];
    const data = entry.data ? [...parentData, entry.data] : parentData;
    // A route with children is visited through them (its index child has its path).
    if (entry.children) return describe(entry.children, path, modules, data);
    const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const body = path.replace(/:\w+/g, '(\\d+)');
    const pattern = path === HOME_PATH ? `^/(?:${body}/?)?$` : `^/${body}/?$`;
    return [{ pattern, ...requestsOf(data, names), modules }];
  });
}

/** Connect (every path without a key), then every route, first match wins. */
export function describeRoutes(): { connect: EarlyRoute; routes: EarlyRoute[] } {
  const [connect] = describe([connectEntry], '', [], []);
  // The key's access (the connected routes' loader's `connectedData`) is not sent early: it is asked
  // for once the first screen is painted, and three more requests from the page made the cold first
  // row 1.14x slower in 16 interleaved visits (1.08x without them; docs/performance.md).
  return { connect: connect!, routes: [connect!, ...describe(connectedEntries, '', [], [])] };
}
