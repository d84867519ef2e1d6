/**
 * A full page load renders its route once, with its code and (usually) its data: rendering at once
 * would paint the shell with a loading page, then the page's loading state, then the rows, each with
 * its layout. So the entry waits for the router's first navigation (its loaders and `lazy`,
 * src/app/routes/routes.tsx) and renders when they are in or after `waitMs`, whichever comes first: a slow
 * API still gets the shell and its loading state at once.
 */
import type { createBrowserRouter } from 'react-router-dom';
import type { RouteLoaderData } from '../routes/routes.tsx';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

export const FIRST_ROUTE_WAIT_MS = 250;

/** Settles when the first navigation's code and data are in, or after `waitMs`; never rejects (a failed query is in the cache). */
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
  await Promise.race([ready.catch(() => undefined), new Promise<void>((done) => (timer = setTimeout(done, waitMs)))]);
  clearTimeout(timer);
}
