/** A dashboard's collaborators (API.md §5 #3–5): a plain array, oldest first. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { changed, type Change } from '../client/changes.ts';
import { collaboratorLevel } from '../../contract/inputs.ts';
import { collaboratorListSchema, collaboratorSchema, type Collaborator } from '../../contract/dashboard-sharing.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from '../client/query-keys.ts';

const collaboratorsPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/collaborators/`;

export function fetchCollaborators(
  projectId: ProjectId,
  dashboardId: DashboardId,
  call: ApiCall,
): Promise<Collaborator[]> {
  return apiRequest(call, {
    endpoint: 'collaborators.list',
    path: collaboratorsPath(projectId, dashboardId),
    schema: collaboratorListSchema,
  });
}

/** Adds an organization member with edit access (level 37, the only level the API accepts). */
export function addCollaborator(
  projectId: ProjectId,
  dashboardId: DashboardId,
  userUuid: string,
  call: ApiCall,
): Promise<Collaborator> {
  return apiRequest(call, {
    endpoint: 'collaborators.add',
    method: 'POST',
    path: collaboratorsPath(projectId, dashboardId),
    body: { user_uuid: userUuid, level: collaboratorLevel },
    schema: collaboratorSchema,
  });
}

export function removeCollaborator(
  projectId: ProjectId,
  dashboardId: DashboardId,
  userUuid: string,
  call: ApiCall,
): Promise<void> {
  return apiRequest(call, {
    endpoint: 'collaborators.remove',
    method: 'DELETE',
    path: `${collaboratorsPath(projectId, dashboardId)}${segment(userUuid)}/`,
  });
}

export const collaboratorQueries = {
  list: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'collaborators'] as const,
      queryFn: (call) => fetchCollaborators(projectId, dashboardId, call),
    }),
};

/**
 * The collaborator list as the API answered, then the dashboard itself (not its sub-queries: the
 * caller's privilege changes when they remove themselves), the project's lists (their privilege
 * column), its rows in the organization's pages (the bulk actions' refusals read the privilege) and
 * the people's exceptions.
 */
const collaboratorsChanged = (
  projectId: ProjectId,
  dashboardId: DashboardId,
  update: (list: Collaborator[] | undefined) => Collaborator[] | undefined,
): Change[] => [
  changed.update<Collaborator[]>(collaboratorQueries.list(projectId, dashboardId).queryKey, update),
  changed.refresh(collaboratorQueries.list(projectId, dashboardId).queryKey),
  changed.refresh(keyRoots.dashboard(projectId, dashboardId), { exact: true }),
  changed.refresh(keyRoots.dashboardLists(projectId)),
  changed.refresh(keyRoots.dashboardRows(projectId)),
  // Whom it is an exception for (the person page) follows the list.
  changed.refresh(keyRoots.personAccess),
];

/** Variables: the user's `uuid`. The new collaborator is appended to the cached list. */
export function useAddCollaborator(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (userUuid: string, call) => addCollaborator(projectId, dashboardId, userUuid, call),
    meta: {
      changes: (collaborator: Collaborator) =>
        collaboratorsChanged(projectId, dashboardId, (list) =>
          Array.isArray(list) ? [...list.filter((c) => c.user.uuid !== collaborator.user.uuid), collaborator] : list,
        ),
    },
  });
}

/** Variables: the user's `uuid`. The collaborator leaves the cached list. */
export function useRemoveCollaborator(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (userUuid: string, call) => removeCollaborator(projectId, dashboardId, userUuid, call),
    meta: {
      changes: (_data: void, userUuid: string) =>
        collaboratorsChanged(projectId, dashboardId, (list) => (Array.isArray(list) ? list.filter((c) => c.user.uuid !== userUuid) : list)),
    },
  });
}
