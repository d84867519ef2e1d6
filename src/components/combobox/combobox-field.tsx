/**
 * A form's combobox field: label, hint, the box with its list of suggestions, a status line while the
 * list is open, and the error under it (the state and keyboard are use-combobox.ts's).
 * - `ComboboxField`: free text (a time zone); the form validates what is typed.
 * - `RecordComboboxField`: picks a record by id (a destination project or dashboard); the form
 *   creates the face with `useRecordCombobox` and reads `face.chosen`.
 */
import { useId, type ReactNode } from 'react';
import { useTextCombobox, type RecordCombobox, type RecordOption, type TextCombobox } from './use-combobox.ts';
import './combobox-field.css';

interface FieldProps {
  /** The field's visible label and accessible name, e.g. `Time zone`. */
  label: string;
  hint?: ReactNode;
  /** The error under the field; marks the control invalid. */
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  /** Extra ids for aria-describedby (e.g. a "why is this disabled" hint elsewhere). */
  describedBy?: string;
  /** The noun for the "nothing matches" line, e.g. `time zone`. */
  noun?: string;
}

export interface ComboboxFieldProps extends FieldProps {
  /** The text in the box. */
  value: string;
  onChange: (value: string) => void;
  /** Every option, in the order shown. */
  options: ReadonlyArray<string>;
}

/** Free text with suggestions: the value is the text in the box, so nothing typed is lost. */
export function ComboboxField({ value, onChange, options, ...field }: ComboboxFieldProps) {
  return <FieldView {...field} face={useTextCombobox({ value, onChange, options })} />;
}

export interface RecordComboboxFieldProps<O extends RecordOption> extends FieldProps {
  /** The state, from `useRecordCombobox` (without `chosen`: the field keeps what is picked). */
  face: RecordCombobox<O>;
}

/** Picks a record by id; what is typed searches, and stays in the box until something is picked. */
export function RecordComboboxField<O extends RecordOption>({ face, ...field }: RecordComboboxFieldProps<O>) {
  return <FieldView {...field} face={face} />;
}

function FieldView({
  label,
  hint,
  error,
  disabled,
  required,
  describedBy,
  noun = 'option',
  face,
}: FieldProps & { face: TextCombobox | RecordCombobox }) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const { open, count, items } = face;
  const describedByIds =
    [hint ? hintId : null, error ? errorId : null, open ? statusId : null, describedBy ?? null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className={['field', 'combobox', error ? 'field-invalid' : null].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div className="combobox-control">
        <input
          {...face.inputProps}
          id={id}
          type="text"
          aria-describedby={describedByIds}
          aria-invalid={error ? true : undefined}
          required={required || undefined}
          disabled={disabled}
        />
        <ul {...face.listProps} aria-labelledby={labelId} className="combobox-list" hidden={!open || count === 0}>
          {open &&
            items.map((item) => (
              <li key={item.key} {...item.props} className={item.active ? 'combobox-option combobox-option-active' : 'combobox-option'}>
                {item.label}
              </li>
            ))}
        </ul>
      </div>
      {open && (
        <p id={statusId} className="field-hint" aria-live="polite">
          {count === 0
            ? `No ${noun} matches “${face.text}”.`
            : `${count} ${count === 1 ? noun : `${noun}s`}: use the arrow keys and Enter to pick one.`}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
