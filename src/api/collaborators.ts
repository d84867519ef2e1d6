/** A dashboard's collaborators (API.md §5 #3–5): a plain array, oldest first. */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { collaboratorLevel } from '../contract/inputs.ts';
import { collaboratorListSchema, collaboratorSchema, type Collaborator } from '../contract/schemas.ts';
import { apiRequest } from './http.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from './query-keys.ts';

const collaboratorsPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/collaborators/`;

export function fetchCollaborators(
  projectId: ProjectId,
  dashboardId: DashboardId,
  signal?: AbortSignal,
): Promise<Collaborator[]> {
  return apiRequest({
    endpoint: 'collaborators.list',
    path: collaboratorsPath(projectId, dashboardId),
    signal,
    schema: collaboratorListSchema,
  });
}

/** Adds an organization member with edit access (level 37, the only level the API accepts). */
export function addCollaborator(
  projectId: ProjectId,
  dashboardId: DashboardId,
  userUuid: string,
  signal?: AbortSignal,
): Promise<Collaborator> {
  return apiRequest({
    endpoint: 'collaborators.add',
    method: 'POST',
    path: collaboratorsPath(projectId, dashboardId),
    body: { user_uuid: userUuid, level: collaboratorLevel },
    signal,
    schema: collaboratorSchema,
  });
}

export function removeCollaborator(
  projectId: ProjectId,
  dashboardId: DashboardId,
  userUuid: string,
  signal?: AbortSignal,
): Promise<void> {
  return apiRequest({
    endpoint: 'collaborators.remove',
    method: 'DELETE',
    path: `${collaboratorsPath(projectId, dashboardId)}${segment(userUuid)}/`,
    signal,
  });
}

export const collaboratorQueries = {
  list: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'collaborators'] as const,
      queryFn: ({ signal }) => fetchCollaborators(projectId, dashboardId, signal),
    }),
};

/** Refetches the dashboard itself (not its sub-queries): the caller's privilege changes when they remove themselves. */
function refreshDashboard(queryClient: QueryClient, projectId: ProjectId, dashboardId: DashboardId) {
  void queryClient.invalidateQueries({ queryKey: keyRoots.dashboard(projectId, dashboardId), exact: true });
}

/** Variables: the user's `uuid`. The new collaborator is appended to the cached list. */
export function useAddCollaborator(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => addCollaborator(projectId, dashboardId, userUuid),
    meta: {
      invalidates: [
        collaboratorQueries.list(projectId, dashboardId).queryKey,
        keyRoots.dashboardLists(projectId),
              ],
    },
    onSuccess: (collaborator) => {
      queryClient.setQueryData(collaboratorQueries.list(projectId, dashboardId).queryKey, (list) =>
        list ? [...list.filter((c) => c.user.uuid !== collaborator.user.uuid), collaborator] : list,
      );
      refreshDashboard(queryClient, projectId, dashboardId);
    },
  });
}

/** Variables: the user's `uuid`. The collaborator leaves the cached list. */
export function useRemoveCollaborator(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => removeCollaborator(projectId, dashboardId, userUuid),
    meta: {
      invalidates: [
        collaboratorQueries.list(projectId, dashboardId).queryKey,
        keyRoots.dashboardLists(projectId),
              ],
    },
    onSuccess: (_data, userUuid) => {
      queryClient.setQueryData(collaboratorQueries.list(projectId, dashboardId).queryKey, (list) =>
        list?.filter((c) => c.user.uuid !== userUuid),
      );
      refreshDashboard(queryClient, projectId, dashboardId);
    },
  });
}
