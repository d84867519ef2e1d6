/** Dashboards (API.md §5): the mutation hooks and the cache updates they make (fetchers and queries: dashboards.ts). */
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { changed, isPages, type Change } from '../../client/changes.ts';
import { rowChanged, rowFields } from './dashboard-rows.ts';
import type { DashboardCreateInput, DashboardUpdateInput, RestrictionLevel } from '../../../contract/inputs.ts';
import { dashboardSchema, type Dashboard, type DashboardListItem, type Paginated } from '../../../contract/schemas.ts';
import { dashboardToTemplate } from './dashboard-template.ts';
import { dashboardPath, dashboardQueries, dashboardsPath, fetchDashboard, type DashboardTemplateJson } from './dashboards.ts';
import { apiRequest, type ApiCall } from '../../client/http.ts';
import { withoutRows } from '../../client/pagination.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from '../../client/query-keys.ts';

type DashboardPages = InfiniteData<Paginated<DashboardListItem>, number>;

// ---------- fetchers only the mutations use (kept out of the entry, which imports dashboards.ts) ----------

export function createDashboard(projectId: ProjectId, input: DashboardCreateInput, call: ApiCall): Promise<Dashboard> {
  return apiRequest(call, {
    endpoint: 'dashboards.create',
    method: 'POST',
    path: dashboardsPath(projectId),
    body: input,
    schema: dashboardSchema,
  });
}

/** PATCH with only the changed fields; `{deleted: true}` soft-deletes, `{deleted: false}` restores. */
export function updateDashboard(
  projectId: ProjectId,
  dashboardId: DashboardId,
  changes: DashboardUpdateInput,
  call: ApiCall,
): Promise<Dashboard> {
  return apiRequest(call, {
    endpoint: 'dashboards.update',
    method: 'PATCH',
    path: dashboardPath(projectId, dashboardId),
    body: changes,
    schema: dashboardSchema,
  });
}

export function createDashboardFromTemplateJson(
  projectId: ProjectId,
  template: DashboardTemplateJson,
  call: ApiCall,
): Promise<Dashboard> {
  return apiRequest(call, {
    endpoint: 'dashboards.createFromTemplateJson',
    method: 'POST',
    path: `${dashboardsPath(projectId)}create_from_template_json/`,
    body: { template },
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
  call: ApiCall,
): Promise<Dashboard> {
  return apiRequest(call, {
    endpoint: 'dashboards.moveTile',
    method: 'PATCH',
    path: `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/move_tile/`,
    body: { tile: { id: tileId }, toDashboard },
    schema: dashboardSchema,
  });
}

// ---------- cache helpers ----------

/** `change` over one cached list's pages; anything that is not an infinite list is returned as it was. */
const overPages = (data: unknown, change: (results: DashboardListItem[]) => DashboardListItem[]): unknown =>
  isPages(data) ? { ...data, pages: (data as DashboardPages).pages.map((page) => ({ ...page, results: change(page.results) })) } : data;

const setPinned = (dashboardId: DashboardId, pinned: boolean) => (results: DashboardListItem[]) =>
  results.map((d) => (String(d.id) === String(dashboardId) ? { ...d, pinned } : d));

/** What this tab shows of the dashboard's pin now (its detail, else its first listed row); undefined when nothing holds it. */
function shownPinned(queryClient: QueryClient, projectId: ProjectId, dashboardId: DashboardId): boolean | undefined {
  const detail = queryClient.getQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey);
  if (detail) return detail.pinned;
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: keyRoots.dashboardLists(projectId) })) {
    if (!isPages(data)) continue;
    for (const page of (data as DashboardPages).pages) {
      const row = page.results.find((d) => String(d.id) === String(dashboardId));
      if (row) return row.pinned;
    }
  }
  return undefined;
}

