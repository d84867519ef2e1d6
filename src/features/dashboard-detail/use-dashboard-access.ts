/**
 * What the person may do on a dashboard, known before trying: the dashboard's own
 * `effective_privilege_level`, the key's scopes when the backend is the bundled mock (it publishes
 * its demo keys' scopes), and whether they are its creator or an admin. Each answer is the reason
 * a control is disabled, or null when it is allowed or unknown (then the API's answer decides).
 */
import { useQuery } from '@tanstack/react-query';
import { useKeyScopes } from '../../api/mock.ts';
import { organizationQueries, userQueries } from '../../api/organization.ts';
import { memberLevels, type Dashboard } from '../../contract/schemas.ts';
import { scopeGranted, type Scope } from '../../contract/scopes.ts';

const CAN_EDIT = 37;

export const reasons = {
  viewOnly: 'Only invited collaborators can edit this dashboard. You can view it, but not change it.',
  restrictionRights: "Only the dashboard's creator and organization admins can change who can edit it.",
  missingScope: (scope: Scope, action: string) => `This API key cannot ${action}: it lacks the ${scope} scope.`,
};

/** True: creator or admin; false: known to be neither; null: unknown (e.g. the key may not read the user). */
export function useRestrictionRights(dashboard: Dashboard): boolean | null {
  const me = useQuery(userQueries.me());
  const organization = useQuery(organizationQueries.current());
  const level = organization.data?.membership_level ?? null;
  if (level !== null && level >= memberLevels.admin) return true;
  const creator = dashboard.created_by;
  if (me.data && creator && (me.data.uuid === creator.uuid || me.data.id === creator.id)) return true;
  if (me.data && level !== null) return false;
  return null;
}

export interface DashboardAccess {
  /** Why the person cannot change the dashboard or its collaborators (PATCH, add, remove). */
  edit: string | null;
  /** Why the person cannot change sharing (toggle, rotate). */
  share: string | null;
  /** Why the person cannot change `Who can edit` (restriction level). */
  restrict: string | null;
}

export function useDashboardAccess(dashboard: Dashboard): DashboardAccess {
  const scopes = useKeyScopes();
  const rights = useRestrictionRights(dashboard);
  const viewOnly = dashboard.effective_privilege_level < CAN_EDIT ? reasons.viewOnly : null;
  const lacks = (scope: Scope, action: string) =>
    scopes && !scopeGranted(scopes, scope) ? reasons.missingScope(scope, action) : null;
  const edit = viewOnly ?? lacks('dashboard:write', 'change dashboards');
  return {
    edit,
    share: viewOnly ?? lacks('sharing_configuration:write', 'change sharing'),
    restrict: edit ?? (rights === false ? reasons.restrictionRights : null),
  };
}
