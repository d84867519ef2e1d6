/**
 * Projects (API.md §6): the read fetchers and query factories. What writes (fetchers and hooks) is
 * in project-mutations.ts, out of the first-load JavaScript (only pages use it).
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  demoDataStatusSchema,
  projectPageSchema,
  projectSchema,
  type DemoDataStatus,
  type Paginated,
  type Project,
  type ProjectListItem,
} from '../../contract/schemas.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { nextOffset, PAGE_SIZE } from '../client/pagination.ts';
import { keyRoots, segment, type ProjectId } from '../client/query-keys.ts';

export const projectPath = (projectId: ProjectId) => `/api/projects/${segment(projectId)}/`;

// ---------- fetchers ----------

/** One page of an organization's projects (`@current` unless given), ordered by id. */
export function fetchProjectPage(
  params: { search?: string; offset?: number; limit?: number; organization?: string },
  call: ApiCall,
): Promise<Paginated<ProjectListItem>> {
  return apiRequest(call, {
    endpoint: 'projects.list',
    path: `/api/organizations/${segment(params.organization || '@current')}/projects/`,
    query: { search: params.search?.trim() || undefined, limit: params.limit ?? PAGE_SIZE, offset: params.offset ?? 0 },
    schema: projectPageSchema,
  });
}

export function fetchProject(projectId: ProjectId, call: ApiCall): Promise<Project> {
  return apiRequest(call, { endpoint: 'projects.get', path: projectPath(projectId), schema: projectSchema });
}

/** `{isGenerating}`: a boolean, or null when the API answered with the published document's project shape. */
export function fetchDemoDataStatus(projectId: ProjectId, call: ApiCall): Promise<DemoDataStatus> {
  return apiRequest(call, {
    endpoint: 'projects.isGeneratingDemoData',
    path: `${projectPath(projectId)}is_generating_demo_data/`,
    schema: demoDataStatusSchema,
  });
}

// ---------- queries ----------

/** How many projects the top bar's `Project` switcher asks for at once; beyond that it searches the API. */
export const SWITCHER_PAGE_SIZE = 20;

export const projectQueries = {
  /**
   * The project list, infinite by limit/offset; `search` is sent as `?search=` (trimmed, '' for none).
   * `organization`: another organization the key owner belongs to ('' or `@current` for the current one).
   */
  list: (search = '', organization = '') =>
    infiniteQueryOptions({
      queryKey: [...keyRoots.projectLists, { search: search.trim(), organization: organization || '@current' }] as const,
      queryFn: (call) => fetchProjectPage({ search, offset: call.pageParam, organization }, call),
      initialPageParam: 0,
      getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
      // A new search keeps the old rows on screen until its first page arrives.
      placeholderData: keepPreviousData,
    }),
  /** The first `SWITCHER_PAGE_SIZE` projects of an organization matching `search` (the switchers' server search). */
  switcher: (organization: string, search = '') =>
    queryOptions({
      queryKey: [...keyRoots.projectSwitchers, { search: search.trim(), organization: organization || '@current' }] as const,
      queryFn: (call) => fetchProjectPage({ search, organization, limit: SWITCHER_PAGE_SIZE }, call),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  detail: (projectId: ProjectId) =>
    queryOptions({
      queryKey: keyRoots.project(projectId),
      queryFn: (call) => fetchProject(projectId, call),
    }),
  demoData: (projectId: ProjectId) =>
    queryOptions({
      queryKey: [...keyRoots.project(projectId), 'is-generating-demo-data'] as const,
      queryFn: (call) => fetchDemoDataStatus(projectId, call),
    }),
};
