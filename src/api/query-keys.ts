/**
 * Every query key of the console in one place, shaped as prefixes so one invalidation reaches
 * everything beneath it:
 *
 *   ['organization', 'current']                     ['organization', orgId, 'members']   ['me']
 *   ['projects', 'list', {search}]                  (the project list)
 *   ['project', pid]                                (one project) … , 'activity'  … , 'is-generating-demo-data'
 *   ['dashboards', pid, 'list', {search, pinned}]   ['dashboards', pid, 'detail', did] … , 'collaborators' … , 'sharing'
 *   ['mock', 'info', host]                          ['mock', 'faults']
 *
 * Ids are keyed as strings so `7` from the API and `'7'` from the URL are the same entry.
 */
export type ProjectId = number | string;
export type DashboardId = number | string;

const id = (value: number | string) => String(value);

export interface DashboardListFilters {
  /** Matches name or description (the API's `?search=`); '' for none. */
  search: string;
  /** `true` only pinned, `false` only unpinned, `null` both. */
  pinned: boolean | null;
}

export const organizationKeys = {
  all: ['organization'] as const,
  current: () => ['organization', 'current'] as const,
  members: (organizationId: string) => ['organization', organizationId, 'members'] as const,
};

export const userKeys = {
  me: () => ['me'] as const,
};

export const projectKeys = {
  lists: () => ['projects', 'list'] as const,
  list: (search: string) => ['projects', 'list', { search }] as const,
  /** Prefix of everything about one project (detail, activity, demo-data status). */
  detail: (projectId: ProjectId) => ['project', id(projectId)] as const,
  activity: (projectId: ProjectId) => ['project', id(projectId), 'activity'] as const,
  demoData: (projectId: ProjectId) => ['project', id(projectId), 'is-generating-demo-data'] as const,
};

export const dashboardKeys = {
  /** Prefix of everything about the dashboards of one project. */
  all: (projectId: ProjectId) => ['dashboards', id(projectId)] as const,
  lists: (projectId: ProjectId) => ['dashboards', id(projectId), 'list'] as const,
  list: (projectId: ProjectId, filters: DashboardListFilters) =>
    ['dashboards', id(projectId), 'list', { search: filters.search, pinned: filters.pinned }] as const,
  /** Prefix of everything about one dashboard (detail, collaborators, sharing). */
  detail: (projectId: ProjectId, dashboardId: DashboardId) =>
    ['dashboards', id(projectId), 'detail', id(dashboardId)] as const,
  collaborators: (projectId: ProjectId, dashboardId: DashboardId) =>
    ['dashboards', id(projectId), 'detail', id(dashboardId), 'collaborators'] as const,
  sharing: (projectId: ProjectId, dashboardId: DashboardId) =>
    ['dashboards', id(projectId), 'detail', id(dashboardId), 'sharing'] as const,
};

export const mockKeys = {
  all: ['mock'] as const,
  info: (host: string) => ['mock', 'info', host] as const,
  faults: () => ['mock', 'faults'] as const,
};

/** Path segment for an id (`@current` and numbers alike); `@` is legal in a path and stays readable. */
export const segment = (value: number | string) => encodeURIComponent(String(value)).replace(/%40/g, '@');
