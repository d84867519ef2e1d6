/**
 * The roots of the console's query keys: the prefixes that one invalidation reaches everything
 * beneath. Full keys (with their data types) are built only inside the `queryOptions` /
 * `infiniteQueryOptions` factories of each resource module (`dashboardQueries.detail(p, d).queryKey`),
 * so every cache read and write is typed; these roots are only for invalidating and removing.
 *
 *   ['organization', 'current']   ['organization', 'all']   ['organization', org, 'members']
 *   ['organization', org | '@current', 'projects']   (the projects the organization's pages walk)
 *   ['person-access', org, userUuid, level, {readRules}]   (a person's exceptions, built from the entries below)
 *   ['me']   ['personal-api-key', '@current']
 *   ['projects', 'list', {search, organization}]   ['projects', 'switcher', {search, organization}]
 *   ['project', pid] (detail)   … 'activity-log', {scope, itemId, user}   … 'is-generating-demo-data'
 *   ['dashboards', pid] … 'list', {search, pinned}   … 'go-to', search, limit   … 'rows'
 *                       … 'detail', did   … 'detail', did, 'collaborators' | 'sharing' | 'access-controls' | 'users-with-access'
 *   ['mock', 'info', host]   ['mock', 'faults']
 *
 * (test/api/client/query-keys-doc.test.ts holds this list to the factories.)
 *
 * Ids are keyed as strings so `7` from the API and `'7'` from the URL are the same entry.
 */
export type ProjectId = number | string;
export type DashboardId = number | string;

export interface DashboardListFilters {
  /** Matches name or description (the API's `?search=`); '' for none. */
  search: string;
  /** `true` only pinned, `false` only unpinned, `null` both. */
  pinned: boolean | null;
}

const id = (value: number | string) => String(value);

export const keyRoots = {
  organization: ['organization'] as const,
  /** Everything that lists projects: the infinite lists and the switchers' searches. */
  projects: ['projects'] as const,
  projectLists: ['projects', 'list'] as const,
  /** The switchers' (and Go to's) searches: one plain page each, never beside the infinite lists. */
  projectSwitchers: ['projects', 'switcher'] as const,
  /** Everything about one project: its detail (this exact key), activity log, demo-data status. */
  project: (projectId: ProjectId) => ['project', id(projectId)] as const,
  activityLog: (projectId: ProjectId) => ['project', id(projectId), 'activity-log'] as const,
  /** Everything about the dashboards of one project. */
  dashboards: (projectId: ProjectId) => ['dashboards', id(projectId)] as const,
  dashboardLists: (projectId: ProjectId) => ['dashboards', id(projectId), 'list'] as const,
  /** Go to's searches of one project: one plain page each (never beside the infinite lists). */
  dashboardSearches: (projectId: ProjectId) => ['dashboards', id(projectId), 'go-to'] as const,
  /** Every dashboard of one project as the organization's pages keep them (slim rows, all pages). */
  dashboardRows: (projectId: ProjectId) => ['dashboards', id(projectId), 'rows'] as const,
  /** Every dashboard detail of one project (with their collaborators and sharing). */
  dashboardDetails: (projectId: ProjectId) => ['dashboards', id(projectId), 'detail'] as const,
  /** One dashboard's detail (this exact key) and its collaborators and sharing beneath it. */
  dashboard: (projectId: ProjectId, dashboardId: DashboardId) =>
    ['dashboards', id(projectId), 'detail', id(dashboardId)] as const,
  /**
   * A person's exceptions (the person page), one entry per organization and member, built from the
   * cached rows, collaborators and rules: a collaborator, rule or restriction change refreshes them all.
   */
  personAccess: ['person-access'] as const,
  mock: ['mock'] as const,
};

/** Path segment for an id (`@current` and numbers alike); `@` is legal in a path and stays readable. */
export const segment = (value: number | string) => encodeURIComponent(String(value)).replace(/%40/g, '@');
