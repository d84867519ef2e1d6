/**
 * Request-body schemas with the rules of API.md. The mock parses every body with these; the
 * console's forms use the same ones for their field errors. Unknown fields are dropped (ignored).
 */
import * as z from 'zod/mini';
import { details, fieldErrorFromIssue, type FieldError } from './errors.ts';

/** Length in characters (Unicode code points), as the API counts it. */
export const charLength = (value: string) => [...value].length;

const maxChars = (max: number) =>
  z.string().check(
    z.refine((v) => charLength(v) <= max, {
      message: `Ensure this field has no more than ${max} characters.`,
      params: { code: 'max_length' },
    }),
  );

const jsonObject = z.record(z.string(), z.unknown());
/** An optional field that may also be null. */
const optionalNullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

// ---------- dashboards ----------

export const restrictionLevels = { everyoneCanEdit: 21, onlyCollaboratorsCanEdit: 37 } as const;
export const restrictionLevelInput = z.literal([21, 37]);
export type RestrictionLevel = z.infer<typeof restrictionLevelInput>;

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

const tagsInput = z.pipe(
  z.array(z.string()),
  z.transform((tags: string[]) => normalizeTags(tags)),
);

const dashboardFields = {
  name: optionalNullable(maxChars(400)),
  description: z.optional(z.string()),
  pinned: z.optional(z.boolean()),
  deleted: z.optional(z.boolean()),
  tags: z.optional(tagsInput),
  restriction_level: z.optional(restrictionLevelInput),
};

export const dashboardCreateInput = z.object({
  ...dashboardFields,
  // Checked against the allowed templates by the rules, which word the error themselves.
  use_template: optionalNullable(z.string()),
  use_dashboard: optionalNullable(z.int()),
  delete_insights: z.optional(z.boolean()),
});
export type DashboardCreateInput = z.input<typeof dashboardCreateInput>;

export const dashboardUpdateInput = z.object(dashboardFields);
export type DashboardUpdateInput = z.input<typeof dashboardUpdateInput>;

export const moveTileInput = z.object({
  tile: z.object({ id: z.int() }),
  toDashboard: z.int(),
});

const templateTile = z.object({
  type: z.literal(['INSIGHT', 'TEXT']),
  name: optionalNullable(z.string()),
  description: optionalNullable(z.string()),
  body: optionalNullable(z.string()),
  query: optionalNullable(jsonObject),
  filters: optionalNullable(jsonObject),
  layouts: optionalNullable(jsonObject),
  color: optionalNullable(z.string()),
});

export const createFromTemplateJsonInput = z.object({
  template: z.object({
    template_name: z.string().check(z.trim(), z.minLength(1)),
    dashboard_description: z.string(),
    dashboard_filters: jsonObject,
    tiles: z.array(templateTile).check(z.minLength(1)),
    tags: z.optional(tagsInput),
    variables: optionalNullable(jsonObject),
  }),
});

// ---------- collaborators and sharing ----------

export const collaboratorLevel = 37;

export const collaboratorCreateInput = z.object({
  user_uuid: z.guid(),
  level: z.number().check(
    z.refine((v) => v === collaboratorLevel, {
      message: details.onlyEditAccess,
      params: { code: 'invalid_input' },
    }),
  ),
});
export type CollaboratorCreateInput = z.input<typeof collaboratorCreateInput>;

export const sharingUpdateInput = z.object({ enabled: z.optional(z.boolean()) });

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
const isTimeZone = (value: string) => {
  if (!zoneSet) timeZones();
  return zoneSet!.has(value);
};

const projectName = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v: string) => v.trim()),
  ),
  z.string().check(
    z.minLength(1),
    z.refine((v) => charLength(v) <= 200, {
      message: 'Ensure this field has no more than 200 characters.',
      params: { code: 'max_length' },
    }),
  ),
);

const timezoneInput = z.string().check(
  z.refine(isTimeZone, {
    error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
    params: { code: 'invalid_choice' },
  }),
);

/** `0.5`, `"0.5"`, `"0.50"`: 0 to 1 with at most two decimals; answered as `"0.50"`. */
const sampleRateInput = z.pipe(
  z.unknown().check(
    z.superRefine((value, ctx) => {
      if (value === null || value === undefined) return;
      const asNumber =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if ((typeof value !== 'number' && typeof value !== 'string') || !Number.isFinite(asNumber)) {
        ctx.addIssue({ code: 'custom', message: 'A valid number is required.', params: { code: 'invalid_input' } });
        return;
      }
      const text = typeof value === 'string' ? value.trim() : String(value);
      const decimals = /e/i.test(text) ? 3 : (text.split('.')[1] ?? '').length;
      if (decimals > 2) {
        ctx.addIssue({
          code: 'custom',
          message: 'Ensure that there are no more than 2 decimal places.',
          params: { code: 'invalid_input' },
        });
      } else if (asNumber > 1) {
        ctx.addIssue({
          code: 'custom',
          message: 'Ensure this value is less than or equal to 1.',
          params: { code: 'max_value' },
        });
      } else if (asNumber < 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'Ensure this value is greater than or equal to 0.',
          params: { code: 'min_value' },
        });
      }
    }),
  ),
  z.transform((value: unknown) => (value === null || value === undefined ? null : Number(value).toFixed(2))),
);

