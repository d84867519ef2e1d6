/**
 * `Changed since you opened it` (CONSOLE.md "Safety"): before a save would overwrite fields that
 * someone else changed since the person began editing them, list each field by its form label with
 * `Theirs` and `Yours`, and ask: `Keep mine`, `Take theirs` or `Cancel` (Escape too).
 * `useConflictQuestion` turns the question into a promise, so a save reads as one flow.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import './conflict-dialog.css';

/** A value as the person reads it: a sentence, or a list (tags, URLs). */
export type ShownValue = string | ReadonlyArray<string>;

export interface ConflictRow {
  /** The form's key for the field. */
  field: string;
  /** The field's label in the form (`Name`, `Project name`, …). */
  label: string;
  theirs: ShownValue;
  yours: ShownValue;
}

/** `mine`: save mine over theirs; `theirs`: keep theirs for these fields and save the rest; null: save nothing. */
export type ConflictChoice = 'mine' | 'theirs' | null;

export const conflictTitle = 'Changed since you opened it';

function Shown({ value }: { value: ShownValue }) {
  if (typeof value === 'string') return value === '' ? <span className="conflict-empty">Empty</span> : <span className="conflict-text">{value}</span>;
  if (value.length === 0) return <span className="conflict-empty">None</span>;
  return (
    <ul className="conflict-list">
      {value.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export interface ConflictDialogProps {
  /** The fields another person changed; the dialog is open while there are any. */
  rows: ReadonlyArray<ConflictRow>;
  /** Whether the save also carries fields nobody else changed (they are saved either way, unless Cancel). */
  alsoSavesOthers: boolean;
  onChoose: (choice: ConflictChoice) => void;
}

export function ConflictDialog({ rows, alsoSavesOthers, onChoose }: ConflictDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const one = rows.length === 1;
  return (
    <Dialog
      open={rows.length > 0}
      role="alertdialog"
      title={conflictTitle}
      description={`Someone else saved ${one ? 'this field' : 'these fields'} after you began editing ${one ? 'it' : 'them'}. Saving yours would replace ${one ? 'their value' : 'their values'}.`}
      onClose={() => onChoose(null)}
      initialFocusRef={cancelRef}
      hideCloseButton
      size="large"
    >
      <div className="conflict-table-wrap">
        <table className="conflict-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Theirs</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field}>
                <th scope="row">{row.label}</th>
                <td>
                  <Shown value={row.theirs} />
                </td>
                <td>
                  <Shown value={row.yours} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint">
        Keep mine saves your {one ? 'value' : 'values'} over theirs. Take theirs keeps theirs in the form
        {alsoSavesOthers ? ' and saves your other changes' : ''}. Cancel saves nothing and keeps what you typed.
      </p>
      <div className="button-row dialog-actions">
        <button ref={cancelRef} type="button" className="button" onClick={() => onChoose(null)}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => onChoose('theirs')}>
          Take theirs
        </button>
        <button type="button" className="button button-primary" onClick={() => onChoose('mine')}>
          Keep mine
        </button>
      </div>
    </Dialog>
  );
}

interface Question {
  rows: ReadonlyArray<ConflictRow>;
  alsoSavesOthers: boolean;
  answer: (choice: ConflictChoice) => void;
}

/**
 * `ask(rows, alsoSavesOthers)` opens the dialog and resolves with the person's choice; render
 * `dialog` where the form lives. Focus returns to what had it (the form's `Save changes`).
 */
export function useConflictQuestion(): {
  ask: (rows: ReadonlyArray<ConflictRow>, alsoSavesOthers: boolean) => Promise<ConflictChoice>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = (rows: ReadonlyArray<ConflictRow>, alsoSavesOthers: boolean) =>
    new Promise<ConflictChoice>((resolve) => {
      setQuestion({
        rows,
        alsoSavesOthers,
        answer: (choice) => {
          setQuestion(null);
          resolve(choice);
        },
      });
    });
  const dialog = (
    <ConflictDialog rows={question?.rows ?? []} alsoSavesOthers={question?.alsoSavesOthers ?? false} onChoose={(choice) => question?.answer(choice)} />
  );
  return { ask, dialog };
}
