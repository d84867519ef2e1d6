/**
 * The API's shapes (API.md §4) of what the store holds. The project, organization, user and Me
 * answers take their keys, in order, from the contract's schemas; their outputs `satisfies` the
 * contract's input types, so a drift between the two fails `tsc`.
 */
import type * as z from 'zod/mini';
import {
  activityEntrySchema,
  basicOrganizationSchema,
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
import { storedMeFields } from '../db.ts';
import type {
  ApiKeyRecord,
  ActivityRecord,
  CollaboratorRecord,
  DashboardRecord,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  Store,
  TileRecord,
  UserRecord,
} from '../db.ts';

const userFields = Object.keys(userSchema.shape) as Array<keyof User>;

/** The basic user (§4.1): exactly the contract's user fields, in its order. */
export function userJson(user: UserRecord) {
  return structuredClone(pick(user, userFields)) satisfies z.input<typeof userSchema>;
}

function creatorJson(store: Store, dashboard: DashboardRecord) {
  const user = dashboard.created_by === null ? undefined : store.user(dashboard.created_by);
  return user ? userJson(user) : null;
}

/**
 * A dashboard's list item as JSON text, cached until the dashboard changes; only the caller's
 * `effective_privilege_level` (the last key) is appended per request.
 */
export function dashboardListItemPrefix(store: Store, dashboard: DashboardRecord): string {
  const cached = store.listCacheOf(dashboard.id);
  if (cached) return cached.jsonPrefix;
  return cacheListItem(store, dashboard).jsonPrefix;
}

/** Lower-cased name and description of a dashboard, for `?search=`. */
export function dashboardSearchText(store: Store, dashboard: DashboardRecord): string {
  return (store.listCacheOf(dashboard.id) ?? cacheListItem(store, dashboard)).searchText;
}

/** Exactly the fields of a list item (API.md §4), in order; single responses add theirs after. */
function listItemFields(store: Store, dashboard: DashboardRecord, privilege: number) {
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    pinned: dashboard.pinned,
    created_at: dashboard.created_at,
    created_by: creatorJson(store, dashboard),
    is_shared: dashboard.sharing.enabled,
    deleted: dashboard.deleted,
    creation_mode: dashboard.creation_mode,
    tags: [...dashboard.tags],
    restriction_level: dashboard.restriction_level,
    effective_restriction_level: dashboard.restriction_level,
    effective_privilege_level: privilege,
  };
}

function cacheListItem(store: Store, dashboard: DashboardRecord) {
  // The privilege is the caller's: cached up to it, appended per request (always the last field).
  const full = JSON.stringify(listItemFields(store, dashboard, 0));
  const entry = {
    jsonPrefix: full.slice(0, full.length - '0}'.length),
    searchText: [(dashboard.name ?? '').toLowerCase(), dashboard.description.toLowerCase()].join('\u0000'),
  };
  store.setListCache(dashboard.id, entry);
  return entry;
}

export function dashboardListItemJson(store: Store, dashboard: DashboardRecord, privilege: number): string {
  return `${dashboardListItemPrefix(store, dashboard)}${privilege}}`;
}

export function tileJson(tile: TileRecord) {
  return {
    id: tile.id,
    insight: tile.insight ? { id: tile.insight.id, name: tile.insight.name, description: tile.insight.description } : null,
    text: tile.text ? { body: tile.text.body } : null,
    layouts: structuredClone(tile.layouts),
    color: tile.color,
  };
}

export function dashboardJson(store: Store, dashboard: DashboardRecord, privilege: number) {
  return {
    ...listItemFields(store, dashboard, privilege),
    filters: structuredClone(dashboard.filters),
    variables: structuredClone(dashboard.variables),
    tiles: dashboard.tiles.map(tileJson),
    use_template: null,
    use_dashboard: null,
    delete_insights: false,
  };
}

export function collaboratorJson(store: Store, collaborator: CollaboratorRecord) {
  const user = store.user(collaborator.user_id);
  return {
    id: collaborator.id,
    dashboard_id: collaborator.dashboard_id,
    user: user ? userJson(user) : null,
    level: collaborator.level,
    added_at: collaborator.added_at,
    updated_at: collaborator.updated_at,
  };
}

export function sharingJson(dashboard: DashboardRecord) {
  return {
    created_at: dashboard.sharing.created_at,
    enabled: dashboard.sharing.enabled,
    access_token: dashboard.sharing.access_token,
  };
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