/** Writes the optimistic pin into this tab's lists and detail (and puts it back on an error). */
function showPinned(queryClient: QueryClient, projectId: ProjectId, dashboardId: DashboardId, pinned: boolean) {
  queryClient.setQueriesData<unknown>({ queryKey: keyRoots.dashboardLists(projectId) }, (data: unknown) =>
    overPages(data, setPinned(dashboardId, pinned)),
  );
  queryClient.setQueryData(dashboardQueries.detail(projectId, dashboardId).queryKey, (d) =>
    d && typeof d === 'object' && 'pinned' in d ? { ...d, pinned } : d,
  );
}

/**
 * A new or changed dashboard: its detail is the answer, its row in the organization's rows shows it
 * at once; the project's lists, rows (a new one joins them) and activity are stale.
 */
const dashboardSaved = (projectId: ProjectId, dashboard: Dashboard): Change[] => [
  changed.set(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
  rowChanged(projectId, dashboard.id, rowFields(dashboard)),
  changed.refresh(keyRoots.dashboardLists(projectId)),
  changed.refresh(keyRoots.dashboardSearches(projectId)),
  changed.refresh(keyRoots.dashboardRows(projectId)),
  changed.refresh(keyRoots.activityLog(projectId)),
];

// ---------- mutations ----------

/** POST a dashboard; the answer is cached as its detail, lists refresh. */
export function useCreateDashboard(projectId: ProjectId) {
  return useMutation({
    mutationFn: (input: DashboardCreateInput, call) => createDashboard(projectId, input, call),
    meta: { changes: (dashboard: Dashboard) => dashboardSaved(projectId, dashboard) },
  });
}

export interface ImportDashboardVariables {
  template: DashboardTemplateJson;
  /** 37: a PATCH restricts the new dashboard afterwards (the template cannot say who can edit). */
  restrictionLevel?: RestrictionLevel;
}

/** POST create_from_template_json/ (then the restriction, when asked); the answer is cached as its detail, lists refresh. */
export function useCreateDashboardFromTemplateJson(projectId: ProjectId) {
  return useMutation({
    mutationFn: async ({ template, restrictionLevel }: ImportDashboardVariables, call) => {
      const dashboard = await createDashboardFromTemplateJson(projectId, template, call);
      if (restrictionLevel === undefined || restrictionLevel === dashboard.restriction_level) return dashboard;
      return updateDashboard(projectId, dashboard.id, { restriction_level: restrictionLevel }, call);
    },
    meta: { changes: (dashboard: Dashboard) => dashboardSaved(projectId, dashboard) },
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
  return useMutation({
    mutationFn: async ({ dashboardId, destinationProjectId, name, onStep }: CopyToProjectVariables, call) => {
      onStep?.('export');
      const source = await fetchDashboard(projectId, dashboardId, call);
      onStep?.('import');
      return createDashboardFromTemplateJson(destinationProjectId, dashboardToTemplate(source, name), call);
    },
    meta: {
      changes: (copy: Dashboard, { destinationProjectId }: CopyToProjectVariables) => dashboardSaved(destinationProjectId, copy),
    },
  });
}

export interface MoveTileVariables {
  tileId: number;
  toDashboard: number;
}

/**
 * PATCH move_tile/: the API answers the source without the tile, which replaces the cached detail at
 * once; the destination's detail is refetched. A refusal changes nothing.
 */
export function useMoveTile(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: ({ tileId, toDashboard }: MoveTileVariables, call) => moveTile(projectId, dashboardId, tileId, toDashboard, call),
    meta: {
      changes: (source: Dashboard, { toDashboard }: MoveTileVariables) => [
        changed.set(dashboardQueries.detail(projectId, dashboardId).queryKey, source),
        changed.refresh(keyRoots.dashboard(projectId, toDashboard)),
        changed.refresh(keyRoots.activityLog(projectId)),
      ],
    },
  });
}

/** PATCH the changed fields of one dashboard; the answer replaces the cached detail. */
export function useUpdateDashboard(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (changes: DashboardUpdateInput, call) => updateDashboard(projectId, dashboardId, changes, call),
    meta: {
      changes: (dashboard: Dashboard, changes: DashboardUpdateInput) => [
        ...dashboardSaved(projectId, dashboard),
        // A new restriction changes whom the dashboard is an exception for (the person page).
        ...(changes.restriction_level === undefined ? [] : [changed.refresh(keyRoots.personAccess)]),
      ],
    },
  });
}

