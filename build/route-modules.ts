/**
 * Runs inside Vite's module runner (build/early-routes.ts): reads the route table of
 * src/app/route-data.ts and gives, for each route, the pattern of its paths and its page modules.
 */
import { connectedEntries, connectEntry, HOME_PATH, type PageModule, type RouteEntry } from '../src/app/route-data.ts';

export interface EarlyRoute {
  /** A regular expression (source) over `location.pathname`; ids are digits. */
  pattern: string;
  /** The page modules (under src/) the route renders, parents first. */
  modules: string[];
}

/** The module (under src/) a page's `import()` loads, read from the function's text as the module runner transformed it. */
function moduleOf(page: PageModule): string {
  const specifier = /import\w*\(\s*["'`]([^"'`]+)["'`]/.exec(String(page))?.[1];
  if (!specifier) throw new Error(`early routes: a page is not loaded by a literal import(): ${String(page)}`);
  return specifier.replace(/^(\.\.\/|\/src\/)/, '');
}

function describe(entries: RouteEntry[], parentPath: string, parentModules: string[]): EarlyRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parentPath : [parentPath, entry.path?.replace(/^\//, '')].filter(Boolean).join('/');
    const modules = [...parentModules, moduleOf(entry.page)];
    // A route with children is visited through them (its index child has its path).
    if (entry.children) return describe(entry.children, path, modules);
    const body = path.replace(/:\w+/g, '\\d+');
    return [{ pattern: path === HOME_PATH ? `^/(?:${body}/?)?$` : `^/${body}/?$`, modules }];
  });
}

/** Every route, first match wins; Connect's first (the route of every path without a key). */
export function describeRoutes(): EarlyRoute[] {
  return describe([connectEntry, ...connectedEntries], '', []);
}
