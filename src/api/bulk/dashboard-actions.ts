/**
 * Bulk actions on dashboards: the same PATCH the single-row controls send (pinned, tags,
 * restriction_level, deleted), run through the bulk runner; the ids of "every dashboard matching"
 * fetched page by page; and the cached list pages updated per answer, in batches (one pass over the
 * loaded rows per animation frame, not per answer, and never a refetch of every loaded page).
 */
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { normalizeTags, type DashboardUpdateInput } from '../../contract/inputs.ts';
import { restrictionLevels } from '../../contract/schemas.ts';
import type { Dashboard, DashboardListItem } from '../../contract/schemas.ts';
import type { Action } from '../access/authorization.ts';
import { dashboardDisplayName, dashboardQueries, fetchDashboardPage } from '../resources/dashboards.ts';
import { changed, isPages, type Change } from '../client/changes.ts';
import { changeProjectRows, isProjectRows, organizationDashboardKey, rowFields, type OrganizationDashboard } from '../resources/dashboard-rows.ts';
import { updateDashboard } from '../resources/dashboard-mutations.ts';
import type { ApiCall } from '../client/http.ts';
import { keyRoots, type DashboardListFilters, type ProjectId } from '../client/query-keys.ts';

export type BulkActionKind = 'pin' | 'unpin' | 'addTag' | 'removeTag' | 'restrict' | 'allowEveryone' | 'delete' | 'restore';

export interface BulkAction {
  kind: BulkActionKind;
  /** The tag of `addTag` / `removeTag`. */
  tag?: string;
}

/** What a bulk action is called in sentences ("pin", "add the tag “x” to"). */
export function bulkActionVerb(action: BulkAction): string {
  switch (action.kind) {
    case 'pin':
      return 'Pin';
    case 'unpin':
      return 'Unpin';
    case 'addTag':
      return `Add the tag “${action.tag ?? ''}”`;
    case 'removeTag':
      return `Remove the tag “${action.tag ?? ''}”`;
    case 'restrict':
      return 'Restrict editing';
    case 'allowEveryone':
      return 'Allow everyone to edit';
    case 'delete':
      return 'Delete';
    case 'restore':
      return 'Restore';
  }
}

/** The PATCH body for one dashboard: the same fields the single-row controls send. */
export function bulkChange(action: BulkAction, dashboard: Pick<DashboardListItem, 'tags'>): DashboardUpdateInput {
  switch (action.kind) {
    case 'pin':
      return { pinned: true };
    case 'unpin':
      return { pinned: false };
    case 'addTag':
      return { tags: normalizeTags([...dashboard.tags, action.tag ?? '']) };
    case 'removeTag': {
      const drop = (action.tag ?? '').trim().toLowerCase();
      return { tags: dashboard.tags.filter((tag) => tag.trim().toLowerCase() !== drop) };
    }
    case 'restrict':
      return { restriction_level: restrictionLevels.onlyCollaboratorsCanEdit };
    case 'allowEveryone':
      return { restriction_level: restrictionLevels.everyoneCanEdit };
    case 'delete':
      return { deleted: true };
    case 'restore':
      return { deleted: false };
  }
}

/** The authorization question each bulk action asks (src/api/access/authorization.ts). */
export function bulkAuthorizationAction(kind: BulkActionKind): Action {
  if (kind === 'restrict' || kind === 'allowEveryone') return 'restrictDashboard';
  if (kind === 'restore') return 'restoreDashboard';
  return 'editDashboard';
}

/** The one request of a bulk action for one dashboard. */
export function sendBulkChange(projectId: ProjectId, action: BulkAction, dashboard: Pick<DashboardListItem, 'id' | 'tags'>, call: ApiCall) {
  return updateDashboard(projectId, dashboard.id, bulkChange(action, dashboard), call);
}

/** The name a summary shows for a dashboard. */
export const bulkItemName = (dashboard: Pick<DashboardListItem, 'name'>) => dashboardDisplayName(dashboard);

// ---------- every dashboard matching ----------

/** Page size when fetching every match (the API has no maximum `limit`, §8); small enough that parsing one page is a short task. */
export const MATCHING_PAGE_SIZE = 250;

/**
 * Every dashboard matching `filters`, page by page (each id once, in the API's order).
 * `onPage` hears how many are loaded of how many; `signal` cancels between and during pages.
 */
export async function fetchAllMatching(
  projectId: ProjectId,
  filters: DashboardListFilters,
  options: ApiCall & { onPage?: (loaded: number, total: number) => void; pageSize?: number },
): Promise<DashboardListItem[]> {
  const pageSize = options.pageSize ?? MATCHING_PAGE_SIZE;
  const seen = new Set<string>();
  const all: DashboardListItem[] = [];
  let offset = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await fetchDashboardPage(projectId, { ...filters, offset, limit: pageSize }, { client: options.client, signal: options.signal });
    for (const dashboard of page.results) {
      const id = String(dashboard.id);
      if (seen.has(id)) continue;
      seen.add(id);
      all.push(dashboard);
    }
    offset += page.results.length;
    options.onPage?.(all.length, Math.max(page.count, all.length));
    if (page.results.length === 0 || offset >= page.count) return all;
  }
}

// ---------- the cache, per answer ----------

