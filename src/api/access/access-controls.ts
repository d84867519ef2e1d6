/**
 * A dashboard's access rules and production's `users_with_access` (API.md §5.7, #29–31): the
 * queries and the one mutation that sets (or removes) a rule.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  accessControlSchema,
  accessControlsSchema,
  usersWithAccessSchema,
  type AccessControl,
  type AccessControls,
  type AccessLevel,
  type UsersWithAccess,
} from '../../contract/access-control.ts';
import { scopeGranted } from '../../contract/scopes.ts';
import { accessVerdicts, viewerReason } from './access-verdict.ts';
import { changed, type Change } from '../client/changes.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { userQueries } from '../organization/organization.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../organization/about.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from '../client/query-keys.ts';

const dashboardPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/`;

export function fetchAccessControls(projectId: ProjectId, dashboardId: DashboardId, call: ApiCall): Promise<AccessControls> {
  return apiRequest(call, {
    endpoint: 'accessControls.get',
    path: `${dashboardPath(projectId, dashboardId)}access_controls/`,
    schema: accessControlsSchema,
  });
}

export function fetchUsersWithAccess(projectId: ProjectId, dashboardId: DashboardId, call: ApiCall): Promise<UsersWithAccess> {
  return apiRequest(call, {
    endpoint: 'accessControls.usersWithAccess',
    path: `${dashboardPath(projectId, dashboardId)}users_with_access/`,
    schema: usersWithAccessSchema,
  });
}

/** What `Everyone else` or `Access for <email>` sends: a level, or null to remove the rule (`Default`). */
export interface AccessRuleChange {
  /** The member's id (§4.10); null for the rule for everyone. */
  organizationMember: string | null;
  accessLevel: AccessLevel | null;
}

/** PUT the rule; the answer is the rule, or nothing (204) when it was removed. */
export async function putAccessControl(
  projectId: ProjectId,
  dashboardId: DashboardId,
  change: AccessRuleChange,
  call: ApiCall,
): Promise<AccessControl | null> {
  const path = `${dashboardPath(projectId, dashboardId)}access_controls/`;
  const body = { access_level: change.accessLevel, organization_member: change.organizationMember };
  if (change.accessLevel === null) {
    await apiRequest(call, { endpoint: 'accessControls.update', method: 'PUT', path, body });
    return null;
  }
  return apiRequest(call, { endpoint: 'accessControls.update', method: 'PUT', path, body, schema: accessControlSchema });
}

export const accessControlQueries = {
  /** The dashboard's rules, the levels, and whether the caller may change them (#29). */
  rules: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'access-controls'] as const,
      queryFn: (call) => fetchAccessControls(projectId, dashboardId, call),
    }),
  /** Production's answer of who has access (#31): it knows nothing of the restriction. */
  usersWithAccess: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'users-with-access'] as const,
      queryFn: (call) => fetchUsersWithAccess(projectId, dashboardId, call),
    }),
};

/**
 * A rule changed: the dashboard's rules (the rule replaced in the cached answer at once, so every
 * row it affects redraws), who has access, the dashboard itself (the caller's `user_access_level`),
 * the project's lists (a dashboard at `none` leaves them), the organization's rows (they carry
 * `user_access_level` too), the activity log (the dashboard's History, the project's Activity: the
 * change is logged) and the people's exceptions.
 */
function ruleChanged(projectId: ProjectId, dashboardId: DashboardId, change: AccessRuleChange, rule: AccessControl | null): Change[] {
  const rules = accessControlQueries.rules(projectId, dashboardId).queryKey;
  return [
    changed.update<AccessControls>(rules, (data) => {
      if (!data) return data;
      const others = data.access_controls.filter((r) => (r.organization_member ?? null) !== change.organizationMember || !!r.role);
      return { ...data, access_controls: rule ? [...others, rule] : others };
    }),
    changed.refresh(rules),
    changed.refresh(accessControlQueries.usersWithAccess(projectId, dashboardId).queryKey),
    changed.refresh(keyRoots.dashboard(projectId, dashboardId), { exact: true }),
    changed.refresh(keyRoots.dashboardLists(projectId)),
    changed.refresh(keyRoots.dashboardRows(projectId)),
    changed.refresh(keyRoots.activityLog(projectId)),
    changed.refresh(keyRoots.personAccess),
  ];
}

export function useSetAccessRule(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (change: AccessRuleChange, call) => putAccessControl(projectId, dashboardId, change, call),
    meta: {
      changes: (rule: AccessControl | null, change: AccessRuleChange) => ruleChanged(projectId, dashboardId, change, rule),
    },
  });
}

/** Whether `scopes` lets a key read rules: `undefined` while the key's scopes load, true where they cannot be known (the API decides). */
export function mayReadRules(scopes: ReadonlyArray<string> | null | undefined): boolean | undefined {
  if (scopes === undefined) return undefined;
  return scopes === null || scopeGranted(scopes, 'access_control:read');
}

/**
 * Why the caller's level holds them below `editor` on `dashboard`, in the verdict's words
 * (`You can view this dashboard by the rule for everyone.`), once the rules, the members and the
 * caller are known; null until then, and whenever the level lets them edit (nothing is fetched then).
 */
export function useCallerAccessReason(
  projectId: ProjectId,
  dashboard: { id: number; user_access_level?: string | null; restriction_level: number; created_by: { uuid: string } | null } | null,
  scopes: ReadonlyArray<string> | null | undefined,
): string | null {
  const level = dashboard?.user_access_level;
  const below = !!dashboard && !!level && level !== 'editor' && level !== 'manager';
  const readable = below && mayReadRules(scopes) === true;
  const rules = useQuery({ ...accessControlQueries.rules(projectId, dashboard?.id ?? ''), enabled: readable });
  // The dashboard's organization (its project's) judges: its members and its features.
  const about = useOrganizationAbout({ dashboard: { projectId } });
  const members = useOrganizationMembers(about, readable);
  const me = useQuery({ ...userQueries.me(), enabled: readable });
  if (!readable || !dashboard || !rules.data || !members.data || !me.data) return null;
  const mine = members.data.find((m) => m.user.uuid === me.data.uuid);
  if (!mine) return null;
  const [verdict] = accessVerdicts({
    members: [mine],
    dashboard,
    collaborators: [],
    rules: rules.data.access_controls.map((r) => ({
      access_level: r.access_level ?? '',
      organization_member: r.organization_member ?? null,
      role: r.role ?? null,
    })),
    usersWithAccess: null,
    features: about.features,
  });
  // The rules as read must agree with the level the dashboard gave: else the generic sentence stands.
  return verdict && verdict.level === level ? viewerReason(verdict) : null;
}
