import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from './dialog.tsx';
import { ActionError } from '../feedback/error-state.tsx';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's title and accessible name, e.g. `Delete project`. */
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  /** The confirm button's name, e.g. `Delete`, `Rotate link`. */
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape, the backdrop or Close. */
  onCancel: () => void;
  cancelLabel?: string;
  /** Red confirm button (deleting, rotating a key), and the dialog is an `alertdialog`: it interrupts to warn. */
  destructive?: boolean;
  /** Type-to-confirm: the exact text the person must type (e.g. the project's name). */
  confirmText?: string;
  /** The label of the type-to-confirm field (default: `Type "<confirmText>" to confirm`). */
  confirmFieldLabel?: string;
  /** The action is running: the confirm button is disabled and says so. */
  pending?: boolean;
  /** The action's error (e.g. a 403), shown inside the dialog. */
  error?: unknown;
}

/** Asks before an action that cannot be taken back; optionally by typing a name. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return <OpenConfirmDialog {...props} />;
}

function OpenConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
  destructive = false,
  confirmText,
  confirmFieldLabel,
  pending = false,
  error,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const needsTyping = confirmText !== undefined;
  const matches = !needsTyping || typed === confirmText;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !pending) onConfirm();
  };

  return (
    <Dialog open onClose={onCancel} title={title} size="small" role={destructive ? 'alertdialog' : 'dialog'}>
      <form onSubmit={submit} noValidate>
        <div className="confirm-message">{message}</div>
        {needsTyping && (
          <div className="field">
            <label htmlFor={fieldId}>{confirmFieldLabel ?? `Type "${confirmText}" to confirm`}</label>
            <input
              id={fieldId}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-describedby={hintId}
            />
            <p id={hintId} className="field-hint">
              {matches ? 'The names match.' : `${confirmLabel} stays disabled until you type “${confirmText}” exactly.`}
            </p>
          </div>
        )}
        <ActionError error={error} />
        <div className="button-row dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <Button type="submit" className={destructive ? 'button button-danger' : 'button button-primary'} disabled={!matches} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
        {pending && <p className="field-hint">Working…</p>}
      </form>
    </Dialog>
  );
}
