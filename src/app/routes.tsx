/**
 * The route table of CONSOLE.md. Every page is its own lazily loaded chunk, wrapped in a
 * RouteBoundary (loading state + error boundary). Without a key every route shows /connect,
 * which returns to the intended path (`?next=`, a path only, never the key).
 * Each page with data starts its first requests while its code is still loading.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useSearchParams, type Params, type RouteObject } from 'react-router-dom';
import { useConnectionState } from '../api/use-runtime.ts';
import { activityQueries } from '../api/activity.ts';
import { dashboardQueries } from '../api/dashboards.ts';
import { projectQueries } from '../api/projects.ts';
import { lazyComponent, type LazyComponent } from '../components/lazy-component.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { activityFiltersFromSearchParams } from '../features/activity/activity-filters.ts';
import { filtersFromSearchParams } from '../features/dashboards/list-filters.ts';
import { RouteBoundary, RouterError } from './route-boundary.tsx';
import { Shell } from './shell.tsx';

type PageLoader = () => Promise<{ default: ComponentType }>;
const lazyPage = (load: PageLoader, label = 'Loading page…') => lazyComponent(load, <LoadingState label={label} />);

const ConnectPage = lazyComponent(
  () => import('../features/connect/connect-page.tsx'),
  <div className="connect-page">
    <main id="main" className="connect-card">
      <LoadingState label="Loading…" />
    </main>
  </div>,
);
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page.tsx'));
const ProjectsPage = lazyPage(() => import('../features/projects/projects-page.tsx'), 'Loading projects…');
const AllDashboardsPage = lazyPage(() => import('../features/organization/all-dashboards-page.tsx'), 'Loading dashboards…');
const PublicLinksPage = lazyPage(() => import('../features/organization/public-links-page.tsx'), 'Loading public links…');
const ProjectSettingsPage = lazyPage(
  () => import('../features/project-settings/project-settings-page.tsx'),
  'Loading project settings…',
);
const ActivityPage = lazyPage(() => import('../features/activity/activity-page.tsx'), 'Loading activity…');
const DashboardsPage = lazyPage(() => import('../features/dashboards/dashboards-page.tsx'), 'Loading dashboards…');
const DashboardDetailPage = lazyPage(
  () => import('../features/dashboard-detail/dashboard-detail-page.tsx'),
  'Loading the dashboard…',
);
const OverviewTab = lazyPage(() => import('../features/dashboard-detail/overview-tab.tsx'));
const CollaboratorsTab = lazyPage(() => import('../features/dashboard-detail/collaborators-tab.tsx'));
const SharingTab = lazyPage(() => import('../features/dashboard-detail/sharing-tab.tsx'));
const HistoryTab = lazyPage(() => import('../features/activity/history-tab.tsx'));

/** What a route starts before its page renders: on a full page load (src/app/first-route.ts) and on every visit. */
export interface BootContext {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
}
export interface RouteHandle {
  /** Loads the route's code and its first data: the same queries its page asks for. Never rejects. */
  boot: (context: BootContext) => Promise<unknown>;
}
/** One of a route's first queries: the options its page asks with, from the api modules' factories. */
interface RouteQuery {
  queryKey: QueryKey;
  /** Only an infinite query's options have it. */
  initialPageParam?: unknown;
}
/** The first queries of a route's page. */
type RouteData = (context: BootContext) => RouteQuery[];

/** Asks for a route query's data unless the cache has it; settles when it is there (or failed). */
const ensure = (queryClient: QueryClient, query: RouteQuery): Promise<unknown> =>
  // RouteQuery keeps only what this needs of the factories' types: an infinite query's options are
  // the ones with a first page.
  'initialPageParam' in query ? queryClient.ensureInfiniteQueryData(query as never) : queryClient.ensureQueryData(query as never);

const settled = (started: Array<Promise<unknown>>) => Promise.all(started.map((work) => work.catch(() => undefined)));
const code = (...pages: Array<{ preload: () => Promise<void> }>): RouteHandle => ({
  boot: () => settled(pages.map((lazyPage) => lazyPage.preload())),
});
const id = (params: Params, name: string) => params[name] ?? '';

// Each route asks for its page's first data while the page's code loads, not after; data in the
// cache is used as it is (the page's own query refreshes what is stale).
const projectsData: RouteData = ({ search }) => [projectQueries.list(search.get('search') ?? '', search.get('organization') ?? '')];
const dashboardsData: RouteData = ({ params, search }) => [dashboardQueries.list(id(params, 'projectId'), filtersFromSearchParams(search))];
const dashboardData: RouteData = ({ params }) => [dashboardQueries.detail(id(params, 'projectId'), id(params, 'dashboardId'))];
const projectData: RouteData = ({ params }) => [projectQueries.detail(id(params, 'projectId'))];
const activityData: RouteData = (context) => [
  activityQueries.log(id(context.params, 'projectId'), activityFiltersFromSearchParams(context.search)),
  ...projectData(context),
];

