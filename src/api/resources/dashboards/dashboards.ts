/**
 * Dashboards (API.md §5): the read fetchers and query factories. What writes (fetchers and hooks) is
 * in dashboard-mutations.ts: the entry needs the factories (routes start their queries) and not the
 * writes, which only the pages use, so they stay out of the first-load JavaScript.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TemplateJson } from '../../../contract/inputs.ts';
import {
  dashboardPageSchema,
  dashboardSchema,
  type Dashboard,
  type DashboardListItem,
  type Paginated,
} from '../../../contract/schemas.ts';
import { apiRequest, type ApiCall } from '../../client/http.ts';
import { nextOffset, PAGE_SIZE } from '../../client/pagination.ts';
import { keyRoots, segment, type DashboardId, type DashboardListFilters, type ProjectId } from '../../client/query-keys.ts';

export type { DashboardListFilters } from '../../client/query-keys.ts';
/** A template as `create_from_template_json` takes it (checked with the contract's `templateJsonInput`). */
export type DashboardTemplateJson = TemplateJson;

export const dashboardsPath = (projectId: ProjectId) => `/api/projects/${segment(projectId)}/dashboards/`;
export const dashboardPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `${dashboardsPath(projectId)}${segment(dashboardId)}/`;

/** `Untitled dashboard` for a null or blank name, as the console shows it. */
export function dashboardDisplayName(dashboard: Pick<DashboardListItem, 'name'>): string {
  return dashboard.name?.trim() ? dashboard.name : 'Untitled dashboard';
}

// ---------- fetchers ----------

/** One page, pinned first then by name, as the API orders them; deleted ones are never listed. */
export function fetchDashboardPage(
  projectId: ProjectId,
  params: Partial<DashboardListFilters> & { offset?: number; limit?: number },
  call: ApiCall,
): Promise<Paginated<DashboardListItem>> {
  return apiRequest(call, {
    endpoint: 'dashboards.list',
    path: dashboardsPath(projectId),
    query: {
      search: params.search?.trim() || undefined,
      pinned: params.pinned ?? undefined,
      limit: params.limit ?? PAGE_SIZE,
      offset: params.offset ?? 0,
    },
    schema: dashboardPageSchema,
  });
}

export function fetchDashboard(projectId: ProjectId, dashboardId: DashboardId, call: ApiCall): Promise<Dashboard> {
  return apiRequest(call, { endpoint: 'dashboards.get', path: dashboardPath(projectId, dashboardId), schema: dashboardSchema });
}

// ---------- queries ----------

export const dashboardQueries = {
  /** Infinite by limit/offset; `search` → `?search=`, `pinned` → `?pinned=true|false` (null: both). */
  list: (projectId: ProjectId, filters: DashboardListFilters = { search: '', pinned: null }) => {
    const normalized: DashboardListFilters = { search: filters.search.trim(), pinned: filters.pinned };
    return infiniteQueryOptions({
      queryKey: [...keyRoots.dashboardLists(projectId), normalized] as const,
      queryFn: (call) => fetchDashboardPage(projectId, { ...normalized, offset: call.pageParam }, call),
      initialPageParam: 0,
      getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
      // A new search or filter keeps the old rows on screen until its first page arrives.
      placeholderData: keepPreviousData,
    });
  },
  detail: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: keyRoots.dashboard(projectId, dashboardId),
      queryFn: (call) => fetchDashboard(projectId, dashboardId, call),
    }),
};
