/**
 * The route table of CONSOLE.md. Every page is its own lazily loaded chunk, wrapped in a
 * RouteBoundary (Suspense fallback + error boundary). Without a key every route shows /connect,
 * which returns to the intended path (`?next=`, a path only, never the key).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useConnectionState } from '../api/connection.ts';
import ConnectPage from '../features/connect/connect-page.tsx';
import NotFoundPage from '../features/not-found/not-found-page.tsx';
import { RouteBoundary, RouterError } from './route-boundary.tsx';
import { Shell } from './shell.tsx';

const ProjectsPage = lazy(() => import('../features/projects/projects-page.tsx'));
const ProjectSettingsPage = lazy(() => import('../features/project-settings/project-settings-page.tsx'));
const ActivityPage = lazy(() => import('../features/activity/activity-page.tsx'));
const DashboardsPage = lazy(() => import('../features/dashboards/dashboards-page.tsx'));
const DashboardDetailPage = lazy(() => import('../features/dashboard-detail/dashboard-detail-page.tsx'));
const OverviewTab = lazy(() => import('../features/dashboard-detail/overview-tab.tsx'));
const CollaboratorsTab = lazy(() => import('../features/dashboard-detail/collaborators-tab.tsx'));
const SharingTab = lazy(() => import('../features/dashboard-detail/sharing-tab.tsx'));

const page = (Page: LazyExoticComponent<ComponentType>, label?: string) => (
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
  { path: '/connect', element: <ConnectPage />, errorElement: <RouterError /> },
  {
    element: <RequireConnection />,
    errorElement: <RouterError />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      { path: 'projects', element: page(ProjectsPage, 'Loading projects…') },
      { path: 'projects/:projectId/dashboards', element: page(DashboardsPage, 'Loading dashboards…') },
      {
        path: 'projects/:projectId/dashboards/:dashboardId',
        element: page(DashboardDetailPage, 'Loading the dashboard…'),
        children: [
          { index: true, element: page(OverviewTab) },
          { path: 'collaborators', element: page(CollaboratorsTab) },
          { path: 'sharing', element: page(SharingTab) },
        ],
      },
      { path: 'projects/:projectId/settings', element: page(ProjectSettingsPage, 'Loading project settings…') },
      { path: 'projects/:projectId/activity', element: page(ActivityPage, 'Loading activity…') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
