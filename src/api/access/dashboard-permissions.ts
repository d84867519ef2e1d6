/**
 * The dashboard-level answers (Overview, Collaborators, Sharing, Access), apart from
 * authorization.ts so that the rules' reading and the verdict load with the dashboard pages only,
 * not with the first page.
 */
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../contract/schemas.ts';
import { useCallerAccessReason } from './access-controls.ts';
import { useAuthorization } from './authorization.ts';
import { personalApiKeyQueries } from './key-access-queries.ts';
import type { ProjectId } from '../client/query-keys.ts';

export function useDashboardPermissions(projectId: ProjectId, dashboard: Dashboard) {
  const key = useQuery(personalApiKeyQueries.current());
  // Where the caller's level holds them to viewing, the reason names the rule that decided it.
  const accessReason = useCallerAccessReason(projectId, dashboard, key.data ? key.data.scopes : key.isError ? null : undefined);
  const { refusal: why } = useAuthorization({ projectId, dashboard, accessReason });
  return {
    /** Change the dashboard or its collaborators (PATCH, add, remove). */
    edit: why('editDashboard'),
    /** Change `Who can edit` (restriction level). */
    restrict: why('restrictDashboard'),
    /** Change sharing (toggle, rotate, passwords). */
    share: why('editSharing'),
    moveTile: why('moveTile'),
  };
}
