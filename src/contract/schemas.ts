/**
 * Response schemas. Tolerant on purpose: unknown fields are dropped, and `null` is accepted wherever
 * the production service may send it, so the console parses both the mock and production.
 * Each exported schema is built the first time it is used (`lazy.ts`), not when this module is
 * evaluated: a first visit builds the two or three its first screen parses.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';

const jsonObject = z.record(z.string(), z.unknown());
const nullableString = z.nullable(z.string());
/**
 * Missing or null becomes null. A default over a nullable (two schemas a field), not a pipe through
 * a transform (four): the list's 100 rows parse about twice as fast, on the way to the first row.
 */
export const maybe = <T extends z.ZodMiniType>(schema: T) => {
  const field = z._default(z.nullable(schema), null);
  nullWhenMissing.add(field);
  return field;
};
/**
 * The fields `maybe()` made. The default is how the console reads an answer, not something the
 * server fills in: the OpenAPI document (openapi.ts) leaves it out, as it did with the pipe.
 */
export const nullWhenMissing = new WeakSet<object>();
/** Missing or null becomes an empty list. */
export const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(item))),
    z.transform((v: Array<z.output<T>> | null | undefined) => v ?? []),
  );

export const userSchema = lazy(() =>
  z.object({
    id: z.number(),
    uuid: z.string(),
    distinct_id: maybe(z.string()),
    first_name: maybe(z.string()),
    last_name: maybe(z.string()),
    email: z.string(),
    is_email_verified: maybe(z.boolean()),
    hedgehog_config: maybe(jsonObject),
    role_at_organization: maybe(z.string()),
  }),
);
export type User = z.infer<typeof userSchema>;

export const paginated = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    count: z.number(),
    next: maybe(z.string()),
    previous: maybe(z.string()),
    results: z.array(item),
  });
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

// ---------- dashboards ----------
// Fields in the order production sends them (API.md §4.2–§4.6): the mock serializes by these shapes.

const dashboardTileRef = lazy(() =>
  z.object({ id: z.number(), dashboard_id: z.number(), deleted: maybe(z.boolean()) }),
);

/** Production's full insight (API.md §4.4). */
export const insightSchema = lazy(() =>
  z.object({
    id: z.number(),
    short_id: maybe(z.string()),
    name: maybe(z.string()),
    derived_name: maybe(z.string()),
    query: maybe(jsonObject),
    order: maybe(z.number()),
    deleted: maybe(z.boolean()),
    dashboards: list(z.number()),
    dashboard_tiles: list(dashboardTileRef),
    last_refresh: maybe(z.string()),
    cache_target_age: maybe(z.string()),
    next_allowed_client_refresh: maybe(z.string()),
    result: z.optional(z.unknown()),
    hasMore: maybe(z.boolean()),
    columns: maybe(z.array(z.unknown())),
    created_at: maybe(z.string()),
    created_by: maybe(userSchema),
    description: maybe(z.string()),
    updated_at: maybe(z.string()),
    tags: list(z.string()),
    favorited: maybe(z.boolean()),
    last_modified_at: maybe(z.string()),
    last_modified_by: maybe(userSchema),
    is_sample: maybe(z.boolean()),
    effective_restriction_level: maybe(z.number()),
    effective_privilege_level: maybe(z.number()),
    user_access_level: maybe(z.string()),
    timezone: maybe(z.string()),
    is_cached: maybe(z.boolean()),
    query_status: z.optional(z.unknown()),
    hogql: maybe(z.string()),
    types: z.optional(z.unknown()),
    alerts: list(z.unknown()),
    last_viewed_at: maybe(z.string()),
  }),
);
export type Insight = z.infer<typeof insightSchema>;

export const textSchema = lazy(() =>
  z.object({
    id: maybe(z.number()),
    body: maybe(z.string()),
    created_by: maybe(userSchema),
    last_modified_at: maybe(z.string()),
    last_modified_by: maybe(userSchema),
    team: maybe(z.number()),
  }),
);
export type Text = z.infer<typeof textSchema>;

export const tileSchema = lazy(() =>
  z.object({
    id: z.number(),
    insight: maybe(insightSchema),
    text: maybe(textSchema),
    layouts: maybe(jsonObject),
    color: maybe(z.string()),
    order: maybe(z.number()),
    last_refresh: maybe(z.string()),
    is_cached: maybe(z.boolean()),
  }),
);
export type Tile = z.infer<typeof tileSchema>;

