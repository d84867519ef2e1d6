/**
 * A searchable text field with a list of suggestions (the ARIA 1.2 combobox pattern: an input with
 * role="combobox", a listbox of options, aria-activedescendant). The value is the text in the box, so
 * nothing typed is lost; the form validates it. ArrowDown/ArrowUp move through the options, Enter picks
 * one, Escape closes the list (not the dialog around it). A case-insensitive exact match is set to
 * the option's own spelling when the field loses focus.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import './combobox-field.css';

export interface ComboboxFieldProps {
  /** The field's visible label and accessible name, e.g. `Time zone`. */
  label: string;
  /** The text in the box. */
  value: string;
  onChange: (value: string) => void;
  /** Every option, in the order shown. */
  options: ReadonlyArray<string>;
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

/** Lower case, `_` and `/` as spaces: "new york" finds `America/New_York`. */
const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').trim();

/** The options containing `query` (normalized), those starting with it first; all of them for null. */
export function filterOptions(options: ReadonlyArray<string>, query: string | null): string[] {
  if (query === null) return [...options];
  const needle = normalize(query);
  if (!needle) return [...options];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const option of options) {
    const haystack = normalize(option);
    if (haystack.startsWith(needle) || haystack.split(' ').some((part) => part.startsWith(needle))) starts.push(option);
    else if (haystack.includes(needle)) contains.push(option);
  }
  return [...starts, ...contains];
}

export function ComboboxField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
  disabled,
  required,
  describedBy,
  noun = 'option',
}: ComboboxFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const [open, setOpen] = useState(false);
  // null: show every option (opened by click or arrow); a string: what the person typed.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const shown = useMemo(() => filterOptions(options, query), [options, query]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  const openAll = () => {
    setQuery(null);
    setOpen(true);
    setActive(Math.max(0, options.indexOf(value)));
  };

  const pick = (option: string) => {
    onChange(option);
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAll();
        else if (shown.length) setActive((i) => (i + 1) % shown.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAll();
        else if (shown.length) setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
        break;
      case 'Enter':
        if (open && active >= 0 && shown[active] !== undefined) {
          event.preventDefault();
          pick(shown[active]!);
        }
        break;
      case 'Escape':
        if (open) {
          // Closes the list only; a second Escape reaches the dialog.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

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
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && active < shown.length ? optionId(active) : undefined}
          aria-describedby={describedByIds}
          aria-invalid={error ? true : undefined}
          required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => {
            if (!open) openAll();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            const exact = options.find((option) => option.toLowerCase() === value.trim().toLowerCase());
            if (exact !== undefined && exact !== value) onChange(exact);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className="combobox-list"
          hidden={!open || shown.length === 0}
          // Keeps focus in the input while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {open &&
            shown.map((option, index) => (
              <li
                key={option}
                id={optionId(index)}
                role="option"
                aria-selected={option === value}
                className={index === active ? 'combobox-option combobox-option-active' : 'combobox-option'}
                onClick={() => pick(option)}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                {option}
              </li>
            ))}
        </ul>
      </div>
      {open && (
        <p id={statusId} className="field-hint" aria-live="polite">
          {shown.length === 0
            ? `No ${noun} matches “${value}”.`
            : `${shown.length} ${shown.length === 1 ? noun : `${noun}s`}: use the arrow keys and Enter to pick one.`}
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
