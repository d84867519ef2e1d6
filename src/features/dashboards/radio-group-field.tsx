import { useId } from 'react';

export interface RadioOption<V extends string | number> {
  value: V;
  /** The radio's name. */
  label: string;
  /** A sentence under the option, linked as its description. */
  description?: string;
}

export interface RadioGroupFieldProps<V extends string | number> {
  /** The group's name (its legend). */
  legend: string;
  options: ReadonlyArray<RadioOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** The error under the group; marks it invalid. */
  error?: string | null;
  disabled?: boolean;
}

/** A radiogroup fieldset: legend, native radios (arrow keys move between them), the error below. */
export function RadioGroupField<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: RadioGroupFieldProps<V>) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset
      className={error ? 'field radio-group field-invalid' : 'field radio-group'}
      role="radiogroup"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      {options.map((option, index) => {
        const id = `${baseId}-${index}`;
        const descriptionId = `${id}-description`;
        return (
          <div key={String(option.value)} className="radio-option">
            <input
              type="radio"
              id={id}
              name={baseId}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.description ? descriptionId : undefined}
            />
            <div>
              <label htmlFor={id}>{option.label}</label>
              {option.description && (
                <p id={descriptionId} className="field-hint">
                  {option.description}
                </p>
              )}
            </div>
          </div>
        );
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
