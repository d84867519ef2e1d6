/**
 * Request-body schemas with the rules of API.md. The mock parses every body with these; the
 * console's forms use the same ones for their field errors. Unknown fields are dropped (ignored).
 */
import * as z from 'zod/mini';
import { fieldErrorFromIssue, type FieldError } from './errors.ts';

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

// ---------- coercion of dashboard fields (API.md §1.3) ----------
// Each field kind takes what production's serializer field takes. (mock-core's general helpers may
// replace these; they keep the same sentences and codes.)

type Coerced<T> = { ok: true; value: T } | { ok: false; code: string; detail: string };
const fail = (code: string, detail: string): Coerced<never> => ({ ok: false, code, detail });

const trueTexts = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const falseTexts = new Set(['false', 'False', 'FALSE', 'f', 'F', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF', '0']);

function toBoolean(value: unknown): Coerced<boolean> {
  if (value === true || value === 1 || (typeof value === 'string' && trueTexts.has(value))) return { ok: true, value: true };
  if (value === false || value === 0 || (typeof value === 'string' && falseTexts.has(value))) return { ok: true, value: false };
  return fail('invalid_input', 'Must be a valid boolean.');
}

function toInteger(value: unknown): Coerced<number> {
  if (typeof value === 'string' && value.length > 1000) return fail('max_string_length', 'String value too large.');
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?(\d+(\.0*)?|\.0+)\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? { ok: true, value: n } : fail('invalid_input', 'A valid integer is required.');
}

function toText(value: unknown): Coerced<string> {
  if (typeof value === 'string') return { ok: true, value: value.trim() };
  if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
  return fail('invalid_input', 'Not a valid string.');
}

const uuidForms = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;
function toUuid(value: unknown): Coerced<string> {
  const match = typeof value === 'string' ? uuidForms.exec(value.trim()) : null;
  return match ? { ok: true, value: match.slice(1).join('-').toLowerCase() } : fail('invalid_input', 'Must be a valid UUID.');
}

function toChoice<T extends string | number>(choices: ReadonlyArray<T>): (value: unknown) => Coerced<T> {
  return (value) => {
    const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
    const found = choices.find((c) => String(c) === text);
    return found !== undefined ? { ok: true, value: found } : fail('invalid_choice', `"${text}" is not a valid choice.`);
  };
}

function pythonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'NoneType';
  if (typeof value === 'object') return 'dict';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'str';
}

/** A required or optional field of one kind; `nullable` lets `null` through as null. */
function field<T>(coerce: (value: unknown) => Coerced<T>, nullable: true): z.ZodMiniType<T | null>;
function field<T>(coerce: (value: unknown) => Coerced<T>, nullable?: false): z.ZodMiniType<T>;
function field<T>(coerce: (value: unknown) => Coerced<T>, nullable = false): z.ZodMiniType<T | null> {
  return z.pipe(
    z.unknown().check(
      z.superRefine((value, ctx) => {
        if (value === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required.', params: { code: 'required' } });
        else if (value === null) {
          if (!nullable) ctx.addIssue({ code: 'custom', message: 'This field may not be null.', params: { code: 'null' } });
        } else {
          const result = coerce(value);
          if (!result.ok) ctx.addIssue({ code: 'custom', message: result.detail, params: { code: result.code } });
        }
      }),
    ),
    z.transform((value: unknown) => (value === null ? null : (coerce(value) as { ok: true; value: T }).value)),
  );
}

/** Text up to `max` characters (after trimming); `allowBlank` false refuses `""`. */
function textOf(max: number | null, allowBlank = true): (value: unknown) => Coerced<string> {
  return (value) => {
    const result = toText(value);
    if (!result.ok) return result;
    if (!allowBlank && result.value === '') return fail('blank', 'This field may not be blank.');
    if (max !== null && charLength(result.value) > max) return fail('max_length', `Ensure this field has no more than ${max} characters.`);
    return result;
  };
}

/** A list of strings; an item error names its index (`tags__2`). */
const stringListField = z.pipe(
  z.unknown().check(
    z.superRefine((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: 'This field may not be null.', params: { code: 'null' } });
      } else if (!Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: `Expected a list of items but got type "${pythonTypeName(value)}".`, params: { code: 'not_a_list' } });
      } else {
        const bad = value.findIndex((item) => item === null || !toText(item).ok);
        if (bad >= 0) {
          const nullItem = value[bad] === null;
          ctx.addIssue({
            code: 'custom',
            path: [bad],
            message: nullItem ? 'This field may not be null.' : 'Not a valid string.',
            params: { code: nullItem ? 'null' : 'invalid_input' },
          });
        }
      }
    }),
  ),
  z.transform((value: unknown) => (value as unknown[]).map((item) => (toText(item) as { ok: true; value: string }).value)),
);

