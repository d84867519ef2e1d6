/**
 * Request-body schemas with the rules of API.md. The mock parses every body with these; the
 * console's forms use the same ones for their field errors. Unknown fields are dropped (ignored).
 * Each schema is built the first time it is used (`lazy.ts`): the pages that load this module for
 * one form do not build the others.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { boolean, charLength, choice, decimal, integer, json, list, optional, text, uuid } from './coerce.ts';
import { fieldErrorFromIssue, type FieldError } from './errors.ts';
import { accessLevels, type AccessLevel } from './access-control.ts';

export { charLength } from './coerce.ts';
/** The coercing field builders of API.md §1.3, for every request body (dashboards' too). */
export * as field from './coerce.ts';
export { FormField } from './coerce.ts';

/** An optional field that may also be null. */
const optionalNullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

// ---------- dashboards ----------
// Every field is built from the coercing builders of API.md §1.3 (`coerce.ts`).

/** `restriction_level`: 21 everyone in the project can edit, 37 only invited collaborators can (the one name of each). */
export const restrictionLevels = { everyoneCanEdit: 21, onlyCollaboratorsCanEdit: 37 } as const;
export type RestrictionLevel = (typeof restrictionLevels)[keyof typeof restrictionLevels];
export const restrictionLevelInput = /* @__PURE__ */ choice([restrictionLevels.everyoneCanEdit, restrictionLevels.onlyCollaboratorsCanEdit] as const);

/** Tags are stored trimmed and lower-cased; empty ones dropped; duplicates dropped, first kept. */
export function normalizeTags(tags: ReadonlyArray<string>): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

export const dashboardTemplates = ['DEFAULT_APP', 'WEBSITE_TRAFFIC'] as const;
export type DashboardTemplate = (typeof dashboardTemplates)[number];

const tagsInput = lazy(() =>
  z.pipe(
    list(text({ allowBlank: true })),
    z.transform((tags: string[]) => normalizeTags(tags)),
  ),
);

/** The writable fields in production's order (API.md §4.3, §5.2): the first failing one answers. */
const dashboardFields = () => ({
  name: optional(text({ nullable: true, max: 400, allowBlank: true })),
  description: optional(text({ allowBlank: true })),
  pinned: optional(boolean()),
  deleted: optional(boolean()),
  tags: optional(tagsInput),
  restriction_level: optional(restrictionLevelInput),
});

export const dashboardCreateInput = lazy(() =>
  z.object({
    ...dashboardFields(),
    // Checked against the allowed templates by the rules, which word the error themselves.
    use_template: optional(text({ nullable: true, allowBlank: true })),
    use_dashboard: optional(integer({ nullable: true })),
    /** Read as sent, as Python's truth (API.md §5.3): never an error. */
    duplicate_tiles: z.optional(z.unknown()),
    delete_insights: optional(boolean()),
  }),
);
export type DashboardCreateInput = z.input<typeof dashboardCreateInput>;

export const dashboardUpdateInput = lazy(() => z.object(dashboardFields()));
export type DashboardUpdateInput = z.input<typeof dashboardUpdateInput>;

export const moveTileInput = lazy(() =>
  z.object({
    tile: z.object({ id: integer() }),
    toDashboard: integer(),
  }),
);

// ---------- dashboard templates (`create_from_template_json/`, API.md §5.3) ----------

/** `required` when the key is missing, else `expected <what>`: the words of a template problem. */
const expecting = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : `expected ${what}`),
});
const templateText = () => z.string(expecting('text'));
const templateJsonObject = () => z.record(z.string(), z.unknown(), expecting('an object'));
const layoutNumber = () => z.optional(z.number(expecting('a number')));

/** One breakpoint's place of a tile (`{"sm": {"x": 0, "y": 0, "w": 6, "h": 5}}`); other keys (`i`, `moved`) are not checked. */
const templateLayout = lazy(() =>
  z.object(
    { x: layoutNumber(), y: layoutNumber(), w: layoutNumber(), h: layoutNumber(), minW: layoutNumber(), minH: layoutNumber() },
    expecting('an object'),
  ),
);

