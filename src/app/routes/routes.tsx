/**
 * The route table of CONSOLE.md, made for one query client (`createAppRoutes`). A page with data is a
 * React Router route with a `loader` and a `lazy`: the loader asks for the page's first data
 * (`ensureQueryData` with the resource's factory, src/app/routes/route-data.ts) while `lazy` brings the
 * page's code; both start together, and a navigation that leaves before they are in aborts them
 * (`request.signal`): the requests nothing else wants are cancelled. Until the code is there the
 * page's loading state stands in (`RouteOutlet`). Pages without data load their code as they render
 * (`lazyComponent`), and their loader only starts it. Without a key the connected routes' parent
 * loader sends every route to /connect, which returns to the intended path (`?next=`, a path only,
 * never the key); with one, it asks for the key's access unless it was kept (`connectedLoader`).
 */
import type { ConsoleQueryClient } from '../../api/runtime/runtime.ts';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigation,
  useOutlet,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { accessKept } from '../../api/runtime/access-storage.ts';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { lazyComponent, type LazyComponent } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { connectedData, connectedEntries, connectEntry, ensureRouteData, HOME_PATH, type RouteEntry } from './route-data.ts';
import { RouteBoundary, RouterError } from './route-boundary.tsx';
import { Shell } from '../shell/shell.tsx';

/** What a route's loader gives the first render (src/app/cold-start/first-route.ts): settles when its code and data are in. */
export interface RouteLoaderData {
  ready: Promise<unknown>;
}

/**
 * Each page's code: rendered at once by a page without data (its loading state
 * until the code is in), brought by the route's `lazy` for a page with data. A failed load is thrown
 * to the page's RouteBoundary, whose `Try again` loads it again.
 */
const connectFallback = (
  <div className="connect-page">
    <main id="main" className="connect-card">
      <LoadingState label="Loading…" />
    </main>
  </div>
);
const NotFoundPage = lazyComponent(() => import('../../features/not-found/not-found-page.tsx'), <LoadingState label="Loading page…" />);

/**
 * A loader runs when its route is entered (or its params change), not again on a change of the
 * search alone: the page's own queries follow its search, and the navigation completes at once, so
 * two quick changes of the search (filters) never lose the first.
 */
const shouldRevalidate = () => false;

/**
 * A page without data: rendered at once (its loading state until its code is in); its loader starts
 * the code, which a first render waits for. A tab's (a child route's) is not waited for: its page's
 * header draws first, and on a full page load the tab's code is asked for once that screen is painted
 * (`tabCodeAfter`), so that it does not compete with the page's own code and data (docs/performance.md).
 */
const codeRoute = (
  Page: LazyComponent<object>,
  label?: string,
  tabCodeAfter?: (work: () => void) => void,
): Pick<RouteObject, 'element' | 'loader' | 'shouldRevalidate'> => ({
  element: (
    <RouteBoundary label={label} tab={!!tabCodeAfter}>
      <Page />
    </RouteBoundary>
  ),
  loader: (): RouteLoaderData | null => {
    if (!tabCodeAfter) return { ready: Page.preload() };
    tabCodeAfter(() => void Page.preload());
    return null;
  },
  shouldRevalidate,
});

/** `/connect?next=<path>` for the path the person asked for. */
export function connectPathFor(pathname: string, search: string): string {
  const next = `${pathname}${search}`;
  return next === '/' || pathname === '/connect' ? '/connect' : `/connect?next=${encodeURIComponent(next)}`;
}

/**
 * The connected routes' loader: without a key, Connect. With one, the key's access (DESIGN.md rule
 * 2): when it was kept with the connection (access-storage.ts) the pages draw with it at once and their
 * own queries check it in the background; otherwise it asks for it beside the page's own data
 * without holding the page, whose write controls say `Checking access…` until it is in.
 */
const connectedLoader =
  (queryClient: ConsoleQueryClient, afterFirstPaint: (work: () => void) => void) =>
  ({ request }: LoaderFunctionArgs): Promise<null> | null => {
    const { connection, disconnectedByPerson } = queryClient.runtime.connection.getState();
    if (!connection) {
      const url = new URL(request.url);
      // React Router's `redirect`, without its options.
      throw new Response(null, { status: 302, headers: { Location: disconnectedByPerson ? '/connect' : connectPathFor(url.pathname, url.search) } });
    }
    // Never waited for: the page draws with its data, its write controls `Checking access…` until the
    // answer is in. On a full page load it is asked for once the first screen is painted (the cold
    // start's `afterFirstPaint`): a loader that waited for it, or took its answers before the first
    // paint, made the cold first row slower (docs/performance.md).
    if (!accessKept(connection)) {
      afterFirstPaint(() => {
        if (!request.signal.aborted) void ensureRouteData(queryClient, connectedData(connection.host), request.signal);
      });
    }
    return null;
  };