const appUrls = z.pipe(
  z.array(z.nullable(maxChars(200))),
  z.transform((urls: Array<string | null>) => urls.filter((u): u is string => typeof u === 'string' && u.trim() !== '')),
);

const stringList = z.array(z.string());
const optionalBoolean = () => z.optional(z.boolean());
const optionalNullableBoolean = () => optionalNullable(z.boolean());

/** Every writable project field but `name`, all optional. */
const projectWritable = {
  product_description: optionalNullable(z.string()),
  app_urls: z.optional(appUrls),
  slack_incoming_webhook: optionalNullable(z.string()),
  anonymize_ips: optionalBoolean(),
  completed_snippet_onboarding: optionalBoolean(),
  test_account_filters: z.optional(z.array(z.unknown())),
  test_account_filters_default_checked: optionalNullableBoolean(),
  path_cleaning_filters: optionalNullable(z.array(z.unknown())),
  timezone: z.optional(timezoneInput),
  data_attributes: z.optional(stringList),
  person_display_name_properties: optionalNullable(stringList),
  correlation_config: optionalNullable(jsonObject),
  autocapture_opt_out: optionalNullableBoolean(),
  autocapture_exceptions_opt_in: optionalNullableBoolean(),
  autocapture_web_vitals_opt_in: optionalNullableBoolean(),
  autocapture_web_vitals_allowed_metrics: optionalNullable(stringList),
  autocapture_exceptions_errors_to_ignore: optionalNullable(z.array(z.unknown())),
  capture_console_log_opt_in: optionalNullableBoolean(),
  capture_performance_opt_in: optionalNullableBoolean(),
  session_recording_opt_in: optionalBoolean(),
  session_recording_sample_rate: z.optional(sampleRateInput),
  session_recording_minimum_duration_milliseconds: optionalNullable(z.int().check(z.gte(0), z.lte(30000))),
  session_recording_linked_flag: optionalNullable(jsonObject),
  session_recording_network_payload_capture_config: optionalNullable(jsonObject),
  session_replay_config: optionalNullable(jsonObject),
  survey_config: optionalNullable(jsonObject),
  access_control: optionalBoolean(),
  week_start_day: optionalNullable(z.literal([0, 1])),
  primary_dashboard: optionalNullable(z.int()),
  live_events_columns: optionalNullable(stringList),
  recording_domains: optionalNullable(z.array(z.nullable(maxChars(200)))),
  inject_web_apps: optionalBoolean(),
  extra_settings: optionalNullable(jsonObject),
  modifiers: optionalNullable(jsonObject),
  surveys_opt_in: optionalNullableBoolean(),
  heatmaps_opt_in: optionalNullableBoolean(),
};

export const projectCreateInput = z.object({ name: projectName, ...projectWritable });
export type ProjectCreateInput = z.input<typeof projectCreateInput>;

export const projectUpdateInput = z.object({ name: z.optional(projectName), ...projectWritable });
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;

const productTypeInput = z.enum(productTypes);
export const addProductIntentInput = z.object({
  product_type: productTypeInput,
  intent_context: optionalNullable(z.string()),
});
export const completeProductOnboardingInput = z.object({ product_type: productTypeInput });

// ---------- the mock's own control routes (API.md §9) ----------

const latencyMs = () => z.number().check(z.gte(0), z.lte(60000));

export const mockFaultRuleInput = z.object({
  method: z.string().check(z.minLength(1), z.toUpperCase()),
  path: z.string().check(z.minLength(1)),
  status: z.int().check(z.gte(200), z.lte(599)), // a Fetch Response cannot carry 1xx
  retry_after: optionalNullable(z.int().check(z.gte(0))),
});
export const mockFaultsInput = z.object({
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
});
export type MockFaultsInput = z.input<typeof mockFaultsInput>;

// ---------- parsing ----------

export type InputResult<T> = { ok: true; data: T } | { ok: false; error: FieldError };

/** Parses a body; on failure, the first problem as the API reports it. */
export function parseInput<S extends z.ZodMiniType>(schema: S, body: unknown): InputResult<z.output<S>> {
  const result = z.safeParse(schema, body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: fieldErrorFromIssue(result.error.issues[0]!, body) };
}