const listFields = [
  'name',
  'description',
  'pinned',
  'tags',
  'deleted',
  'is_shared',
  'restriction_level',
  'effective_restriction_level',
  'effective_privilege_level',
] as const satisfies ReadonlyArray<keyof DashboardListItem & keyof Dashboard>;

function mergeListItem(item: DashboardListItem, answer: Dashboard): DashboardListItem {
  const next: DashboardListItem = { ...item };
  for (const field of listFields) (next as Record<string, unknown>)[field] = answer[field];
  return next;
}

export interface ListCacheWriter {
  /** Queue the API's answer for one dashboard (a deleted one leaves the lists). */
  write: (answer: Dashboard) => void;
  /** Apply what is queued now. */
  flush: () => void;
  /** Flush and stop. */
  close: () => void;
}

const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

/**
 * Writes answers into every cached list of the project (each key built by the list factory, so the
 * data is typed) and into a cached detail. Answers are batched: one pass over the loaded rows per
 * frame, so 10,000 answers cost ~frames × loaded rows, not answers × loaded rows.
 */
export function createListCacheWriter(queryClient: QueryClient, projectId: ProjectId): ListCacheWriter {
  let queued = new Map<string, Dashboard>();
  let cancelFrame: (() => void) | null = null;

  const flush = () => {
    cancelFrame?.();
    cancelFrame = null;
    if (queued.size === 0) return;
    const answers = queued;
    queued = new Map();
    for (const query of queryClient.getQueryCache().findAll({ queryKey: keyRoots.dashboardLists(projectId) })) {
      // Only the list factory's entries (filters as their last part, pages as their data) are rewritten.
      const filters = query.queryKey[3] as Partial<DashboardListFilters> | undefined;
      if (!filters || typeof filters !== 'object' || typeof filters.search !== 'string' || !isPages(query.state.data)) continue;
      queryClient.setQueryData(dashboardQueries.list(projectId, filters as DashboardListFilters).queryKey, (data) => {
        if (!isPages(data)) return data;
        let removed = 0;
        const pages = data.pages.map((page) => {
          let changed = false;
          const results: DashboardListItem[] = [];
          for (const item of page.results) {
            const answer = answers.get(String(item.id));
            if (!answer) {
              results.push(item);
              continue;
            }
            changed = true;
            if (answer.deleted) removed += 1;
            else results.push(mergeListItem(item, answer));
          }
          return changed ? { ...page, results } : page;
        });
        return removed || pages.some((page, i) => page !== data.pages[i])
          ? { ...data, pages: pages.map((page) => (removed ? { ...page, count: Math.max(0, page.count - removed) } : page)) }
          : data;
      });
    }
    // The organization's rows of this project (a restored one comes back with their refetch).
    const rowChanges = new Map<string, Partial<OrganizationDashboard> | null>();
    for (const [id, answer] of answers) rowChanges.set(organizationDashboardKey(projectId, id), answer.deleted ? null : rowFields(answer));
    queryClient.setQueriesData<unknown>({ queryKey: keyRoots.dashboardRows(projectId), exact: true }, (data: unknown) =>
      isProjectRows(data) ? changeProjectRows(data, rowChanges) : data,
    );
    for (const [id, answer] of answers) {
      const detail = dashboardQueries.detail(projectId, id);
      if (answer.deleted) {
        if (queryClient.getQueryState(detail.queryKey)) queryClient.removeQueries({ queryKey: detail.queryKey, exact: true });
      } else if (queryClient.getQueryData(detail.queryKey)) {
        queryClient.setQueryData(detail.queryKey, answer);
      }
    }
  };

  return {
    write: (answer) => {
      queued.set(String(answer.id), answer);
      cancelFrame ??= nextFrame(flush);
    },
    flush,
    close: flush,
  };
}

export interface BulkRunVariables {
  kind: BulkActionKind;
  /** The run under way (src/api/bulk/runner.ts): the mutation settles when it ends, cancelled or not. */
  done: Promise<unknown>;
}

/**
 * One bulk run as one mutation, so its changes are declared once, at the end of the run (however
 * many requests it sent): this tab already holds each answer (createListCacheWriter, per frame);
 * an order-changing action (pin, unpin, restore) refetches the first page of each list once (pinned
 * first is the API's order). The other tabs refetch the first page of their lists and the details
 * they show; the activity log (and, for delete and restore, the project) is stale everywhere.
 */
export function useBulkRun(projectId: ProjectId) {
  return useMutation({
    mutationFn: ({ done }: BulkRunVariables) => done,
    meta: {
      changes: (_outcome: unknown, { kind }: BulkRunVariables): Change[] => [
        changed.relist(keyRoots.dashboardLists(projectId), { otherTabsOnly: !(kind === 'pin' || kind === 'unpin' || kind === 'restore') }),
        // Every detail of the project the other tabs hold (with collaborators and sharing beneath).
        changed.refresh(keyRoots.dashboardDetails(projectId), { otherTabsOnly: true }),
        ...(kind === 'delete' || kind === 'restore' ? [changed.refresh(keyRoots.project(projectId), { exact: true })] : []),
        changed.refresh(keyRoots.activityLog(projectId)),
        // This tab's rows hold each answer but not a restored row, which their refetch brings back.
        changed.refresh(keyRoots.dashboardRows(projectId), { otherTabsOnly: kind !== 'restore' }),
        changed.refresh(keyRoots.dashboardSearches(projectId)),
      ],
    },
  });
}
