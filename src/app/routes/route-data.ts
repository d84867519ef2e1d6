/**
 * What each page of the console needs first, written once: its route's path, its page's module and
 * the queries the page asks for first (from the api modules' factories). src/app/routes/routes.tsx makes the
 * routes from it: each route's `loader` asks for these queries (`ensureRouteData`) while its `lazy`
 * brings the page's code. No React here: pages are loaded only on demand.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { activityQueries } from '../../api/resources/activity.ts';
import { dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';
import { accessQueries } from '../../api/access/key-access-queries.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { activityFiltersFromSearchParams } from '../../features/activity/activity-filters.ts';
import { filtersFromSearchParams } from '../../features/dashboards/list-filters.ts';

/** One of a route's first queries: the options its page asks with. */
export interface RouteQuery {
  queryKey: QueryKey;
  /** Only an infinite query's options have it. */
  initialPageParam?: unknown;
}
export interface RouteDataContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}
/** The first queries of a route's page. */
export type RouteData = (context: RouteDataContext) => RouteQuery[];

/** A page's code, loaded on demand (always a literal `import()`: the build's chunk groups find the pages by it, build/route-chunks.ts). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/** A route of the table: React Router's `path` (or `index`), the page's code, and its data. */
export interface RouteEntry {
  path?: string;
  index?: true;
  page: PageModule;
  /** What stands in while the page's code loads (pages with data). */
  label?: string;
  data?: RouteData;
  children?: RouteEntry[];
}

const id = (context: RouteDataContext, name: string) => context.params[name] ?? '';
const project: RouteData = (context) => [projectQueries.detail(id(context, 'projectId'))];

/**
 * What every connected route needs before its page draws: the key's access on `host` (the connected
 * routes' loader asks for it unless it was kept with the connection, src/app/routes/routes.tsx).
 */
export const connectedData = (host: string): RouteQuery[] => accessQueries(host);

/** Connect: where every route goes without a key. */
export const connectEntry: RouteEntry = { path: '/connect', page: () => import('../../features/connect/connect-page.tsx') };

/** `/` goes to this path. */
export const HOME_PATH = 'projects';
const PROJECT = `${HOME_PATH}/:projectId`;

/** The routes under the connected shell. */
export const connectedEntries: RouteEntry[] = [
  {
    path: HOME_PATH,
    page: () => import('../../features/projects/projects-page.tsx'),
    label: 'Loading projects…',
    data: ({ search }) => [projectQueries.list(search.get('search') ?? '', search.get('organization') ?? '')],
  },
  // The organization's pages load their data themselves (every project's lists, page by page).
  { path: 'organization/dashboards', page: () => import('../../features/organization/all-dashboards-page.tsx'), label: 'Loading dashboards…' },
  { path: 'organization/public-links', page: () => import('../../features/organization/public-links-page.tsx'), label: 'Loading public links…' },
  { path: 'organization/people', page: () => import('../../features/organization/people-page.tsx'), label: 'Loading people…' },
  { path: 'organization/people/:userUuid', page: () => import('../../features/organization/person-page.tsx'), label: 'Loading the person…' },
  // The API explorer reads the contract's catalogue and asks for its objects itself (CONSOLE.md).
  { path: 'explorer/:operation?', page: () => import('../../features/explorer/explorer-page.tsx') },
  { path: 'explorer/check', page: () => import('../../features/contract-check/contract-check-page.tsx'), label: 'Loading the contract check…' },
  {
    path: `${PROJECT}/dashboards`,
    page: () => import('../../features/dashboards/dashboards-page.tsx'),
    label: 'Loading dashboards…',
    data: (context) => [dashboardQueries.list(id(context, 'projectId'), filtersFromSearchParams(context.search))],
  },
  {
    path: `${PROJECT}/dashboards/:dashboardId`,
    page: () => import('../../features/dashboard-detail/dashboard-detail-page.tsx'),
    label: 'Loading the dashboard…',
    data: (context) => [dashboardQueries.detail(id(context, 'projectId'), id(context, 'dashboardId'))],
    children: [
      { index: true, page: () => import('../../features/dashboard-detail/overview/overview-tab.tsx') },
      { path: 'collaborators', page: () => import('../../features/dashboard-detail/collaborators/collaborators-tab.tsx') },
      { path: 'sharing', page: () => import('../../features/dashboard-detail/sharing/sharing-tab.tsx') },
      { path: 'access', page: () => import('../../features/dashboard-detail/access/access-tab.tsx') },
      { path: 'history', page: () => import('../../features/activity/history-tab.tsx') },
    ],
  },
  {
    path: `${PROJECT}/settings`,
    page: () => import('../../features/project-settings/project-settings-page.tsx'),
    label: 'Loading project settings…',
    data: project,
  },
  {
    path: `${PROJECT}/activity`,
    page: () => import('../../features/activity/activity-page.tsx'),
    label: 'Loading activity…',
    data: (context) => [activityQueries.log(id(context, 'projectId'), activityFiltersFromSearchParams(context.search)), ...project(context)],
  },
];

const settled = (started: Array<Promise<unknown>>) => Promise.all(started.map((work) => work.catch(() => undefined)));

/**
 * Asks for each query's data unless the cache has it (the page's own query refreshes what is stale);
 * settles when all are there or failed. When `signal` aborts (the navigation left before the page
 * took over), what is still on its way and nothing else wants is cancelled.
 */
export function ensureRouteData(queryClient: QueryClient, queries: RouteQuery[], signal: AbortSignal): Promise<unknown> {
  const ready = settled(
    queries.map((query) =>
      // RouteQuery keeps only what this needs of the factories' types: an infinite query's options
      // are the ones with a first page.
      'initialPageParam' in query ? queryClient.ensureInfiniteQueryData(query as never) : queryClient.ensureQueryData(query as never),
    ),
  );
  signal.addEventListener(
    'abort',
    () => {
      for (const { queryKey } of queries) {
        const query = queryClient.getQueryCache().find({ queryKey, exact: true });
        if (query?.getObserversCount() === 0) void query.cancel({ revert: true });
      }
    },
    { once: true },
  );
  return ready;
}
