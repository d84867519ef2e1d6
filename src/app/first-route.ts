/**
 * A full page load renders its route once, with its code and (usually) its data already there.
 *
 * The inline script of index.html has sent the route's first requests and preloaded its chunks
 * before the entry ran (src/app/early-routes.ts). Rendering at once would paint the shell with a
 * loading page, then the page with a loading state, then the rows: three renders, each with its
 * layout. Instead the entry asks each matched route's `handle.boot` for its code and its first
 * queries (which adopt the early answers), and renders when they are in, or after `waitMs`, whichever
 * comes first: a slow API still gets the shell and its loading state at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { runtimeOf } from '../api/runtime.ts';
import type { RouteHandle } from './routes.tsx';

/** How long the first render waits for the route's code and data. */
export const FIRST_ROUTE_WAIT_MS = 250;

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).boot === 'function';
}

/**
 * Starts the code and first data of the route at `location` (Connect when no key is stored), and
 * settles when they are in or `waitMs` has passed. Never rejects: a failed query is in the cache as
 * an error, which the page shows as it would have anyway.
 */
export async function bootFirstRoute(
  routes: RouteObject[],
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  waitMs = FIRST_ROUTE_WAIT_MS,
): Promise<void> {
  const pathname = runtimeOf(queryClient).connection.get() ? location.pathname : '/connect';
  const search = new URLSearchParams(location.search);
  const work = (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) =>
    isRouteHandle(route.handle) ? [route.handle.boot({ queryClient, params, search }).catch(() => undefined)] : [],
  );
  if (work.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(work),
    new Promise<void>((done) => {
      timer = setTimeout(done, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
