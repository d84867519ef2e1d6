/**
 * Request-body schemas with the rules of API.md. The mock parses every body with these; the
 * console's forms use the same ones for their field errors. Unknown fields are dropped (ignored).
 */
import { z } from 'zod';
import { details, fieldErrorFromIssue, type FieldError } from './errors.ts';

/** Length in characters (Unicode code points), as the API counts it. */
export const charLength = (value: string) => [...value].length;

const maxChars = (max: number) =>
  z.string().refine((v) => charLength(v) <= max, {
    message: `Ensure this field has no more than ${max} characters.`,
    params: { code: 'max_length' },
  });

const jsonObject = z.record(z.string(), z.unknown());

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

const dashboardFields = {
  name: maxChars(400).nullable().optional(),
  description: z.string().optional(),
  pinned: z.boolean().optional(),
  deleted: z.boolean().optional(),
  tags: z.array(z.string()).transform(normalizeTags).optional(),
  restriction_level: restrictionLevelInput.optional(),
};

export const dashboardCreateInput = z.object({
  ...dashboardFields,
  // Checked against the allowed templates by the rules, which word the error themselves.
  use_template: z.string().nullable().optional(),
  use_dashboard: z.number().int().nullable().optional(),
  delete_insights: z.boolean().optional(),
});
export type DashboardCreateInput = z.input<typeof dashboardCreateInput>;

export const dashboardUpdateInput = z.object(dashboardFields);
export type DashboardUpdateInput = z.input<typeof dashboardUpdateInput>;

export const moveTileInput = z.object({
  tile: z.object({ id: z.number().int() }),
  toDashboard: z.number().int(),
});

const templateTile = z.object({
  type: z.literal(['INSIGHT', 'TEXT']),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  query: jsonObject.nullable().optional(),
  filters: jsonObject.nullable().optional(),
  layouts: jsonObject.nullable().optional(),
  color: z.string().nullable().optional(),
});

export const createFromTemplateJsonInput = z.object({
  template: z.object({
    template_name: z.string().trim().min(1),
    dashboard_description: z.string(),
    dashboard_filters: jsonObject,
    tiles: z.array(templateTile).min(1),
    tags: z.array(z.string()).transform(normalizeTags).optional(),
    variables: jsonObject.nullable().optional(),
  }),
});

// ---------- collaborators and sharing ----------

export const collaboratorLevel = 37;

export const collaboratorCreateInput = z.object({
  user_uuid: z.guid(),
  level: z.number().refine((v) => v === collaboratorLevel, {
    message: details.onlyEditAccess,
    params: { code: 'invalid_input' },
  }),
});
export type CollaboratorCreateInput = z.input<typeof collaboratorCreateInput>;

export const sharingUpdateInput = z.object({ enabled: z.boolean().optional() });

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

const projectName = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1)
      .refine((v) => charLength(v) <= 200, {
        message: 'Ensure this field has no more than 200 characters.',
        params: { code: 'max_length' },
      }),
  );

const timezoneInput = z.string().refine(isTimeZone, {
  error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
  params: { code: 'invalid_choice' },
});

/** `0.5`, `"0.5"`, `"0.50"`: 0 to 1 with at most two decimals; answered as `"0.50"`. */
const sampleRateInput = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null || value === undefined) return;
    const asNumber = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
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
      ctx.addIssue({ code: 'custom', message: 'Ensure this value is less than or equal to 1.', params: { code: 'max_value' } });
    } else if (asNumber < 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Ensure this value is greater than or equal to 0.',
        params: { code: 'min_value' },
      });
    }
  })
  .transform((value) => (value === null || value === undefined ? null : Number(value).toFixed(2)));

const appUrls = z
  .array(maxChars(200).nullable())
  .transform((urls) => urls.filter((u): u is string => typeof u === 'string' && u.trim() !== ''));

const stringList = z.array(z.string());