export const dashboardListItemSchema = lazy(() =>
  z.object({
    id: z.number(),
    name: maybe(z.string()),
    description: maybe(z.string()),
    pinned: z.boolean(),
    created_at: z.string(),
    created_by: maybe(userSchema),
    last_accessed_at: maybe(z.string()),
    last_viewed_at: maybe(z.string()),
    is_shared: z.boolean(),
    deleted: z.boolean(),
    creation_mode: z.string(),
    tags: list(z.string()),
    restriction_level: z.number(),
    effective_restriction_level: z.number(),
    effective_privilege_level: z.number(),
    user_access_level: maybe(z.string()),
    access_control_version: maybe(z.string()),
    last_refresh: maybe(z.string()),
    team_id: maybe(z.number()),
  }),
);
export type DashboardListItem = z.infer<typeof dashboardListItemSchema>;

/** The list-item fields with the single dashboard's own fields where production puts them (§4.3). */
export const dashboardSchema = lazy(() => {
  const listShape = dashboardListItemSchema.shape;
  return z.object({
    id: listShape.id,
    name: listShape.name,
    description: listShape.description,
    pinned: listShape.pinned,
    created_at: listShape.created_at,
    created_by: listShape.created_by,
    last_accessed_at: listShape.last_accessed_at,
    last_viewed_at: listShape.last_viewed_at,
    is_shared: listShape.is_shared,
    deleted: listShape.deleted,
    creation_mode: listShape.creation_mode,
    filters: maybe(jsonObject),
    variables: maybe(jsonObject),
    breakdown_colors: z.optional(z.unknown()),
    data_color_theme_id: maybe(z.number()),
    tags: listShape.tags,
    restriction_level: listShape.restriction_level,
    effective_restriction_level: listShape.effective_restriction_level,
    effective_privilege_level: listShape.effective_privilege_level,
    user_access_level: listShape.user_access_level,
    access_control_version: listShape.access_control_version,
    last_refresh: listShape.last_refresh,
    persisted_filters: maybe(jsonObject),
    persisted_variables: maybe(jsonObject),
    team_id: listShape.team_id,
    quick_filter_ids: list(z.string()),
    tiles: list(tileSchema),
    use_template: z.optional(z.unknown()),
    use_dashboard: z.optional(z.unknown()),
    delete_insights: z.optional(z.unknown()),
  });
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardPageSchema = lazy(() => paginated(dashboardListItemSchema));

// ---------- projects ----------

/** Any JSON value (production's JSON-valued fields store whatever was sent). */
const jsonValue = z.optional(z.unknown());

export const productIntentSchema = lazy(() =>
  z.object({
    product_type: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    onboarding_completed_at: maybe(z.string()),
  }),
);
export type ProductIntent = z.infer<typeof productIntentSchema>;

const onboardingMap = maybe(z.record(z.string(), z.boolean()));

export const groupTypeSchema = lazy(() =>
  z.object({
    group_type: z.string(),
    group_type_index: z.number(),
    name_singular: maybe(z.string()),
    name_plural: maybe(z.string()),
  }),
);

/**
 * The project (API.md §4.8), every field in production's order. The mock's project record, its
 * serializer and the API tests take their field lists from this shape: a new field is one edit here.
 */
export const projectSchema = lazy(() =>
  z.object({
    id: z.number(),
    organization: z.string(),
    name: z.string(),
    product_description: maybe(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
    effective_membership_level: maybe(z.number()),
    has_group_types: z.boolean(),
    group_types: list(groupTypeSchema),
    live_events_token: maybe(z.string()),
    uuid: z.string(),
    api_token: z.string(),
    app_urls: z.pipe(
      list(nullableString),
      z.transform((urls: Array<string | null>) => urls.filter((u): u is string => !!u)),
    ),
    slack_incoming_webhook: maybe(z.string()),
    anonymize_ips: z.boolean(),
    completed_snippet_onboarding: z.boolean(),
    ingested_event: z.boolean(),
    test_account_filters: jsonValue,
    test_account_filters_default_checked: maybe(z.boolean()),
    path_cleaning_filters: jsonValue,
    is_demo: z.boolean(),
    timezone: z.string(),
    data_attributes: jsonValue,
    person_display_name_properties: maybe(z.array(z.string())),
    correlation_config: jsonValue,
    autocapture_opt_out: maybe(z.boolean()),
    autocapture_exceptions_opt_in: maybe(z.boolean()),
    autocapture_web_vitals_opt_in: maybe(z.boolean()),
    autocapture_web_vitals_allowed_metrics: maybe(z.array(z.string())),
    autocapture_exceptions_errors_to_ignore: jsonValue,
    capture_console_log_opt_in: maybe(z.boolean()),
    capture_performance_opt_in: maybe(z.boolean()),
    session_recording_opt_in: z.boolean(),
    session_recording_sample_rate: z.pipe(
      maybe(z.union([z.string(), z.number()])),
      z.transform((v: string | number | null) => (typeof v === 'number' ? v.toFixed(2) : v)),
    ),
    session_recording_minimum_duration_milliseconds: maybe(z.number()),
    session_recording_linked_flag: jsonValue,
    session_recording_network_payload_capture_config: jsonValue,
    session_recording_masking_config: jsonValue,
    session_replay_config: jsonValue,
    survey_config: jsonValue,
    access_control: z.boolean(),
    week_start_day: maybe(z.number()),
    primary_dashboard: maybe(z.number()),
    live_events_columns: maybe(z.array(z.string())),
    recording_domains: maybe(z.array(nullableString)),
    person_on_events_querying_enabled: maybe(z.boolean()),
    inject_web_apps: maybe(z.boolean()),
    extra_settings: jsonValue,
    modifiers: jsonValue,
    default_modifiers: jsonValue,
    has_completed_onboarding_for: onboardingMap,
    surveys_opt_in: maybe(z.boolean()),
    heatmaps_opt_in: maybe(z.boolean()),
    product_intents: list(productIntentSchema),
    flags_persistence_default: maybe(z.boolean()),
    secret_api_token: maybe(z.string()),
    secret_api_token_backup: maybe(z.string()),
    receive_org_level_activity_logs: maybe(z.boolean()),
  }),
);
export type Project = z.infer<typeof projectSchema>;

/** The project list item (§4.7): exactly these fields, in this order. */
export const projectListItemSchema = lazy(() =>
  z.pick(projectSchema, {
    id: true,
    uuid: true,
    organization: true,
    api_token: true,
    name: true,
    completed_snippet_onboarding: true,
    has_completed_onboarding_for: true,
    ingested_event: true,
    is_demo: true,
    timezone: true,
    access_control: true,
  }),
);
export type ProjectListItem = z.infer<typeof projectListItemSchema>;
export const projectPageSchema = lazy(() => paginated(projectListItemSchema));
/** The fields of a list item in production's order (zod's `pick` keeps the source order). */
export const projectListItemFields = [
  'id',
  'uuid',
  'organization',
  'api_token',
  'name',
  'completed_snippet_onboarding',
  'has_completed_onboarding_for',
  'ingested_event',
  'is_demo',
  'timezone',
  'access_control',
] as const satisfies ReadonlyArray<keyof ProjectListItem>;

/** A project as `/api/users/@me/` `team` and an organization's `teams` show it: a list item with `project_id`. */
export const teamSchema = lazy(() =>
  z.object({
    id: z.number(),
    uuid: maybe(z.string()),
    organization: maybe(z.string()),
    project_id: maybe(z.number()),
    api_token: maybe(z.string()),
    name: maybe(z.string()),
    completed_snippet_onboarding: maybe(z.boolean()),
    has_completed_onboarding_for: onboardingMap,
    ingested_event: maybe(z.boolean()),
    is_demo: maybe(z.boolean()),
    timezone: maybe(z.string()),
    access_control: maybe(z.boolean()),
  }),
);
export type Team = z.infer<typeof teamSchema>;

/** `is_generating_demo_data/`: production answers `{is_generating_demo_data}`; the published document a project. */
export const demoDataStatusSchema = lazy(() =>
  z.union([
    z.pipe(
      z.object({ is_generating_demo_data: z.boolean() }),
      z.transform((v: { is_generating_demo_data: boolean }) => ({ isGenerating: v.is_generating_demo_data as boolean | null })),
    ),
    z.pipe(
      z.object({ id: z.number(), name: z.string() }),
      z.transform(() => ({ isGenerating: null as boolean | null })),
    ),
  ]),
);
export type DemoDataStatus = z.infer<typeof demoDataStatusSchema>;

// ---------- activity ----------

export const activityChangeSchema = lazy(() =>
  z.object({
    type: maybe(z.string()),
    action: maybe(z.string()),
    field: maybe(z.string()),
    before: z.optional(z.unknown()),
    after: z.optional(z.unknown()),
  }),
);
export type ActivityChange = z.infer<typeof activityChangeSchema>;

const idText = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

export const activityDetailSchema = lazy(() =>
  z.object({
    name: maybe(z.string()),
    changes: list(activityChangeSchema),
    merge: jsonValue,
    trigger: jsonValue,
    short_id: maybe(z.string()),
    type: maybe(z.string()),
    context: jsonValue,
  }),
);
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** An activity entry (§4.13), in production's order. */
export const activityEntrySchema = lazy(() =>
  z.object({
    id: idText,
    user: maybe(
      z.object({
        id: z.optional(z.number()),
        uuid: z.optional(z.string()),
        distinct_id: maybe(z.string()),
        first_name: maybe(z.string()),
        last_name: maybe(z.string()),
        email: maybe(z.string()),
        is_email_verified: maybe(z.boolean()),
        hedgehog_config: maybe(jsonObject),
        role_at_organization: maybe(z.string()),
      }),
    ),
    unread: maybe(z.boolean()),
    organization_id: maybe(z.string()),
    was_impersonated: maybe(z.boolean()),
    is_system: maybe(z.boolean()),
    activity: z.string(),
    item_id: maybe(idText),
    scope: z.string(),
    detail: maybe(activityDetailSchema),
    created_at: z.string(),
  }),
);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const activityPage = lazy(() =>
  z.object({
    results: z.array(activityEntrySchema),
    next: maybe(z.string()),
    previous: maybe(z.string()),
    total_count: maybe(z.number()),
  }),
);
/** `activity/`: production's page shape, or (as the published document says) a project, read as no entries. */
export const activityPageSchema = lazy(() =>
  z.union([
    activityPage,
    z.pipe(
      z.object({ id: z.number(), name: z.string() }),
      z.transform(() => ({ results: [] as ActivityEntry[], next: null, previous: null, total_count: 0 as number | null })),
    ),
  ]),
);
export type ActivityPage = z.infer<typeof activityPage>;

/** `GET /api/projects/:id/activity_log/` (§6.3): cursor-paged, 100 entries a page. */
export const activityLogPageSchema = lazy(() =>
  z.object({
    next: maybe(z.string()),
    previous: maybe(z.string()),
    results: z.array(activityEntrySchema),
  }),
);
export type ActivityLogPage = z.infer<typeof activityLogPageSchema>;

// ---------- organization and users ----------

export const memberLevels = { member: 1, admin: 8, owner: 15 } as const;

export const productFeatureSchema = lazy(() =>
  z.object({
    key: z.string(),
    name: maybe(z.string()),
    limit: z.optional(z.nullable(z.number())),
  }),
);

/** The organization (§4.9), in production's order. */
export const organizationSchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    slug: maybe(z.string()),
    logo_media_id: maybe(z.string()),
    created_at: z.string(),
    updated_at: maybe(z.string()),
    membership_level: maybe(z.number()),
    plugins_access_level: maybe(z.number()),
    teams: list(teamSchema),
    projects: list(z.object({ id: z.number(), organization_id: maybe(z.string()), name: z.string() })),
    available_product_features: maybe(z.array(productFeatureSchema)),
    is_member_join_email_enabled: maybe(z.boolean()),
    metadata: jsonValue,
    customer_id: maybe(z.string()),
    enforce_2fa: maybe(z.boolean()),
    members_can_invite: maybe(z.boolean()),
    members_can_use_personal_api_keys: maybe(z.boolean()),
    allow_publicly_shared_resources: maybe(z.boolean()),
    member_count: maybe(z.number()),
    is_ai_data_processing_approved: maybe(z.boolean()),
    default_experiment_stats_method: maybe(z.string()),
    default_anonymize_ips: maybe(z.boolean()),
    default_role_id: maybe(z.string()),
  }),
);
export type Organization = z.infer<typeof organizationSchema>;
/** `GET /api/organizations/` (§7 #28). */
export const organizationPageSchema = lazy(() => paginated(organizationSchema));