/**
 * Starts a route's first data when it is visited, and again when its params or search change, while
 * the page's code loads. Once per change: a record just deleted (and dropped from the cache) is not
 * fetched back before the page leaves. Leaving the route (or the params and search) cancels what is
 * still on its way and nothing wants: as leaving the page does, but also before its code arrived.
 */
function WithData({ data, children }: { data: RouteData; children: ReactNode }) {
  const queryClient = useQueryClient();
  const params = useParams();
  const [search] = useSearchParams();
  const key = JSON.stringify([params, search.toString()]);
  const current = useRef<string>(null);
  useEffect(() => {
    current.current = key;
    const queries = data({ queryClient, params, search });
    void settled(queries.map((query) => ensure(queryClient, query)));
    return () => {
      current.current = null;
      // On the next task: once the page below has let go of its queries too, and unless the same
      // data was started again at once (React's development double effects).
      window.setTimeout(() => {
        if (current.current === key) return;
        for (const { queryKey } of queries) {
          const query = queryClient.getQueryCache().find({ queryKey, exact: true });
          if (query?.getObserversCount() === 0) void query.cancel({ revert: true });
        }
      });
    };
    // The key names the params and the search: the objects are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, data, key]);
  return children;
}

const page = (Page: ComponentType, label?: string): ReactNode => (
  <RouteBoundary label={label}>
    <Page />
  </RouteBoundary>
);
/** A page and its first data, together on every visit (WithData) and on a full page load (the handle's boot). */
const dataRoute = (Page: LazyComponent<object>, data: RouteData, label: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: (
    <RouteBoundary label={label}>
      <WithData data={data}>
        <Page />
      </WithData>
    </RouteBoundary>
  ),
  handle: {
    boot: (context) => settled([Page.preload(), ...data(context).map((query) => ensure(context.queryClient, query))]),
  } satisfies RouteHandle,
});

/** `/connect?next=<path>` for the path the person asked for. */
export function connectPathFor(pathname: string, search: string): string {
  const next = `${pathname}${search}`;
  return next === '/' || pathname === '/connect' ? '/connect' : `/connect?next=${encodeURIComponent(next)}`;
}

/**
 * Renders the shell when a key is stored; otherwise sends the person to Connect, remembering where
 * they were (unless they just pressed Disconnect).
 */
export function RequireConnection() {
  const { connection, disconnectedByPerson } = useConnectionState();
  const { pathname, search } = useLocation();
  if (!connection) return <Navigate to={disconnectedByPerson ? '/connect' : connectPathFor(pathname, search)} replace />;
  return <Shell />;
}

export const appRoutes: RouteObject[] = [
  { path: '/connect', element: page(ConnectPage), errorElement: <RouterError />, handle: code(ConnectPage) },
  {
    element: <RequireConnection />,
    errorElement: <RouterError />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      {
        path: 'projects',
        ...dataRoute(ProjectsPage, projectsData, 'Loading projects…'),
      },
      // The organization's pages load their data themselves (every project's lists, page by page).
      { path: 'organization/dashboards', element: page(AllDashboardsPage, 'Loading dashboards…'), handle: code(AllDashboardsPage) },
      { path: 'organization/public-links', element: page(PublicLinksPage, 'Loading public links…'), handle: code(PublicLinksPage) },
      {
        path: 'projects/:projectId/dashboards',
        ...dataRoute(DashboardsPage, dashboardsData, 'Loading dashboards…'),
      },
      {
        path: 'projects/:projectId/dashboards/:dashboardId',
        ...dataRoute(DashboardDetailPage, dashboardData, 'Loading the dashboard…'),
        children: [
          { index: true, element: page(OverviewTab), handle: code(OverviewTab) },
          { path: 'collaborators', element: page(CollaboratorsTab), handle: code(CollaboratorsTab) },
          { path: 'sharing', element: page(SharingTab), handle: code(SharingTab) },
          { path: 'history', element: page(HistoryTab), handle: code(HistoryTab) },
        ],
      },
      {
        path: 'projects/:projectId/settings',
        ...dataRoute(ProjectSettingsPage, projectData, 'Loading project settings…'),
      },
      {
        path: 'projects/:projectId/activity',
        ...dataRoute(ActivityPage, activityData, 'Loading activity…'),
      },
      { path: '*', element: page(NotFoundPage), handle: code(NotFoundPage) },
    ],
  },
];
