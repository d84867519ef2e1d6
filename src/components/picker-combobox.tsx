/**
 * A combobox that picks one thing (a project, an organization) from a list the caller filters: the
 * ARIA 1.2 combobox pattern (an input with role="combobox", a popup listbox, aria-activedescendant).
 * The box shows the chosen item's name; typing replaces it with a search (`onSearch`), ArrowDown/ArrowUp
 * move, Enter picks, Escape closes the list (a second Escape restores the name), leaving the box
 * restores it too. Unlike ComboboxField (a form's free text), nothing typed is a value by itself.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  onPick: (value: string) => void;
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
  const listId = `${id}-list`;
  const labelId = `${id}-label`;
  const [open, setOpen] = useState(false);
  // null: the box shows the chosen name; a string: what the person typed.
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeIndex = Math.min(active, options.length - 1);

  const search = (next: string | null) => {
    setText(next);
    onSearch(next ?? '');
  };

  const openList = () => {
    setOpen(true);
    setActive(Math.max(0, options.findIndex((option) => option.value === value)));
  };

  const close = () => {
    setOpen(false);
    search(null);
  };

  const pick = (option: PickerOption) => {
    close();
    if (option.value !== value) onPick(option.value);
  };

  const move = (step: number) => {
    if (!open) return openList();
    if (options.length) setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        if (open && activeIndex >= 0) {
          event.preventDefault();
          pick(options[activeIndex]!);
        }
        break;
      case 'Escape':
        if (open || text !== null) {
          event.preventDefault();
          event.stopPropagation();
          if (open) setOpen(false);
          else search(null);
        }
        break;
      default:
        break;
    }
  };

  const showList = open && options.length > 0;
  return (
    <div className={['picker', 'combobox', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      <div className="combobox-control">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          title={text === null ? valueLabel : undefined}
          value={text ?? valueLabel}
          onChange={(event) => {
            search(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => {
            if (!open) openList();
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div className="combobox-popup" hidden={!open}>
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            className="combobox-list"
            hidden={!showList}
            // Keeps focus in the input while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
          >
            {showList &&
              options.map((option, index) => (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.value === value}
                  className={index === activeIndex ? 'combobox-option combobox-option-active' : 'combobox-option'}
                  title={option.label}
                  onClick={() => pick(option)}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActive(index);
                  }}
                >
                  {option.label}
                </li>
              ))}
          </ul>
          {open && (
            <p className="combobox-status" aria-live="polite">
              {options.length === 0 && text?.trim() ? `No ${noun} matches “${text.trim()}”.` : footer}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