// ---------- dashboards ----------

export const restrictionLevels = { everyoneCanEdit: 21, onlyCollaboratorsCanEdit: 37 } as const;
export const restrictionLevelInput = field(toChoice([21, 37] as const));
export type RestrictionLevel = 21 | 37;

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

const tagsInput = z.pipe(stringListField, z.transform((tags: string[]) => normalizeTags(tags)));
const booleanInput = () => field(toBoolean);

/** The writable fields in production's order (API.md §4.3, §5.2): the first failing one answers. */
const dashboardFields = {
  name: z.optional(field(textOf(400), true)),
  description: z.optional(field(textOf(null))),
  pinned: z.optional(booleanInput()),
  deleted: z.optional(booleanInput()),
  tags: z.optional(tagsInput),
  restriction_level: z.optional(restrictionLevelInput),
};

export const dashboardCreateInput = z.object({
  ...dashboardFields,
  // Checked against the allowed templates by the rules, which word the error themselves.
  use_template: z.optional(field(textOf(null), true)),
  use_dashboard: z.optional(field(toInteger, true)),
  /** Read as sent, as Python's truth (API.md §5.3): never an error. */
  duplicate_tiles: z.optional(z.unknown()),
  delete_insights: z.optional(booleanInput()),
});
export type DashboardCreateInput = z.input<typeof dashboardCreateInput>;

export const dashboardUpdateInput = z.object(dashboardFields);
export type DashboardUpdateInput = z.input<typeof dashboardUpdateInput>;

export const moveTileInput = z.object({
  tile: z.object({ id: field(toInteger) }),
  toDashboard: field(toInteger),
});

/** `create_from_template_json/`: the template itself is checked by production's template schema (the rules). */
export const createFromTemplateJsonInput = z.object({
  template: z.unknown().check(
    z.refine((value) => value !== undefined, { message: 'This field is required.', params: { code: 'required' } }),
  ),
  creation_context: z.optional(z.unknown()),
});

// ---------- collaborators and sharing ----------

export const collaboratorLevel = 37;

/** The fields only (API.md §5.5 step 1); the restriction and level rules come after, in the rules. */
export const collaboratorCreateInput = z.object({
  user_uuid: field(toUuid),
  level: field(toChoice([21, 37] as const)),
});
export type CollaboratorCreateInput = z.input<typeof collaboratorCreateInput>;

export const sharingSettingsKeys = ['whitelabel', 'noHeader', 'showInspector', 'legend', 'detailed', 'hideExtraDetails', 'theme'] as const;

/** `settings`: an object (unknown keys dropped) or null; anything else `Invalid settings format`. */
const sharingSettingsInput = z.pipe(
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
);

export const sharingUpdateInput = z.object({
  enabled: z.optional(booleanInput()),
  settings: z.optional(sharingSettingsInput),
  password_required: z.optional(booleanInput()),
});
export type SharingUpdateInput = z.input<typeof sharingUpdateInput>;

export const minSharePasswordLength = 8;

export const sharePasswordCreateInput = z.object({
  raw_password: z.optional(
    field((value) => {
      const text = toText(value);
      if (!text.ok || text.value === '' || charLength(text.value) >= minSharePasswordLength) return text;
      return fail('invalid_input', `Password must be at least ${minSharePasswordLength} characters long.`);
    }, true),
  ),
  note: z.optional(field(textOf(100), true)),
});
export type SharePasswordCreateInput = z.input<typeof sharePasswordCreateInput>;

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
