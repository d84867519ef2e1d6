/**
 * The route table of CONSOLE.md. Every page is its own lazily loaded chunk, wrapped in a
 * RouteBoundary (loading state + error boundary). Without a key every route shows /connect,
 * which returns to the intended path (`?next=`, a path only, never the key).
 * Each page with data starts its first requests while its code is still loading.
 */
import {
  usePrefetchInfiniteQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useSearchParams, type Params, type RouteObject } from 'react-router-dom';
import { useConnectionState } from '../api/connection.ts';
import { activityQueries } from '../api/activity.ts';
import { dashboardQueries } from '../api/dashboards.ts';
import { projectQueries } from '../api/projects.ts';
import { lazyComponent } from '../components/lazy-component.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { activityFiltersFromSearchParams } from '../features/activity/activity-filters.ts';
import { filtersFromSearchParams } from '../features/dashboards/list-filters.ts';
import { RouteBoundary, RouterError } from './route-boundary.tsx';
import { Shell } from './shell.tsx';

/**
 * Starts a record's first request while its page's code loads, once per record: unlike
 * `usePrefetchQuery`, which asks again on every render with an empty cache, a record that was just
 * deleted (and removed from the cache) is not fetched back before the page leaves.
 */
function usePrefetchRecord<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) {
  const queryClient = useQueryClient();
  const hash = JSON.stringify(options.queryKey);
  useEffect(() => {
    void queryClient.prefetchQuery(options);
    // The key's hash names the record: the options object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, hash]);
}

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

// Each route asks for its page's first data while the page's code loads, not after.

/** `/projects` (where a connected person lands): the project list the URL's `?search=` asks for. */
function ProjectsRoute() {
  usePrefetchInfiniteQuery(projectQueries.list(useSearchParams()[0].get('search') ?? ''));
  return <ProjectsPage />;
}

/** `/projects/:projectId/dashboards`: the dashboards with the URL's filters. */
function DashboardsRoute() {
  const { projectId = '' } = useParams();
  usePrefetchInfiniteQuery(dashboardQueries.list(projectId, filtersFromSearchParams(useSearchParams()[0])));
  return <DashboardsPage />;
}

/** `/projects/:projectId/dashboards/:dashboardId` (and its tabs): the dashboard. */
function DashboardDetailRoute() {
  const { projectId = '', dashboardId = '' } = useParams();
  usePrefetchRecord(dashboardQueries.detail(projectId, dashboardId));
  return <DashboardDetailPage />;
}

/** `/projects/:projectId/settings`: the project. */
function ProjectSettingsRoute() {
  usePrefetchRecord(projectQueries.detail(useParams().projectId ?? ''));
  return <ProjectSettingsPage />;
}

/** `/projects/:projectId/activity`: the first page of the log, and the project's name for the heading. */
function ActivityRoute() {
  const { projectId = '' } = useParams();
  usePrefetchInfiniteQuery(activityQueries.log(projectId, activityFiltersFromSearchParams(useSearchParams()[0])));
  usePrefetchRecord(projectQueries.detail(projectId));
  return <ActivityPage />;
}

/** What a full page load does for a route before its first render (src/app/first-route.ts). */
export interface BootContext {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
}
export interface RouteHandle {
  /** Loads the route's code and its first data: the same queries its component asks for. */
  boot: (context: BootContext) => Promise<unknown>;
}
const code = (...pages: Array<{ preload: () => Promise<void> }>): RouteHandle => ({
  boot: () => Promise.all(pages.map((lazyPage) => lazyPage.preload())),
});
const withData = (handle: RouteHandle, data: (context: BootContext) => Array<Promise<unknown>>): RouteHandle => ({
  boot: (context) => Promise.all([handle.boot(context), ...data(context)]),
});
const id = (params: Params, name: string) => params[name] ?? '';

const page = (Page: ComponentType, label?: string): ReactNode => (
  <RouteBoundary label={label}>
    <Page />
  </RouteBoundary>
);

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
        element: page(ProjectsRoute, 'Loading projects…'),
        handle: withData(code(ProjectsPage), ({ queryClient, search }) => [
          queryClient.prefetchInfiniteQuery(projectQueries.list(search.get('search') ?? '')),
        ]),
      },
      {
        path: 'projects/:projectId/dashboards',
        element: page(DashboardsRoute, 'Loading dashboards…'),
        handle: withData(code(DashboardsPage), ({ queryClient, params, search }) => [
          queryClient.prefetchInfiniteQuery(dashboardQueries.list(id(params, 'projectId'), filtersFromSearchParams(search))),
        ]),
      },
      {
        path: 'projects/:projectId/dashboards/:dashboardId',
        element: page(DashboardDetailRoute, 'Loading the dashboard…'),
        handle: withData(code(DashboardDetailPage), ({ queryClient, params }) => [
          queryClient.prefetchQuery(dashboardQueries.detail(id(params, 'projectId'), id(params, 'dashboardId'))),
        ]),
        children: [
          { index: true, element: page(OverviewTab), handle: code(OverviewTab) },
          { path: 'collaborators', element: page(CollaboratorsTab), handle: code(CollaboratorsTab) },
          { path: 'sharing', element: page(SharingTab), handle: code(SharingTab) },
          { path: 'history', element: page(HistoryTab), handle: code(HistoryTab) },
        ],
      },
      {
        path: 'projects/:projectId/settings',
        element: page(ProjectSettingsRoute, 'Loading project settings…'),
        handle: withData(code(ProjectSettingsPage), ({ queryClient, params }) => [
          queryClient.prefetchQuery(projectQueries.detail(id(params, 'projectId'))),
        ]),
      },
      {
        path: 'projects/:projectId/activity',
        element: page(ActivityRoute, 'Loading activity…'),
        handle: withData(code(ActivityPage), ({ queryClient, params, search }) => [
          queryClient.prefetchInfiniteQuery(activityQueries.log(id(params, 'projectId'), activityFiltersFromSearchParams(search))),
          queryClient.prefetchQuery(projectQueries.detail(id(params, 'projectId'))),
        ]),
      },
      { path: '*', element: page(NotFoundPage), handle: code(NotFoundPage) },
    ],
  },
];
