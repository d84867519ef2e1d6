/** Who is calling and what they may touch: the key, its scopes, memberships, and the objects in the path. */
import { details } from '../../contract/errors.ts';
import { scopeGranted, type RequiredScope } from '../../contract/scopes.ts';
import type { Store } from '../store/db.ts';
import type { ApiKeyRecord, DashboardRecord, MemberLevel, OrganizationRecord, ProjectRecord, UserRecord } from '../store/records.ts';
import { accessLevelOf, accessSubject, atLeast } from './access-control.ts';
import { failures } from './failure.ts';
import { parseId } from './random.ts';
import { restrictionLevels } from '../../contract/inputs.ts';

export interface Principal {
  key: ApiKeyRecord;
  user: UserRecord;
}

const bearer = /^Bearer\s+(\S+)\s*$/i;

/** The key owner for an `Authorization` header, or a failure (no credentials, or an unknown key). */
export function authenticate(store: Store, header: string | null): Principal {
  const match = header ? bearer.exec(header.trim()) : null;
  if (!match) throw failures.unauthenticated();
  const key = store.keyByValue(match[1]!);
  const user = key ? store.user(key.user_id) : undefined;
  // A deactivated user's keys no longer work (production's authentication checks `is_active`).
  if (!key || !user || user.is_active === false) throw failures.badCredentials();
  return { key, user };
}

export function requireScope(principal: Principal, scope: RequiredScope): void {
  if (!scopeGranted(principal.key.scopes, scope)) throw failures.missingScope(scope);
}

export function levelIn(store: Store, user: UserRecord, organizationId: string): MemberLevel | null {
  return store.membershipOf(organizationId, user.id)?.level ?? null;
}

/** Level 8 or more in the organization: admin of all its projects. */
export function isAdmin(store: Store, user: UserRecord, organizationId: string): boolean {
  return (levelIn(store, user, organizationId) ?? 0) >= 8;
}

/** The key owner's current organization: the one they chose, else the first they belong to. */
export function currentOrganization(store: Store, user: UserRecord): OrganizationRecord | undefined {
  const chosen = user.current_organization_id ? store.organization(user.current_organization_id) : undefined;
  if (chosen && store.membershipOf(chosen.id, user.id)) return chosen;
  return store.organizationsOf(user.id)[0];
}

/** The key owner's current project: the one they chose, else the first of their current organization. */
export function currentProject(store: Store, user: UserRecord): ProjectRecord | undefined {
  const chosen = user.current_project_id !== null ? store.project(user.current_project_id) : undefined;
  if (chosen && store.membershipOf(chosen.organization_id, user.id)) return chosen;
  const organization = currentOrganization(store, user);
  return organization ? store.projectsOf(organization.id)[0] : undefined;
}

/** `:organization_id` as written: `@current` (the key owner's) or any organization's UUID; else undefined. */
export function findOrganization(store: Store, principal: Principal, param: string): OrganizationRecord | undefined {
  return param === '@current' ? currentOrganization(store, principal.user) : store.organization(param.toLowerCase());
}

/** `:project_id` as written: `@current` (the key owner's) or any project's id; else undefined. */
export function findProject(store: Store, principal: Principal, param: string): ProjectRecord | undefined {
  if (param === '@current') return currentProject(store, principal.user);
  const id = parseId(param);
  return id === null ? undefined : store.project(id);
}

export const isMember = (store: Store, principal: Principal, organizationId: string): boolean =>
  store.membershipOf(organizationId, principal.user.id) !== undefined;

/** The organization of `/api/organizations/:id/` itself: another organization or an unknown id is 404 `Not found.`. */
export function resolveOrganization(store: Store, principal: Principal, param: string): OrganizationRecord {
  const organization = findOrganization(store, principal, param);
  if (!organization || !isMember(store, principal, organization.id)) throw failures.notFound();
  return organization;
}

/**
 * The project of a nested path (a dashboard route, the activity log): checked by the pipeline
 * (404 `Project not found.` before the scope, 403 after it), so here it exists and is the caller's.
 */
export function resolveProject(store: Store, principal: Principal, param: string): ProjectRecord {
  const project = findProject(store, principal, param);
  if (!project) throw failures.projectNotFound();
  if (!isMember(store, principal, project.organization_id)) throw failures.forbidden(details.noProjectAccess);
  return project;
}

/**
 * The project of `/api/projects/:id/` or `/api/organizations/:org/projects/:id/`: unknown, of
 * another organization, or not under `organization`: 404 `Not found.`.
 */
export function resolveOwnProject(
  store: Store,
  principal: Principal,
  param: string,
  organization?: OrganizationRecord,
): ProjectRecord {
  const project = findProject(store, principal, param);
  if (!project || !isMember(store, principal, project.organization_id)) throw failures.notFound();
  if (organization && project.organization_id !== organization.id) throw failures.notFound();
  return project;
}

/** `:dashboard_id` within the project; deleted ones are not found unless `includeDeleted`. */
export function resolveDashboard(
  store: Store,
  project: ProjectRecord,
  param: string,
  includeDeleted = false,
): DashboardRecord {
  const id = parseId(param);
  const dashboard = id === null ? undefined : store.dashboard(id);
  if (!dashboard || dashboard.project_id !== project.id || (dashboard.deleted && !includeDeleted)) {
    throw failures.dashboardNotFound();
  }
  return dashboard;
}

export const canEdit = 37;
export const canView = 21;

/** What the user may do on the dashboard: 37 edit (restriction 21, creator, admin, collaborator), else 21 view. */
export function privilegeLevel(store: Store, user: UserRecord, dashboard: DashboardRecord, admin: boolean): 21 | 37 {
  if (admin || dashboard.restriction_level === restrictionLevels.everyoneCanEdit || dashboard.created_by === user.id) return canEdit;
  return store.isCollaborator(dashboard.id, user.id) ? canEdit : canView;
}

/**
 * Editing a dashboard (API.md §5.4) needs both layers, in this order: the access level (§5.7)
 * `editor` or `manager` (403 `You do not have editor access to this resource.`), then
 * `effective_privilege_level` 37 (403 `You don't have edit permissions for this dashboard.`).
 */
export function requireEdit(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): void {
  const subject = accessSubject(store, principal.user, project.organization_id);
  if (!atLeast(accessLevelOf(store, subject, dashboard), 'editor')) throw failures.forbidden(details.noEditorAccess);
  if (privilegeLevel(store, principal.user, dashboard, subject.admin) !== canEdit) throw failures.forbidden(details.noEditPermission);
}

/** Reading a dashboard (its GET, collaborators, sharing, rules, `users_with_access`) needs `viewer` (§5.4). */
export function requireView(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): void {
  const subject = accessSubject(store, principal.user, project.organization_id);
  if (accessLevelOf(store, subject, dashboard) === 'none') throw failures.forbidden(details.noViewerAccess);
}
