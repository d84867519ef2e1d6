/**
 * Bulk actions across the organization's projects: the shared toolbar, progress and summary
 * (src/components/bulk/bulk-controls.tsx) over the shared run (`useBulkActionRun`), each request sent to its
 * dashboard's own project. `All dashboards` offers the project list's actions plus `Stop sharing`;
 * `Public links` offers `Stop sharing` and `Rotate links`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refusal, type AuthorizationFacts } from '../../api/access/authorization.ts';
import { batchAnswers } from '../../api/bulk/dashboard-actions.ts';
import {
  organizationBulkAuthorization,
  organizationBulkVerb,
  sendOrganizationBulk,
  useOrganizationBulkAnswers,
  useOrganizationBulkRun,
  type OrganizationBulkResult,
  type OrganizationBulkAction,
} from '../../api/bulk/organization-actions.ts';
import type { OrganizationDashboard } from '../../api/organization/all-dashboards.ts';
import { runBulk } from '../../api/bulk/runner.ts';
import { BulkArea, dashboardEditActions, type BulkAreaAction } from '../../components/bulk/bulk-actions.tsx';
import { deletedToast, UNDO_NOTE } from '../../components/bulk/bulk-controls.tsx';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useBulkActionRun } from '../../components/bulk/use-bulk-action-run.ts';
import type { Selection } from '../../components/table/use-selection.ts';
import { displayName } from './organization-columns.tsx';

export interface OrganizationBulkProps {
  variant: 'dashboards' | 'links';
  selection: Selection<OrganizationDashboard>;
  /** Every loaded row that matches the filters (what `Select all M matching` means), as shown now. */
  matching: ReadonlyArray<OrganizationDashboard>;
  facts: AuthorizationFacts;
  onFocusAway: () => void;
}

export function OrganizationBulk({ variant, selection, matching, facts, onFocusAway }: OrganizationBulkProps) {
  // The run as one mutation: what it changed is declared once, when it ends (api/bulk/organization-actions.ts).
  const bulkRun = useOrganizationBulkRun();
  // Each batch of answers, declared as what it changed in this tab's cache.
  const bulkAnswers = useOrganizationBulkAnswers();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirm, setConfirm] = useState<'delete' | 'rotateLinks' | null>(null);
  const noun = variant === 'links' ? { one: 'public link', other: 'public links' } : { one: 'dashboard', other: 'dashboards' };

  const bulk = useBulkActionRun<OrganizationBulkAction, OrganizationDashboard>({
    runner: runBulk,
    verb: organizationBulkVerb,
    itemKey: (row) => row.key,
    itemName: (row) => `${displayName(row)} (${row.projectName})`,
    refusal: (action, row) => refusal(organizationBulkAuthorization(action), { ...facts, projectId: String(row.projectId), dashboard: row }),
    prepare: (action) => {
      // Each answer goes into the cache's rows (in batches), where every page reading them sees it.
      const restoring = action.kind === 'restore';
      const writer = batchAnswers<OrganizationBulkResult>((results) => bulkAnswers.mutate({ results, restoring }));
      const touched = new Set<number>();
      let ended = () => {};
      bulkRun.mutate({ action, done: new Promise<number[]>((resolve) => (ended = () => resolve([...touched]))) });
      return {
        send: async (row, signal) => {
          const answer = await sendOrganizationBulk(action, row, { client: queryClient, signal });
          touched.add(row.projectId);
          writer.write({ row, answer });
        },
        finish: (updated) => {
          writer.close();
          ended();
          if (action.kind !== 'delete' || updated.length === 0) return;
          selection.remove(updated.map((row) => row.key));
          toast.show(deletedToast(updated.length, () => void bulk.start({ kind: 'restore' }, updated, { note: UNDO_NOTE })));
        },
      };
    },
  });

  const { state } = selection;
  const start = (action: OrganizationBulkAction) => {
    const items = state.allMatching ? [...matching] : (() => {
      const loaded = new Map(matching.map((row) => [row.key, row] as const));
      return [...state.selected.entries()].map(([key, snapshot]) => loaded.get(key) ?? snapshot);
    })();
    void bulk.start(action, items);
  };

  const actions: BulkAreaAction[] =
    variant === 'links'
      ? [
          { label: 'Stop sharing', onClick: () => start({ kind: 'stopSharing' }) },
          { label: 'Rotate links', onClick: () => setConfirm('rotateLinks') },
        ]
      : [
          ...dashboardEditActions(start),
          { label: 'Stop sharing', onClick: () => start({ kind: 'stopSharing' }) },
          { label: 'Delete', onClick: () => setConfirm('delete'), danger: true },
        ];

  const count = selection.count;
  const many = (one: string, other: string) => `${count} ${count === 1 ? one : other}`;

  return (
    <BulkArea
      selection={selection}
      run={bulk}
      noun={noun}
      allMatchingText={`All ${matching.length} matching ${noun.other} are selected.`}
      matchingTotal={matching.length}
      refusal={refusal(variant === 'links' ? 'editSharing' : 'editDashboard', { ...facts, dashboard: null })}
      actions={actions}
      onTag={(kind, tag) => start({ kind, tag })}
      onFocusAway={onFocusAway}
    >
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete ${many('dashboard', 'dashboards')}`}
        message={
          <p>
            {count === 1 ? 'The selected dashboard leaves' : `The ${count} selected dashboards leave`} their projects. The toast
            that follows offers Undo, which restores every one this deletes.
          </p>
        }
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          start({ kind: 'delete' });
        }}
      />
      <ConfirmDialog
        open={confirm === 'rotateLinks'}
        title={`Rotate ${many('public link', 'public links')}`}
        message={
          <p>
            Each selected dashboard gets a new public link. Each old link keeps working for 5 more minutes, then stops: send the new
            links to whoever needs them.
          </p>
        }
        confirmLabel="Rotate links"
        destructive
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          start({ kind: 'rotateLinks' });
        }}
      />
    </BulkArea>
  );
}
