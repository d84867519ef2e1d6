/**
 * Bulk actions on the organization's dashboards: the project list's actions (the same PATCH, through
 * src/api/bulk/dashboard-actions.ts) plus `Stop sharing` and `Rotate links` (the sharing endpoints), each request sent
 * to the dashboard's own project; the answer becomes the change of its slim row.
 */
import { useMutation } from '@tanstack/react-query';
import type { SharingConfiguration } from '../../contract/dashboard-sharing.ts';
import type { Action } from '../access/authorization.ts';
import { bulkActionVerb, bulkAuthorizationAction, restrictsEditing, sendBulkChange, type BulkAction } from './dashboard-actions.ts';
import { changed, type Change } from '../client/changes.ts';
import { changeProjectRows, isProjectRows, rowFields, type OrganizationDashboard, type ProjectRows } from '../resources/dashboards/dashboard-rows.ts';
import type { ApiCall } from '../client/http.ts';
import { keyRoots } from '../client/query-keys.ts';
import { refreshSharing, sharingQueries, updateSharing } from '../resources/sharing.ts';

export type OrganizationBulkAction = BulkAction | { kind: 'stopSharing' } | { kind: 'rotateLinks' };

export function organizationBulkVerb(action: OrganizationBulkAction): string {
  if (action.kind === 'stopSharing') return 'Stop sharing';
  if (action.kind === 'rotateLinks') return 'Rotate links';
  return bulkActionVerb(action);
}

export function organizationBulkAuthorization(action: OrganizationBulkAction): Action {
  if (action.kind === 'stopSharing' || action.kind === 'rotateLinks') return 'editSharing';
  return bulkAuthorizationAction(action.kind);
}

export interface OrganizationBulkAnswer {
  /** The row's new fields; null when it leaves the list (deleted). */
  row: Partial<OrganizationDashboard> | null;
  /** The sharing configuration, for `Stop sharing` and `Rotate links`. */
  sharing?: SharingConfiguration;
}

/** The one request of `action` for one dashboard, to its own project. */
export async function sendOrganizationBulk(
  action: OrganizationBulkAction,
  row: OrganizationDashboard,
  call: ApiCall,
): Promise<OrganizationBulkAnswer> {
  if (action.kind === 'stopSharing') {
    const sharing = await updateSharing(row.projectId, row.id, { enabled: false }, call);
    return { row: { is_shared: sharing.enabled }, sharing };
  }
  if (action.kind === 'rotateLinks') {
    const sharing = await refreshSharing(row.projectId, row.id, call);
    return { row: { is_shared: sharing.enabled }, sharing };
  }
  const answer = await sendBulkChange(row.projectId, action, row, call);
  if (answer.deleted) return { row: null };
  return { row: rowFields(answer) };
}

/** One answer of a run across projects: the row as it was sent (Undo of a delete brings it back) and what came back. */
export interface OrganizationBulkResult {
  row: OrganizationDashboard;
  answer: OrganizationBulkAnswer;
}

/**
 * What a batch of a run's answers changed in this tab: each project's entry of rows (one pass per
 * project, not per answer) and the sharing configurations. This tab only: the run tells the other
 * tabs once, when it ends (useOrganizationBulkRun).
 */
export function organizationAnswersChanged(results: ReadonlyArray<OrganizationBulkResult>, restoring: boolean): Change[] {
  const byProject = new Map<number, { changes: Map<string, Partial<OrganizationDashboard> | null>; added: OrganizationDashboard[] }>();
  const changes: Change[] = [];
  for (const { row, answer } of results) {
    let project = byProject.get(row.projectId);
    if (!project) byProject.set(row.projectId, (project = { changes: new Map(), added: [] }));
    project.changes.set(row.key, answer.row);
    if (restoring && answer.row) project.added.push(row);
    if (answer.sharing) {
      const sharing = answer.sharing;
      changes.push(changed.update<SharingConfiguration>(sharingQueries.detail(row.projectId, row.id).queryKey, () => sharing, { thisTabOnly: true }));
    }
  }
  for (const [projectId, { changes: rowChanges, added }] of byProject) {
    changes.unshift(
      changed.update<ProjectRows>(keyRoots.dashboardRows(projectId), (data) => (isProjectRows(data) ? changeProjectRows(data, rowChanges, added) : data), {
        thisTabOnly: true,
      }),
    );
  }
  return changes;
}

export interface OrganizationBulkAnswersVariables {
  results: ReadonlyArray<OrganizationBulkResult>;
  restoring: boolean;
}

/** A batch of a run's answers as one mutation (it sends nothing), so its cache writes are declared changes. */
export function useOrganizationBulkAnswers() {
  return useMutation({
    mutationFn: async ({ results }: OrganizationBulkAnswersVariables) => results,
    meta: {
      changes: (_results: unknown, { results, restoring }: OrganizationBulkAnswersVariables) => organizationAnswersChanged(results, restoring),
    },
  });
}

export interface OrganizationBulkRunVariables {
  action: OrganizationBulkAction;
  /** Settles when the run ends, with the projects it sent requests to. */
  done: Promise<ReadonlyArray<number>>;
}

/**
 * One run across projects as one mutation: what it changed is declared once, when it ends, for
 * every project it touched (this tab already holds each answer in the organization's rows; each
 * project's cached lists, details and activity, and the other tabs' rows, are stale).
 */
export function useOrganizationBulkRun() {
  return useMutation({
    mutationFn: ({ done }: OrganizationBulkRunVariables) => done,
    meta: {
      changes: (projectIds: ReadonlyArray<number>, { action }: OrganizationBulkRunVariables): Change[] =>
        [...new Set(projectIds)].flatMap((projectId) => [
          changed.relist(keyRoots.dashboardLists(projectId)),
          changed.refresh(keyRoots.dashboardDetails(projectId)),
          ...(action.kind === 'delete' || action.kind === 'restore' ? [changed.refresh(keyRoots.project(projectId), { exact: true })] : []),
          changed.refresh(keyRoots.activityLog(projectId)),
          // This tab holds each answer already; a restored row comes back with the fields it had.
          changed.refresh(keyRoots.dashboardRows(projectId), { otherTabsOnly: true }),
        ]).concat(restrictsEditing(action.kind) ? [changed.refresh(keyRoots.personAccess)] : []),
    },
  });
}