/** Every writable project field but `name`, all optional. */
const projectWritable = {
  product_description: z.string().nullable().optional(),
  app_urls: appUrls.optional(),
  slack_incoming_webhook: z.string().nullable().optional(),
  anonymize_ips: z.boolean().optional(),
  completed_snippet_onboarding: z.boolean().optional(),
  test_account_filters: z.array(z.unknown()).optional(),
  test_account_filters_default_checked: z.boolean().nullable().optional(),
  path_cleaning_filters: z.array(z.unknown()).nullable().optional(),
  timezone: timezoneInput.optional(),
  data_attributes: stringList.optional(),
  person_display_name_properties: stringList.nullable().optional(),
  correlation_config: jsonObject.nullable().optional(),
  autocapture_opt_out: z.boolean().nullable().optional(),
  autocapture_exceptions_opt_in: z.boolean().nullable().optional(),
  autocapture_web_vitals_opt_in: z.boolean().nullable().optional(),
  autocapture_web_vitals_allowed_metrics: stringList.nullable().optional(),
  autocapture_exceptions_errors_to_ignore: z.array(z.unknown()).nullable().optional(),
  capture_console_log_opt_in: z.boolean().nullable().optional(),
  capture_performance_opt_in: z.boolean().nullable().optional(),
  session_recording_opt_in: z.boolean().optional(),
  session_recording_sample_rate: sampleRateInput.optional(),
  session_recording_minimum_duration_milliseconds: z.number().int().min(0).max(30000).nullable().optional(),
  session_recording_linked_flag: jsonObject.nullable().optional(),
  session_recording_network_payload_capture_config: jsonObject.nullable().optional(),
  session_replay_config: jsonObject.nullable().optional(),
  survey_config: jsonObject.nullable().optional(),
  access_control: z.boolean().optional(),
  week_start_day: z.literal([0, 1]).nullable().optional(),
  primary_dashboard: z.number().int().nullable().optional(),
  live_events_columns: stringList.nullable().optional(),
  recording_domains: z.array(maxChars(200).nullable()).nullable().optional(),
  inject_web_apps: z.boolean().optional(),
  extra_settings: jsonObject.nullable().optional(),
  modifiers: jsonObject.nullable().optional(),
  surveys_opt_in: z.boolean().nullable().optional(),
  heatmaps_opt_in: z.boolean().nullable().optional(),
};

export const projectCreateInput = z.object({ name: projectName, ...projectWritable });
export type ProjectCreateInput = z.input<typeof projectCreateInput>;

export const projectUpdateInput = z.object({ name: projectName.optional(), ...projectWritable });
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;

const productTypeInput = z.enum(productTypes);
export const addProductIntentInput = z.object({
  product_type: productTypeInput,
  intent_context: z.string().nullable().optional(),
});
export const completeProductOnboardingInput = z.object({ product_type: productTypeInput });

// ---------- the mock's own control routes (API.md §9) ----------

export const mockFaultRuleInput = z.object({
  method: z.string().min(1).transform((m) => m.toUpperCase()),
  path: z.string().min(1),
  status: z.number().int().min(200).max(599), // a Fetch Response cannot carry 1xx
  retry_after: z.number().int().min(0).nullable().optional(),
});
export const mockFaultsInput = z.object({
  latency_ms: z
    .union([
      z.number().min(0).max(60000),
      z.tuple([z.number().min(0).max(60000), z.number().min(0).max(60000)]).refine(([a, b]) => a <= b, {
        message: 'The first latency must not exceed the second.',
        params: { code: 'invalid_input' },
      }),
    ])
    .optional(),
  error_rate: z.number().min(0).max(1).optional(),
  rules: z.array(mockFaultRuleInput).optional(),
});
export type MockFaultsInput = z.input<typeof mockFaultsInput>;

// ---------- parsing ----------

export type InputResult<T> = { ok: true; data: T } | { ok: false; error: FieldError };

/** Parses a body; on failure, the first problem as the API reports it. */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): InputResult<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: fieldErrorFromIssue(result.error.issues[0]!, body) };
}
