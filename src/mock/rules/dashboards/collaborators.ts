/** Dashboard collaborators (API.md §5, "Collaborator rules"). */
import { details } from '../../../contract/errors.ts';
import { collaboratorCreateInput, collaboratorLevel, parseInput, restrictionLevels } from '../../../contract/inputs.ts';
import type { Store } from '../../store/db.ts';
import type { CollaboratorRecord, DashboardRecord, ProjectRecord } from '../../store/records.ts';
import { isAdmin } from '../access.ts';
import { failures } from '../failure.ts';
import { isUuid, nowIso, uuid } from '../random.ts';
import { collaboratorJson } from '../serialize.ts';

export function listCollaborators(store: Store, dashboard: DashboardRecord) {
  return store.collaboratorsOf(dashboard.id).map((c) => collaboratorJson(store, c));
}

/**
 * POST collaborators/ (API.md §5.5): the body's fields, then the restriction rule, then the level
 * rule, then the user rules; every rule error has `attr` null. `body` is a JSON object.
 */
export function addCollaborator(
  store: Store,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  body: Record<string, unknown>,
): CollaboratorRecord {
  const parsed = parseInput(collaboratorCreateInput, body);
  if (!parsed.ok) throw failures.field(parsed.error);
  if (dashboard.restriction_level === restrictionLevels.everyoneCanEdit) throw failures.invalid(details.collaboratorsOnLowestLevel);
  if (parsed.data.level !== collaboratorLevel) throw failures.invalid(details.onlyEditAccess);
  const user = store.userByUuid(parsed.data.user_uuid);
  if (!user) throw failures.invalid(details.userDoesNotExist);
  if (!store.membershipOf(project.organization_id, user.id)) throw failures.invalid(details.userHasNoAccess);
  if (dashboard.created_by === user.id || isAdmin(store, user, project.organization_id)) {
    throw failures.invalid(details.userHasInherentAccess);
  }
  if (store.isCollaborator(dashboard.id, user.id)) throw failures.invalid(details.userAlreadyCollaborator);

  const now = nowIso();
  const collaborator: CollaboratorRecord = {
    id: uuid(),
    dashboard_id: dashboard.id,
    user_id: user.id,
    level: 37,
    added_at: now,
    updated_at: now,
  };
  // Collaborator changes are not logged (production logs none).
  store.addCollaborator(collaborator);
  return collaborator;
}

/** `:user_uuid` of a collaborator of the dashboard; anyone else is 404 `Not found.`. */
export function findCollaborator(store: Store, dashboard: DashboardRecord, userUuid: string): CollaboratorRecord {
  const user = isUuid(userUuid) ? store.userByUuid(userUuid) : undefined;
  const collaborator = user ? store.collaboratorsOf(dashboard.id).find((c) => c.user_id === user.id) : undefined;
  if (!collaborator) throw failures.notFound();
  return collaborator;
}

/** DELETE collaborators/:user_uuid/ after the privilege and 404 checks. */
export function removeCollaborator(store: Store, dashboard: DashboardRecord, collaborator: CollaboratorRecord): void {
  if (dashboard.restriction_level === restrictionLevels.everyoneCanEdit) throw failures.invalid(details.removeCollaboratorsOnLowestLevel);
  store.removeCollaborator(collaborator);
}
