/**
 * Every combobox of the console runs on this state: the ARIA 1.2 pattern (an input with
 * role="combobox", a listbox, aria-activedescendant). ArrowDown/ArrowUp open the list and move through
 * it, wrapping; Enter picks the active option; Escape closes the list only (a second Escape reaches
 * the dialog, unless the face uses it); Tab closes it; a click picks; the mouse moves the active option.
 *
 * `useCombobox` is that keyboard and list state; it has two faces:
 * - `useTextCombobox`: the value is the text in the box (a time zone); nothing typed is lost, and a
 *   case-insensitive exact match takes the option's spelling when the box loses focus;
 * - `useRecordCombobox`: the value is a record, picked by its id (a project, a dashboard); the text
 *   is a search the caller runs (locally or through the API).
 * Go to uses `useCombobox` itself, with a list that is always open.
 */
import { useEffect, useId, useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface ComboboxOptions {
  /** How many options the list shows now. */
  count: number;
  /** Enter on the active option, or a click on one. */
  onPick: (index: number) => void;
  /** The option made active when the list opens (the chosen one); the first one when below 0. */
  startAt?: () => number;
  /** Called when ArrowDown/ArrowUp or a click open the list. */
  onOpen?: () => void;
  /** Escape while the list is closed; returns true when it used it (then the dialog does not close). */
  onEscapeClosed?: () => boolean;
  /** The list never closes (Go to): Home and End move to its ends, Escape is left to the dialog. */
  alwaysOpen?: boolean;
  /** A stable key for the option at `index`, for its element id (default: the index). */
  optionKey?: (index: number) => string;
  /** When this changes, the list has new contents: the first option becomes active again (or none). */
  resetOn?: unknown;
}

export function useCombobox({
  count,
  onPick,
  startAt,
  onOpen,
  onEscapeClosed,
  alwaysOpen = false,
  optionKey = String,
  resetOn,
}: ComboboxOptions) {
  const id = useId();
  const listId = `${id}-list`;
  const [shown, setShown] = useState(false);
  const [active, setActive] = useState(alwaysOpen ? 0 : -1);
  const [contents, setContents] = useState(resetOn);
  if (contents !== resetOn) {
    setContents(resetOn);
    setActive(alwaysOpen ? 0 : -1);
  }
  const open = alwaysOpen || shown;
  const activeIndex = Math.min(active, count - 1);
  const optionId = (index: number) => `${id}-option-${optionKey(index)}`;
  const activeId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const openAt = (index: number) => {
    setShown(true);
    setActive(index);
  };
  const openList = () => {
    onOpen?.();
    openAt(Math.max(0, startAt?.() ?? 0));
  };
  const close = () => setShown(false);

  const move = (step: 1 | -1) => {
    if (!open) return openList();
    if (!count) return;
    if (step > 0) setActive(activeIndex < 0 ? 0 : (activeIndex + 1) % count);
    else setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Home':
      case 'End':
        // In a box whose list can close, they move the caret.
        if (!alwaysOpen || !count) break;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : count - 1);
        break;
      case 'Enter':
        if (open && activeIndex >= 0) {
          event.preventDefault();
          onPick(activeIndex);
        } else if (alwaysOpen) event.preventDefault();
        break;
      case 'Escape':
        if (alwaysOpen) break;
        if (shown || onEscapeClosed?.()) {
          event.preventDefault();
          event.stopPropagation();
          setShown(false);
        }
        break;
      case 'Tab':
        if (!alwaysOpen) close();
        break;
      default:
        break;
    }
  };

  return {
    open,
    activeIndex,
    openAt,
    openList,
    close,
    inputProps: {
      role: 'combobox' as const,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': activeId,
      autoComplete: 'off',
      spellCheck: false,
      onKeyDown,
    },
    listProps: {
      id: listId,
      role: 'listbox' as const,
      // Keeps focus in the input while an option is clicked.
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    },
    optionProps: (index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      onClick: () => onPick(index),
      onMouseMove: () => {
        if (index !== activeIndex) setActive(index);
      },
    }),
  };
}

/** One option as a face hands it to the markup. */
export interface ComboboxItem {
  key: string;
  label: string;
  selected: boolean;
  active: boolean;
  props: ReturnType<ReturnType<typeof useCombobox>['optionProps']> & { 'aria-selected': boolean };
}

const itemsOf = <T>(
  core: ReturnType<typeof useCombobox>,
  options: ReadonlyArray<T>,
  keyOf: (option: T) => string,
  labelOf: (option: T) => string,
  selected: (option: T) => boolean,
): ComboboxItem[] =>
  options.map((option, index) => ({
    key: keyOf(option),
    label: labelOf(option),
    selected: selected(option),
    active: index === core.activeIndex,
    props: { ...core.optionProps(index), 'aria-selected': selected(option) },
  }));

/** Lower case, `_` and `/` as spaces: "new york" finds `America/New_York`. */
const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').trim();