/**
 * Soft delete (`PATCH {deleted: true}`; the API's DELETE answers 405). The dashboard leaves every
 * cached list at once; offer `useRestoreDashboard` as Undo.
 */
export function useDeleteDashboard(projectId: ProjectId) {
  return useMutation({
    mutationFn: (dashboardId: DashboardId, call) => updateDashboard(projectId, dashboardId, { deleted: true }, call),
    meta: {
      changes: (_dashboard: Dashboard, dashboardId: DashboardId) => [
        // Its list rows leave and the later pages are re-based (their offsets moved up by one).
        changed.update<unknown>(keyRoots.dashboardLists(projectId), (data) =>
          isPages(data) ? withoutRows(data as DashboardPages, (d) => String(d.id) === String(dashboardId)) : data,
        ),
        rowChanged(projectId, dashboardId, null),
        changed.remove(keyRoots.dashboard(projectId, dashboardId)),
        changed.refresh(keyRoots.dashboardLists(projectId)),
        changed.refresh(keyRoots.dashboardSearches(projectId)),
        // This tab's rows lost it already; the other tabs' refetch.
        changed.refresh(keyRoots.dashboardRows(projectId), { otherTabsOnly: true }),
        // The project's primary_dashboard may have been cleared; its activity log is beneath it too.
        changed.refresh(keyRoots.project(projectId)),
      ],
    },
  });
}

/** Undo of a delete: `PATCH {deleted: false}`, the only request that finds a deleted dashboard. */
export function useRestoreDashboard(projectId: ProjectId) {
  return useMutation({
    mutationFn: (dashboardId: DashboardId, call) => updateDashboard(projectId, dashboardId, { deleted: false }, call),
    meta: {
      changes: (dashboard: Dashboard) => [...dashboardSaved(projectId, dashboard), changed.refresh(keyRoots.project(projectId))],
    },
  });
}

export interface PinVariables {
  dashboardId: DashboardId;
  pinned: boolean;
}

/**
 * Pin or unpin at once: every cached list page and the detail show the new state before the API
 * answers; on an error only this dashboard's flag is put back to what it was (not to the opposite of
 * what was asked: a pin sent for a dashboard already shown pinned stays pinned). Afterwards each list refetches its
 * first page only (pinned first is the API's order) and loads the rest again on scroll.
 */
export function usePinDashboard(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dashboardId, pinned }: PinVariables, call) => updateDashboard(projectId, dashboardId, { pinned }, call),
    onMutate: async ({ dashboardId, pinned }) => {
      await queryClient.cancelQueries({ queryKey: keyRoots.dashboardLists(projectId) });
      await queryClient.cancelQueries({ queryKey: keyRoots.dashboard(projectId, dashboardId), exact: true });
      const was = shownPinned(queryClient, projectId, dashboardId);
      showPinned(queryClient, projectId, dashboardId, pinned);
      return { was };
    },
    onError: (_error, { dashboardId }, context) => {
      if (context?.was !== undefined) showPinned(queryClient, projectId, dashboardId, context.was);
    },
    meta: {
      changes: (dashboard: Dashboard) => [
        changed.set(dashboardQueries.detail(projectId, dashboard.id).queryKey, dashboard),
        rowChanged(projectId, dashboard.id, rowFields(dashboard)),
        // The dashboard moved between the pinned block and its place by name, shifting every page between.
        changed.relist(keyRoots.dashboardLists(projectId)),
        changed.refresh(keyRoots.dashboardRows(projectId), { otherTabsOnly: true }),
        changed.refresh(keyRoots.activityLog(projectId)),
      ],
    },
  });
}
