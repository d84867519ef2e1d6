/**
 * The `Bulk actions` toolbar of the dashboard list: `N selected`, `Select all M matching`, the seven
 * actions, `Clear selection`; while an action runs a `Bulk progress` bar with `Cancel`; afterwards
 * the summary `N updated, M failed` with every failure and `Retry failed`. A bulk delete ends with a
 * toast whose `Undo` restores every dashboard it deleted, with the same progress and summary.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { refusal, type AuthorizationFacts } from '../../api/authorization.ts';
import {
  bulkActionVerb,
  bulkAuthorizationAction,
  bulkItemName,
  createListCacheWriter,
  fetchAllMatching,
  sendBulkChange,
  useBulkRun,
  type BulkAction,
} from '../../api/bulk.ts';
import { runBulk, type BulkProgress, type BulkRun } from '../../api/bulk-runner.ts';
import type { DashboardListFilters, ProjectId } from '../../api/query-keys.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { errorDetail } from '../../components/error-text.ts';
import { TextField } from '../../components/field.tsx';
import { useToast } from '../../components/toast.tsx';
import type { Dashboard, DashboardListItem } from '../../contract/schemas.ts';
import type { DashboardSelection } from './bulk-selection.ts';

/** Failures listed by name; the rest are counted (a run may have thousands). */
const LISTED_FAILURES = 100;

interface Problem {
  id: string;
  name: string;
  reason: string;
}

interface Summary {
  action: BulkAction;
  updated: number;
  failed: Problem[];
  /** Left out up front: the console knew the key may not change them. */
  leftOut: Problem[];
  /** Never sent (cancelled). */
  notSent: number;
  /** The failed dashboards as sent, for `Retry failed`. */
  retryItems: DashboardListItem[];
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'collecting'; action: BulkAction; loaded: number; total: number }
  | { kind: 'running'; action: BulkAction; done: number; total: number; paused: boolean }
  | { kind: 'done'; summary: Summary }
  | { kind: 'error'; action: BulkAction; message: string };

export interface BulkToolbarProps {
  projectId: ProjectId;
  filters: DashboardListFilters;
  selection: DashboardSelection;
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
  const bulkRun = useBulkRun(projectId);
  const toast = useToast();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [tagDialog, setTagDialog] = useState<'addTag' | 'removeTag' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const runRef = useRef<BulkRun<DashboardListItem, Dashboard['id']> | null>(null);
  const collectRef = useRef<AbortController | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const summaryTitleId = useId();
  const writeReasonId = useId();
  const busy = phase.kind === 'collecting' || phase.kind === 'running';

  // Focus follows the work: Cancel while it runs, the summary when it ends (never <body>).
  useEffect(() => {
    if (phase.kind === 'collecting' || phase.kind === 'running') {
      if (!cancelRef.current?.contains(document.activeElement)) cancelRef.current?.focus();
    } else if (phase.kind === 'done' || phase.kind === 'error') {
      summaryRef.current?.focus();
    }
  }, [phase.kind]);

  // Leaving the page mid-run: no new request starts.
  useEffect(
    () => () => {
      runRef.current?.cancel();
      collectRef.current?.abort();
    },
    [],
  );

  const { state } = selection;
  const visible = selection.count > 0 || state.notice !== null || phase.kind !== 'idle';
  if (!visible) return null;

