/**
 * The settings form as text and booleans (what the inputs hold), and its translation to the API's
 * values: the PATCH carries only the fields whose API value differs from the project it started from.
 */
import { changedFields, planSave, type SavePlan } from '../../api/client/changed-fields.ts';
import type { ConflictRow, ShownValue } from '../../components/dialog/conflict-dialog.tsx';
import { projectUpdateInput, type ProjectUpdateInput } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { schemaErrors, type FormErrors } from '../../components/form/use-form.ts';
import { projectSettingLabels } from '../../components/project/project-setting-labels.ts';

export interface SettingsDraft {
  name: string;
  product_description: string;
  timezone: string;
  /** '' not set, '0' Sunday, '1' Monday. */
  week_start_day: '' | '0' | '1';
  app_urls: string[];
  session_recording_opt_in: boolean;
  /** As typed; the API's `"0.50"` when loaded. */
  session_recording_sample_rate: string;
  session_recording_minimum_duration_milliseconds: string;
  anonymize_ips: boolean;
  autocapture_opt_out: boolean;
  autocapture_exceptions_opt_in: boolean;
  autocapture_web_vitals_opt_in: boolean;
  capture_console_log_opt_in: boolean;
  capture_performance_opt_in: boolean;
}

export type SettingsField = keyof SettingsDraft;

export function draftFromProject(project: Project): SettingsDraft {
  const week = project.week_start_day;
  return {
    name: project.name,
    product_description: project.product_description ?? '',
    timezone: project.timezone,
    week_start_day: week === 0 ? '0' : week === 1 ? '1' : '',
    app_urls: [...project.app_urls],
    session_recording_opt_in: project.session_recording_opt_in,
    session_recording_sample_rate: project.session_recording_sample_rate ?? '',
    session_recording_minimum_duration_milliseconds:
      project.session_recording_minimum_duration_milliseconds === null
        ? ''
        : String(project.session_recording_minimum_duration_milliseconds),
    anonymize_ips: project.anonymize_ips,
    autocapture_opt_out: project.autocapture_opt_out ?? false,
    autocapture_exceptions_opt_in: project.autocapture_exceptions_opt_in ?? false,
    autocapture_web_vitals_opt_in: project.autocapture_web_vitals_opt_in ?? false,
    capture_console_log_opt_in: project.capture_console_log_opt_in ?? false,
    capture_performance_opt_in: project.capture_performance_opt_in ?? false,
  };
}

/** `0.5` and `"0.50"` are the same rate; text that is not a rate stays as typed (the check words the error). */
export function sampleRateValue(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d*\.?\d{0,2}$/.test(trimmed) || trimmed === '.') return trimmed;
  return Number(trimmed).toFixed(2);
}

function durationValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The draft as the API's values (what a PATCH would send for each field). */
export function apiValues(draft: SettingsDraft): Record<SettingsField, unknown> {
  return {
    // The API trims names: surrounding spaces alone are no change.
    name: draft.name.trim() === '' ? draft.name : draft.name.trim(),
    product_description: draft.product_description,
    timezone: draft.timezone,
    week_start_day: draft.week_start_day === '' ? null : Number(draft.week_start_day),
    // The API drops empty URLs.
    app_urls: draft.app_urls.map((url) => url.trim()).filter((url) => url !== ''),
    session_recording_opt_in: draft.session_recording_opt_in,
    session_recording_sample_rate: sampleRateValue(draft.session_recording_sample_rate),
    session_recording_minimum_duration_milliseconds: durationValue(draft.session_recording_minimum_duration_milliseconds),
    anonymize_ips: draft.anonymize_ips,
    autocapture_opt_out: draft.autocapture_opt_out,
    autocapture_exceptions_opt_in: draft.autocapture_exceptions_opt_in,
    autocapture_web_vitals_opt_in: draft.autocapture_web_vitals_opt_in,
    capture_console_log_opt_in: draft.capture_console_log_opt_in,
    capture_performance_opt_in: draft.capture_performance_opt_in,
  };
}

