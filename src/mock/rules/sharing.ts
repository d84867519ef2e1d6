/** Dashboard sharing (API.md §5 rows 6–6b) and the public view of a shared dashboard. */
import type { DashboardRecord, ProjectRecord, Store } from '../db.ts';
import { fieldChange, recordDashboardActivity } from './activity.ts';
import type { Principal } from './access.ts';
import { newSharingToken } from './dashboards.ts';
import { nowIso } from './random.ts';
import { sharingJson } from './serialize.ts';

export function getSharing(dashboard: DashboardRecord) {
  return sharingJson(dashboard);
}

/** PATCH sharing/: toggling keeps the token; the first save sets `created_at`; `is_shared` follows. */
export function updateSharing(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  input: { enabled?: boolean },
): void {
  const before = dashboard.sharing;
  const sharing = { ...before, created_at: before.created_at ?? nowIso() };
  if (input.enabled !== undefined) sharing.enabled = input.enabled;
  store.updateDashboard(dashboard, { sharing });
  if (sharing.enabled !== before.enabled) {
    recordDashboardActivity(store, {
      project,
      user: principal.user,
      dashboard,
      activity: sharing.enabled ? 'sharing enabled' : 'sharing disabled',
      changes: [fieldChange('Dashboard', 'sharing', null, sharing.enabled)],
    });
  }
}

/** POST sharing/refresh/: a new token; the old link stops working at once. */
export function refreshSharing(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): void {
  const before = dashboard.sharing;
  store.updateDashboard(dashboard, {
    sharing: { ...before, access_token: newSharingToken(store), created_at: before.created_at ?? nowIso() },
  });
  recordDashboardActivity(store, { project, user: principal.user, dashboard, activity: 'access token refreshed', changes: null });
}

export interface SharedDashboardView {
  name: string | null;
  description: string;
  tiles: Array<{ title: string; kind: 'insight' | 'text' }>;
}

/** The public view of a dashboard whose current token this is, if sharing is on and it is not deleted. */
export function findSharedDashboard(store: Store, token: string): SharedDashboardView | null {
  const dashboard = store.dashboardBySharingToken(token);
  if (!dashboard || dashboard.deleted || !dashboard.sharing.enabled || dashboard.sharing.access_token !== token) return null;
  return {
    name: dashboard.name,
    description: dashboard.description,
    tiles: dashboard.tiles.map((tile) =>
      tile.insight
        ? { title: tile.insight.name ?? '', kind: 'insight' as const }
        : { title: tile.text?.body ?? '', kind: 'text' as const },
    ),
  };
}