  async function start(action: BulkAction, preset?: DashboardListItem[]) {
    if (runRef.current || collectRef.current) return;
    let items: DashboardListItem[];
    if (preset) {
      items = preset;
    } else if (state.allMatching) {
      const controller = new AbortController();
      collectRef.current = controller;
      setPhase({ kind: 'collecting', action, loaded: 0, total: selection.count });
      try {
        items = await fetchAllMatching(projectId, filters, {
          signal: controller.signal,
          onPage: (loaded, all) => setPhase({ kind: 'collecting', action, loaded, total: all }),
        });
      } catch (error) {
        collectRef.current = null;
        setPhase(
          controller.signal.aborted
            ? { kind: 'done', summary: { action, updated: 0, failed: [], leftOut: [], notSent: selection.count, retryItems: [] } }
            : { kind: 'error', action, message: errorDetail(error) },
        );
        return;
      }
      collectRef.current = null;
    } else {
      const loaded = new Map(loadedItems.map((d) => [String(d.id), d] as const));
      items = [...state.selected.entries()].map(([id, snapshot]) => loaded.get(id) ?? snapshot);
    }

    const question = bulkAuthorizationAction(action.kind);
    const leftOut: Problem[] = [];
    const toSend: DashboardListItem[] = [];
    for (const item of items) {
      const why = refusal(question, { ...facts, dashboard: item });
      if (why) leftOut.push({ id: String(item.id), name: bulkItemName(item), reason: why });
      else toSend.push(item);
    }

    const writer = createListCacheWriter(queryClient, projectId);
    let frame: ReturnType<typeof setTimeout> | null = null;
    let latest: BulkProgress | null = null;
    const showProgress = () => {
      frame = null;
      if (latest) setPhase({ kind: 'running', action, done: latest.done, total: latest.total, paused: latest.pausedUntil !== null });
    };
    const run = runBulk<DashboardListItem, Dashboard['id']>({
      items: toSend,
      // Each answer goes to the cache as it arrives; the run keeps only its id (10,000 full answers
      // held to the end would only feed the garbage collector's long pauses).
      send: async (dashboard, signal) => {
        const answer = await sendBulkChange(projectId, action, dashboard, signal);
        writer.write(answer);
        return answer.id;
      },
      // One render per ~frame, not per answer.
      onProgress: (progress) => {
        latest = progress;
        frame ??= setTimeout(showProgress, 50);
      },
    });
    runRef.current = run;
    setPhase({ kind: 'running', action, done: 0, total: toSend.length, paused: false });
    const finished = run.done.finally(() => {
      if (frame !== null) clearTimeout(frame);
      runRef.current = null;
      writer.close();
    });
    // The run is one mutation: what it changed is declared once, when it ends (api/bulk.ts).
    bulkRun.mutate({ kind: action.kind, done: finished });
    const outcome = await finished;

    const summary: Summary = {
      action,
      updated: outcome.updated.length,
      failed: outcome.failed.map((f) => ({ id: String(f.item.id), name: bulkItemName(f.item), reason: f.reason })),
      leftOut,
      notSent: outcome.notSent.length,
      retryItems: outcome.failed.map((f) => f.item),
    };
    setPhase({ kind: 'done', summary });

    if (action.kind === 'delete' && outcome.updated.length > 0) {
      const deleted = outcome.updated.map((r) => r.item);
      selection.remove(deleted.map((d) => String(d.id)));
      toast.show({
        kind: 'success',
        message: `${deleted.length} ${deleted.length === 1 ? 'dashboard' : 'dashboards'} deleted.`,
        action: { label: 'Undo', onClick: () => void start({ kind: 'restore' }, deleted) },
      });
    }
  }

  const cancel = () => {
    runRef.current?.cancel();
    collectRef.current?.abort();
  };

  const closeSummary = () => {
    setPhase({ kind: 'idle' });
    if (selection.count === 0) onFocusAway();
  };

  const clearSelection = () => {
    selection.clear();
    if (phase.kind === 'idle') onFocusAway();
  };

  // Known from the key's scopes: the write actions are refused up front, with the reason (the row checks stay for roles).
  const writeRefusal = refusal('editDashboard', { ...facts, dashboard: null });
  const refused = {
    disabled: writeRefusal !== null,
    title: writeRefusal ?? undefined,
    'aria-describedby': writeRefusal ? writeReasonId : undefined,
  };
  const actionButton = (label: string, action: BulkAction) => (
    <button type="button" className="button button-small" onClick={() => void start(action)} {...refused}>
      {label}
    </button>
  );

