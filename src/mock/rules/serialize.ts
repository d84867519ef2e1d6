/**
 * The API's shapes (API.md §4) of what the store holds. The project, organization, user and Me
 * answers take their keys, in order, from the contract's schemas; their outputs `satisfies` the
 * contract's input types, so a drift between the two fails `tsc`.
 */
import type * as z from 'zod/mini';
import {
  activityEntrySchema,
  basicOrganizationSchema,
  dashboardListItemSchema,
  dashboardSchema,
  insightSchema,
  textSchema,
  tileSchema,
  meSchema,
  memberSchema,
  organizationSchema,
  personalApiKeySchema,
  projectListItemFields,
  projectListItemSchema,
  projectSchema,
  teamSchema,
  userSchema,
  type Organization,
  type User,
} from '../../contract/schemas.ts';
import { collaboratorSchema, sharePasswordSchema, sharingConfigurationSchema } from '../../contract/dashboard-sharing.ts';
import type { AccessLevel } from '../../contract/access-control.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import { accessLevelOf, type AccessSubject } from './access-control.ts';
import { listCacheOf, type DashboardListEntry } from './list-cache.ts';
import { storedMeFields } from '../store/records.ts';
import type { Store } from '../store/db.ts';
import type {
  ApiKeyRecord,
  ActivityRecord,
  CollaboratorRecord,
  DashboardRecord,
  InsightRecord,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  SharePasswordRecord,
  SharingRecord,
  TextRecord,
  TileRecord,
  UserRecord,
} from '../store/records.ts';

const userFields = Object.keys(userSchema.shape) as Array<keyof User>;

/** The basic user (§4.1): exactly the contract's user fields, in its order. */
export function userJson(user: UserRecord) {
  return structuredClone(pick(user, userFields)) satisfies z.input<typeof userSchema>;
}

function userOrNull(store: Store, id: number | null) {
  const user = id === null ? undefined : store.user(id);
  return user ? userJson(user) : null;
}

/** Every field of a schema, none optional: what a serializer must give. */
type Full<T> = { [K in keyof T]-?: T[K] };

/**
 * Exactly the fields of a contract schema, in its order (the key list is the schema's shape). The
 * values are checked by tsc against the schema's input type, so a field added there must be given here.
 */
function shaped<S extends z.ZodMiniObject>(schema: S, values: Full<z.input<S>>): Full<z.input<S>> {
  const out: Record<string, unknown> = {};
  const source = values as Record<string, unknown>;
  for (const key of Object.keys(schema.shape)) out[key] = source[key];
  return out as Full<z.input<S>>;
}

/** Who is looking, as far as a dashboard's answer depends on it (the caller in the dashboard's organization). */
export type Viewer = AccessSubject;

/**
 * The caller's level in production's newer access control (API.md §4.2, §5.7): `manager` for
 * creators and admins, otherwise the rules' level (`editor` when the dashboard has none).
 */
export function userAccessLevel(store: Store, dashboard: DashboardRecord, viewer: Viewer): AccessLevel {
  return accessLevelOf(store, viewer, dashboard);
}

/** A dashboard's list item as JSON text, cached per caller variant until the dashboard changes. */
export function dashboardListItemJson(store: Store, dashboard: DashboardRecord, privilege: number, viewer: Viewer): string {
  const access = userAccessLevel(store, dashboard, viewer);
  const cached = listEntry(store, dashboard);
  const variant = `${privilege}|${access}`;
  return (cached.variants[variant] ??= JSON.stringify(listItemJson(store, dashboard, privilege, access)));
}

/** Lower-cased name and description of a dashboard, for `?search=`. */
export function dashboardSearchText(store: Store, dashboard: DashboardRecord): string {
  return listEntry(store, dashboard).searchText;
}

function listEntry(store: Store, dashboard: DashboardRecord): DashboardListEntry {
  const cache = listCacheOf(store);
  let entry = cache.get(dashboard.id);
  if (!entry) {
    entry = { variants: {}, searchText: [(dashboard.name ?? '').toLowerCase(), dashboard.description.toLowerCase()].join('\u0000') };
    cache.set(dashboard.id, entry);
  }
  return entry;
}

