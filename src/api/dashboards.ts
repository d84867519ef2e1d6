/** Dashboards (API.md §5): fetchers, query factories and mutation hooks side by side. */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { createFromTemplateJsonInput, DashboardCreateInput, DashboardUpdateInput } from '../contract/inputs.ts';
import {
  dashboardPageSchema,
  dashboardSchema,
  type Dashboard,
  type DashboardListItem,
  type Paginated,
} from '../contract/schemas.ts';
import { apiRequest } from './http.ts';
import { nextOffset, PAGE_SIZE } from './pagination.ts';
import { keyRoots, segment, type DashboardId, type DashboardListFilters, type ProjectId } from './query-keys.ts';

export type { DashboardListFilters } from './query-keys.ts';
export type DashboardTemplateJson = z.input<typeof createFromTemplateJsonInput>['template'];
type DashboardPages = InfiniteData<Paginated<DashboardListItem>, number>;

const dashboardsPath = (projectId: ProjectId) => `/api/projects/${segment(projectId)}/dashboards/`;
const dashboardPath = (projectId: ProjectId, dashboardId: DashboardId) =>
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
  signal?: AbortSignal,
): Promise<Paginated<DashboardListItem>> {
  return apiRequest({
    endpoint: 'dashboards.list',
    path: dashboardsPath(projectId),
    query: {
      search: params.search?.trim() || undefined,
      pinned: params.pinned ?? undefined,
      limit: params.limit ?? PAGE_SIZE,
      offset: params.offset ?? 0,
    },
    signal,
    schema: dashboardPageSchema,
  });
}

export function fetchDashboard(projectId: ProjectId, dashboardId: DashboardId, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest({ endpoint: 'dashboards.get', path: dashboardPath(projectId, dashboardId), signal, schema: dashboardSchema });
}

export function createDashboard(projectId: ProjectId, input: DashboardCreateInput, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest({
    endpoint: 'dashboards.create',
    method: 'POST',
    path: dashboardsPath(projectId),
    body: input,
    signal,
    schema: dashboardSchema,
  });
}

/** PATCH with only the changed fields; `{deleted: true}` soft-deletes, `{deleted: false}` restores. */
export function updateDashboard(
  projectId: ProjectId,
  dashboardId: DashboardId,
  changes: DashboardUpdateInput,
  signal?: AbortSignal,
): Promise<Dashboard> {
  return apiRequest({
    endpoint: 'dashboards.update',
    method: 'PATCH',
    path: dashboardPath(projectId, dashboardId),
    body: changes,
    signal,
    schema: dashboardSchema,
  });
}

export function createDashboardFromTemplateJson(
  projectId: ProjectId,
  template: DashboardTemplateJson,
  signal?: AbortSignal,
): Promise<Dashboard> {
  return apiRequest({
    endpoint: 'dashboards.createFromTemplateJson',
    method: 'POST',
    path: `${dashboardsPath(projectId)}create_from_template_json/`,
    body: { template },
    signal,
    schema: dashboardSchema,
  });
}

// ---------- queries ----------

export const dashboardQueries = {
  /** Infinite by limit/offset; `search` → `?search=`, `pinned` → `?pinned=true|false` (null: both). */
  list: (projectId: ProjectId, filters: DashboardListFilters = { search: '', pinned: null }) => {
    const normalized: DashboardListFilters = { search: filters.search.trim(), pinned: filters.pinned };
    return infiniteQueryOptions({
      queryKey: [...keyRoots.dashboardLists(projectId), normalized] as const,
      queryFn: ({ pageParam, signal }) => fetchDashboardPage(projectId, { ...normalized, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
      // A new search or filter keeps the old rows on screen until its first page arrives.
      placeholderData: keepPreviousData,
    });
  },
  detail: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: keyRoots.dashboard(projectId, dashboardId),
      queryFn: ({ signal }) => fetchDashboard(projectId, dashboardId, signal),
    }),
};

// ---------- cache helpers ----------

/** Applies `change` to every cached list page of the project (all searches and filters). */
function updateCachedLists(
  queryClient: QueryClient,
  projectId: ProjectId,
  change: (results: DashboardListItem[]) => DashboardListItem[],
  countDelta = 0,
) {
  queryClient.setQueriesData<DashboardPages>({ queryKey: keyRoots.dashboardLists(projectId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            count: Math.max(0, page.count + countDelta),
            results: change(page.results),
          })),
        }
      : data,
  );
}