/** The options containing `query` (normalized), those starting with it first; all of them for null. */
function filterOptions(options: ReadonlyArray<string>, query: string | null): string[] {
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

export interface TextComboboxOptions {
  /** The text in the box: the value. */
  value: string;
  onChange: (value: string) => void;
  /** Every option, in the order shown; the face filters them by what is typed. */
  options: ReadonlyArray<string>;
}

/** The free-text face: the box's text is the value; the options are suggestions filtered here. */
export function useTextCombobox({ value, onChange, options }: TextComboboxOptions) {
  // null: show every option (opened by click or arrow); a string: what the person typed.
  const [query, setQuery] = useState<string | null>(null);
  const shown = useMemo(() => filterOptions(options, query), [options, query]);
  const core = useCombobox({
    count: shown.length,
    onPick: (index) => pick(shown[index]!),
    startAt: () => options.indexOf(value),
    onOpen: () => setQuery(null),
  });
  function pick(option: string) {
    onChange(option);
    core.close();
    setQuery(null);
  }
  return {
    open: core.open,
    text: value,
    count: shown.length,
    items: itemsOf(core, shown, (option) => option, (option) => option, (option) => option === value),
    listProps: core.listProps,
    inputProps: {
      ...core.inputProps,
      'aria-expanded': core.open,
      value,
      onChange: (event: { target: { value: string } }) => {
        onChange(event.target.value);
        setQuery(event.target.value);
        core.openAt(0);
      },
      onClick: () => {
        if (!core.open) core.openList();
      },
      onBlur: () => {
        core.close();
        const exact = options.find((option) => option.toLowerCase() === value.trim().toLowerCase());
        if (exact !== undefined && exact !== value) onChange(exact);
      },
    },
  };
}

export interface RecordOption {
  id: string | number;
  label: string;
}

export interface RecordComboboxOptions<O extends RecordOption> {
  /** The options for the current search, in order (the caller filters, locally or through the API). */
  options: ReadonlyArray<O>;
  /** What the person typed; '' when the box shows the chosen record's name again. */
  onSearch: (text: string) => void;
  /**
   * Given: the chosen record comes from outside (a switcher's project, from the URL) and a pick is
   * only reported through `onPick`; typed text is a search that leaving the box, or a second Escape,
   * replaces with the chosen name again. Left out: the face keeps the picked record itself (a form's
   * field) and the typed text stays, so nothing typed is lost and the form can say what did not match.
   */
  chosen?: O | null;
  onPick?: (option: O) => void;
}

const sameLabel = (option: RecordOption, text: string) => option.label.toLowerCase() === text.trim().toLowerCase();

/** The face that picks a record by its id. */
export function useRecordCombobox<O extends RecordOption>({ options, onSearch, chosen: given, onPick }: RecordComboboxOptions<O>) {
  const controlled = given !== undefined;
  // null: the box shows the chosen record's name; a string: what the person typed.
  const [typed, setTyped] = useState<string | null>(null);
  // A form's field: the record picked last, kept while a later search no longer lists it.
  const [picked, setPicked] = useState<O | null>(null);
  const held = controlled ? given : picked;
  // In a form, typing a record's exact name picks it as much as choosing it from the list does.
  const chosen: O | null = controlled || typed === null ? held : held && sameLabel(held, typed) ? held : (options.find((option) => sameLabel(option, typed)) ?? null);

  const search = (next: string | null) => {
    setTyped(next);
    onSearch(next ?? '');
  };
  const core = useCombobox({
    count: options.length,
    onPick: (index) => pick(options[index]!),
    startAt: () => options.findIndex((option) => option.id === chosen?.id),
    onEscapeClosed: () => {
      if (!controlled || typed === null) return false;
      search(null);
      return true;
    },
  });
  function pick(option: O) {
    core.close();
    search(null);
    if (!controlled) setPicked(option);
    if (option.id !== chosen?.id || !controlled) onPick?.(option);
  }

  const text = typed ?? held?.label ?? '';
  const expanded = core.open && options.length > 0;
  return {
    /** The record the box stands for now (in a form: null when the text names none). */
    chosen,
    /** The text in the box. */
    text,
    /** The typed text, or null while the box shows the chosen record's name. */
    typed,
    open: core.open,
    expanded,
    count: options.length,
    items: itemsOf(core, options, (option) => String(option.id), (option) => option.label, (option) => option.id === chosen?.id),
    listProps: core.listProps,
    inputProps: {
      ...core.inputProps,
      'aria-expanded': expanded,
      'aria-activedescendant': expanded ? core.inputProps['aria-activedescendant'] : undefined,
      value: text,
      onChange: (event: { target: { value: string } }) => {
        search(event.target.value);
        core.openAt(0);
      },
      onFocus: controlled ? (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select() : undefined,
      onClick: () => {
        if (!core.open) core.openList();
      },
      onBlur: () => {
        core.close();
        if (controlled) search(null);
        // A form's field: an exactly typed name becomes that record, in its own spelling.
        else if (typed !== null && chosen) {
          setPicked(chosen);
          search(null);
        }
      },
    },
  };
}

export type TextCombobox = ReturnType<typeof useTextCombobox>;
export type RecordCombobox<O extends RecordOption = RecordOption> = ReturnType<typeof useRecordCombobox<O>>;
