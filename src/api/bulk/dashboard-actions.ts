/**
 * Bulk actions on dashboards: the same PATCH the single-row controls send (pinned, tags,
 * restriction_level, deleted), run through the bulk runner; the ids of "every dashboard matching"
 * fetched page by page; and the answers written into the cache as declared changes, in batches (one
 * pass over the loaded rows per animation frame, not per answer, and never a refetch of every loaded
 * page: a deleted row's later pages are re-based instead).
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { normalizeTags, restrictionLevels, type DashboardUpdateInput } from '../../contract/inputs.ts';
import type { Dashboard, DashboardListItem, Paginated } from '../../contract/schemas.ts';
import type { Action } from '../access/authorization.ts';
import { dashboardDisplayName, fetchDashboard, fetchDashboardPage } from '../resources/dashboards/dashboards.ts';
import { changed, isPages, type Change } from '../client/changes.ts';
import {
  changeProjectRows,
  isProjectRows,
  organizationDashboardKey,
  rowFields,
  type OrganizationDashboard,
  type ProjectRows,
} from '../resources/dashboards/dashboard-rows.ts';
import { updateDashboard } from '../resources/dashboards/dashboard-mutations.ts';
import type { ApiCall } from '../client/http.ts';
import { withoutRows } from '../client/pagination.ts';
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

/** Whether a bulk action changes `restriction_level` (`Restrict` / `Allow everyone`). */
export const restrictsEditing = (kind: string) => kind === 'restrict' || kind === 'allowEveryone';

/** The authorization question each bulk action asks (src/api/access/authorization.ts). */
export function bulkAuthorizationAction(kind: BulkActionKind): Action {
  if (restrictsEditing(kind)) return 'restrictDashboard';
  if (kind === 'restore') return 'restoreDashboard';
  return 'editDashboard';
}

/**
 * The request of a bulk action for one dashboard. `Add tag` and `Remove tag` read the dashboard's
 * tags right before their PATCH (a GET of it), so a tag someone else added since the list was read
 * is sent back with the rest, not erased: the PATCH replaces the whole list.
 */
export async function sendBulkChange(projectId: ProjectId, action: BulkAction, dashboard: Pick<DashboardListItem, 'id' | 'tags'>, call: ApiCall) {
  const current = action.kind === 'addTag' || action.kind === 'removeTag' ? await fetchDashboard(projectId, dashboard.id, call) : dashboard;
  return updateDashboard(projectId, dashboard.id, bulkChange(action, current), call);
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

// ---------- the cache, per batch of answers: a declared change like every other mutation's ----------

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

/** One cached list with the answers in it: a deleted dashboard leaves and the later pages are re-based (pagination.ts). */
function listWithAnswers(data: unknown, answers: ReadonlyMap<string, Dashboard>): unknown {
  if (!isPages(data)) return data;
  const pages = data as InfiniteData<Paginated<DashboardListItem>, unknown>;
  const kept = withoutRows(pages, (item) => answers.get(String(item.id))?.deleted === true);
  let changedAny = false;
  const merged = kept.pages.map((page) => {
    let touched = false;
    const results = page.results.map((item) => {
      const answer = answers.get(String(item.id));
      if (!answer) return item;
      touched = true;
      return mergeListItem(item, answer);
    });
    if (!touched) return page;
    changedAny = true;
    return { ...page, results };
  });
  return changedAny ? { ...kept, pages: merged } : kept;
}

/** Whether a cached entry under a dashboard's key is its detail (collaborators and sharing sit beneath it too). */
const isDetailOf = (data: unknown, id: string): data is Dashboard =>
  !!data && typeof data === 'object' && !Array.isArray(data) && 'restriction_level' in data && String((data as Dashboard).id) === id;

/**
 * What a batch of a bulk run's answers changed in this tab: every cached list of the project (a
 * deleted dashboard leaves it, the pages after it re-based), the organization's rows of the project,
 * and each cached detail. This tab only: the run tells the other tabs once, when it ends (useBulkRun).
 */
export function bulkAnswersChanged(projectId: ProjectId, answers: ReadonlyArray<Dashboard>): Change[] {
  const byId = new Map(answers.map((answer) => [String(answer.id), answer] as const));
  const rowChanges = new Map<string, Partial<OrganizationDashboard> | null>();
  for (const [id, answer] of byId) rowChanges.set(organizationDashboardKey(projectId, id), answer.deleted ? null : rowFields(answer));
  return [
    changed.update<unknown>(keyRoots.dashboardLists(projectId), (data) => listWithAnswers(data, byId), { thisTabOnly: true }),
    // The organization's rows of this project (a restored one comes back with their refetch).
    changed.update<ProjectRows>(keyRoots.dashboardRows(projectId), (data) => (isProjectRows(data) ? changeProjectRows(data, rowChanges) : data), {
      thisTabOnly: true,
    }),
    ...[...byId].map(([id, answer]) =>
      answer.deleted
        ? changed.remove(keyRoots.dashboard(projectId, id), { thisTabOnly: true })
        : changed.update<unknown>(keyRoots.dashboard(projectId, id), (data) => (isDetailOf(data, id) ? answer : data), { thisTabOnly: true }),
    ),
  ];
}

/**
 * A batch of a bulk run's answers, as one mutation (it sends nothing: the run's requests did), so
 * the batch's cache writes are declared like every other change (bulkAnswersChanged). A list about to
 * lose rows stops loading its next page first: that page was asked for at the old offsets (it loads
 * again from the re-based one when asked).
 */
export function useBulkAnswers(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: ReadonlyArray<Dashboard>) => {
      if (answers.some((answer) => answer.deleted)) {
        // Every list that has pages stops what it loads, in flight or waiting for the network (offline):
        // both were asked at the old offsets (a list loading nothing has nothing to stop). Not a first
        // load: it is asked at offset 0, which no delete moves.
        await queryClient.cancelQueries({ queryKey: keyRoots.dashboardLists(projectId), predicate: (query) => query.state.data !== undefined });
      }
      return answers;
    },
    meta: { changes: (answers: ReadonlyArray<Dashboard>) => bulkAnswersChanged(projectId, answers) },
    // The answers are already here: writing them sends nothing, so it never waits for the network
    // (offline, TanStack's default would hold the batch, and the rows would show the old state).
    networkMode: 'always',
  });
}

export interface AnswerBatcher<A> {
  /** Queue one answer. */
  write: (answer: A) => void;
  /** Hand over what is queued now, and stop. */
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
 * Batches a run's answers: `apply` gets what arrived since the last frame (at most one batch a
 * frame), so 10,000 answers cost ~frames × loaded rows, not answers × loaded rows.
 */
export function batchAnswers<A>(apply: (answers: A[]) => void): AnswerBatcher<A> {
  let queued: A[] = [];
  let cancelFrame: (() => void) | null = null;
  const flush = () => {
    cancelFrame?.();
    cancelFrame = null;
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    apply(batch);
  };
  return {
    write: (answer) => {
      queued.push(answer);
      cancelFrame ??= nextFrame(flush);
    },
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
 * many requests it sent): this tab already holds each answer (useBulkAnswers, per frame);
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
        // A new restriction changes whom each dashboard is an exception for (the person page), as a single one does.
        ...(restrictsEditing(kind) ? [changed.refresh(keyRoots.personAccess)] : []),
      ],
    },
  });
}