  return (
    <div className="bulk-area">
      <div role="toolbar" aria-label="Bulk actions" className="bulk-toolbar">
        {state.notice && (
          <p role="status" className="bulk-notice">
            {state.notice}
          </p>
        )}
        {selection.count > 0 && (
          <>
            <span className="bulk-count">{selection.count} selected</span>
            {state.allMatching ? (
              <span className="bulk-matching">All matching dashboards are selected, loaded or not.</span>
            ) : (
              total > selection.count && (
                <button type="button" className="button button-small" onClick={selection.selectAllMatching} disabled={busy}>
                  Select all {total} matching
                </button>
              )
            )}
            {!busy && (
              <>
                {actionButton('Pin', { kind: 'pin' })}
                {actionButton('Unpin', { kind: 'unpin' })}
                <button type="button" className="button button-small" onClick={() => setTagDialog('addTag')} {...refused}>
                  Add tag
                </button>
                <button type="button" className="button button-small" onClick={() => setTagDialog('removeTag')} {...refused}>
                  Remove tag
                </button>
                {actionButton('Restrict editing', { kind: 'restrict' })}
                {actionButton('Allow everyone to edit', { kind: 'allowEveryone' })}
                <button type="button" className="button button-small button-danger" onClick={() => setConfirmDelete(true)} {...refused}>
                  Delete
                </button>
                {writeRefusal && (
                  <span id={writeReasonId} className="field-hint disabled-reason">
                    {writeRefusal}
                  </span>
                )}
              </>
            )}
            <button type="button" className="button button-small" onClick={clearSelection}>
              Clear selection
            </button>
          </>
        )}
      </div>

      {phase.kind === 'collecting' && (
        <div className="bulk-progress">
          <span>
            {bulkActionVerb(phase.action)}: finding the matching dashboards ({phase.loaded} of {phase.total})…
          </span>
          <progress aria-label="Bulk progress" max={Math.max(1, phase.total)} aria-valuetext={`Finding dashboards: ${phase.loaded} of ${phase.total}`} />
          <button ref={cancelRef} type="button" className="button button-small" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {phase.kind === 'running' && (
        <div className="bulk-progress">
          <span>
            {bulkActionVerb(phase.action)}: {phase.done} of {phase.total}
            {phase.paused ? ' (the API asked to slow down: waiting before the next request)' : ''}
          </span>
          <progress
            aria-label="Bulk progress"
            max={Math.max(1, phase.total)}
            value={phase.done}
            aria-valuetext={`${phase.done} of ${phase.total}`}
          />
          <button ref={cancelRef} type="button" className="button button-small" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {phase.kind === 'error' && (
        <div ref={summaryRef} tabIndex={-1} className="bulk-summary" role="alert">
          <p>
            <strong>{bulkActionVerb(phase.action)}: could not find the matching dashboards.</strong> {phase.message}
          </p>
          <button type="button" className="button button-small" onClick={closeSummary}>
            Dismiss
          </button>
        </div>
      )}
      {phase.kind === 'done' && (
        <div ref={summaryRef} tabIndex={-1} className="bulk-summary" role="region" aria-labelledby={summaryTitleId}>
          <p id={summaryTitleId} role="status">
            <strong>
              {phase.summary.updated} updated, {phase.summary.failed.length} failed
            </strong>
            {phase.summary.action.kind === 'restore' ? ' (undo of the delete)' : ''}
            {phase.summary.notSent > 0 ? `; cancelled, ${phase.summary.notSent} not sent` : ''}
          </p>
          {phase.summary.leftOut.length > 0 && <LeftOut problems={phase.summary.leftOut} />}
          {phase.summary.failed.length > 0 && (
            <ul className="bulk-failures" aria-label="Failures">
              {phase.summary.failed.slice(0, LISTED_FAILURES).map((problem) => (
                <li key={problem.id}>
                  <strong>{problem.name}</strong>: {problem.reason}
                </li>
              ))}
              {phase.summary.failed.length > LISTED_FAILURES && <li>and {phase.summary.failed.length - LISTED_FAILURES} more</li>}
            </ul>
          )}
          <div className="button-row">
            {phase.summary.retryItems.length > 0 && (
              <button
                type="button"
                className="button button-small"
                onClick={() => void start(phase.summary.action, phase.summary.retryItems)}
              >
                Retry failed
              </button>
            )}
            <button type="button" className="button button-small" onClick={closeSummary}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      <TagDialog
        kind={tagDialog}
        onClose={() => setTagDialog(null)}
        onSubmit={(kind, tag) => {
          setTagDialog(null);
          void start({ kind, tag });
        }}
      />
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
          void start({ kind: 'delete' });
        }}
      />
    </div>
  );
}

/** Dashboards left out up front, grouped by the reason. */
function LeftOut({ problems }: { problems: ReadonlyArray<Problem> }) {
  const byReason = new Map<string, string[]>();
  for (const problem of problems) byReason.set(problem.reason, [...(byReason.get(problem.reason) ?? []), problem.name]);
  return (
    <div className="bulk-left-out">
      <p>
        {problems.length} {problems.length === 1 ? 'dashboard was' : 'dashboards were'} left out up front, since this key may
        not change {problems.length === 1 ? 'it' : 'them'}:
      </p>
      <ul aria-label="Left out">
        {[...byReason].map(([reason, names]) => (
          <li key={reason}>
            {reason} ({names.slice(0, 10).join(', ')}
            {names.length > 10 ? ` and ${names.length - 10} more` : ''})
          </li>
        ))}
      </ul>
    </div>
  );
}

interface TagDialogProps {
  kind: 'addTag' | 'removeTag' | null;
  onClose: () => void;
  onSubmit: (kind: 'addTag' | 'removeTag', tag: string) => void;
}

/** `Add tag` / `Remove tag`: one field `Tag`, a submit of the dialog's name. */
function TagDialog({ kind, onClose, onSubmit }: TagDialogProps) {
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!kind) return null;
  const title = kind === 'addTag' ? 'Add tag' : 'Remove tag';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tag.trim()) {
      setError('Enter a tag.');
      return;
    }
    setTag('');
    setError(undefined);
    onSubmit(kind, tag.trim());
  };
  return (
    <Dialog
      open
      title={title}
      size="small"
      onClose={() => {
        setTag('');
        setError(undefined);
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Tag" value={tag} onChange={(event) => setTag(event.target.value)} error={error} autoComplete="off" />
        <div className="button-row dialog-actions">
          <button type="submit" className="button button-primary">
            {title}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
