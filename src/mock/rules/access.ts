/** Who is calling and what they may touch: the key, its scopes, memberships, and the objects in the path. */
import { details } from '../../contract/errors.ts';
import { scopeGranted, type Scope } from '../../contract/scopes.ts';
import type {
  ApiKeyRecord,
  DashboardRecord,
  MemberLevel,
  OrganizationRecord,
  ProjectRecord,
  Store,
  UserRecord,
} from '../db.ts';
import { problems } from './problem.ts';
import { parseId } from './random.ts';

export interface Principal {
  key: ApiKeyRecord;
  user: UserRecord;
}

const bearer = /^Bearer\s+(\S+)\s*$/i;

/** The key owner for an `Authorization` header, or a 401 problem. */
export function authenticate(store: Store, header: string | null): Principal {
  const match = header ? bearer.exec(header.trim()) : null;
  if (!match) throw problems.notAuthenticated();
  const key = store.keyByValue(match[1]!);
  const user = key ? store.user(key.user_id) : undefined;
  if (!key || !user) throw problems.authenticationFailed();
  return { key, user };
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (!scopeGranted(principal.key.scopes, scope)) throw problems.missingScope(scope);
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

/** `:organization_id`: `@current` or the UUID of an organization the key owner belongs to; else 404. */
export function resolveOrganization(store: Store, principal: Principal, param: string): OrganizationRecord {
  const organization =
    param === '@current' ? currentOrganization(store, principal.user) : store.organization(param.toLowerCase());
  if (!organization || !store.membershipOf(organization.id, principal.user.id)) throw problems.notFound();
  return organization;
}

/** `:project_id`: `@current` or the id of a project the key owner can see (within `organization` if given); else 404. */
export function resolveProject(
  store: Store,
  principal: Principal,
  param: string,
  organization?: OrganizationRecord,
): ProjectRecord {
  let project: ProjectRecord | undefined;
  if (param === '@current') project = currentProject(store, principal.user);
  else {
    const id = parseId(param);
    project = id === null ? undefined : store.project(id);
  }
  if (!project || !store.membershipOf(project.organization_id, principal.user.id)) throw problems.projectNotFound();
  if (organization && project.organization_id !== organization.id) throw problems.projectNotFound();
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
    throw problems.dashboardNotFound();
  }
  return dashboard;
}

export const canEdit = 37;
export const canView = 21;

/** What the user may do on the dashboard: 37 edit (restriction 21, creator, admin, collaborator), else 21 view. */
export function privilegeLevel(store: Store, user: UserRecord, dashboard: DashboardRecord, admin: boolean): 21 | 37 {
  if (admin || dashboard.restriction_level === 21 || dashboard.created_by === user.id) return canEdit;
  return store.isCollaborator(dashboard.id, user.id) ? canEdit : canView;
}

export function requireEdit(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): void {
  const admin = isAdmin(store, principal.user, project.organization_id);
  if (privilegeLevel(store, principal.user, dashboard, admin) !== canEdit) throw problems.forbidden(details.noEditPermission);
}
