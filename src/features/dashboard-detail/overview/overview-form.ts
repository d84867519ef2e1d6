/**
 * The Overview form's values (what its inputs hold), their translation to the API's values, and the
 * save that checks for another person's change first (CONSOLE.md "Safety": no lost update).
 */
import { planSave, type SavePlan } from '../../../api/client/changed-fields.ts';
import type { ConflictRow, ShownValue } from '../../../components/dialog/conflict-dialog.tsx';
import { normalizeTags, restrictionLevels, type DashboardUpdateInput } from '../../../contract/inputs.ts';
import type { Dashboard } from '../../../contract/schemas.ts';

export interface FormValues {
  name: string;
  description: string;
  /** Comma-separated, as typed. */
  tags: string;
  pinned: boolean;
  restrictionLevel: string;
}

export type FormField = keyof FormValues;

/** The form's label of each field (what the conflict dialog lists). */
export const fieldLabels: Record<FormField, string> = {
  name: 'Name',
  description: 'Description',
  tags: 'Tags',
  pinned: 'Pinned',
  restrictionLevel: 'Who can edit',
};

/** The field that shows a problem at `path` of the PATCH body (or the API's `attr`); null: the form. */
export function fieldOfPath(path: ReadonlyArray<string>): FormField | null {
  const root = path[0];
  if (root === 'restriction_level') return 'restrictionLevel';
  return root === 'name' || root === 'description' || root === 'tags' || root === 'pinned' ? root : null;
}

export function valuesOf(dashboard: Dashboard): FormValues {
  return {
    name: dashboard.name ?? '',
    description: dashboard.description ?? '',
    tags: dashboard.tags.join(', '),
    pinned: dashboard.pinned,
    restrictionLevel: String(dashboard.restriction_level),
  };
}

const blankToNull = (name: string | null) => (name?.trim() ? name : null);
const splitTags = (text: string) => text.split(',');
const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The PATCH body: only the fields whose value differs from the dashboard's. */
export function changesOf(dashboard: Dashboard, values: FormValues): DashboardUpdateInput {
  const original = valuesOf(dashboard);
  const changes: DashboardUpdateInput = {};
  if (blankToNull(values.name) !== blankToNull(dashboard.name)) changes.name = blankToNull(values.name);
  if (values.description !== original.description) changes.description = values.description;
  if (values.tags !== original.tags) {
    const tags = normalizeTags(splitTags(values.tags));
    if (!sameList(tags, normalizeTags(dashboard.tags))) changes.tags = tags;
  }
  if (values.pinned !== original.pinned) changes.pinned = values.pinned;
  if (values.restrictionLevel !== original.restrictionLevel) {
    changes.restriction_level = Number(values.restrictionLevel) as DashboardUpdateInput['restriction_level'];
  }
  return changes;
}

/** The API's value of each field (keyed by the form's field): what the API would store from it. */
export function apiValuesOf(values: FormValues): Record<FormField, unknown> {
  return {
    name: blankToNull(values.name),
    description: values.description,
    tags: normalizeTags(splitTags(values.tags)),
    pinned: values.pinned,
    restrictionLevel: Number(values.restrictionLevel),
  };
}

/** The PATCH body of planned changes (form keys → the API's). */
export function bodyOf(changes: Partial<Record<FormField, unknown>>): DashboardUpdateInput {
  const { restrictionLevel, ...rest } = changes;
  const body = { ...rest } as DashboardUpdateInput;
  if (restrictionLevel !== undefined) body.restriction_level = restrictionLevel as DashboardUpdateInput['restriction_level'];
  return body;
}

export function restrictionWords(level: unknown): string {
  return Number(level) === restrictionLevels.onlyCollaboratorsCanEdit ? 'Only invited collaborators' : 'Everyone in the project';
}

/** A field's API value in words, as the conflict dialog shows it. */
export function shownValue(field: FormField, value: unknown): ShownValue {
  switch (field) {
    case 'tags':
      return (value as string[]) ?? [];
    case 'pinned':
      return value ? 'On' : 'Off';
    case 'restrictionLevel':
      return restrictionWords(value);
    default:
      return typeof value === 'string' ? value : '';
  }
}

/**
 * Plans a save against `fresh` (the dashboard read just before saving): the form's `edits` and the
 * `baselines` they started from (see use-form.ts).
 */
export function planOverviewSave(fresh: Dashboard, edits: Partial<FormValues>, baselines: Partial<FormValues>): SavePlan<FormField> {
  const server = valuesOf(fresh);
  return planSave<FormField>({
    baseline: apiValuesOf({ ...server, ...baselines }),
    server: apiValuesOf(server),
    mine: apiValuesOf({ ...server, ...edits }),
  });
}

/** The dialog's rows for the conflicting fields of `plan`. */
export function conflictRows(fresh: Dashboard, plan: SavePlan<FormField>): ConflictRow[] {
  const server = apiValuesOf(valuesOf(fresh));
  return plan.conflicts.map((field) => ({
    field,
    label: fieldLabels[field],
    theirs: shownValue(field, server[field]),
    yours: shownValue(field, plan.changes[field]),
  }));
}

