/**
 * Go to's dashboard searches (a project's first matches by name or description, the API's
 * `?search=`): one plain page each, under a key root of their own, never beside the infinite lists
 * that the list's updaters walk. Apart from dashboards.ts, which the entry loads: only Go to needs it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDashboardPage } from './dashboards.ts';
import { keyRoots, type ProjectId } from '../../client/query-keys.ts';

/** How many dashboards Go to offers for a search. */
const GO_TO_RESULTS = 10;

export const dashboardSearchQueries = {
  /** The first `limit` dashboards of the project matching `search`. */
  goTo: (projectId: ProjectId, search: string, limit = GO_TO_RESULTS) =>
    queryOptions({
      queryKey: [...keyRoots.dashboardSearches(projectId), search.trim(), limit] as const,
      queryFn: (call) => fetchDashboardPage(projectId, { search, limit }, call),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
};
