/**
 * The project list's bulk actions: the shared `Bulk actions` toolbar, progress and summary
 * (src/components/bulk/bulk-controls.tsx) over the shared run (`useBulkActionRun`), with this list's requests:
 * each a PATCH to the project's dashboard, every batch of answers a declared change of the cache, and a
 * delete ending with a toast whose `Undo` restores every dashboard it deleted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refusal, type AuthorizationFacts } from '../../api/access/authorization.ts';
import {
  bulkActionVerb,
  bulkAuthorizationAction,
  bulkItemName,
  batchAnswers,
  fetchAllMatching,
  sendBulkChange,
  useBulkAnswers,
  useBulkRun,
  type BulkAction,
} from '../../api/bulk/dashboard-actions.ts';
import type { DashboardListFilters, ProjectId } from '../../api/client/query-keys.ts';
import { runBulk } from '../../api/bulk/runner.ts';
import { BulkArea, dashboardEditActions } from '../../components/bulk/bulk-actions.tsx';
import { deletedToast, UNDO_NOTE } from '../../components/bulk/bulk-controls.tsx';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useBulkActionRun } from '../../components/bulk/use-bulk-action-run.ts';
import type { Selection } from '../../components/table/use-selection.ts';
import type { Dashboard, DashboardListItem } from '../../contract/schemas.ts';

const noun = { one: 'dashboard', other: 'dashboards' };

export interface BulkToolbarProps {
  projectId: ProjectId;
  filters: DashboardListFilters;
  selection: Selection<DashboardListItem>;
  /** The loaded rows now (their current tags): a selected row is sent as the list shows it. */
  loadedItems: ReadonlyArray<DashboardListItem>;
  /** The API's count for the current search and filters. */
  total: number;
  facts: AuthorizationFacts;
  /** Somewhere to put focus when the toolbar goes away. */
  onFocusAway: () => void;
}

export function BulkToolbar({ projectId, filters, selection, loadedItems, total, facts, onFocusAway }: BulkToolbarProps) {
  const queryClient = useQueryClient();
  // The run as one mutation: what it changed is declared once, when it ends (api/bulk/dashboard-actions.ts).
  const bulkRun = useBulkRun(projectId);
  // Each batch of answers, declared as what it changed in this tab's cache.
  const bulkAnswers = useBulkAnswers(projectId);
  const toast = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const bulk = useBulkActionRun<BulkAction, DashboardListItem>({
    runner: runBulk,
    verb: bulkActionVerb,
    itemKey: (dashboard) => String(dashboard.id),
    itemName: bulkItemName,
    refusal: (action, dashboard) => refusal(bulkAuthorizationAction(action.kind), { ...facts, dashboard }),
    prepare: (action) => {
      const writer = batchAnswers<Dashboard>((answers) => bulkAnswers.mutate(answers));
      let ended = () => {};
      bulkRun.mutate({ kind: action.kind, done: new Promise<void>((resolve) => (ended = resolve)) });
      return {
        // Each answer goes to the cache as it arrives.
        send: async (dashboard, signal) => writer.write(await sendBulkChange(projectId, action, dashboard, { client: queryClient, signal })),
        finish: (updated) => {
          writer.close();
          ended();
          if (action.kind !== 'delete' || updated.length === 0) return;
          selection.remove(updated.map((d) => String(d.id)));
          toast.show(deletedToast(updated.length, () => void bulk.start({ kind: 'restore' }, updated, { note: UNDO_NOTE })));
        },
      };
    },
  });

  const { state } = selection;
  const start = (action: BulkAction) => {
    if (state.allMatching) {
      void bulk.start(action, {
        total: selection.count,
        collect: (options) => fetchAllMatching(projectId, filters, { ...options, client: queryClient }),
      });
      return;
    }
    const loaded = new Map(loadedItems.map((d) => [String(d.id), d] as const));
    void bulk.start(action, [...state.selected.entries()].map(([id, snapshot]) => loaded.get(id) ?? snapshot));
  };

  return (
    <BulkArea
      selection={selection}
      run={bulk}
      noun={noun}
      allMatchingText="All matching dashboards are selected, loaded or not."
      matchingTotal={total}
      // Known from the key's scopes: refused up front, with the reason (the row checks stay for roles).
      refusal={refusal('editDashboard', { ...facts, dashboard: null })}
      actions={[
        ...dashboardEditActions(start),
        { label: 'Delete', onClick: () => setConfirmDelete(true), danger: true },
      ]}
      onTag={(kind, tag) => start({ kind, tag })}
      onFocusAway={onFocusAway}
    >
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${selection.count} ${selection.count === 1 ? 'dashboard' : 'dashboards'}`}
        message={
          <p>
            {selection.count === 1 ? 'The selected dashboard leaves' : `The ${selection.count} selected dashboards leave`} the list.
            The toast that follows offers Undo, which restores every one this deletes.
          </p>
        }
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          start({ kind: 'delete' });
        }}
      />
    </BulkArea>
  );
}