/** The basic organization of `/api/users/@me/` `organizations`. */
export const basicOrganizationSchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    slug: maybe(z.string()),
    logo_media_id: maybe(z.string()),
    membership_level: maybe(z.number()),
    members_can_use_personal_api_keys: maybe(z.boolean()),
  }),
);
export type BasicOrganization = z.infer<typeof basicOrganizationSchema>;

/** An organization member (§4.10). */
export const memberSchema = lazy(() =>
  z.object({
    id: z.string(),
    user: userSchema,
    level: z.number(),
    joined_at: z.string(),
    updated_at: maybe(z.string()),
    is_2fa_enabled: maybe(z.boolean()),
    has_social_auth: maybe(z.boolean()),
    last_login: maybe(z.string()),
  }),
);
export type Member = z.infer<typeof memberSchema>;
export const memberPageSchema = lazy(() => paginated(memberSchema));

/** `/api/users/@me/` (§4.11), in production's order. */
export const meSchema = lazy(() =>
  z.object({
    date_joined: maybe(z.string()),
    uuid: z.string(),
    distinct_id: maybe(z.string()),
    first_name: maybe(z.string()),
    last_name: maybe(z.string()),
    email: z.string(),
    pending_email: maybe(z.string()),
    is_email_verified: maybe(z.boolean()),
    notification_settings: jsonValue,
    anonymize_data: maybe(z.boolean()),
    toolbar_mode: maybe(z.string()),
    has_password: maybe(z.boolean()),
    id: z.number(),
    is_staff: maybe(z.boolean()),
    is_impersonated: maybe(z.boolean()),
    is_impersonated_until: maybe(z.string()),
    sensitive_session_expires_at: maybe(z.string()),
    team: maybe(teamSchema),
    organization: maybe(organizationSchema),
    organizations: list(basicOrganizationSchema),
    events_column_config: jsonValue,
    is_2fa_enabled: maybe(z.boolean()),
    has_social_auth: maybe(z.boolean()),
    has_sso_enforcement: maybe(z.boolean()),
    has_seen_product_intro_for: jsonValue,
    scene_personalisation: jsonValue,
    theme_mode: maybe(z.string()),
    hedgehog_config: maybe(jsonObject),
    allow_sidebar_suggestions: maybe(z.boolean()),
    role_at_organization: maybe(z.string()),
  }),
);
export type Me = z.infer<typeof meSchema>;

