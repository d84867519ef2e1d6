/** Paging by the envelope's numbers (API.md §3): never by following the hosts in `next`. */
import type { InfiniteData } from '@tanstack/react-query';
import type { Paginated } from '../../contract/schemas.ts';

/** Page size of the console's limit/offset lists. */
export const PAGE_SIZE = 100;

/** The next `offset`, or undefined on the last page (`offset + results.length >= count`). */
export function nextOffset(lastPage: Paginated<unknown>, lastOffset: number): number | undefined {
  const loaded = lastOffset + lastPage.results.length;
  return lastPage.results.length > 0 && loaded < lastPage.count ? loaded : undefined;
}

export interface FlatList<T> {
  /** Every loaded item, in the API's order. */
  items: T[];
  /** The API's `count` from the newest page (0 before the first page). */
  total: number;
}

/** The loaded pages of an infinite list as one array plus the total count. */
export function flattenPages<T>(data: InfiniteData<Paginated<T>, unknown> | undefined): FlatList<T> {
  if (!data) return { items: [], total: 0 };
  const items = data.pages.flatMap((page) => page.results);
  const last = data.pages[data.pages.length - 1];
  return { items, total: Math.max(last?.count ?? 0, items.length) };
}

/**
 * The loaded pages without the rows `leaves` picks, re-based: each page's offset moves back by the rows
 * removed before it, and each page's `count` by all removed, so the next page starts where the API's
 * list now continues (a deleted row shifts every later row one place up; the old offsets would skip
 * as many rows as were removed). The same data when nothing leaves.
 */
export function withoutRows<T>(data: InfiniteData<Paginated<T>, unknown>, leaves: (item: T) => boolean): InfiniteData<Paginated<T>, unknown> {
  let removed = 0;
  const removedBefore: number[] = [];
  const pages = data.pages.map((page) => {
    removedBefore.push(removed);
    const results = page.results.filter((item) => !leaves(item));
    removed += page.results.length - results.length;
    return { ...page, results };
  });
  if (removed === 0) return data;
  return {
    pages: pages.map((page) => ({ ...page, count: Math.max(0, page.count - removed) })),
    pageParams: data.pageParams.map((param, i) => (typeof param === 'number' ? Math.max(0, param - removedBefore[i]!) : param)),
  };
}
