/** The project activity log (API.md §6.3): one entry per change, newest first when read. */
import type { ActivityChange, ActivityKind, ActivityRecord, ProjectRecord, Store, UserRecord } from '../db.ts';
import { pageLinks, type LinkBase } from './pagination.ts';
import { nowIso, uuid } from './random.ts';
import { activityJson } from './serialize.ts';

export interface ActivityInput {
  projectId: number;
  user: UserRecord | null;
  activity: ActivityKind;
  scope: 'Project' | 'Dashboard';
  itemId: number;
  name: string | null;
  changes?: ActivityChange[];
}

export function recordActivity(store: Store, input: ActivityInput): ActivityRecord {
  const entry: ActivityRecord = {
    id: uuid(),
    project_id: input.projectId,
    user_id: input.user?.id ?? null,
    activity: input.activity,
    scope: input.scope,
    item_id: String(input.itemId),
    detail: { name: input.name, changes: input.changes ?? [] },
    created_at: nowIso(),
  };
  store.addActivity(entry);
  return entry;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Field-level changes between `before` and the `after` values given (only the fields that differ). */
/** An `updated` entry for changes to a project's own fields. */
export function recordProjectUpdate(store: Store, user: UserRecord | null, project: ProjectRecord, changes: ActivityChange[]): void {
  recordActivity(store, {
    projectId: project.id,
    user,
    activity: 'updated',
    scope: 'Project',
    itemId: project.id,
    name: project.name,
    changes,
  });
}

/** One changed field of a project, as an activity change. */
export const projectFieldChange = (field: string, before: unknown, after: unknown): ActivityChange => ({
  type: 'Project',
  action: 'changed',
  field,
  before,
  after,
});

export function fieldChanges<T extends object>(
  type: ActivityChange['type'],
  before: T,
  after: Partial<T>,
): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const field of Object.keys(after) as Array<keyof T & string>) {
    const was = before[field];
    const now = after[field];
    if (now === undefined || same(was, now)) continue;
    changes.push({ type, action: 'changed', field, before: structuredClone(was) ?? null, after: structuredClone(now) ?? null });
  }
  return changes;
}

/** `GET activity/`: `{results, next, previous, total_count}`, newest first. */
export function activityPage(store: Store, projectId: number, page: number, limit: number, base: LinkBase) {
  const entries = store.activityOf(projectId);
  const total = entries.length;
  const results = [];
  // Stored oldest first: walk backwards from the page's newest entry.
  const start = (page - 1) * limit;
  for (let i = total - 1 - start; i >= 0 && i > total - 1 - start - limit; i -= 1) {
    results.push(activityJson(store, entries[i]!));
  }
  return { results, ...pageLinks(base, page, limit, total), total_count: total };
}
