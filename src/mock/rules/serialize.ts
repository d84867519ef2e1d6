/** The API's shapes (API.md §4) of what the store holds. */
import type {
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
