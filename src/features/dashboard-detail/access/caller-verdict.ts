/** The Access tab's verdict text on the caller: why rules cannot be changed here, and what this key may do. */
import { rulesUnsupported, type AccessInputs, type Verdict } from '../../../api/access/access-verdict.ts';
import { reasons } from '../../../api/access/authorization.ts';
import { scopeGranted } from '../../../contract/scopes.ts';

/** Why the caller cannot change the rules here (the key, the rules unread, the feature, their level), or null. */
export function rulesRefusal(
  scopes: ReadonlyArray<string> | null | undefined,
  rulesUnread: boolean,
  rules: { user_can_edit_access_levels: boolean } | undefined,
  features: AccessInputs['features'],
): string | null {
  return scopes === undefined
    ? reasons.checking
    : scopes && !scopeGranted(scopes, 'access_control:write')
      ? reasons.missingScope('change access rules', 'access_control:write')
      : rulesUnread
        ? 'The rules could not be read, so they cannot be changed here.'
        : !rules
          ? reasons.checking
          : rulesUnsupported(features)
            ? 'Access rules need the organization’s Advanced permissions feature.'
            : !rules.user_can_edit_access_levels
              ? 'Only the dashboard’s creator, organization admins and people who can manage it can change its rules.'
              : null;
}

/** The last line above the table: what this key may do here, and when not, why. */
export function callerKeyLine(
  scopes: ReadonlyArray<string> | null | undefined,
  editRefusal: string | null,
  mine: Verdict | undefined,
  rulesReason: string | null,
): string {
  if (scopes === undefined) return 'Checking what your key may do here…';
  if (scopes && !scopeGranted(scopes, 'dashboard:write')) return 'Your key can view this dashboard but not change it: it lacks dashboard:write.';
  if (editRefusal === reasons.checking) return 'Checking what your key may do here…';
  if (editRefusal) {
    const why = mine && mine.access === 'viewer' ? `${mine.why}.` : editRefusal;
    return `Your key can view this dashboard but not change it. ${why}`;
  }
  if (rulesReason === null) return 'Your key can edit this dashboard and change who has access to it.';
  if (rulesReason === reasons.checking) return 'Your key can edit this dashboard.';
  return `Your key can edit this dashboard but not change its rules. ${rulesReason}`;
}