/** The fields a dashboard's answers compute rather than store. */
function dashboardComputed(store: Store, dashboard: DashboardRecord, privilege: number, access: string) {
  return {
    created_by: userOrNull(store, dashboard.created_by),
    last_viewed_at: null,
    is_shared: dashboard.sharing?.enabled ?? false,
    effective_restriction_level: dashboard.restriction_level,
    effective_privilege_level: privilege,
    user_access_level: access,
    access_control_version: dashboard.restriction_level === restrictionLevels.onlyCollaboratorsCanEdit ? 'v1' : 'v2',
    team_id: dashboard.project_id,
  };
}

function listItemJson(store: Store, dashboard: DashboardRecord, privilege: number, access: string) {
  return shaped(dashboardListItemSchema, { ...dashboard, ...dashboardComputed(store, dashboard, privilege, access) });
}

const emptyToNull = (value: Record<string, unknown> | null) => (value && Object.keys(value).length > 0 ? value : null);

/**
 * Tile `order` (API.md §4.4): the position after sorting by the `sm` layout, top to bottom, then
 * left to right; tiles without one last, in their stored order.
 */
export function tileOrder(tiles: ReadonlyArray<TileRecord>): Map<TileRecord, number> {
  const position = (tile: TileRecord) => {
    const sm = (tile.layouts as Record<string, unknown> | null)?.sm as { x?: unknown; y?: unknown } | undefined;
    return sm && typeof sm.y === 'number' && typeof sm.x === 'number' ? { y: sm.y, x: sm.x } : null;
  };
  // Array.prototype.sort is stable: equal tiles keep their stored order.
  const sorted = tiles
    .map((tile) => ({ tile, at: position(tile) }))
    .sort((a, b) => {
      if (!a.at || !b.at) return a.at ? -1 : b.at ? 1 : 0;
      return a.at.y - b.at.y || a.at.x - b.at.x;
    });
  return new Map(sorted.map((entry, order) => [entry.tile, order]));
}

export function insightJson(
  store: Store,
  insight: InsightRecord,
  project: ProjectRecord | undefined,
  dashboard: DashboardRecord,
  privilege: number,
  access: string,
) {
  const showing = store.tilesShowing(insight).filter((s) => !s.dashboard.deleted);
  return shaped(insightSchema, {
    ...insight,
    query: insight.query ? structuredClone(insight.query) : null,
    dashboards: [...new Set(showing.map((s) => s.dashboard.id))],
    dashboard_tiles: showing.map((s) => ({ id: s.tile.id, dashboard_id: s.dashboard.id, deleted: false })),
    cache_target_age: null,
    next_allowed_client_refresh: null,
    result: null,
    hasMore: null,
    columns: null,
    created_by: userOrNull(store, insight.created_by),
    tags: [...insight.tags],
    last_modified_by: userOrNull(store, insight.last_modified_by),
    effective_restriction_level: dashboard.restriction_level,
    effective_privilege_level: privilege,
    user_access_level: access,
    timezone: project?.timezone ?? 'UTC',
    is_cached: false,
    query_status: null,
    hogql: null,
    types: null,
    alerts: [],
    last_viewed_at: null,
  });
}

export function textJson(store: Store, text: TextRecord, projectId: number) {
  return shaped(textSchema, {
    ...text,
    created_by: userOrNull(store, text.created_by),
    last_modified_by: userOrNull(store, text.last_modified_by),
    team: projectId,
  });
}

/** The dashboard's tiles in display order (API.md §4.4). */
function tilesJson(store: Store, dashboard: DashboardRecord, privilege: number, access: string) {
  const project = store.project(dashboard.project_id);
  const order = tileOrder(dashboard.tiles);
  return [...dashboard.tiles]
    .sort((a, b) => order.get(a)! - order.get(b)!)
    .map((tile) => {
      const insight = tile.insight_id === null ? undefined : store.insight(tile.insight_id);
      return shaped(tileSchema, {
        id: tile.id,
        insight: insight ? insightJson(store, insight, project, dashboard, privilege, access) : null,
        text: tile.text ? textJson(store, tile.text, dashboard.project_id) : null,
        layouts: structuredClone(tile.layouts ?? {}),
        color: tile.color,
        order: order.get(tile)!,
        last_refresh: insight?.last_refresh ?? null,
        is_cached: false,
      });
    });
}

