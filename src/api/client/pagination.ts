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