/** The PATCH body: only the fields whose API value differs from `base` (the draft the form started from). */
export function settingsChanges(base: SettingsDraft, draft: SettingsDraft): Partial<Record<SettingsField, unknown>> {
  const changes = changedFields(apiValues(base), apiValues(draft));
  // Sent as typed: the API trims it, and the form then shows the name it saved.
  if ('name' in changes) changes.name = draft.name;
  return changes;
}

/** Which row of the form's `Authorized URLs` is entry `index` of the sent list (empty rows are not sent). */
export function urlRowOfSent(urls: ReadonlyArray<string>, index: number): number | null {
  const sentRows = urls.map((url, row) => (url.trim() ? row : -1)).filter((row) => row >= 0);
  return sentRows[index] ?? null;
}

/** A web address the toolbar can open: http or https, with a host. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const invalidUrl = 'Enter a valid URL, such as https://app.example.com.';

/** The form field that shows a problem at `path` of the PATCH body (`app_urls.N` is a row of the form). */
export function settingsFieldOf(path: string[], draft: SettingsDraft): string | null {
  const [root, index] = path;
  if (root === 'app_urls' && index !== undefined) {
    const row = urlRowOfSent(draft.app_urls, Number(index));
    return row === null ? 'app_urls' : `app_urls.${row}`;
  }
  return root !== undefined && root in draft ? root : null;
}

/**
 * Every problem in the changes from `base` to `draft`: the contract's rules (as the API words them),
 * and each changed Authorized URL checked as a web address.
 */
export function checkSettings(base: SettingsDraft, draft: SettingsDraft): FormErrors {
  const changes = settingsChanges(base, draft);
  const errors = schemaErrors(projectUpdateInput, changes, (path) => settingsFieldOf(path, draft));
  if ('app_urls' in changes) {
    draft.app_urls.forEach((url, row) => {
      if (url.trim() && !isWebUrl(url)) errors[`app_urls.${row}`] ??= invalidUrl;
    });
  }
  return errors;
}

/** The changes typed for the API layer (checked by `checkSettings` first). */
export const asUpdateInput = (changes: Partial<Record<SettingsField, unknown>>) => changes as ProjectUpdateInput;

// ---------- no lost update (CONSOLE.md "Safety") ----------

/** Each field's label in the form: what `Changed since you opened it` lists. */
export const settingsLabels: Record<SettingsField, string> = {
  name: 'Project name',
  ...projectSettingLabels,
};

/** A field's API value in words: lists as lists, booleans On/Off, the week's first day by name. */
export function shownSetting(field: SettingsField, value: unknown): ShownValue {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (field === 'week_start_day') return value === 0 ? 'Sunday' : value === 1 ? 'Monday' : 'Not set';
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Plans a save against `fresh` (the project read just before saving), from the form's `edits` and
 * the `baselines` they started from (see use-form.ts): what to send, and which of it someone else
 * changed meanwhile. The name is sent as typed (the API trims it).
 */
export function planSettingsSave(
  fresh: Project,
  edits: Partial<SettingsDraft>,
  baselines: Partial<SettingsDraft>,
): SavePlan<SettingsField> {
  const server = draftFromProject(fresh);
  const mine = { ...server, ...edits };
  const plan = planSave<SettingsField>({
    baseline: apiValues({ ...server, ...baselines }),
    server: apiValues(server),
    mine: apiValues(mine),
  });
  if ('name' in plan.changes) plan.changes.name = mine.name;
  return plan;
}

/** The dialog's rows for the conflicting fields of `plan`, in the form's order. */
export function settingsConflictRows(fresh: Project, plan: SavePlan<SettingsField>): ConflictRow[] {
  const server = apiValues(draftFromProject(fresh));
  const order = Object.keys(settingsLabels) as SettingsField[];
  return order
    .filter((field) => plan.conflicts.includes(field))
    .map((field) => ({
      field,
      label: settingsLabels[field],
      theirs: shownSetting(field, server[field]),
      yours: shownSetting(field, field === 'name' ? String(plan.changes.name).trim() : plan.changes[field]),
    }));
}
