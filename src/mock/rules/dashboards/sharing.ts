/** Dashboard sharing (API.md §5.6), share passwords, and the public view of a shared dashboard (§9). */
import type * as z from 'zod/mini';
import type { sharePasswordCreateInput, sharingUpdateInput } from '../../../contract/inputs.ts';
import type { Store } from '../../store/db.ts';
import type { ActivityChange, DashboardRecord, ProjectRecord, SharePasswordRecord, SharingRecord } from '../../store/records.ts';
import { fieldChange, recordDashboardActivity, type DashboardActivity } from '../activity.ts';
import { isAdmin, type Principal } from '../access.ts';
import { newSharingToken } from './dashboards.ts';
import { failures } from '../failure.ts';
import { clock, nowIso, sharingToken } from '../random.ts';
import { sharePasswordJson, sharingJson } from '../serialize.ts';

/** Production's `SHARING_TOKEN_GRACE_PERIOD_SECONDS`: a rotated token keeps working this long. */
export const sharingGracePeriodMs = 300_000;

export const sharingErrors = {
  passwordFeature: 'Sharing with password requires the Advanced Permissions feature',
  passwordsNeedRequired: 'Password protection must be enabled before creating passwords',
  passwordManagementFeature: 'Password management requires the Advanced Permissions feature',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordNotFound: 'Password not found',
  incorrectPassword: 'Incorrect password',
  publicSharingDisabled: 'Public sharing is disabled for this organization.',
} as const;

/** The caller's access level as the sharing configuration reports it (§4.6). */
function accessOf(store: Store, principal: Principal, project: ProjectRecord): string {
  return isAdmin(store, principal.user, project.organization_id) ? 'manager' : 'editor';
}

/** Whether the organization has the advanced-permissions feature (password protection needs it). */
export function hasAdvancedPermissions(store: Store, organizationId: string): boolean {
  const features = store.organization(organizationId)?.available_product_features ?? [];
  return features.some((f) => f.key === 'advanced_permissions');
}

/** GET sharing/: the configuration; before the first save a provisional token, new for each read. */
export function getSharing(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord) {
  const provisional = dashboard.sharing ? '' : sharingToken();
  return sharingJson(store, dashboard.sharing, provisional, accessOf(store, principal, project));
}

function firstSave(store: Store): SharingRecord {
  return {
    created_at: nowIso(),
    enabled: false,
    access_token: newSharingToken(store),
    settings: null,
    password_required: false,
    share_passwords: [],
    retired_tokens: [],
  };
}

/** Retired tokens still inside their grace period. */
function liveRetired(sharing: SharingRecord) {
  const now = clock.now();
  return sharing.retired_tokens.filter((t) => Date.parse(t.expires_at) > now);
}

function logSharing(
  store: Store,
  principal: Principal | null,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  activity: DashboardActivity,
  changes: ActivityChange[] | null,
) {
  recordDashboardActivity(store, { project, user: principal?.user ?? null, dashboard, activity, changes });
}

type SharingUpdate = z.output<typeof sharingUpdateInput>;

/**
 * PATCH sharing/: turning sharing on issues a new token (never an earlier one), turning it off ends
 * every grace period; the first save sets `created_at`; `is_shared` follows `enabled`.
 */
export function updateSharing(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  input: SharingUpdate,
): void {
  if (input.password_required === true && !hasAdvancedPermissions(store, project.organization_id)) {
    throw failures.featureUnavailable(sharingErrors.passwordFeature);
  }
  if (input.enabled === true && store.organization(project.organization_id)?.allow_publicly_shared_resources === false) {
    throw failures.forbidden(sharingErrors.publicSharingDisabled);
  }
  const saved = dashboard.sharing;
  const sharing: SharingRecord = saved ? structuredClone(saved) : firstSave(store);
  if (input.enabled !== undefined && input.enabled !== sharing.enabled) {
    if (input.enabled) {
      // A fresh token; every earlier one stays dead.
      if (saved) {
        sharing.access_token = newSharingToken(store);
        sharing.created_at = nowIso();
      }
    }
    sharing.retired_tokens = [];
    sharing.enabled = input.enabled;
  }
  if (input.settings !== undefined) sharing.settings = input.settings;
  if (input.password_required !== undefined) sharing.password_required = input.password_required;
  store.updateDashboard(dashboard, { sharing });
  if (input.enabled !== undefined) {
    logSharing(store, principal, project, dashboard, input.enabled ? 'sharing enabled' : 'sharing disabled', [
      fieldChange('Dashboard', 'sharing', null, input.enabled),
    ]);
  }
}

/** POST sharing/refresh/: a new token at once; the previous one keeps working for the grace period. */
export function refreshSharing(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): void {
  const saved = dashboard.sharing;
  const sharing: SharingRecord = saved ? structuredClone(saved) : firstSave(store);
  if (saved) {
    sharing.retired_tokens = [
      ...liveRetired(saved),
      { access_token: saved.access_token, expires_at: new Date(clock.now() + sharingGracePeriodMs).toISOString() },
    ];
    sharing.access_token = newSharingToken(store);
  }
  sharing.created_at = nowIso();
  store.updateDashboard(dashboard, { sharing });
  logSharing(store, principal, project, dashboard, 'access token refreshed', null);
}