/** A template tile: `INSIGHT` makes an insight tile, `TEXT` a text tile; other types are skipped by the API. */
export const templateTileInput = lazy(() =>
  z.object(
    {
      type: templateText(),
      name: z.optional(z.nullable(templateText())),
      description: z.optional(z.nullable(templateText())),
      body: z.optional(z.nullable(templateText())),
      query: z.optional(z.nullable(templateJsonObject())),
      filters: z.optional(z.nullable(templateJsonObject())),
      layouts: z.optional(z.nullable(z.record(z.string(), templateLayout, expecting('an object')))),
      color: z.optional(z.nullable(templateText())),
    },
    expecting('an object'),
  ),
);
export type TemplateTile = z.output<typeof templateTileInput>;

/** A template variable as PostHog's own templates list them. */
const templateVariable = lazy(() =>
  z.object(
    {
      id: templateText(),
      name: templateText(),
      type: z.literal('event', expecting('"event"')),
      default: templateJsonObject(),
      description: templateText(),
      required: z.boolean(expecting('true or false')),
    },
    expecting('an object'),
  ),
);

/**
 * Production's dashboard template schema (`variables` a list or null, as in PostHog's templates),
 * with the shape of each tile the console exports, so a problem is named by its JSON path before
 * anything is sent.
 */
export const templateJsonInput = lazy(() =>
  z.object(
    {
      template_name: templateText().check(
        z.refine((name) => charLength(name) <= 400, { message: 'at most 400 characters' }),
      ),
      dashboard_description: templateText(),
      dashboard_filters: templateJsonObject(),
      tiles: z.array(templateTileInput, expecting('a list')).check(z.minLength(1, 'needs at least one tile')),
      variables: z.optional(z.nullable(z.array(templateVariable, expecting('a list')))),
      tags: z.optional(z.array(templateText(), expecting('a list'))),
      image_url: z.optional(z.nullable(templateText())),
    },
    expecting('a JSON object'),
  ),
);
export type TemplateJson = z.output<typeof templateJsonInput>;