export function dashboardJson(store: Store, dashboard: DashboardRecord, privilege: number, viewer: Viewer) {
  const access = userAccessLevel(store, dashboard, viewer);
  return shaped(dashboardSchema, {
    ...structuredClone(dashboard),
    ...dashboardComputed(store, dashboard, privilege, access),
    persisted_filters: emptyToNull(dashboard.filters),
    persisted_variables: emptyToNull(dashboard.variables),
    tiles: tilesJson(store, dashboard, privilege, access),
    use_template: null,
    use_dashboard: null,
    delete_insights: false,
  });
}

export function collaboratorJson(store: Store, collaborator: CollaboratorRecord) {
  // Users are never removed from the store, so a collaborator's user is always there.
  return shaped(collaboratorSchema, { ...collaborator, user: userJson(store.user(collaborator.user_id)!) });
}

export function sharePasswordJson(store: Store, password: SharePasswordRecord) {
  return shaped(sharePasswordSchema, {
    id: password.id,
    created_at: password.created_at,
    note: password.note,
    created_by_email: store.user(password.created_by ?? -1)?.email ?? 'deleted user',
    is_active: password.is_active,
  });
}

/**
 * The sharing configuration (API.md §4.6). Before the first save it is the unsaved default with
 * `provisionalToken`; `access` is the caller's level (`manager` for admins, else `editor`).
 */
export function sharingJson(store: Store, sharing: SharingRecord | null, provisionalToken: string, access: string) {
  return shaped(sharingConfigurationSchema, {
    created_at: sharing?.created_at ?? null,
    enabled: sharing?.enabled ?? false,
    access_token: sharing?.access_token ?? provisionalToken,
    settings: sharing?.settings ? { ...sharing.settings } : null,
    password_required: sharing?.password_required ?? false,
    share_passwords: (sharing?.share_passwords ?? [])
      .filter((p) => p.is_active)
      .sort((a, b) => b.id - a.id)
      .map((p) => sharePasswordJson(store, p)),
    user_access_level: access,
  });
}

/** The values of `keys` of a record, in that order (the contract's order). */
function pick<R, K extends keyof R>(record: R, keys: ReadonlyArray<K>): Pick<R, K> {
  const result = {} as Pick<R, K>;
  for (const key of keys) result[key] = record[key];
  return result;
}

export function projectListItemJson(project: ProjectRecord) {
  const item: Record<string, unknown> = {};
  for (const key of projectListItemFields) item[key] = key === 'organization' ? project.organization_id : project[key];
  return structuredClone(item) as z.input<typeof projectListItemSchema>;
}

/** A project as `team` (`/api/users/@me/`) and `teams` (organizations) show it: `project_id` after `organization`. */
export function teamJson(project: ProjectRecord) {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(projectListItemJson(project))) {
    item[key] = value;
    if (key === 'organization') item.project_id = project.id;
  }
  return item as z.input<typeof teamSchema>;
}

const projectFields = Object.keys(projectSchema.shape) as Array<keyof z.input<typeof projectSchema>>;

/** The full project, every field of the contract's schema in its order; `membershipLevel` is the caller's. */
export function projectJson(project: ProjectRecord, membershipLevel: number | null) {
  const result: Record<string, unknown> = {};
  for (const key of projectFields) {
    if (key === 'organization') result[key] = project.organization_id;
    else if (key === 'effective_membership_level') result[key] = membershipLevel;
    else result[key] = project[key];
  }
  return structuredClone(result) as z.input<typeof projectSchema>;
}

const organizationStored = [
  'logo_media_id',
  'plugins_access_level',
  'available_product_features',
  'is_member_join_email_enabled',
  'metadata',
  'customer_id',
  'enforce_2fa',
  'members_can_invite',
  'members_can_use_personal_api_keys',
  'allow_publicly_shared_resources',
  'is_ai_data_processing_approved',
  'default_experiment_stats_method',
  'default_anonymize_ips',
  'default_role_id',
] as const satisfies ReadonlyArray<keyof OrganizationRecord>;

