/** A project's activity log (API.md §6.3): paged by `page` and `limit`, newest first. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { activityPageSchema, type ActivityEntry, type ActivityPage } from '../contract/schemas.ts';
import { apiRequest } from './http.ts';
import { projectKeys, segment, type ProjectId } from './query-keys.ts';

export const ACTIVITY_PAGE_SIZE = 50;

/** One page (1-based). A project-shaped answer (the published document) reads as no entries. */
export function fetchActivityPage(
  projectId: ProjectId,
  params: { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return apiRequest({
    endpoint: 'projects.activity',
    path: `/api/projects/${segment(projectId)}/activity/`,
    query: { page: params.page, limit: params.limit ?? ACTIVITY_PAGE_SIZE },
    signal,
    schema: activityPageSchema,
  });
}

/** The next page number from the numbers: `total_count` when sent, else whether `next` is non-null. */
export function nextActivityPage(lastPage: ActivityPage, pages: ReadonlyArray<ActivityPage>, lastPageParam: number) {
  if (lastPage.results.length === 0) return undefined;
  if (lastPage.total_count !== null) {
    const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
    return loaded < lastPage.total_count ? lastPageParam + 1 : undefined;
  }
  return lastPage.next !== null ? lastPageParam + 1 : undefined;
}

export const activityQueries = {
  list: (projectId: ProjectId) =>
    infiniteQueryOptions({
      queryKey: projectKeys.activity(projectId),
      queryFn: ({ pageParam, signal }) => fetchActivityPage(projectId, { page: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages, lastPageParam) => nextActivityPage(lastPage, pages, lastPageParam),
    }),
};

/** Loaded entries as one array, plus the total when the API sent one. */
export function flattenActivity(data: { pages: ReadonlyArray<ActivityPage> } | undefined): {
  items: ActivityEntry[];
  total: number | null;
} {
  if (!data) return { items: [], total: null };
  // New entries arrive at the top while paging, which shifts older ones onto the next page: keep the first copy.
  const seen = new Set<string>();
  const items = data.pages.flatMap((page) => page.results).filter((entry) => !seen.has(entry.id) && !!seen.add(entry.id));
  const last = data.pages[data.pages.length - 1];
  return { items, total: last?.total_count ?? null };
}
