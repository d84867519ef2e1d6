/**
 * Bulk actions on the organization's dashboards: the project list's actions (the same PATCH, through
 * src/api/bulk.ts) plus `Stop sharing` and `Rotate links` (the sharing endpoints), each request sent
 * to the dashboard's own project; the answer becomes the change of its slim row.
 */
import { useMutation } from '@tanstack/react-query';
import type { Action } from './authorization.ts';
import { bulkActionVerb, bulkAuthorizationAction, sendBulkChange, type BulkAction } from './bulk.ts';
import { changed, type Change } from './changes.ts';
import { slimSharing, type OrganizationDashboard, type PublicLinkConfig } from './organization-dashboards.ts';
import type { ApiCall } from './http.ts';
import { keyRoots } from './query-keys.ts';
import { refreshSharing, updateSharing } from './sharing.ts';

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
  sharing?: PublicLinkConfig;
}

/** The one request of `action` for one dashboard, to its own project. */
export async function sendOrganizationBulk(
  action: OrganizationBulkAction,
  row: OrganizationDashboard,
  call: ApiCall,
): Promise<OrganizationBulkAnswer> {
  if (action.kind === 'stopSharing') {
    const sharing = await updateSharing(row.projectId, row.id, { enabled: false }, call);
    return { row: { is_shared: sharing.enabled }, sharing: slimSharing(sharing) };
  }
  if (action.kind === 'rotateLinks') {
    const sharing = await refreshSharing(row.projectId, row.id, call);
    return { row: { is_shared: sharing.enabled }, sharing: slimSharing(sharing) };
  }
  const answer = await sendBulkChange(row.projectId, action, row, call);
  if (answer.deleted) return { row: null };
  return {
    row: {
      name: answer.name,
      description: answer.description ?? '',
      tags: answer.tags,
      pinned: answer.pinned,
      is_shared: answer.is_shared,
      restriction_level: answer.restriction_level,
      effective_privilege_level: answer.effective_privilege_level,
      user_access_level: answer.user_access_level ?? null,
    },
  };
}

export interface OrganizationBulkRunVariables {
  action: OrganizationBulkAction;
  /** Settles when the run ends, with the projects it sent requests to. */
  done: Promise<ReadonlyArray<number>>;
}

/**
 * One run across projects as one mutation: what it changed is declared once, when it ends, for
 * every project it touched (this page holds its own rows; each project's cached lists, details and
 * activity, in this tab and the others, are stale).
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
        ]),
    },
  });
}
