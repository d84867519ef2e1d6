/** The dashboard list's filters as a bookmark carries them (the route prefetches with the same ones the page shows). */
import type { DashboardListFilters } from '../../api/client/query-keys.ts';

/** `?search=` as typed, `?pinned=true` for `Pinned only`. */
export function filtersFromSearchParams(params: URLSearchParams): DashboardListFilters {
  return { search: params.get('search') ?? '', pinned: params.get('pinned') === 'true' ? true : null };
}
