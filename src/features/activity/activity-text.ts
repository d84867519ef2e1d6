/** Activity entries in words: who did what to which item, and each field change as `before → after`. */
import type { ActivityEntry } from '../../contract/schemas.ts';

/** `Priya`, else the email, else a neutral word (a deleted user, or the system). */
export function actorName(entry: ActivityEntry): string {
  const first = entry.user?.first_name?.trim();
  if (first) return first;
  const email = entry.user?.email?.trim();
  return email || 'Someone';
}

const scopeNoun = (scope: string) => (scope === 'Project' ? 'project' : scope === 'Dashboard' ? 'dashboard' : scope.toLowerCase());

/** The item's name as the entry recorded it (dashboards may have none). */
export function itemName(entry: ActivityEntry): string {
  const name = entry.detail?.name?.trim();
  if (name) return name;
  if (entry.scope === 'Dashboard') return 'Untitled dashboard';
  return entry.item_id ? `#${entry.item_id}` : 'unnamed';
}

/**
 * The sentence around the item's name: `[before, after]`, e.g. `['updated the dashboard', '']`,
 * `['shared the dashboard', 'publicly']`. The name goes between them (a link where it can).
 */
export function activityPhrase(entry: ActivityEntry): [string, string] {
  const noun = scopeNoun(entry.scope);
  switch (entry.activity) {
    case 'created':
    case 'updated':
    case 'deleted':
    case 'restored':
      return [`${entry.activity} the ${noun}`, ''];
    case 'token_reset':
      return [`reset the project API key of the ${noun}`, ''];
    case 'collaborator_added':
      return [`added a collaborator to the ${noun}`, ''];
    case 'collaborator_removed':
      return [`removed a collaborator from the ${noun}`, ''];
    case 'sharing_enabled':
      return [`shared the ${noun}`, 'publicly'];
    case 'sharing_disabled':
      return [`stopped sharing the ${noun}`, 'publicly'];
    case 'access_token_refreshed':
      return [`rotated the public link of the ${noun}`, ''];
    default:
      return [`${entry.activity.replace(/_/g, ' ')} the ${noun}`, ''];
  }
}

export const MAX_VALUE_CHARS = 160;

/** A value as short text: strings as they are, `(empty)`, `none` for null, JSON for the rest. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `formatValue`, cut at MAX_VALUE_CHARS with an ellipsis; `full` is the whole text (for a tooltip). */
export function compactValue(value: unknown): { text: string; full: string; cut: boolean } {
  const full = formatValue(value);
  const chars = [...full];
  if (chars.length <= MAX_VALUE_CHARS) return { text: full, full, cut: false };
  return { text: `${chars.slice(0, MAX_VALUE_CHARS - 1).join('')}…`, full, cut: true };
}

/**
 * Dashboards whose newest loaded entry deletes them: no link to a page that answers 404.
 * `entries` newest first.
 */
export function deletedDashboards(entries: ReadonlyArray<ActivityEntry>): Set<string> {
  const seen = new Set<string>();
  const gone = new Set<string>();
  for (const entry of entries) {
    if (entry.scope !== 'Dashboard' || !entry.item_id || seen.has(entry.item_id)) continue;
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