/** `['tiles', 2, 'layouts', 'sm', 'w']` → `tiles[2].layouts.sm.w`; the root is `template`. */
export function templatePath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else {
      const key = String(part);
      text += /^[A-Za-z_$][\w$]*$/.test(key) ? `${text ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return text || 'template';
}

export interface TemplateProblem {
  /** Where in the JSON, e.g. `tiles[2].layouts.sm.w`. */
  path: string;
  /** What is wrong there, e.g. `expected a number`. */
  message: string;
}

/** Every problem of a template with its JSON path, in document order; empty when it passes. */
export function templateProblems(template: unknown): TemplateProblem[] {
  const result = z.safeParse(templateJsonInput, template);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: templatePath(issue.path), message: issue.message }));
}

/** `create_from_template_json/`: the template itself is checked by production's template schema (the rules). */
export const createFromTemplateJsonInput = lazy(() =>
  z.object({
    template: z.unknown().check(
      z.refine((value) => value !== undefined, { message: 'This field is required.', params: { code: 'required' } }),
    ),
    creation_context: z.optional(z.unknown()),
  }),
);

// ---------- collaborators and sharing ----------

export const collaboratorLevel = 37;

/** The fields only (API.md §5.5 step 1); the restriction and level rules come after, in the rules. */
export const collaboratorCreateInput = lazy(() =>
  z.object({
    user_uuid: uuid(),
    level: choice([restrictionLevels.everyoneCanEdit, restrictionLevels.onlyCollaboratorsCanEdit] as const),
  }),
);
export type CollaboratorCreateInput = z.input<typeof collaboratorCreateInput>;

export const sharingSettingsKeys = ['whitelabel', 'noHeader', 'showInspector', 'legend', 'detailed', 'hideExtraDetails', 'theme'] as const;

/** `settings`: an object (unknown keys dropped) or null; anything else `Invalid settings format`. */
const sharingSettingsInput = lazy(() =>
  z.pipe(
    json({ nullable: true }),
    z.pipe(
      z.unknown().check(
        z.refine((value) => value === null || (typeof value === 'object' && !Array.isArray(value)), {
          message: 'Invalid settings format',
          params: { code: 'invalid_input' },
        }),
      ),
      z.transform((value: unknown) => {
        if (value === null) return null;
        const given = value as Record<string, unknown>;
        const kept: Record<string, unknown> = {};
        for (const key of sharingSettingsKeys) if (Object.hasOwn(given, key)) kept[key] = given[key];
        return kept;
      }),
    ),
  ),
);

export const sharingUpdateInput = lazy(() =>
  z.object({
    enabled: optional(boolean()),
    settings: optional(sharingSettingsInput),
    password_required: optional(boolean()),
  }),
);
export type SharingUpdateInput = z.input<typeof sharingUpdateInput>;

export const minSharePasswordLength = 8;

export const sharePasswordCreateInput = lazy(() =>
  z.object({
    // Missing or blank: the mock generates one (API.md §5.6).
    raw_password: optional(
      z.pipe(
        text({ nullable: true, allowBlank: true }),
        z.nullable(
          z.string().check(
            z.refine((v) => v === '' || charLength(v) >= minSharePasswordLength, {
              message: `Password must be at least ${minSharePasswordLength} characters long.`,
              params: { code: 'invalid_input' },
            }),
          ),
        ),
      ),
    ),
    note: optional(text({ nullable: true, allowBlank: true, max: 100 })),
  }),
);
export type SharePasswordCreateInput = z.input<typeof sharePasswordCreateInput>;

// ---------- access control (API.md §5.7) ----------

export type { AccessLevel } from './access-control.ts';

/** Production's words for a level that is not one of the four (its `validate_access_level`). */
export const invalidAccessLevel = `Invalid access level. Must be one of: ${accessLevels.join(', ')}`;
/** Production's words for an `organization_member` that is not a UUID. */
export const invalidOrganizationMemberId =
  "Invalid organization member id. Use the 'id' field from the /api/organizations/<organization_id>/members/ endpoint.";

/**
 * `PUT …/dashboards/:id/access_controls/` (30), the fields in production's order: `access_level`
 * (required; text, trimmed; one of the four levels, or null to remove the rule), then
 * `organization_member` (a member's id; missing or null: the rule for everyone). Whether the member
 * exists and belongs to the organization is the rules' to say (§5.7).
 */
export const accessControlUpdateInput = lazy(() =>
  z.object({
    access_level: z.pipe(
      z.pipe(
        text({ nullable: true }),
        z.nullable(
          z.string().check(
            z.refine((level) => (accessLevels as ReadonlyArray<string>).includes(level), {
              message: invalidAccessLevel,
              params: { code: 'invalid_input' },
            }),
          ),
        ),
      ),
      z.transform((level: string | null) => level as AccessLevel | null),
    ),
    organization_member: optional(uuid({ nullable: true, message: invalidOrganizationMemberId })),
  }),
);
export type AccessControlUpdateInput = z.input<typeof accessControlUpdateInput>;

// ---------- projects ----------

export const productTypes = [
  'product_analytics',
  'web_analytics',
  'session_replay',
  'feature_flags',
  'experiments',
  'surveys',
  'data_warehouse',
  'error_tracking',
  'llm_analytics',
] as const;
export type ProductType = (typeof productTypes)[number];

let zoneSet: Set<string> | undefined;
/** IANA zones as `Intl.supportedValuesOf('timeZone')` lists them, plus `UTC`, sorted. */
export function timeZones(): string[] {
  zoneSet ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zoneSet].sort();
}

const timezoneInput = /* @__PURE__ */ choice(() => {
  if (!zoneSet) timeZones();
  return zoneSet!;
});

const nullableBoolean = () => optional(boolean({ nullable: true }));
const plainBoolean = () => optional(boolean());
const nullableJson = () => optional(json({ nullable: true }));
/** A list of texts; empty ones are dropped (`app_urls`, `recording_domains`). */
const urlList = (nullable: boolean) =>
  z.pipe(
    list(text({ nullable: true, max: 200, allowBlank: true }), { nullable }),
    z.transform((urls: Array<string | null> | null) => (urls === null ? null : urls.filter((u): u is string => !!u))),
  );

/** `name`: text, trimmed, 1–200 characters. */
export const projectNameInput = /* @__PURE__ */ text({ max: 200 });

/**
 * Every writable project field but `name`, all optional, in the order production validates them
 * (API.md §4.8): the first failing field answers.
 */
const projectWritable = () => ({
  product_description: optional(text({ nullable: true, max: 1000, allowBlank: true })),
  app_urls: optional(urlList(false)),
  slack_incoming_webhook: optional(text({ nullable: true, max: 500, allowBlank: true })),
  anonymize_ips: plainBoolean(),
  completed_snippet_onboarding: plainBoolean(),
  test_account_filters: optional(json()),
  test_account_filters_default_checked: nullableBoolean(),
  path_cleaning_filters: nullableJson(),
  is_demo: plainBoolean(),
  timezone: optional(timezoneInput),
  data_attributes: optional(json()),
  person_display_name_properties: optional(list(text({ max: 400 }), { nullable: true })),
  correlation_config: nullableJson(),
  autocapture_opt_out: nullableBoolean(),
  autocapture_exceptions_opt_in: nullableBoolean(),
  autocapture_web_vitals_opt_in: nullableBoolean(),
  autocapture_web_vitals_allowed_metrics: nullableJson(),
  autocapture_exceptions_errors_to_ignore: nullableJson(),
  capture_console_log_opt_in: nullableBoolean(),
  capture_performance_opt_in: nullableBoolean(),
  session_recording_opt_in: plainBoolean(),
  session_recording_sample_rate: optional(decimal({ nullable: true, maxDigits: 3, places: 2, min: 0, max: 1 })),
  session_recording_minimum_duration_milliseconds: optional(integer({ nullable: true, min: 0, max: 30000 })),
  session_recording_linked_flag: nullableJson(),
  session_recording_network_payload_capture_config: nullableJson(),
  session_recording_masking_config: nullableJson(),
  session_replay_config: nullableJson(),
  survey_config: nullableJson(),
  access_control: plainBoolean(),
  week_start_day: optional(choice([0, 1], { nullable: true })),
  primary_dashboard: optional(integer({ nullable: true })),
  live_events_columns: optional(list(text(), { nullable: true })),
  recording_domains: optional(urlList(true)),
  inject_web_apps: nullableBoolean(),
  extra_settings: nullableJson(),
  modifiers: nullableJson(),
  has_completed_onboarding_for: nullableJson(),
  surveys_opt_in: nullableBoolean(),
  heatmaps_opt_in: nullableBoolean(),
  flags_persistence_default: nullableBoolean(),
  receive_org_level_activity_logs: nullableBoolean(),
});

/** The fields a member (level 1) may change in a project PATCH (§6.1); the rest are admins'. */
export const memberProjectFields = [
  'product_description',
  'completed_snippet_onboarding',
  'has_completed_onboarding_for',
  'session_recording_opt_in',
  'autocapture_exceptions_opt_in',
  'autocapture_web_vitals_opt_in',
  'autocapture_web_vitals_allowed_metrics',
  'surveys_opt_in',
  'primary_dashboard',
] as const;

/** `name` is optional on create: the mock names the project `Default project`, `Default project 2`, … */
export const projectCreateInput = lazy(() => z.object({ name: optional(projectNameInput), ...projectWritable() }));
export type ProjectCreateInput = z.input<typeof projectCreateInput>;

export const projectUpdateInput = lazy(() => z.object({ name: optional(projectNameInput), ...projectWritable() }));
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;

const productTypeInput = choice(productTypes);
export const addProductIntentInput = lazy(() =>
  z.object({
    product_type: productTypeInput,
    intent_context: optional(text({ nullable: true, allowBlank: true })),
  }),
);
export const completeProductOnboardingInput = lazy(() => z.object({ product_type: productTypeInput }));

// ---------- the mock's own control routes (API.md §9) ----------

const latencyMs = () => z.number().check(z.gte(0), z.lte(60000));

export const mockFaultRuleInput = lazy(() =>
  z.object({
    method: z.string().check(z.minLength(1), z.toUpperCase()),
    path: z.string().check(z.minLength(1)),
    status: z.int().check(z.gte(200), z.lte(599)), // a Fetch Response cannot carry 1xx
    retry_after: optionalNullable(z.int().check(z.gte(0))),
  }),
);
export const mockFaultsInput = lazy(() =>
  z.object({
    latency_ms: z.optional(
      z.union([
        latencyMs(),
        z.tuple([latencyMs(), latencyMs()]).check(
          z.refine(([a, b]) => a <= b, {
            message: 'The first latency must not exceed the second.',
            params: { code: 'invalid_input' },
          }),
        ),
      ]),
    ),
    error_rate: z.optional(z.number().check(z.gte(0), z.lte(1))),
    rules: z.optional(z.array(mockFaultRuleInput)),
    production_key_rules: z.optional(z.boolean()),
  }),
);
export type MockFaultsInput = z.input<typeof mockFaultsInput>;

// ---------- parsing ----------

export type InputResult<T> = { ok: true; data: T } | { ok: false; error: FieldError };

/** Parses a body; on failure, the first problem as the API reports it. */
export function parseInput<S extends z.ZodMiniType>(schema: S, body: unknown): InputResult<z.output<S>> {
  const result = z.safeParse(schema, body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: fieldErrorFromIssue(result.error.issues[0]!, body) };
}
