// The selection of a bulk-action list: keyed rows, Shift+click ranges, all loaded, all matching,
// and cleared (with a notice) when the search or filters change.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLEARED_NOTICE, useSelection } from '../../../src/components/table/use-selection.ts';

interface Row {
  id: string;
}
const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));
const keyOf = (row: Row) => row.id;
const ids = (selected: ReadonlyMap<string, Row>) => [...selected.keys()].sort();

function setup(items = rows('a', 'b', 'c', 'd', 'e'), total = 12, filtersKey = 'search=') {
  return renderHook((props: { items: Row[]; total: number; filtersKey: string }) => useSelection(props.items, props.total, props.filtersKey, keyOf), {
    initialProps: { items, total, filtersKey },
  });
}

describe('useSelection', () => {
  it('starts empty', () => {
    const { result } = setup();
    expect(result.current.state).toEqual({ selected: new Map(), allMatching: false, anchor: null, notice: null });
    expect(result.current).toMatchObject({ count: 0, allLoaded: false, someLoaded: false });
    expect(result.current.isSelected({ id: 'a' })).toBe(false);
  });

  it('a row\'s checkbox selects and clears it, and makes it the anchor', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'b' }, false));
    expect(ids(result.current.state.selected)).toEqual(['b']);
    expect(result.current.state.selected.get('b')).toEqual({ id: 'b' });
    expect(result.current).toMatchObject({ count: 1, someLoaded: true, allLoaded: false });
    expect(result.current.state.anchor).toBe('b');
    expect(result.current.isSelected({ id: 'b' })).toBe(true);
    expect(result.current.isSelected({ id: 'c' })).toBe(false);
    act(() => result.current.toggle({ id: 'b' }, false));
    expect(result.current.count).toBe(0);
    expect(result.current.someLoaded).toBe(false);
  });

  it('Shift+click selects from the anchor to the row, either way, and keeps the anchor', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'b' }, false));
    act(() => result.current.toggle({ id: 'd' }, true));
    expect(ids(result.current.state.selected)).toEqual(['b', 'c', 'd']);
    expect(result.current.state.anchor).toBe('b');

    const other = setup();
    act(() => other.result.current.toggle({ id: 'd' }, false));
    act(() => other.result.current.toggle({ id: 'b' }, true));
    expect(ids(other.result.current.state.selected)).toEqual(['b', 'c', 'd']);
    expect(other.result.current.state.anchor).toBe('d');
  });

  it('a plain click after another row toggles that row alone, and becomes the anchor', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'b' }, false));
    act(() => result.current.toggle({ id: 'd' }, false));
    expect(ids(result.current.state.selected)).toEqual(['b', 'd']);
    expect(result.current.state.anchor).toBe('d');
    act(() => result.current.toggle({ id: 'b' }, false));
    expect(ids(result.current.state.selected)).toEqual(['d']);
  });

  it('Shift+click reaches the first row and the last', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'c' }, false));
    act(() => result.current.toggle({ id: 'a' }, true));
    expect(ids(result.current.state.selected)).toEqual(['a', 'b', 'c']);
    act(() => result.current.toggle({ id: 'e' }, true));
    expect(ids(result.current.state.selected)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('Shift+click on a selected row clears from the anchor to it', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'a' }, false));
    act(() => result.current.toggle({ id: 'e' }, true));
    expect(result.current.allLoaded).toBe(true);
    act(() => result.current.toggle({ id: 'c' }, true));
    expect(ids(result.current.state.selected)).toEqual(['d', 'e']);
    expect(result.current.allLoaded).toBe(false);
  });

  it('Shift+click without an anchor, or on a row not loaded, toggles that row alone', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'c' }, true));
    expect(ids(result.current.state.selected)).toEqual(['c']);
    expect(result.current.state.anchor).toBe('c');
    act(() => result.current.toggle({ id: 'z' }, true));
    expect(ids(result.current.state.selected)).toEqual(['c', 'z']);
    expect(result.current.state.anchor).toBe('c');
  });

  it('the range follows the rows loaded now', () => {
    const { result, rerender } = setup(rows('a', 'b'));
    act(() => result.current.toggle({ id: 'a' }, false));
    rerender({ items: rows('a', 'b', 'c', 'd'), total: 12, filtersKey: 'search=' });
    act(() => result.current.toggle({ id: 'd' }, true));
    expect(ids(result.current.state.selected)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.current.allLoaded).toBe(true);
  });

  it('the header checkbox selects every loaded row, keeping rows since unloaded, and clears all', () => {
    const { result, rerender } = setup(rows('x', 'y'));
    act(() => result.current.toggle({ id: 'x' }, false));
    rerender({ items: rows('a', 'b'), total: 12, filtersKey: 'search=' });
    act(() => result.current.setAllLoaded(true));
    expect(ids(result.current.state.selected)).toEqual(['a', 'b', 'x']);
    expect(result.current.state).toMatchObject({ allMatching: false, anchor: 'x', notice: null });
    expect(result.current).toMatchObject({ count: 3, allLoaded: true, someLoaded: true });
    act(() => result.current.setAllLoaded(false));
    expect(result.current.state).toEqual({ selected: new Map(), allMatching: false, anchor: null, notice: null });
  });

  it('all matching: every row selected, counted by the total (or the rows loaded when more)', () => {
    const { result, rerender } = setup();
    act(() => result.current.selectAllMatching());
    expect(result.current.state.allMatching).toBe(true);
    expect(result.current).toMatchObject({ count: 12, allLoaded: true, someLoaded: true });
    expect(result.current.isSelected({ id: 'not-loaded' })).toBe(true);
    rerender({ items: rows('a', 'b', 'c', 'd', 'e'), total: 3, filtersKey: 'search=' });
    expect(result.current.count).toBe(5);
    rerender({ items: [], total: 3, filtersKey: 'search=' });
    expect(result.current).toMatchObject({ count: 3, allLoaded: false, someLoaded: false });
  });

  it('unticking one row leaves all matching: the loaded rows stay selected, less that one', () => {
    const { result } = setup();
    act(() => result.current.selectAllMatching());
    act(() => result.current.toggle({ id: 'c' }, false));
    expect(result.current.state.allMatching).toBe(false);
    expect(ids(result.current.state.selected)).toEqual(['a', 'b', 'd', 'e']);
    expect(result.current.count).toBe(4);
  });

  it('no loaded rows: neither all nor some loaded', () => {
    const { result } = setup([]);
    act(() => result.current.toggle({ id: 'q' }, false));
    expect(result.current).toMatchObject({ count: 1, allLoaded: false, someLoaded: false });
  });

  it('a change of search or filters clears the selection and says so', () => {
    const { result, rerender } = setup();
    act(() => result.current.toggle({ id: 'a' }, false));
    rerender({ items: rows('a', 'b'), total: 2, filtersKey: 'search=x' });
    expect(result.current.state).toEqual({ selected: new Map(), allMatching: false, anchor: null, notice: CLEARED_NOTICE });
    expect(CLEARED_NOTICE).toBe('Selection cleared: the search or filters changed.');
    act(() => result.current.dismissNotice());
    expect(result.current.state.notice).toBeNull();
  });

  it('all matching counts as a selection to clear; nothing selected clears silently', () => {
    const { result, rerender } = setup();
    act(() => result.current.selectAllMatching());
    rerender({ items: rows('a'), total: 1, filtersKey: 'tags=x' });
    expect(result.current.state).toMatchObject({ allMatching: false, notice: CLEARED_NOTICE });
    act(() => result.current.toggle({ id: 'a' }, false));
    expect(result.current.state.notice).toBeNull();
    act(() => result.current.clear());
    rerender({ items: rows('a'), total: 1, filtersKey: 'tags=y' });
    expect(result.current.state.notice).toBeNull();
  });

  it('selecting all (loaded or matching) puts the notice away', () => {
    const { result, rerender } = setup();
    act(() => result.current.toggle({ id: 'a' }, false));
    rerender({ items: rows('a', 'b'), total: 2, filtersKey: 'search=x' });
    act(() => result.current.selectAllMatching());
    expect(result.current.state.notice).toBeNull();
    rerender({ items: rows('a', 'b'), total: 2, filtersKey: 'search=y' });
    expect(result.current.state.notice).toBe(CLEARED_NOTICE);
    act(() => result.current.setAllLoaded(true));
    expect(result.current.state.notice).toBeNull();
  });

  it('dismissing without a notice changes nothing', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'a' }, false));
    const before = result.current.state;
    act(() => result.current.dismissNotice());
    expect(result.current.state).toBe(before);
  });

  it('drops deleted rows, and the whole selection when it was all matching', () => {
    const { result } = setup();
    act(() => result.current.toggle({ id: 'a' }, false));
    act(() => result.current.toggle({ id: 'c' }, true));
    act(() => result.current.remove(['b', 'z']));
    expect(ids(result.current.state.selected)).toEqual(['a', 'c']);
    expect(result.current.state.anchor).toBe('a');
    act(() => result.current.selectAllMatching());
    act(() => result.current.remove(['a']));
    expect(result.current.state).toEqual({ selected: new Map(), allMatching: false, anchor: null, notice: null });
  });

  it('clear empties everything', () => {
    const { result } = setup();
    act(() => result.current.selectAllMatching());
    act(() => result.current.clear());
    expect(result.current.state).toEqual({ selected: new Map(), allMatching: false, anchor: null, notice: null });
    expect(result.current.count).toBe(0);
  });
});