/**
 * The label of the page on its way to `pathname`: the deepest page with data whose code is not in
 * yet, or (`firstLoad`) whose route the router has not rendered yet.
 */
type PendingPage = (pathname: string, firstLoad: boolean) => string | null;

/**
 * The page, or its loading state: while a navigation to it waits for its code, and on a first load
 * rendered before the router's first navigation is done (the router then renders no page yet).
 */
function RouteOutlet({ pendingPage }: { pendingPage: PendingPage }) {
  const outlet = useOutlet();
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.location ? pendingPage(navigation.location.pathname, false) : outlet ? null : pendingPage(location.pathname, true);
  return pending ? <LoadingState label={pending} /> : outlet;
}

/**
 * Renders the shell when a key is stored; otherwise sends the person to Connect, remembering where
 * they were (unless they just pressed Disconnect).
 */
export function RequireConnection({ pendingPage }: { pendingPage: PendingPage }) {
  const { connection, disconnectedByPerson } = useConnectionState();
  const { pathname, search } = useLocation();
  if (!connection) return <Navigate to={disconnectedByPerson ? '/connect' : connectPathFor(pathname, search)} replace />;
  return (
    <Shell>
      <RouteOutlet pendingPage={pendingPage} />
    </Shell>
  );
}

export interface AppRoutesOptions {
  /** How a page's code is loaded: its own `import()` (a test may hold it back). */
  loadPage?: (entry: RouteEntry) => ReturnType<RouteEntry['page']>;
  /** Runs work once the first screen is painted (the cold start's, src/app/cold-start/); at once by default. */
  afterFirstPaint?: (work: () => void) => void;
}

/**
 * The console's routes, whose loaders ask `queryClient` for the pages' first data and read the
 * connection of the runtime it carries (src/api/runtime/runtime.ts).
 */
export function createAppRoutes(queryClient: ConsoleQueryClient, options: AppRoutesOptions = {}): RouteObject[] {
  const { loadPage = (entry) => entry.page(), afterFirstPaint = (work) => work() } = options;
  // One lazy component per page of these routes (made once they are asked for), and the pages with data whose code is in.
  const pages = new Map<RouteEntry, LazyComponent<object>>();
  const pageOf = (entry: RouteEntry): LazyComponent<object> => {
    let page = pages.get(entry);
    if (!page) {
      page = lazyComponent(() => loadPage(entry), entry === connectEntry ? connectFallback : <LoadingState label={entry.label ?? 'Loading page…'} />);
      pages.set(entry, page);
    }
    return page;
  };
  const loaded = new Set<RouteEntry>();
  const route = (entry: RouteEntry, tab = false): RouteObject => {
    const place = entry.index ? { index: true as const } : { path: entry.path };
    const children = entry.children?.map((child) => route(child, true));
    const Page = pageOf(entry);
    const data = entry.data;
    if (!data) return { ...place, ...codeRoute(Page, entry.label, tab ? afterFirstPaint : undefined), children } as RouteObject;
    return {
      ...place,
      handle: entry,
      lazy: async () => {
        await Page.preload();
        loaded.add(entry);
        return {
          element: (
            <RouteBoundary label={entry.label} tab={tab}>
              <Page />
            </RouteBoundary>
          ),
        };
      },
      loader: ({ params, request }: LoaderFunctionArgs): RouteLoaderData => {
        // Without a key the parent's loader goes to Connect: nothing is asked.
        const queries = queryClient.runtime.connection.get() ? data({ params, search: new URL(request.url).searchParams }) : [];
        // The code is part of what a first render waits for (src/app/first-route.ts).
        return { ready: Promise.all([ensureRouteData(queryClient, queries, request.signal), Page.preload()]) };
      },
      shouldRevalidate,
      children,
    } as RouteObject;
  };
  const pendingPage: PendingPage = (pathname, firstLoad) =>
    (matchRoutes(routes, pathname) ?? [])
      .map(({ route: matched }) => matched.handle as RouteEntry | undefined)
      .filter((entry) => entry?.label && (firstLoad || !loaded.has(entry)))
      .at(-1)?.label ?? null;
  const connected = <RequireConnection pendingPage={pendingPage} />;
  const connect = route(connectEntry);
  const routes: RouteObject[] = [
    { ...connect, hydrateFallbackElement: connect.element, errorElement: <RouterError /> },
    {
      id: 'connected',
      element: connected,
      // Before the first route is in, the shell stands with the page's loading state (RouteOutlet).
      hydrateFallbackElement: connected,
      loader: connectedLoader(queryClient, afterFirstPaint),
      shouldRevalidate,
      errorElement: <RouterError />,
      children: [
        { index: true, element: <Navigate to={`/${HOME_PATH}`} replace /> },
        ...connectedEntries.map((entry) => route(entry)),
        { path: '*', ...codeRoute(NotFoundPage) },
      ],
    },
  ];
  return routes;
}
