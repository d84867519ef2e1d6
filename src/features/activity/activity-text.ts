/**
 * Activity entries in words (CONSOLE.md "Activity"): who did what to which item, and each field
 * change as `Label: before → after` in the words a person uses: "Who can edit: Everyone in the
 * project → Only invited collaborators", never a raw value such as `21`, and never a token.
 */
import type { ActivityEntry } from '../../contract/schemas.ts';
import { projectSettingLabels } from '../../components/project/project-setting-labels.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import { personFirstName } from '../../api/organization/person-name.ts';

type Change = NonNullable<ActivityEntry['detail']>['changes'][number];

/** `Priya`, else the email; a visitor of a public page or the system when there is no user. */
export function actorName(entry: ActivityEntry): string {
  const name = entry.user ? personFirstName(entry.user) : '';
  if (name) return name;
  return entry.activity.startsWith('share_login') ? 'A visitor' : 'Someone';
}

const scopeNoun = (scope: string) =>
  scope === 'Team' || scope === 'Project' ? 'project' : scope === 'Dashboard' ? 'dashboard' : humanize(scope).toLowerCase();

/** The item's name as the entry recorded it (dashboards may have none). */
export function itemName(entry: ActivityEntry): string {
  const name = entry.detail?.name?.trim();
  if (name) return name;
  if (entry.scope === 'Dashboard') return 'Untitled dashboard';
  return `${scopeNoun(entry.scope)} ${entry.item_id ?? ''}`.trim();
}

/**
 * The sentence around the item's name: `[before, after]`, e.g. `['updated the dashboard', '']`,
 * `['shared the dashboard', 'publicly']`. The name goes between them (a link where it can).
 */
export function activityPhrase(entry: ActivityEntry): [string, string] {
  const noun = scopeNoun(entry.scope);
  // Production's names have spaces (`sharing enabled`); older ones underscores.
  switch (entry.activity.replace(/_/g, ' ')) {
    case 'created':
    case 'updated':
    case 'deleted':
    case 'restored':
      return [`${entry.activity} the ${noun}`, ''];
    case 'sharing enabled':
      return [`shared the ${noun}`, 'publicly'];
    case 'sharing disabled':
      return [`stopped sharing the ${noun}`, 'publicly'];
    case 'access token refreshed':
      return [`rotated the public link of the ${noun}`, ''];
    case 'share login success':
      return [`opened the password-protected public page of the ${noun}`, ''];
    case 'share login failed':
      return [`entered a wrong password on the public page of the ${noun}`, ''];
    case 'token reset':
      return [`reset the project API key of the ${noun}`, ''];
    default:
      return [`${entry.activity.replace(/_/g, ' ')} the ${noun}`, ''];
  }
}

/** Field names in the console's words (the labels its forms use). */
const fieldLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  pinned: 'Pinned',
  tags: 'Tags',
  restriction_level: 'Who can edit',
  ...projectSettingLabels,
  primary_dashboard: 'Primary dashboard',
  api_token: 'Project API key',
  has_completed_onboarding_for: 'Onboarding completed for',
};

function humanize(field: string): string {
  const words = field.replace(/_+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Something';
}

export function fieldLabel(field: string | null): string {
  if (!field) return 'Something';
  return fieldLabels[field] ?? humanize(field);
}

/** Secrets never shown, whatever their value: tokens, keys and passwords. */
const isSecretField = (field: string | null) => !!field && /token|secret|password|api_key/i.test(field);

const restrictionWords: Record<string, string> = {
  [restrictionLevels.everyoneCanEdit]: 'Everyone in the project',
  [restrictionLevels.onlyCollaboratorsCanEdit]: 'Only invited collaborators',
};
const weekDays: Record<string, string> = { '0': 'Sunday', '1': 'Monday' };

/** One value in words: `yes`/`no`, `not set`, `empty`, a list joined with commas, a known choice's name. */
export function valueInWords(field: string | null, value: unknown): string {
  if (value === undefined || value === null) return 'not set';
  if (field === 'restriction_level' && restrictionWords[String(value)]) return restrictionWords[String(value)]!;
  if (field === 'week_start_day' && weekDays[String(value)]) return weekDays[String(value)]!;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? 'empty' : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.every((v) => typeof v === 'string' || typeof v === 'number') ? value.join(', ') : `${value.length} items`;
  }
  if (typeof value === 'object') {
    const on = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v === true)
      .map(([k]) => humanize(k).toLowerCase());
    return on.length > 0 ? on.join(', ') : 'changed settings';
  }
  return 'changed';
}

export const MAX_VALUE_CHARS = 160;

/** `text` cut at MAX_VALUE_CHARS with an ellipsis; `full` is the whole text (for a tooltip). */
export function compactText(full: string): { text: string; full: string; cut: boolean } {
  const chars = [...full];
  if (chars.length <= MAX_VALUE_CHARS) return { text: full, full, cut: false };
  return { text: `${chars.slice(0, MAX_VALUE_CHARS - 1).join('')}…`, full, cut: true };
}

export interface ChangeInWords {
  label: string;
  /** Null when the change is said without values (a secret, or a change the sentence already says). */
  before: string | null;
  after: string | null;
  /** The whole sentence when there are no values, e.g. "Project API key: replaced". */
  summary: string | null;
}

/** The field changes worth a line: the sharing switch and deletion are said by the sentence itself. */
export function changesInWords(entry: ActivityEntry): ChangeInWords[] {
  const changes: Change[] = entry.detail?.changes ?? [];
  return changes
    .filter((change) => change.field !== 'sharing' && change.field !== 'deleted')
    .map((change) => {
      const label = fieldLabel(change.field ?? change.type);
      if (isSecretField(change.field)) return { label, before: null, after: null, summary: `${label}: replaced` };
      if (change.action === 'created' && change.before == null) {
        return { label, before: null, after: valueInWords(change.field, change.after), summary: null };
      }
      return {
        label,
        before: valueInWords(change.field, change.before),
        after: valueInWords(change.field, change.after),
        summary: null,
      };
    });
}

/**
 * Dashboards whose newest loaded entry deletes them: they offer `Restore`, and no link to a page
 * that answers 404. `entries` newest first.
 */
export function deletedDashboards(entries: ReadonlyArray<ActivityEntry>): Set<string> {
  const seen = new Set<string>();
  const gone = new Set<string>();
  for (const entry of entries) {
    if (entry.scope !== 'Dashboard' || !entry.item_id || seen.has(entry.item_id)) continue;
    if (entry.activity.startsWith('share') || entry.activity.startsWith('access')) continue;
    seen.add(entry.item_id);
    if (entry.activity === 'deleted') gone.add(entry.item_id);
  }
  return gone;
}

/** Newest first by `created_at`; entries with the same time keep the API's order. */
export function newestFirst(entries: ReadonlyArray<ActivityEntry>): ActivityEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.created_at) }))
    .sort((a, b) => (Number.isNaN(a.time) || Number.isNaN(b.time) || a.time === b.time ? a.index - b.index : b.time - a.time))
    .map(({ entry }) => entry);
}
