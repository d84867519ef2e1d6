/**
 * Form fields with a visible label, an optional hint, and an error under the field linked by
 * aria-describedby (with aria-invalid). `Field` takes any control through a render function;
 * TextField, TextAreaField, SelectField and CheckboxField cover the usual ones.
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

/** Spread these on the control inside `Field`. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** A sentence under the label explaining the field. */
  hint?: ReactNode;
  /** The error under the field (e.g. `fieldError(mutation.error, 'name')`); marks the control invalid. */
  error?: string | null;
  required?: boolean;
  /** Use a given id instead of a generated one. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field-invalid' : null, className].filter(Boolean).join(' ')}>
      {/* The label is exactly the field's name (tests and screen readers find it by that); `required` says the rest. */}
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = Omit<FieldProps, 'children'>;

export type TextFieldProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

export function TextField({ label, hint, error, required, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <input type="text" {...input} {...control} />}
    </Field>
  );
}

export type TextAreaFieldProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'>;

export function TextAreaField({ label, hint, error, required, id, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <textarea rows={3} {...textarea} {...control} />}
    </Field>
  );
}

export type SelectFieldProps = Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'>;

/** Pass the `<option>` elements as children. */
export function SelectField({ label, hint, error, required, id, className, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

export type CheckboxFieldProps = Omit<Common, 'required'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** A checkbox with its label beside it, hint and error below. */
export function CheckboxField({ label, hint, error, id, className, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field field-checkbox', error ? 'field-invalid' : null, className].filter(Boolean).join(' ')}>
      <div className="field-checkbox-row">
        <input
          type="checkbox"
          {...input}
          id={controlId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={controlId}>{label}</label>
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
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
