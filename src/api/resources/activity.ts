/**
 * A project's activity log (API.md §6.3, #27): `GET /api/projects/:id/activity_log/`, newest first,
 * cursor-paged (`{next, previous, results}`), filtered by `scope`, `item_id` and `user`. Keys may
 * read it on production too (scope `activity_log:read`), unlike the session-only `activity/` feed.
 */
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { activityLogPageSchema, type ActivityEntry, type ActivityLogPage } from '../../contract/schemas.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { keyRoots, segment, type ProjectId } from '../client/query-keys.ts';

export type { ActivityLogPage } from '../../contract/schemas.ts';

export interface ActivityLogFilters {
  /** Exact scope: `Team` (project settings), `Dashboard`, … ; null for every scope. */
  scope: string | null;
  /** One item of that scope (a dashboard's id); null for all. */
  itemId: string | null;
  /** A user's integer id; null for everyone. */
  user: string | null;
}

export const noActivityFilters: ActivityLogFilters = { scope: null, itemId: null, user: null };

/** The opaque `cursor` of a `next` URL: the console pages by it, never by following the URL's host. */
export function cursorOf(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, 'http://localhost').searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}

export function fetchActivityLogPage(
  projectId: ProjectId,
  filters: ActivityLogFilters,
  cursor: string | undefined,
  call: ApiCall,
): Promise<ActivityLogPage> {
  return apiRequest(call, {
    endpoint: 'activityLog.list',
    path: `/api/projects/${segment(projectId)}/activity_log/`,
    query: { scope: filters.scope, item_id: filters.itemId, user: filters.user, cursor },
    schema: activityLogPageSchema,
  });
}

export const activityQueries = {
  /** Infinite by the `cursor` of each page's `next` (undefined on the last page). */
  log: (projectId: ProjectId, filters: ActivityLogFilters = noActivityFilters) =>
    infiniteQueryOptions({
      queryKey: [...keyRoots.activityLog(projectId), { scope: filters.scope, itemId: filters.itemId, user: filters.user }] as const,
      queryFn: (call) => fetchActivityLogPage(projectId, filters, call.pageParam, call),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => (lastPage.results.length > 0 ? cursorOf(lastPage.next) : undefined),
    }),
};

/** Loaded entries as one array, each once (new entries arriving at the top shift older ones onto the next page). */
/** `Refresh`: every cached activity list of the project (all filters) is fetched again. */
export function refreshActivityLog(client: QueryClient, projectId: ProjectId): Promise<void> {
  return client.invalidateQueries({ queryKey: keyRoots.activityLog(projectId) });
}

export function flattenActivity(data: { pages: ReadonlyArray<ActivityLogPage> } | undefined): ActivityEntry[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages.flatMap((page) => page.results).filter((entry) => !seen.has(entry.id) && !!seen.add(entry.id));
}