/** The organization (§4.9) in the contract's order; `membershipLevel` is the caller's. */
export function organizationJson(store: Store, organization: OrganizationRecord, membershipLevel: number | null) {
  const projects = store.projectsOf(organization.id);
  const computed = {
    membership_level: membershipLevel,
    teams: projects.map(teamJson),
    projects: projects.map((project) => ({ id: project.id, organization_id: organization.id, name: project.name })),
    member_count: store.membersOf(organization.id).length,
  };
  const stored = pick(organization, ['id', 'name', 'slug', 'created_at', 'updated_at', ...organizationStored]);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(organizationSchema.shape) as Array<keyof Organization>) {
    result[key] = key in computed ? computed[key as keyof typeof computed] : stored[key as keyof typeof stored];
  }
  return structuredClone(result) as z.input<typeof organizationSchema>;
}

/** The basic organization of `/api/users/@me/` `organizations`. */
export function basicOrganizationJson(organization: OrganizationRecord, membershipLevel: number | null) {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logo_media_id: organization.logo_media_id,
    membership_level: membershipLevel,
    members_can_use_personal_api_keys: organization.members_can_use_personal_api_keys,
  } satisfies z.input<typeof basicOrganizationSchema>;
}

export function memberJson(store: Store, member: MemberRecord) {
  const user = store.user(member.user_id);
  return {
    id: member.id,
    user: user ? userJson(user) : null,
    level: member.level,
    joined_at: member.joined_at,
    updated_at: member.updated_at,
    is_2fa_enabled: user?.is_2fa_enabled ?? false,
    has_social_auth: user?.has_social_auth ?? false,
    last_login: user?.last_login ?? null,
  } satisfies Omit<z.input<typeof memberSchema>, 'user'> & { user: unknown };
}

/** `/api/users/@me/` (§4.11), in the contract's order. */
export function meJson(
  user: UserRecord,
  parts: {
    team: ProjectRecord | undefined;
    organization: ReturnType<typeof organizationJson> | null;
    organizations: Array<ReturnType<typeof basicOrganizationJson>>;
  },
) {
  const values: Record<string, unknown> = {
    ...structuredClone(pick(user, [...userFields, ...storedMeFields])),
    pending_email: null,
    is_staff: false,
    is_impersonated: false,
    is_impersonated_until: null,
    sensitive_session_expires_at: null,
    team: parts.team ? teamJson(parts.team) : null,
    organization: parts.organization,
    organizations: parts.organizations,
    events_column_config: { active: 'DEFAULT' },
    has_sso_enforcement: false,
  };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(meSchema.shape)) result[key] = values[key];
  return result as z.input<typeof meSchema>;
}

/** `mask_value`: the first 4 and last 4 characters joined by `...`; `********` under 16 characters. */
export function maskKey(value: string): string {
  return value.length < 16 ? '********' : `${value.slice(0, 4)}...${value.slice(-4)}`;
}

/** The personal API key (§4.12): never its secret. */
export function personalApiKeyJson(key: ApiKeyRecord) {
  return {
    id: key.id,
    label: key.label,
    value: null,
    mask_value: maskKey(key.value),
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    user_id: key.user_id,
    scopes: [...key.scopes],
    scoped_teams: [...key.scoped_teams],
    scoped_organizations: [...key.scoped_organizations],
    last_rolled_at: key.last_rolled_at,
  } satisfies z.input<typeof personalApiKeySchema>;
}

/** An activity entry (§4.13): production's shape, with the author as a full basic user. */
export function activityJson(store: Store, entry: ActivityRecord) {
  const user = entry.user_id === null ? undefined : store.user(entry.user_id);
  return {
    id: entry.id,
    user: user ? userJson(user) : null,
    unread: false,
    organization_id: entry.organization_id,
    was_impersonated: entry.was_impersonated,
    is_system: entry.is_system,
    activity: entry.activity,
    item_id: entry.item_id,
    scope: entry.scope,
    detail: structuredClone(entry.detail),
    created_at: entry.created_at,
  } satisfies z.input<typeof activityEntrySchema>;
}
