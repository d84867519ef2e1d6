/** A dashboard's sharing configuration (API.md §5 #6, 6a, 6b): one object per dashboard. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sharingConfigurationSchema, type SharingConfiguration } from '../contract/schemas.ts';
import { getConnection, resolveHost } from './connection.ts';
import { apiRequest } from './http.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from './query-keys.ts';

const sharingPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/sharing/`;

export function fetchSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  signal?: AbortSignal,
): Promise<SharingConfiguration> {
  return apiRequest({
    endpoint: 'sharing.get',
    path: sharingPath(projectId, dashboardId),
    signal,
    schema: sharingConfigurationSchema,
  });
}

/** Turns public sharing on or off; the token stays the same. */
export function updateSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  enabled: boolean,
  signal?: AbortSignal,
): Promise<SharingConfiguration> {
  return apiRequest({
    endpoint: 'sharing.update',
    method: 'PATCH',
    path: sharingPath(projectId, dashboardId),
    body: { enabled },
    signal,
    schema: sharingConfigurationSchema,
  });
}

/** A new access token: the old public link stops working at once. */
export function refreshSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  signal?: AbortSignal,
): Promise<SharingConfiguration> {
  return apiRequest({
    endpoint: 'sharing.refresh',
    method: 'POST',
    path: `${sharingPath(projectId, dashboardId)}refresh/`,
    signal,
    schema: sharingConfigurationSchema,
  });
}

/** `<API host>/shared/<access_token>` for the current connection (this site's origin when the host is empty). */
export function publicLink(accessToken: string, host = getConnection()?.host ?? ''): string {
  return `${resolveHost(host)}/shared/${encodeURIComponent(accessToken)}`;
}

export const sharingQueries = {
  detail: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'sharing'] as const,
      queryFn: ({ signal }) => fetchSharing(projectId, dashboardId, signal),
    }),
};

/** Variables: `enabled`. The dashboard's `is_shared` follows, so its detail and lists refresh. */
export function useUpdateSharing(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => updateSharing(projectId, dashboardId, enabled),
    meta: { invalidates: [keyRoots.dashboardLists(projectId), keyRoots.activityLog(projectId)] },
    onSuccess: (sharing) => {
      queryClient.setQueryData(sharingQueries.detail(projectId, dashboardId).queryKey, sharing);
      void queryClient.invalidateQueries({ queryKey: keyRoots.dashboard(projectId, dashboardId), exact: true });
    },
  });
}

/** POST sharing/refresh/: rotates the link. */
export function useRefreshSharing(projectId: ProjectId, dashboardId: DashboardId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshSharing(projectId, dashboardId),
    meta: { invalidates: [keyRoots.activityLog(projectId)] },
    onSuccess: (sharing) => queryClient.setQueryData(sharingQueries.detail(projectId, dashboardId).queryKey, sharing),
  });
}
