/**
 * A combobox that picks one thing (a project, an organization) from a list the caller filters: the
 * record face of use-combobox.ts with the chosen item given from outside. The box shows the chosen
 * item's name; typing replaces it with a search (`onSearch`), Enter picks, Escape closes the list (a
 * second Escape restores the name), leaving the box restores it too. Nothing typed is a value by itself.
 */
import { useId, type ReactNode } from 'react';
import { useRecordCombobox } from './use-combobox.ts';
import './combobox-field.css';

export interface PickerOption {
  value: string;
  label: string;
}

export interface PickerComboboxProps {
  /** The visible label and accessible name, e.g. `Project`. */
  label: string;
  /** The options for the current search, in order (the caller filters, locally or through the API). */
  options: ReadonlyArray<PickerOption>;
  /** The chosen option's value (null: none, e.g. an unknown project). */
  value: string | null;
  /** The chosen option's name, shown in the box while not searching. */
  valueLabel: string;
  onPick: (id: string) => void;
  /** What the person typed ('' when the box shows the chosen name again). */
  onSearch: (text: string) => void;
  placeholder?: string;
  /** A line under the options (e.g. `Searching…`, `Type to find the other 80 projects.`). */
  footer?: ReactNode;
  /** The noun for counts and the "nothing matches" line, e.g. `project`. */
  noun: string;
  className?: string;
}

export function PickerCombobox({
  label,
  options,
  value,
  valueLabel,
  onPick,
  onSearch,
  placeholder,
  footer,
  noun,
  className,
}: PickerComboboxProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const face = useRecordCombobox({
    options: options.map((option) => ({ id: option.value, label: option.label })),
    chosen: value === null ? null : { id: value, label: valueLabel },
    onSearch,
    onPick: (option) => onPick(option.id),
  });
  const typed = face.typed?.trim();
  return (
    <div className={['picker', 'combobox', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      <div className="combobox-control">
        <input
          {...face.inputProps}
          id={id}
          type="text"
          placeholder={placeholder}
          title={face.typed === null ? valueLabel : undefined}
        />
        <div className="combobox-popup" hidden={!face.open}>
          <ul {...face.listProps} aria-labelledby={labelId} className="combobox-list" hidden={!face.expanded}>
            {face.expanded &&
              face.items.map((item) => (
                <li
                  key={item.key}
                  {...item.props}
                  className={item.active ? 'combobox-option combobox-option-active' : 'combobox-option'}
                  title={item.label}
                >
                  {item.label}
                </li>
              ))}
          </ul>
          {face.open && (
            <p className="combobox-status" aria-live="polite">
              {face.count === 0 && typed ? `No ${noun} matches “${typed}”.` : footer}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