/** The order of both password endpoints: `password_required`, then the feature (the edit right comes first, in the handler). */
function requirePasswordsAllowed(store: Store, project: ProjectRecord, dashboard: DashboardRecord): SharingRecord {
  const sharing = dashboard.sharing;
  if (!sharing?.password_required) throw failures.precondition(sharingErrors.passwordsNeedRequired);
  if (!hasAdvancedPermissions(store, project.organization_id)) throw failures.featureUnavailable(sharingErrors.passwordManagementFeature);
  return sharing;
}

/** Checked before the body is read (API.md §5.6). */
export const checkPasswordsAllowed = requirePasswordsAllowed;

type PasswordInput = z.output<typeof sharePasswordCreateInput>;

/** POST sharing/passwords/: the new password, in clear this once. */
export function addSharePassword(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  input: PasswordInput,
) {
  const sharing = structuredClone(requirePasswordsAllowed(store, project, dashboard));
  const secret = input.raw_password ? input.raw_password : sharingToken();
  const password: SharePasswordRecord = {
    id: store.nextId('share_password'),
    created_at: nowIso(),
    note: input.note ?? '',
    created_by: principal.user.id,
    is_active: true,
    secret,
  };
  sharing.share_passwords.push(password);
  store.updateDashboard(dashboard, { sharing });
  const listed = sharePasswordJson(store, password);
  return {
    id: listed.id,
    password: secret,
    note: listed.note,
    created_at: listed.created_at,
    created_by_email: listed.created_by_email,
  };
}

/** DELETE sharing/passwords/:id/: the password becomes inactive. */
export function deleteSharePassword(store: Store, project: ProjectRecord, dashboard: DashboardRecord, idParam: string): void {
  const current = requirePasswordsAllowed(store, project, dashboard);
  const id = /^\d{1,15}$/.test(idParam) ? Number(idParam) : null;
  const sharing = structuredClone(current);
  const password = sharing.share_passwords.find((p) => p.id === id && p.is_active);
  if (!password) throw failures.notFound(sharingErrors.passwordNotFound);
  password.is_active = false;
  store.updateDashboard(dashboard, { sharing });
}

// ---------- the public page (§9) ----------

export interface SharedDashboardView {
  name: string | null;
  description: string;
  tiles: Array<{ title: string; kind: 'insight' | 'text' }>;
}

/** The dashboard a token opens: the current token, or a retired one within its grace period; sharing on, not deleted. */
export function findLiveShare(store: Store, token: string): { dashboard: DashboardRecord; sharing: SharingRecord } | null {
  const dashboard = token ? store.dashboardBySharingToken(token) : undefined;
  const sharing = dashboard?.sharing;
  if (!dashboard || !sharing || dashboard.deleted || !sharing.enabled) return null;
  if (sharing.access_token === token || liveRetired(sharing).some((t) => t.access_token === token)) return { dashboard, sharing };
  return null;
}

function viewOf(store: Store, dashboard: DashboardRecord): SharedDashboardView {
  return {
    name: dashboard.name,
    description: dashboard.description,
    tiles: dashboard.tiles.map((tile) => {
      const insight = tile.insight_id === null ? undefined : store.insight(tile.insight_id);
      return insight
        ? { title: insight.name ?? insight.derived_name ?? '', kind: 'insight' as const }
        : { title: tile.text?.body ?? '', kind: 'text' as const };
    }),
  };
}

/** The public view of a live, unprotected share (null when the token is dead or a password is required). */
export function findSharedDashboard(store: Store, token: string): SharedDashboardView | null {
  const share = findLiveShare(store, token);
  if (!share || share.sharing.password_required) return null;
  return viewOf(store, share.dashboard);
}

export type SharedPage =
  | { kind: 'not_found' }
  | { kind: 'password'; name: string | null }
  | { kind: 'dashboard'; view: SharedDashboardView };

/** What `GET /shared/<token>` shows, given the `shareToken` of an earlier password login, if any. */
export function sharedPage(store: Store, token: string, shareToken: string | null): SharedPage {
  const share = findLiveShare(store, token);
  if (!share) return { kind: 'not_found' };
  if (share.sharing.password_required) {
    const session = shareToken ? store.shareSession(shareToken) : undefined;
    const password = session && session.dashboard_id === share.dashboard.id
      ? share.sharing.share_passwords.find((p) => p.id === session.password_id && p.is_active)
      : undefined;
    if (!password) return { kind: 'password', name: share.dashboard.name };
  }
  return { kind: 'dashboard', view: viewOf(store, share.dashboard) };
}

/** `POST /shared/<token>` `{password}`: a `shareToken` for a right password (logged either way); null when the token is dead. */
export function sharedLogin(store: Store, token: string, given: unknown): { ok: true; shareToken: string } | { ok: false } | null {
  const share = findLiveShare(store, token);
  if (!share) return null;
  const project = store.project(share.dashboard.project_id);
  const password =
    typeof given === 'string' && given !== ''
      ? share.sharing.share_passwords.find((p) => p.is_active && p.secret === given)
      : undefined;
  if (project) logSharing(store, null, project, share.dashboard, password ? 'share_login_success' : 'share_login_failed', null);
  if (!password) return { ok: false };
  const shareToken = `${sharingToken()}${sharingToken()}`;
  store.addShareSession(shareToken, { dashboard_id: share.dashboard.id, access_token: share.sharing.access_token, password_id: password.id });
  return { ok: true, shareToken };
}
