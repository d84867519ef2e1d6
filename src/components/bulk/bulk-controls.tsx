/**
 * What a bulk action looks like, wherever it runs (a project's Dashboards, All dashboards, Public
 * links): the `Bulk actions` toolbar (`N selected`, `Select all M matching`, the action buttons,
 * `Clear selection`), the `Bulk progress` bar with `Cancel`, the summary `N updated, M failed` with
 * every failure and `Retry failed`, and the `Add tag` / `Remove tag` dialog. Presentational only:
 * the run itself is `useBulkActionRun` (use-bulk-action-run.ts), whose phase these parts show.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import './bulk-controls.css';
import { Dialog } from '../dialog/dialog.tsx';
import { TextField } from '../form/field.tsx';
import type { ToastInput } from '../feedback/toast.tsx';
import type { BulkPhase, BulkProblem } from './use-bulk-action-run.ts';

/** Failures listed by name; the rest are counted (a run may have thousands). */
const LISTED_FAILURES = 100;

/** The summary's note on a run that an `Undo` started. */
export const UNDO_NOTE = ' (undo of the delete)';

/** The toast after a bulk delete: how many dashboards left, and `Undo`, which brings them back. */
export function deletedToast(count: number, undo: () => void): ToastInput {
  return {
    kind: 'success',
    message: `${count} ${count === 1 ? 'dashboard' : 'dashboards'} deleted.`,
    action: { label: 'Undo', onClick: undo },
  };
}

export interface BulkActionButton {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

export interface BulkActionsBarProps {
  count: number;
  notice: string | null;
  /** Every matching item is selected, loaded or not. */
  allMatching: boolean;
  allMatchingText: string;
  /** How many match: `Select all M matching` shows when more than are selected. */
  matchingTotal: number;
  onSelectAllMatching: () => void;
  busy: boolean;
  actions: ReadonlyArray<BulkActionButton>;
  /** Why the key cannot run the actions at all (its scopes), or null. */
  refusal: string | null;
  onClear: () => void;
}

/** The `Bulk actions` toolbar. */
export function BulkActionsBar({
  count,
  notice,
  allMatching,
  allMatchingText,
  matchingTotal,
  onSelectAllMatching,
  busy,
  actions,
  refusal,
  onClear,
}: BulkActionsBarProps) {
  const reasonId = useId();
  const refused = { disabled: refusal !== null, title: refusal ?? undefined, 'aria-describedby': refusal ? reasonId : undefined };
  return (
    <div role="toolbar" aria-label="Bulk actions" className="bulk-toolbar">
      {notice && (
        <p role="status" className="bulk-notice">
          {notice}
        </p>
      )}
      {count > 0 && (
        <>
          <span className="bulk-count">{count} selected</span>
          {allMatching ? (
            <span className="bulk-matching">{allMatchingText}</span>
          ) : (
            matchingTotal > count && (
              <button type="button" className="button button-small" onClick={onSelectAllMatching} disabled={busy}>
                Select all {matchingTotal} matching
              </button>
            )
          )}
          {!busy && (
            <>
              {actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className={action.danger ? 'button button-small button-danger' : 'button button-small'}
                  onClick={action.onClick}
                  {...refused}
                >
                  {action.label}
                </button>
              ))}
              {refusal && (
                <span id={reasonId} className="field-hint disabled-reason">
                  {refusal}
                </span>
              )}
            </>
          )}
          <button type="button" className="button button-small" onClick={onClear}>
            Clear selection
          </button>
        </>
      )}
    </div>
  );
}

export interface BulkStatusProps<T> {
  phase: BulkPhase<T>;
  /** The items' noun ({one: 'dashboard', other: 'dashboards'}). */
  noun: { one: string; other: string };
  onCancel: () => void;
  onRetry: (items: T[]) => void;
  onDismiss: () => void;
}

