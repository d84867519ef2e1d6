/**
 * The newer access control (API.md §5.7): a person's level on a dashboard (`none` < `viewer` <
 * `editor` < `manager`) from the dashboard's rules, "highest wins"; who may change the rules; the
 * rules' writes (PUT access_controls/) and `users_with_access`. The older layer (restriction and
 * collaborators, §5.4) is ./access.ts; both apply to every edit.
 */
import { details } from '../../contract/errors.ts';
import { accessLevelRank, accessLevels, higherAccessLevel, type AccessLevel, type AccessSource } from '../../contract/access-control.ts';
import type { Store } from '../store/db.ts';
import type { AccessControlRecord, DashboardRecord, MemberRecord, ProjectRecord, UserRecord } from '../store/records.ts';
import { recordDashboardActivity } from './activity.ts';
import { failures } from './failure.ts';
import { nowIso, uuid } from './random.ts';

/** A dashboard's level for everyone when it has no rule for everyone (production's `default_access_level`). */
export const defaultAccessLevel: AccessLevel = 'editor';

/** Who is asked about: a user and their membership of the dashboard's organization (if any). */
export interface AccessSubject {
  userId: number;
  /** The membership's id (what a member's own rule names), or null for someone outside the organization. */
  memberId: string | null;
  /** Level 8 or more in the dashboard's organization. */
  admin: boolean;
}

export function accessSubject(store: Store, user: UserRecord, organizationId: string): AccessSubject {
  const membership = store.membershipOf(organizationId, user.id);
  return { userId: user.id, memberId: membership?.id ?? null, admin: (membership?.level ?? 0) >= 8 };
}

/**
 * The level the rules give a member (step 2 of §5.7): the highest of their own rule and the rule
 * for everyone (`editor` without one). Their own rule can raise them, never lower them.
 */
export function levelFromRules(rules: ReadonlyArray<AccessControlRecord>, memberId: string | null): AccessLevel {
  let everyone = defaultAccessLevel;
  let own: AccessLevel | null = null;
  for (const rule of rules) {
    if (rule.organization_member_id === null) everyone = rule.access_level;
    else if (memberId !== null && rule.organization_member_id === memberId) own = rule.access_level;
  }
  return own === null ? everyone : higherAccessLevel(own, everyone);
}

/** The subject's level on the dashboard (§5.7): `manager` for its creator and admins, else the rules'. */
export function accessLevelOf(store: Store, subject: AccessSubject, dashboard: DashboardRecord): AccessLevel {
  if (subject.admin || dashboard.created_by === subject.userId) return 'manager';
  return levelFromRules(store.accessControlsOf(dashboard.id), subject.memberId);
}

export const atLeast = (level: AccessLevel, required: AccessLevel) => accessLevelRank(level) >= accessLevelRank(required);

/** `user_can_edit_access_levels`: the creator, an organization admin or owner, or a `manager` by the rules. */
export function canEditAccessLevels(store: Store, subject: AccessSubject, dashboard: DashboardRecord): boolean {
  return accessLevelOf(store, subject, dashboard) === 'manager';
}

/** What decided a member's level, as `users_with_access` names it (production's order of checks). */
function accessSourceOf(store: Store, member: MemberRecord, dashboard: DashboardRecord): AccessSource {
  if (dashboard.created_by === member.user_id) return 'creator';
  if (member.level >= 8) return 'organization_admin';
  if (store.accessControlsOf(dashboard.id).some((rule) => rule.organization_member_id === member.id)) return 'explicit_member';
  return 'default';
}

/**
 * The project's dashboards the subject's level leaves out of their lists (`none`, §5.4): only
 * dashboards with rules can be at `none`, so this reads the rules, not every dashboard.
 */
export function dashboardsAtNone(store: Store, subject: AccessSubject, project: ProjectRecord): ReadonlySet<number> {
  const hidden = new Set<number>();
  if (subject.admin) return hidden;
  for (const [dashboardId, rules] of store.dashboardsWithRules()) {
    const dashboard = store.dashboard(dashboardId);
    if (!dashboard || dashboard.project_id !== project.id || dashboard.created_by === subject.userId) continue;
    if (levelFromRules(rules, subject.memberId) === 'none') hidden.add(dashboardId);
  }
  return hidden;
}

