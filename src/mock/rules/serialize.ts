/** The API's shapes (API.md §4) of what the store holds. */
import type * as z from 'zod/mini';
import {
  collaboratorSchema,
  dashboardListItemSchema,
  dashboardSchema,
  insightSchema,
  sharePasswordSchema,
  sharingConfigurationSchema,
  textSchema,
  tileSchema,
} from '../../contract/schemas.ts';
import type {
  ActivityRecord,
  CollaboratorRecord,
  DashboardListCache,
  DashboardRecord,
  InsightRecord,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  SharePasswordRecord,
  SharingRecord,
  Store,
  TextRecord,
  TileRecord,
  UserRecord,
} from '../db.ts';

export function userJson(user: UserRecord) {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_email_verified: user.is_email_verified,
    hedgehog_config: user.hedgehog_config,
    role_at_organization: user.role_at_organization,
  };
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

/** Who is looking, as far as a dashboard's answer depends on it. */
export interface Viewer {
  userId: number;
  /** An admin of the dashboard's organization (level 8 or more). */
  admin: boolean;
}

/** The caller's level in production's newer access control (API.md §4.2): `manager` for creators and admins. */
export function userAccessLevel(dashboard: DashboardRecord, viewer: Viewer): 'manager' | 'editor' {
  return viewer.admin || dashboard.created_by === viewer.userId ? 'manager' : 'editor';
}

/** A dashboard's list item as JSON text, cached per caller variant until the dashboard changes. */
export function dashboardListItemJson(store: Store, dashboard: DashboardRecord, privilege: number, viewer: Viewer): string {
  const access = userAccessLevel(dashboard, viewer);
  const cached = store.listCacheOf(dashboard.id) ?? cacheListItem(store, dashboard);
  const variant = `${privilege}|${access}`;
  return (cached.variants[variant] ??= JSON.stringify(listItemJson(store, dashboard, privilege, access)));
}

/** Lower-cased name and description of a dashboard, for `?search=`. */
export function dashboardSearchText(store: Store, dashboard: DashboardRecord): string {
  return (store.listCacheOf(dashboard.id) ?? cacheListItem(store, dashboard)).searchText;
}

function cacheListItem(store: Store, dashboard: DashboardRecord) {
  const entry: DashboardListCache = {
    variants: {},
    searchText: [(dashboard.name ?? '').toLowerCase(), dashboard.description.toLowerCase()].join('\u0000'),
  };
  store.setListCache(dashboard.id, entry);
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
    access_control_version: dashboard.restriction_level === 37 ? 'v1' : 'v2',
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
  const sorted = tiles
    .map((tile, index) => ({ tile, index, at: position(tile) }))
    .sort((a, b) => {
      if (!a.at || !b.at) return a.at ? -1 : b.at ? 1 : a.index - b.index;
      return a.at.y - b.at.y || a.at.x - b.at.x || a.index - b.index;
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
  const access = userAccessLevel(dashboard, viewer);
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

export function projectListItemJson(project: ProjectRecord) {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organization_id,
    api_token: project.api_token,
    name: project.name,
    completed_snippet_onboarding: project.completed_snippet_onboarding,
    has_completed_onboarding_for: project.has_completed_onboarding_for ? { ...project.has_completed_onboarding_for } : null,
    ingested_event: project.ingested_event,
    is_demo: project.is_demo,
    timezone: project.timezone,
    access_control: project.access_control,
  };
}

/** The full project; `membershipLevel` is the caller's level in its organization. */
export function projectJson(project: ProjectRecord, membershipLevel: number | null) {
  const p = structuredClone(project);
  return {
    id: p.id,
    organization: p.organization_id,
    name: p.name,
    product_description: p.product_description,
    created_at: p.created_at,
    effective_membership_level: membershipLevel,
    has_group_types: p.has_group_types,
    live_events_token: p.live_events_token,
    updated_at: p.updated_at,
    uuid: p.uuid,
    api_token: p.api_token,
    app_urls: p.app_urls,
    slack_incoming_webhook: p.slack_incoming_webhook,
    anonymize_ips: p.anonymize_ips,
    completed_snippet_onboarding: p.completed_snippet_onboarding,
    ingested_event: p.ingested_event,
    test_account_filters: p.test_account_filters,
    test_account_filters_default_checked: p.test_account_filters_default_checked,
    path_cleaning_filters: p.path_cleaning_filters,
    is_demo: p.is_demo,
    timezone: p.timezone,
    data_attributes: p.data_attributes,
    person_display_name_properties: p.person_display_name_properties,
    correlation_config: p.correlation_config,
    autocapture_opt_out: p.autocapture_opt_out,
    autocapture_exceptions_opt_in: p.autocapture_exceptions_opt_in,
    autocapture_web_vitals_opt_in: p.autocapture_web_vitals_opt_in,
    autocapture_web_vitals_allowed_metrics: p.autocapture_web_vitals_allowed_metrics,
    autocapture_exceptions_errors_to_ignore: p.autocapture_exceptions_errors_to_ignore,
    capture_console_log_opt_in: p.capture_console_log_opt_in,
    capture_performance_opt_in: p.capture_performance_opt_in,
    session_recording_opt_in: p.session_recording_opt_in,
    session_recording_sample_rate: p.session_recording_sample_rate,
    session_recording_minimum_duration_milliseconds: p.session_recording_minimum_duration_milliseconds,
    session_recording_linked_flag: p.session_recording_linked_flag,
    session_recording_network_payload_capture_config: p.session_recording_network_payload_capture_config,
    session_replay_config: p.session_replay_config,
    survey_config: p.survey_config,
    access_control: p.access_control,
    week_start_day: p.week_start_day,
    primary_dashboard: p.primary_dashboard,
    live_events_columns: p.live_events_columns,
    recording_domains: p.recording_domains,
    person_on_events_querying_enabled: p.person_on_events_querying_enabled,
    inject_web_apps: p.inject_web_apps,
    extra_settings: p.extra_settings,
    modifiers: p.modifiers,
    default_modifiers: p.default_modifiers,
    has_completed_onboarding_for: p.has_completed_onboarding_for,
    surveys_opt_in: p.surveys_opt_in,
    heatmaps_opt_in: p.heatmaps_opt_in,
    product_intents: p.product_intents.map((intent) => ({
      product_type: intent.product_type,
      created_at: intent.created_at,
      updated_at: intent.updated_at,
      onboarding_completed_at: intent.onboarding_completed_at,
    })),
  };
}

export function organizationJson(store: Store, organization: OrganizationRecord, membershipLevel: number | null) {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    created_at: organization.created_at,
    updated_at: organization.updated_at,
    membership_level: membershipLevel,
    projects: store
      .projectsOf(organization.id)
      .map((project) => ({ id: project.id, organization_id: organization.id, name: project.name })),
    member_count: store.membersOf(organization.id).length,
    is_member_join_email_enabled: true,
    enforce_2fa: null,
  };
}

export function memberJson(store: Store, member: MemberRecord) {
  const user = store.user(member.user_id);
  return {
    id: member.id,
    user: user ? userJson(user) : null,
    level: member.level,
    joined_at: member.joined_at,
    updated_at: member.updated_at,
  };
}

export function activityJson(store: Store, entry: ActivityRecord) {
  const user = entry.user_id === null ? undefined : store.user(entry.user_id);
  return {
    id: entry.id,
    user: user ? { first_name: user.first_name, email: user.email } : null,
    activity: entry.activity,
    scope: entry.scope,
    item_id: entry.item_id,
    detail: structuredClone(entry.detail),
    created_at: entry.created_at,
  };
}