/** While a run works: the progress and `Cancel` (focused); once it ended: the summary (focused). */
export function BulkStatus<T>({ phase, noun, onCancel, onRetry, onDismiss }: BulkStatusProps<T>) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const summaryTitleId = useId();

  // Focus follows the work: Cancel while it runs, the summary when it ends (never <body>).
  useEffect(() => {
    if (phase.kind === 'collecting' || phase.kind === 'running') {
      if (!cancelRef.current?.contains(document.activeElement)) cancelRef.current?.focus();
    } else if (phase.kind === 'done' || phase.kind === 'error') {
      summaryRef.current?.focus();
    }
  }, [phase.kind]);

  switch (phase.kind) {
    case 'idle':
      return null;
    case 'collecting':
      return (
        <div className="bulk-progress">
          <span>
            {phase.verb}: finding the matching {noun.other} ({phase.loaded} of {phase.total})…
          </span>
          <progress aria-label="Bulk progress" max={Math.max(1, phase.total)} aria-valuetext={`Finding ${noun.other}: ${phase.loaded} of ${phase.total}`} />
          <button ref={cancelRef} type="button" className="button button-small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    case 'running':
      return (
        <div className="bulk-progress">
          <span>
            {phase.verb}: {phase.done} of {phase.total}
            {phase.paused ? ' (the API asked to slow down: waiting before the next request)' : ''}
          </span>
          <progress aria-label="Bulk progress" max={Math.max(1, phase.total)} value={phase.done} aria-valuetext={`${phase.done} of ${phase.total}`} />
          <button ref={cancelRef} type="button" className="button button-small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    case 'error':
      return (
        <div ref={summaryRef} tabIndex={-1} className="bulk-summary" role="alert">
          <p>
            <strong>
              {phase.verb}: could not find the matching {noun.other}.
            </strong>{' '}
            {phase.message}
          </p>
          <button type="button" className="button button-small" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      );
    case 'done': {
      const { summary } = phase;
      return (
        <div ref={summaryRef} tabIndex={-1} className="bulk-summary" role="region" aria-labelledby={summaryTitleId}>
          <p id={summaryTitleId} role="status">
            <strong>
              {summary.updated} updated, {summary.failed.length} failed
            </strong>
            {summary.note ?? ''}
            {summary.notSent > 0 ? `; cancelled, ${summary.notSent} not sent` : ''}
          </p>
          {summary.leftOut.length > 0 && <LeftOut problems={summary.leftOut} noun={noun} />}
          {summary.failed.length > 0 && (
            <ul className="bulk-failures" aria-label="Failures">
              {summary.failed.slice(0, LISTED_FAILURES).map((problem) => (
                <li key={problem.id}>
                  <strong>{problem.name}</strong>: {problem.reason}
                </li>
              ))}
              {summary.failed.length > LISTED_FAILURES && <li>and {summary.failed.length - LISTED_FAILURES} more</li>}
            </ul>
          )}
          <div className="button-row">
            {summary.retryItems.length > 0 && (
              <button type="button" className="button button-small" onClick={() => onRetry(summary.retryItems)}>
                Retry failed
              </button>
            )}
            <button type="button" className="button button-small" onClick={onDismiss}>
              Dismiss
            </button>
          </div>
        </div>
      );
    }
  }
}

/** Items left out up front, grouped by the reason. */
function LeftOut({ problems, noun }: { problems: ReadonlyArray<BulkProblem>; noun: { one: string; other: string } }) {
  const byReason = new Map<string, string[]>();
  for (const problem of problems) byReason.set(problem.reason, [...(byReason.get(problem.reason) ?? []), problem.name]);
  const one = problems.length === 1;
  return (
    <div className="bulk-left-out">
      <p>
        {problems.length} {one ? `${noun.one} was` : `${noun.other} were`} left out up front, since this key may
        not change {one ? 'it' : 'them'}:
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

export interface TagDialogProps {
  kind: 'addTag' | 'removeTag' | null;
  onClose: () => void;
  onSubmit: (kind: 'addTag' | 'removeTag', tag: string) => void;
}

/** `Add tag` / `Remove tag`: one field `Tag`, a submit of the dialog's name. */
export function TagDialog({ kind, onClose, onSubmit }: TagDialogProps) {
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
