// Paging by the envelope's numbers (API.md §3): the next offset, and the loaded pages as one list.
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { flattenPages, nextOffset, withoutRows } from '../../../src/api/client/pagination.ts';
import type { Paginated } from '../../../src/contract/schemas.ts';

const page = (results: string[], count: number): Paginated<string> => ({ count, next: null, previous: null, results });
const loaded = (...pages: Array<Paginated<string>>): InfiniteData<Paginated<string>, unknown> => ({
  pages,
  pageParams: pages.map((_, i) => i * 2),
});

describe('nextOffset', () => {
  it('asks for the rows after the loaded ones while the count says there are more', () => {
    expect(nextOffset(page(['a', 'b'], 5), 0)).toBe(2);
    expect(nextOffset(page(['c', 'd'], 5), 2)).toBe(4);
  });

  it('stops on the page that reaches the count, and past it', () => {
    expect(nextOffset(page(['e'], 5), 4)).toBeUndefined();
    expect(nextOffset(page(['e', 'f'], 5), 4)).toBeUndefined();
  });

  it('stops on an empty page even when the count promises more (the list shrank meanwhile)', () => {
    expect(nextOffset(page([], 5), 2)).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('is an empty list of 0 before the first page', () => {
    expect(flattenPages(undefined)).toEqual({ items: [], total: 0 });
    expect(flattenPages(loaded())).toEqual({ items: [], total: 0 });
  });

  it('gives a partly loaded list its loaded rows in order and the whole count', () => {
    expect(flattenPages(loaded(page(['a', 'b'], 5), page(['c', 'd'], 5)))).toEqual({ items: ['a', 'b', 'c', 'd'], total: 5 });
  });

  it('takes the count of the newest page', () => {
    expect(flattenPages(loaded(page(['a', 'b'], 9), page(['c', 'd'], 6)))).toEqual({ items: ['a', 'b', 'c', 'd'], total: 6 });
  });

  it('never counts fewer than the rows it shows (rows deleted after the first pages were loaded)', () => {
    expect(flattenPages(loaded(page(['a', 'b'], 5), page(['c'], 3)))).toEqual({ items: ['a', 'b', 'c'], total: 3 });
    expect(flattenPages(loaded(page(['a', 'b'], 5), page(['c', 'd'], 3)))).toEqual({ items: ['a', 'b', 'c', 'd'], total: 4 });
  });
});

describe('withoutRows', () => {
  const at = (pageParams: unknown[], ...pages: Array<Paginated<string>>): InfiniteData<Paginated<string>, unknown> => ({ pages, pageParams });
  const leaving = (...rows: string[]) => (row: string) => rows.includes(row);

  it('is the same data when no row leaves', () => {
    const data = at([0, 3], page(['a', 'b', 'c'], 5), page(['d', 'e'], 5));
    expect(withoutRows(data, leaving('x'))).toBe(data);
  });

  it('drops the rows, moves each page’s offset back by the rows removed before it, and every count by all', () => {
    const data = at(
      [0, 3, 6],
      { count: 9, next: 'n1', previous: null, results: ['a', 'b', 'c'] },
      page(['d', 'e', 'f'], 9),
      page(['g', 'h', 'i'], 9),
    );
    expect(withoutRows(data, leaving('b', 'c', 'e'))).toEqual(
      at([0, 1, 3], { count: 6, next: 'n1', previous: null, results: ['a'] }, page(['d', 'f'], 6), page(['g', 'h', 'i'], 6)),
    );
    // What was loaded stays as it was.
    expect(data.pages[0]!.results).toEqual(['a', 'b', 'c']);
    expect(data.pageParams).toEqual([0, 3, 6]);
  });

  it('a removal on a later page leaves the earlier offsets as they are', () => {
    expect(withoutRows(at([0, 2], page(['a', 'b'], 4), page(['c', 'd'], 4)), leaving('d'))).toEqual(at([0, 2], page(['a', 'b'], 3), page(['c'], 3)));
  });

  it('never counts or offsets below 0, and keeps a page param that is not an offset', () => {
    expect(withoutRows(at([0, 1, 'cursor'], page(['a', 'b'], 1), page(['c'], 1), page(['d'], 1)), leaving('a', 'b'))).toEqual(
      at([0, 0, 'cursor'], page([], 0), page(['c'], 0), page(['d'], 0)),
    );
  });
});
