/**
 * The selection of a bulk-action list (a project's Dashboards, All dashboards, Public links): keys (kept while rows virtualize in and out, since it is keyed by
 * id, not by rendered row), Shift+click ranges over the loaded order, `Select all loaded
 * dashboards`, and `Select all M matching` (every dashboard the search and filters match, fetched
 * when an action runs). Changing the search or filters clears it and says so.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

export interface SelectionState<T> {
  /** Selected ids, with the row as it was when selected (for names and tags of rows since unloaded). */
  selected: ReadonlyMap<string, T>;
  /** Every dashboard matching the filters, loaded or not. */
  allMatching: boolean;
  /** Id of the last row clicked without Shift: one end of a Shift+click range. */
  anchor: string | null;
  /** Why the selection was just cleared, for the toolbar to say. */
  notice: string | null;
}

const empty: SelectionState<never> = { selected: new Map<string, never>(), allMatching: false, anchor: null, notice: null };

export const CLEARED_NOTICE = 'Selection cleared: the search or filters changed.';

export interface Selection<T> {
  state: SelectionState<T>;
  /** How many are selected: the matching total when all matching are. */
  count: number;
  isSelected: (item: T) => boolean;
  /** A row's checkbox; `range` (Shift) selects or clears everything between the anchor and this row. */
  toggle: (item: T, range: boolean) => void;
  /** The header checkbox. */
  setAllLoaded: (selected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** Drop these ids (they were deleted). */
  remove: (ids: ReadonlyArray<string>) => void;
  dismissNotice: () => void;
  /** Every loaded row selected (and at least one loaded). */
  allLoaded: boolean;
  someLoaded: boolean;
}

/**
 * `items` are the loaded rows in order, `total` how many match (loaded or not), `filtersKey` a string
 * of the current search and filters (a new one clears the selection), `getKey` a row's key.
 */
export function useSelection<T>(
  items: ReadonlyArray<T>,
  total: number,
  filtersKey: string,
  getKey: (item: T) => string,
): Selection<T> {
  const [state, setState] = useState<SelectionState<T>>(empty);
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    setSeenFilters(filtersKey);
    const had = state.selected.size > 0 || state.allMatching;
    setState({ ...empty, notice: had ? CLEARED_NOTICE : null });
  }

  // The loaded rows for the handlers (stable callbacks keep the memoized columns stable).
  const itemsRef = useRef(items);
  const keyRef = useRef(getKey);
  useLayoutEffect(() => {
    itemsRef.current = items;
    keyRef.current = getKey;
  }, [items, getKey]);

  const toggle = useCallback((item: T, range: boolean) => {
    setState((current) => {
      const key = keyRef.current;
      const id = key(item);
      const list = itemsRef.current;
      // Leaving "all matching" by unticking one row: what is loaded stays selected, less that row.
      const base = new Map(current.allMatching ? list.map((d) => [key(d), d] as const) : current.selected);
      const select = !(current.allMatching || current.selected.has(id));
      const anchorIndex = range && current.anchor !== null ? list.findIndex((d) => key(d) === current.anchor) : -1;
      const index = list.findIndex((d) => key(d) === id);
      if (anchorIndex >= 0 && index >= 0) {
        const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex];
        for (let i = from; i <= to; i++) {
          const row = list[i]!;
          if (select) base.set(key(row), row);
          else base.delete(key(row));
        }
      } else if (select) base.set(id, item);
      else base.delete(id);
      return { selected: base, allMatching: false, anchor: range && current.anchor !== null ? current.anchor : id, notice: null };
    });
  }, []);

  const setAllLoaded = useCallback((selected: boolean) => {
    setState((current) => {
      if (!selected) return { ...empty };
      const next = new Map(current.selected);
      for (const row of itemsRef.current) next.set(keyRef.current(row), row);
      return { selected: next, allMatching: false, anchor: current.anchor, notice: null };
    });
  }, []);

  const selectAllMatching = useCallback(() => {
    setState((current) => ({ ...current, allMatching: true, notice: null }));
  }, []);

  const clear = useCallback(() => setState({ ...empty }), []);
  const dismissNotice = useCallback(() => setState((current) => (current.notice ? { ...current, notice: null } : current)), []);
  const remove = useCallback((ids: ReadonlyArray<string>) => {
    setState((current) => {
      if (current.allMatching) return { ...empty };
      const next = new Map(current.selected);
      for (const id of ids) next.delete(id);
      return { ...current, selected: next };
    });
  }, []);

  const { allLoaded, someLoaded } = useMemo(() => {
    if (state.allMatching) return { allLoaded: items.length > 0, someLoaded: items.length > 0 };
    let selectedLoaded = 0;
    for (const row of items) if (state.selected.has(getKey(row))) selectedLoaded += 1;
    return { allLoaded: items.length > 0 && selectedLoaded === items.length, someLoaded: selectedLoaded > 0 };
  }, [items, state, getKey]);

  const isSelected = useCallback(
    (item: T) => state.allMatching || state.selected.has(getKey(item)),
    [state, getKey],
  );

  return {
    state,
    count: state.allMatching ? Math.max(total, items.length) : state.selected.size,
    isSelected,
    toggle,
    setAllLoaded,
    selectAllMatching,
    clear,
    remove,
    dismissNotice,
    allLoaded,
    someLoaded,
  };
}
