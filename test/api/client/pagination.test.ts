// Paging by the envelope's numbers (API.md §3): the next offset, and the loaded pages as one list.
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { flattenPages, nextOffset } from '../../../src/api/client/pagination.ts';
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
