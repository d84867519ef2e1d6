/**
 * The organization's rows of one project (`All dashboards`, `Public links`, and any page that counts
 * the organization's dashboards): the slim row of each dashboard, the cache entry's shape, and the
 * updates that declared changes make to it. Kept apart from the loading (all-dashboards.ts)
 * so the dashboards' mutations update these entries without bringing the loader into their chunk.
 */
import { changed, type Change } from '../../client/changes.ts';
import type { Dashboard, DashboardListItem, ProjectListItem } from '../../../contract/schemas.ts';
import type { ProjectId } from '../../client/query-keys.ts';
import { keyRoots } from '../../client/query-keys.ts';
import { personName } from '../../organization/person-name.ts';

/** A dashboard's creator, once per person (rows share it). */
export interface SlimUser {
  id: number;
  uuid: string;
  email: string;
  /** First and last name, else the email. */
  name: string;
}

/** One dashboard of the organization, as the pages need it. */
export interface OrganizationDashboard {
  /** `<project id>:<dashboard id>`: unique across projects. */
  key: string;
  projectId: number;
  projectName: string;
  id: number;
  name: string | null;
  description: string;
  tags: string[];
  pinned: boolean;
  is_shared: boolean;
  restriction_level: number;
  /** The caller's (37 = can edit), for the bulk actions' up-front refusals. */
  effective_privilege_level: number;
  /** The caller's level in the newer access control (§5.7; null where the backend sends none): edits need `editor` too. */
  user_access_level: string | null;
  last_accessed_at: string | null;
  created_at: string;
  created_by: SlimUser | null;
}

/** What one project's entry holds: its rows so far, the API's count, and whether every page arrived. */
export interface ProjectRows {
  rows: OrganizationDashboard[];
  count: number;
  complete: boolean;
}

export const emptyProjectRows: ProjectRows = { rows: [], count: 0, complete: false };

/** The shape check every update of these entries makes first. */
export const isProjectRows = (data: unknown): data is ProjectRows =>
  !!data &&
  typeof data === 'object' &&
  Array.isArray((data as ProjectRows).rows) &&
  typeof (data as ProjectRows).count === 'number' &&
  typeof (data as ProjectRows).complete === 'boolean';

export const organizationDashboardKey = (projectId: number | string, dashboardId: number | string) => `${projectId}:${dashboardId}`;

/** Interns creators: one object per person, however many dashboards they made. */
export function createUserInterner() {
  const users = new Map<string, SlimUser>();
  return (user: DashboardListItem['created_by']): SlimUser | null => {
    if (!user) return null;
    const known = users.get(user.uuid);
    if (known) return known;
    const name = personName(user);
    const slim: SlimUser = { id: user.id, uuid: user.uuid, email: user.email, name };
    users.set(user.uuid, slim);
    return slim;
  };
}

export function slimDashboard(
  project: Pick<ProjectListItem, 'id' | 'name'>,
  dashboard: DashboardListItem,
  intern: (user: DashboardListItem['created_by']) => SlimUser | null,
): OrganizationDashboard {
  return {
    key: organizationDashboardKey(project.id, dashboard.id),
    projectId: project.id,
    projectName: project.name,
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description ?? '',
    tags: dashboard.tags,
    pinned: dashboard.pinned,
    is_shared: dashboard.is_shared,
    restriction_level: dashboard.restriction_level,
    effective_privilege_level: dashboard.effective_privilege_level,
    user_access_level: dashboard.user_access_level ?? null,
    last_accessed_at: dashboard.last_accessed_at,
    created_at: dashboard.created_at,
    created_by: intern(dashboard.created_by),
  };
}

/** What of an answer (a PATCH's dashboard) a row shows. */
export const rowFields = (answer: Dashboard | DashboardListItem): Partial<OrganizationDashboard> => ({
  name: answer.name,
  description: answer.description ?? '',
  tags: answer.tags,
  pinned: answer.pinned,
  is_shared: answer.is_shared,
  restriction_level: answer.restriction_level,
  effective_privilege_level: answer.effective_privilege_level,
  user_access_level: answer.user_access_level ?? null,
  last_accessed_at: answer.last_accessed_at,
});

/**
 * Changes rows of one entry: `changes` maps a row's key to its new fields (null: it leaves);
 * `added` rows come back (Undo of a delete) when absent. The same entry when nothing changed.
 */
export function changeProjectRows(
  data: ProjectRows,
  changes: ReadonlyMap<string, Partial<OrganizationDashboard> | null>,
  added: ReadonlyArray<OrganizationDashboard> = [],
): ProjectRows {
  let touched = false;
  let removed = 0;
  const rows: OrganizationDashboard[] = [];
  const present = new Set<string>();
  for (const row of data.rows) {
    present.add(row.key);
    if (!changes.has(row.key)) {
      rows.push(row);
      continue;
    }
    touched = true;
    const change = changes.get(row.key);
    if (change) rows.push({ ...row, ...change });
    else removed += 1;
  }
  let restored = 0;
  for (const row of added) {
    if (present.has(row.key)) continue;
    rows.push({ ...row, ...changes.get(row.key) });
    restored += 1;
  }
  if (!touched && restored === 0) return data;
  return { ...data, rows, count: Math.max(0, data.count - removed + restored) };
}

/** A declared change of one dashboard's row in its project's entry (no entry, or another shape: untouched). */
export function rowChanged(projectId: ProjectId, dashboardId: number | string, change: Partial<OrganizationDashboard> | null): Change {
  const key = organizationDashboardKey(projectId, dashboardId);
  return changed.update<ProjectRows>(keyRoots.dashboardRows(projectId), (data) =>
    isProjectRows(data) ? changeProjectRows(data, new Map([[key, change]])) : data,
  );
}