/** `GET /api/personal_api_keys/@current/` (§4.12): the key of the request. */
export const personalApiKeySchema = lazy(() =>
  z.object({
    id: z.string(),
    label: maybe(z.string()),
    value: maybe(z.string()),
    mask_value: maybe(z.string()),
    created_at: z.string(),
    last_used_at: maybe(z.string()),
    user_id: maybe(z.number()),
    scopes: list(z.string()),
    scoped_teams: list(z.number()),
    scoped_organizations: list(z.string()),
    last_rolled_at: maybe(z.string()),
  }),
);
export type PersonalApiKey = z.infer<typeof personalApiKeySchema>;

// ---------- the mock's own routes (API.md §9) ----------

export const mockFaultsSchema = lazy(() =>
  z.object({
    latency_ms: z.union([z.number(), z.tuple([z.number(), z.number()])]),
    error_rate: z.number(),
    rules: z.array(
      z.object({ method: z.string(), path: z.string(), status: z.number(), retry_after: maybe(z.number()) }),
    ),
    /** When true, the five session-only actions of §1.2 answer keys 403 as production does. */
    production_key_rules: z.optional(z.boolean()),
  }),
);
export type MockFaults = z.infer<typeof mockFaultsSchema>;

export const mockInfoSchema = lazy(() =>
  z.object({
    mock: z.literal(true),
    version: z.string(),
    keys: z.array(z.object({ key: z.string(), user: z.string(), scopes: z.array(z.string()) })),
    faults: mockFaultsSchema,
    /** The world that answered (`default` without `X-Mock-World`). */
    world: z.optional(z.string()),
  }),
);
export type MockInfo = z.infer<typeof mockInfoSchema>;

/** `GET /__mock/worlds` (API.md §9): every world the mock keeps, with its creation and last use. */
export const mockWorldsSchema = lazy(() =>
  z.array(z.object({ name: z.string(), created_at: z.string(), last_used_at: z.string() })),
);
