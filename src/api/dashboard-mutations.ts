/** Dashboards (API.md §5): the mutation hooks and the cache updates they make (fetchers and queries: dashboards.ts). */
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DashboardCreateInput, DashboardUpdateInput, RestrictionLevel } from '../contract/inputs.ts';
import { dashboardSchema, type Dashboard, type DashboardListItem, type Paginated } from '../contract/schemas.ts';
import { dashboardToTemplate } from './dashboard-template.ts';
import { dashboardPath, dashboardQueries, dashboardsPath, fetchDashboard, type DashboardTemplateJson } from './dashboards.ts';
import { apiRequest } from './http.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from './query-keys.ts';

type DashboardPages = InfiniteData<Paginated<DashboardListItem>, number>;

// ---------- fetchers only the mutations use (kept out of the entry, which imports dashboards.ts) ----------

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


/**
 * PATCH move_tile/: the tile (keeping its id) leaves `dashboardId` for `toDashboard`; the answer is
 * the source dashboard without it. Production refuses personal API keys (API.md §1.2).
 */
export function moveTile(
  projectId: ProjectId,
  dashboardId: DashboardId,
  tileId: number,
  toDashboard: number,
  signal?: AbortSignal,
): Promise<Dashboard> {
  return apiRequest({
    endpoint: 'dashboards.moveTile',
    method: 'PATCH',
    path: `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/move_tile/`,
    body: { tile: { id: tileId }, toDashboard },
    signal,
    schema: dashboardSchema,
  });
}

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

export interface ImportDashboardVariables {
  template: DashboardTemplateJson;
  /** 37: a PATCH restricts the new dashboard afterwards (the template cannot say who can edit). */
  restrictionLevel?: RestrictionLevel;
}

/** POST create_from_template_json/ (then the restriction, when asked); the answer is cached as its detail, lists refresh. */
export function useCreateDashboardFromTemplateJson(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ template, restrictionLevel }: ImportDashboardVariables) => {
      const dashboard = await createDashboardFromTemplateJson(projectId, template);
      if (restrictionLevel === undefined || restrictionLevel === dashboard.restriction_level) return dashboard;
      return updateDashboard(projectId, dashboard.id, { restriction_level: restrictionLevel });
    },
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (dashboard) => queryClient.setQueryData(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
  });
}

export interface CopyToProjectVariables {
  dashboardId: DashboardId;
  destinationProjectId: ProjectId;
  /** The copy's name. */
  name: string;
  /** Told as each step starts: reading the dashboard, then creating the copy. */
  onStep?: (step: 'export' | 'import') => void;
}

/**
 * Copy to project: reads the dashboard as it is now, turns it into a template and creates it in the
 * destination (`create_from_template_json`). The copy is cached as its detail there; that project's
 * lists and activity refresh.
 */
export function useCopyDashboardToProject(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ dashboardId, destinationProjectId, name, onStep }: CopyToProjectVariables) => {
      onStep?.('export');
      const source = await fetchDashboard(projectId, dashboardId);
      onStep?.('import');
      return createDashboardFromTemplateJson(destinationProjectId, dashboardToTemplate(source, name));
    },
    onSuccess: (copy, { destinationProjectId }) => {
      queryClient.setQueryData(dashboardQueries.detail(destinationProjectId, copy.id).queryKey, copy);
      void queryClient.invalidateQueries({ queryKey: keyRoots.dashboardLists(destinationProjectId) });
      void queryClient.invalidateQueries({ queryKey: keyRoots.activityLog(destinationProjectId) });
    },
  });
}

export interface MoveTileVariables {
  tileId: number;
  toDashboard: number;
}

/**
 * PATCH move_tile/: the API answers the source without the tile, which replaces the cached detail at
 * once; the destination's detail is refetched when next shown. A refusal changes nothing.
 */
export function useMoveTile(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tileId, toDashboard }: MoveTileVariables) => moveTile(projectId, dashboardId, tileId, toDashboard),
    meta: { invalidates: [keyRoots.activityLog(projectId)] },
    onSuccess: (source, { toDashboard }) => {
      queryClient.setQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey, source);
      void queryClient.invalidateQueries({ queryKey: keyRoots.dashboard(projectId, toDashboard) });
    },
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
