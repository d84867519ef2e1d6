/**
 * A list's whole bulk area, wherever it runs (a project's Dashboards, All dashboards, Public links):
 * the `Bulk actions` toolbar over the selection, the run's progress or summary, and the `Add tag` /
 * `Remove tag` dialog its tag actions open. Focus goes back to the list (`onFocusAway`) when the area
 * empties: the selection cleared while nothing runs, or the summary dismissed with nothing selected.
 * The page adds its own confirmations as children; the run itself is the page's (`useBulkActionRun`).
 */
import { useState, type ReactNode } from 'react';
import { BulkActionsBar, BulkStatus, TagDialog, type BulkActionButton } from './bulk-controls.tsx';
import type { BulkRunState } from './use-bulk-action-run.ts';
import type { Selection } from '../table/use-selection.ts';

type TagKind = 'addTag' | 'removeTag';

/** An action of the toolbar: runs at once (or asks first, the page's business), or opens the tag dialog. */
export type BulkAreaAction = BulkActionButton | { label: string; tagDialog: TagKind };

/** The changes every dashboard list offers, in this order (its own actions go around them). */
export function dashboardEditActions(start: (action: { kind: 'pin' | 'unpin' | 'restrict' | 'allowEveryone' }) => void): BulkAreaAction[] {
  return [
    { label: 'Pin', onClick: () => start({ kind: 'pin' }) },
    { label: 'Unpin', onClick: () => start({ kind: 'unpin' }) },
    { label: 'Add tag', tagDialog: 'addTag' },
    { label: 'Remove tag', tagDialog: 'removeTag' },
    { label: 'Restrict editing', onClick: () => start({ kind: 'restrict' }) },
    { label: 'Allow everyone to edit', onClick: () => start({ kind: 'allowEveryone' }) },
  ];
}

export interface BulkAreaProps<T> {
  selection: Selection<T>;
  /** The run (what `useBulkActionRun` returns); the page starts it, the area shows it. */
  run: Omit<BulkRunState<never, T>, 'start'>;
  /** The items' noun ({one: 'dashboard', other: 'dashboards'}). */
  noun: { one: string; other: string };
  /** What the toolbar says once every match is selected. */
  allMatchingText: string;
  /** How many match: `Select all M matching` shows when more than are selected. */
  matchingTotal: number;
  /** Why the key cannot run the actions at all (its scopes), or null. */
  refusal: string | null;
  actions: ReadonlyArray<BulkAreaAction>;
  /** The tag dialog's submit. */
  onTag: (kind: TagKind, tag: string) => void;
  /** Somewhere to put focus when the area goes away. */
  onFocusAway: () => void;
  /** The page's confirmations. */
  children?: ReactNode;
}

export function BulkArea<T>({ selection, run, noun, allMatchingText, matchingTotal, refusal, actions, onTag, onFocusAway, children }: BulkAreaProps<T>) {
  const [tagDialog, setTagDialog] = useState<TagKind | null>(null);
  if (selection.count === 0 && selection.state.notice === null && run.phase.kind === 'idle') return null;
  return (
    <div className="bulk-area">
      <BulkActionsBar
        count={selection.count}
        notice={selection.state.notice}
        allMatching={selection.state.allMatching}
        allMatchingText={allMatchingText}
        matchingTotal={matchingTotal}
        onSelectAllMatching={selection.selectAllMatching}
        busy={run.busy}
        refusal={refusal}
        actions={actions.map((action) => ('tagDialog' in action ? { label: action.label, onClick: () => setTagDialog(action.tagDialog) } : action))}
        onClear={() => {
          selection.clear();
          if (run.phase.kind === 'idle') onFocusAway();
        }}
      />
      <BulkStatus
        phase={run.phase}
        noun={noun}
        onCancel={run.cancel}
        onRetry={run.retry}
        onDismiss={() => {
          run.dismiss();
          if (selection.count === 0) onFocusAway();
        }}
      />
      <TagDialog
        kind={tagDialog}
        onClose={() => setTagDialog(null)}
        onSubmit={(kind, tag) => {
          setTagDialog(null);
          onTag(kind, tag);
        }}
      />
      {children}
    </div>
  );
}
