/** A dashboard's sharing configuration (API.md §5 #6, 6a, 6b): one object per dashboard. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SharePasswordCreateInput, SharingUpdateInput } from '../../contract/inputs.ts';
import {
  sharePasswordCreatedSchema,
  sharingConfigurationSchema,
  type SharePasswordCreated,
  type SharingConfiguration,
} from '../../contract/dashboard-sharing.ts';
import { changed, type Change } from '../client/changes.ts';
import { rowChanged } from './dashboards/dashboard-rows.ts';
import { resolveHost } from '../client/host.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { keyRoots, segment, type DashboardId, type ProjectId } from '../client/query-keys.ts';

const sharingPath = (projectId: ProjectId, dashboardId: DashboardId) =>
  `/api/projects/${segment(projectId)}/dashboards/${segment(dashboardId)}/sharing/`;

export function fetchSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  call: ApiCall,
): Promise<SharingConfiguration> {
  return apiRequest(call, {
    endpoint: 'sharing.get',
    path: sharingPath(projectId, dashboardId),
    schema: sharingConfigurationSchema,
  });
}

/**
 * PATCH sharing/: `enabled` turns public sharing on (a new token when it was off) or off;
 * `password_required` makes the public page ask for a share password.
 */
export function updateSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  changes: SharingUpdateInput,
  call: ApiCall,
): Promise<SharingConfiguration> {
  return apiRequest(call, {
    endpoint: 'sharing.update',
    method: 'PATCH',
    path: sharingPath(projectId, dashboardId),
    body: changes,
    schema: sharingConfigurationSchema,
  });
}

/** A new access token: the old public link keeps working for 5 more minutes (API.md §5.6), then stops. */
export function refreshSharing(
  projectId: ProjectId,
  dashboardId: DashboardId,
  call: ApiCall,
): Promise<SharingConfiguration> {
  return apiRequest(call, {
    endpoint: 'sharing.refresh',
    method: 'POST',
    path: `${sharingPath(projectId, dashboardId)}refresh/`,
    schema: sharingConfigurationSchema,
  });
}

/** POST sharing/passwords/: the answer carries the password in clear, once. Blank `raw_password`: a generated one. */
export function addSharePassword(
  projectId: ProjectId,
  dashboardId: DashboardId,
  input: SharePasswordCreateInput,
  call: ApiCall,
): Promise<SharePasswordCreated> {
  return apiRequest(call, {
    endpoint: 'sharing.addPassword',
    method: 'POST',
    path: `${sharingPath(projectId, dashboardId)}passwords/`,
    body: input,
    schema: sharePasswordCreatedSchema,
  });
}

/** DELETE sharing/passwords/:id/: the password stops working and leaves `share_passwords`. */
export function deleteSharePassword(
  projectId: ProjectId,
  dashboardId: DashboardId,
  passwordId: number,
  call: ApiCall,
): Promise<void> {
  return apiRequest(call, {
    endpoint: 'sharing.deletePassword',
    method: 'DELETE',
    path: `${sharingPath(projectId, dashboardId)}passwords/${segment(passwordId)}/`,
  });
}

/** `<API host>/shared/<access_token>` for the current connection (this site's origin when the host is empty). */
export function publicLink(accessToken: string, host: string): string {
  return `${resolveHost(host)}/shared/${encodeURIComponent(accessToken)}`;
}

export const sharingQueries = {
  detail: (projectId: ProjectId, dashboardId: DashboardId) =>
    queryOptions({
      queryKey: [...keyRoots.dashboard(projectId, dashboardId), 'sharing'] as const,
      queryFn: (call) => fetchSharing(projectId, dashboardId, call),
    }),
};

/** The configuration is the answer; `also` names what else is stale. */
const sharingSaved = (projectId: ProjectId, dashboardId: DashboardId, sharing: SharingConfiguration, ...also: Change[]): Change[] => [
  changed.set(sharingQueries.detail(projectId, dashboardId).queryKey, sharing),
  changed.refresh(keyRoots.activityLog(projectId)),
  ...also,
];

/** Variables: `enabled`. The dashboard's `is_shared` follows, so its detail and lists refresh. */
export function useUpdateSharing(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (enabled: boolean, call) => updateSharing(projectId, dashboardId, { enabled }, call),
    meta: {
      changes: (sharing: SharingConfiguration) =>
        sharingSaved(
          projectId,
          dashboardId,
          sharing,
          changed.refresh(keyRoots.dashboard(projectId, dashboardId), { exact: true }),
          changed.refresh(keyRoots.dashboardLists(projectId)),
          // Its row joins or leaves `Public links` here at once; the other tabs refetch that project's rows.
          rowChanged(projectId, dashboardId, { is_shared: sharing.enabled }),
          changed.refresh(keyRoots.dashboardRows(projectId), { otherTabsOnly: true }),
        ),
    },
  });
}

/** POST sharing/refresh/: rotates the link. */
export function useRefreshSharing(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (_: void, call) => refreshSharing(projectId, dashboardId, call),
    meta: { changes: (sharing: SharingConfiguration) => sharingSaved(projectId, dashboardId, sharing) },
  });
}

/** Variables: `password_required`. */
export function useRequireSharePassword(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (required: boolean, call) => updateSharing(projectId, dashboardId, { password_required: required }, call),
    meta: { changes: (sharing: SharingConfiguration) => sharingSaved(projectId, dashboardId, sharing) },
  });
}

/** Adds a share password; the configuration is fetched again for the list (the clear password is only in the answer). */
export function useAddSharePassword(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (input: SharePasswordCreateInput, call) => addSharePassword(projectId, dashboardId, input, call),
    meta: { changes: () => [changed.refresh(sharingQueries.detail(projectId, dashboardId).queryKey)] },
  });
}

/** Variables: the password's `id`. It leaves the cached list at once; the configuration is fetched again. */
export function useDeleteSharePassword(projectId: ProjectId, dashboardId: DashboardId) {
  return useMutation({
    mutationFn: (passwordId: number, call) => deleteSharePassword(projectId, dashboardId, passwordId, call),
    meta: {
      changes: (_data: void, passwordId: number) => [
        changed.update<SharingConfiguration>(sharingQueries.detail(projectId, dashboardId).queryKey, (sharing) =>
          sharing && Array.isArray(sharing.share_passwords)
            ? { ...sharing, share_passwords: sharing.share_passwords.filter((p) => p.id !== passwordId) }
            : sharing,
        ),
        changed.refresh(sharingQueries.detail(projectId, dashboardId).queryKey),
      ],
    },
  });
}