const setPinned = (dashboardId: DashboardId, pinned: boolean) => (results: DashboardListItem[]) =>
  results.map((d) => (String(d.id) === String(dashboardId) ? { ...d, pinned } : d));

/**
 * After a pin or unpin, refetches the first page of every cached list of the project and drops the
 * pages after it (they load again on scroll): the dashboard moved between the pinned block at the top
 * and its place by name, which shifts every page in between, so a kept later page could repeat or
 * miss a row; one request per list instead of one per loaded page.
 */
async function refetchFirstPages(queryClient: QueryClient, projectId: ProjectId): Promise<void> {
  const filter = { queryKey: keyRoots.dashboardLists(projectId) };
  // A next page still loading would append to the pages about to be dropped.
  await queryClient.cancelQueries(filter);
  queryClient.setQueriesData<DashboardPages>(filter, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.invalidateQueries(filter);
}
/** The same, for bulk actions (src/api/bulk.ts): once at the end of a run. */
export const refetchFirstListPages = refetchFirstPages;

// ---------- mutations ----------

/** POST a dashboard; the answer is cached as its detail, lists refresh. */
export function useCreateDashboard(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DashboardCreateInput) => createDashboard(projectId, input),
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
  });
}

/** POST create_from_template_json/; the answer is cached as its detail, lists refresh. */
export function useCreateDashboardFromTemplateJson(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: DashboardTemplateJson) => createDashboardFromTemplateJson(projectId, template),
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
  });
}

/** PATCH the changed fields of one dashboard; the answer replaces the cached detail. */
export function useUpdateDashboard(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DashboardUpdateInput) => updateDashboard(projectId, dashboardId, changes),
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey, dashboard),
  });
}

/**
 * Soft delete (`PATCH {deleted: true}`; the API's DELETE answers 405). The dashboard leaves every
 * cached list at once; offer `useRestoreDashboard` as Undo.
 */
export function useDeleteDashboard(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dashboardId: DashboardId) => updateDashboard(projectId, dashboardId, { deleted: true }),
    // The project's primary_dashboard may have been cleared.
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.project(projectId)] },
    onSuccess: (_dashboard, dashboardId) => {
      updateCachedLists(queryClient, projectId, (results) => results.filter((d) => String(d.id) !== String(dashboardId)), -1);
      queryClient.removeQueries({ queryKey: keyRoots.dashboard(projectId, dashboardId) });
    },
  });
}

/** Undo of a delete: `PATCH {deleted: false}`, the only request that finds a deleted dashboard. */
export function useRestoreDashboard(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dashboardId: DashboardId) => updateDashboard(projectId, dashboardId, { deleted: false }),
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.project(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
  });
}

export interface PinVariables {
  dashboardId: DashboardId;
  pinned: boolean;
}

/**
 * Pin or unpin at once: every cached list page and the detail show the new state before the API
 * answers; on an error only this dashboard's flag is put back. Afterwards each list refetches its
 * first page only (pinned first is the API's order) and loads the rest again on scroll.
 */
export function usePinDashboard(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dashboardId, pinned }: PinVariables) => updateDashboard(projectId, dashboardId, { pinned }),
    onMutate: async ({ dashboardId, pinned }) => {
      await queryClient.cancelQueries({ queryKey: keyRoots.dashboardLists(projectId) });
      await queryClient.cancelQueries({ queryKey: keyRoots.dashboard(projectId, dashboardId), exact: true });
      updateCachedLists(queryClient, projectId, setPinned(dashboardId, pinned));
      queryClient.setQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey, (d) => (d ? { ...d, pinned } : d));
    },
    onError: (_error, { dashboardId, pinned }) => {
      updateCachedLists(queryClient, projectId, setPinned(dashboardId, !pinned));
      queryClient.setQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey, (d) =>
        d ? { ...d, pinned: !pinned } : d,
      );
    },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
    // Not awaited: the toggle is done once the API answered, whatever the refetch of long lists takes.
    onSettled: () => {
      void refetchFirstPages(queryClient, projectId);
      void queryClient.invalidateQueries({ queryKey: keyRoots.activityLog(projectId) });
    },
  });
}
