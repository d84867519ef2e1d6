/**
 * A full page load renders its route once, with its code and (usually) its data already there.
 * Rendering at once would paint the shell with a loading page, then the page with a loading state,
 * then the rows: three renders, each with its layout. Instead the entry waits for the router's first
 * navigation (its loaders and `lazy`: the route's code, which the page preloaded, and its first
 * data; src/app/routes.tsx), and renders when they are in or after `waitMs`, whichever comes
 * first: a slow API still gets the shell and its loading state at once.
 */
import type { createBrowserRouter } from 'react-router-dom';
import type { RouteLoaderData } from '../routes.tsx';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/** How long the first render waits for the route's code and data. */
export const FIRST_ROUTE_WAIT_MS = 250;

/**
 * Settles when the router's first navigation is done and its routes' code and first data are in,
 * or when `waitMs` has passed. Never rejects: a failed query is in the cache as an error, which the
 * page shows as it would have anyway.
 */
export async function firstRouteReady(router: Router, waitMs = FIRST_ROUTE_WAIT_MS): Promise<void> {
  const initialized = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  const ready = initialized.then(() => Promise.all(Object.values(router.state.loaderData).map((data) => (data as RouteLoaderData | null)?.ready)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    ready.catch(() => undefined),
    new Promise<void>((done) => {
      timer = setTimeout(done, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