/** One rule as the API shows it (29, 30), in the order API.md §5.7 lists its fields. */
export function accessControlJson(rule: AccessControlRecord) {
  return {
    id: rule.id,
    access_level: rule.access_level,
    resource: 'dashboard',
    resource_id: String(rule.dashboard_id),
    organization_member: rule.organization_member_id,
    role: null,
    created_by: rule.created_by,
    created_at: rule.created_at,
    updated_at: rule.updated_at,
  };
}

/** GET access_controls/ (29). */
export function accessControlsAnswer(store: Store, subject: AccessSubject, dashboard: DashboardRecord) {
  const level = accessLevelOf(store, subject, dashboard);
  return {
    access_controls: store.accessControlsOf(dashboard.id).map(accessControlJson),
    available_access_levels: [...accessLevels],
    default_access_level: defaultAccessLevel,
    minimum_access_level: 'none',
    user_access_level: level,
    user_can_edit_access_levels: level === 'manager',
  };
}

/**
 * PUT access_controls/ (30) once the caller may edit the rules and the body's fields passed: the
 * member must exist (`attr "organization_member"`) and belong to the project's organization
 * (`attr null`); then the rule is set, replaced or (level null) removed. Each change logs
 * `access control changed`. The rule, or null when none is left.
 */
export function putAccessControl(
  store: Store,
  user: UserRecord,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  input: { access_level: AccessLevel | null; organization_member?: string | null },
): AccessControlRecord | null {
  const memberId = input.organization_member ?? null;
  if (memberId !== null) {
    const member = store.member(memberId);
    if (!member) throw failures.invalid(details.invalidPk(memberId), 'organization_member');
    if (member.organization_id !== project.organization_id) throw failures.invalid(details.memberOfOtherOrganization);
  }
  const existing = store.accessControlsOf(dashboard.id).find((rule) => rule.organization_member_id === memberId);
  const before = existing?.access_level ?? null;
  const after = input.access_level;
  const now = nowIso();
  let rule: AccessControlRecord | null = null;
  if (after === null) {
    if (existing) store.removeAccessControl(existing);
  } else if (existing) {
    store.updateAccessControl(existing, { access_level: after, updated_at: now });
    rule = existing;
  } else {
    rule = {
      id: uuid(),
      dashboard_id: dashboard.id,
      organization_member_id: memberId,
      access_level: after,
      // Production's access-control view saves rules without their author.
      created_by: null,
      created_at: now,
      updated_at: now,
    };
    store.addAccessControl(rule);
  }
  if (before !== after) {
    recordDashboardActivity(store, {
      project,
      user,
      dashboard,
      activity: 'access control changed',
      changes: [{ type: 'Dashboard', action: 'changed', field: 'access_level', before, after }],
    });
  }
  return rule;
}

/** One person of `users_with_access` (31). */
export interface UserWithAccess {
  user_id: string;
  access_level: AccessLevel;
  access_source: AccessSource;
  organization_membership_id: string;
  organization_membership_level: 'member' | 'admin' | 'owner';
}

const membershipLevelName = (level: number): UserWithAccess['organization_membership_level'] =>
  level >= 15 ? 'owner' : level >= 8 ? 'admin' : 'member';

/**
 * GET users_with_access/ (31): every active member whose level is not `none`, highest level first;
 * ties by the user's UUID, descending (as production sorts them). Knows nothing of the restriction.
 */
export function usersWithAccess(store: Store, project: ProjectRecord, dashboard: DashboardRecord) {
  const users: UserWithAccess[] = [];
  for (const member of store.membersOf(project.organization_id)) {
    const user = store.user(member.user_id);
    if (!user) continue;
    const level = accessLevelOf(store, { userId: user.id, memberId: member.id, admin: member.level >= 8 }, dashboard);
    if (level === 'none') continue;
    users.push({
      user_id: user.uuid,
      access_level: level,
      access_source: accessSourceOf(store, member, dashboard),
      organization_membership_id: member.id,
      organization_membership_level: membershipLevelName(member.level),
    });
  }
  users.sort((a, b) => accessLevelRank(b.access_level) - accessLevelRank(a.access_level) || (a.user_id < b.user_id ? 1 : a.user_id > b.user_id ? -1 : 0));
  return { users, total_count: users.length };
}
