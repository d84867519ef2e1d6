/**
 * Activity (API.md §4.13, §6.3): one entry per change, stored oldest first, read newest first.
 * Projects log `Team` and `Project` entries; dashboards log `Dashboard` entries through
 * `recordDashboardActivity`.
 */
import type { Store } from '../store/db.ts';
import type { ActivityChange, ActivityRecord, ProjectRecord, UserRecord } from '../store/records.ts';
import { nowIso, uuid } from './random.ts';

export interface ActivityInput {
  project: ProjectRecord;
  user: UserRecord | null;
  activity: string;
  scope: string;
  itemId: number | string;
  name: string | null;
  changes?: ActivityChange[] | null;
  /** `detail.type` (`"dashboard"` on dashboard entries). */
  type?: string | null;
}

export function recordActivity(store: Store, input: ActivityInput): ActivityRecord {
  const entry: ActivityRecord = {
    id: uuid(),
    project_id: input.project.id,
    user_id: input.user?.id ?? null,
    organization_id: input.project.organization_id,
    was_impersonated: false,
    is_system: false,
    activity: input.activity,
    item_id: String(input.itemId),
    scope: input.scope,
    detail: {
      name: input.name,
      changes: input.changes === undefined ? null : input.changes,
      merge: null,
      trigger: null,
      short_id: null,
      type: input.type ?? null,
      context: null,
    },
    created_at: nowIso(),
  };
  store.addActivity(entry);
  return entry;
}

/** The activities a dashboard logs (§6.3). */
export type DashboardActivity =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'restored'
  | 'sharing enabled'
  | 'sharing disabled'
  | 'access token refreshed'
  | 'access control changed'
  | 'share_login_failed'
  | 'share_login_success';

/**
 * A `Dashboard` entry (`item_id` the dashboard id, `detail.type "dashboard"`). `changes` as §6.3
 * says per activity: one `{type: "Dashboard", action: "changed", field, before, after}` per changed
 * field for `updated`, `null` for `access token refreshed`; `user` null for the public page's logins.
 */
export function recordDashboardActivity(
  store: Store,
  input: {
    project: ProjectRecord;
    user: UserRecord | null;
    dashboard: { id: number; name: string | null };
    activity: DashboardActivity;
    changes?: ActivityChange[] | null;
  },
): ActivityRecord {
  return recordActivity(store, {
    project: input.project,
    user: input.user,
    activity: input.activity,
    scope: 'Dashboard',
    itemId: input.dashboard.id,
    name: input.dashboard.name,
    changes: input.changes ?? null,
    type: 'dashboard',
  });
}

/** One changed field, as an activity change of `type` (the scope). */
export const fieldChange = (type: string, field: string, before: unknown, after: unknown): ActivityChange => ({
  type,
  action: 'changed',
  field,
  before: structuredClone(before) ?? null,
  after: structuredClone(after) ?? null,
});

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Field-level changes between `before` and the `after` values given (only the fields that differ). */
export function fieldChanges<T extends object>(type: string, before: T, after: Partial<T>): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const field of Object.keys(after) as Array<keyof T & string>) {
    const was = before[field];
    const now = after[field];
    if (now === undefined || same(was, now)) continue;
    changes.push(fieldChange(type, field, was, now));
  }
  return changes;
}

/** A project was created: `created` in the `Team` and in the `Project` scope. */
export function recordProjectCreated(store: Store, user: UserRecord | null, project: ProjectRecord): void {
  for (const scope of ['Team', 'Project']) {
    recordActivity(store, { project, user, activity: 'created', scope, itemId: project.id, name: project.name });
  }
}

/** Fields whose changes are also logged in the `Project` scope. */
const projectScopeFields = new Set(['name', 'product_description']);

/**
 * Settings changed: one `Team` `updated` entry with a change per field, and a `Project` `updated`
 * entry for `name` and `product_description`. `changes` are typed `Team`.
 */
export function recordProjectUpdated(store: Store, user: UserRecord | null, project: ProjectRecord, changes: ActivityChange[]): void {
  if (changes.length === 0) return;
  recordActivity(store, { project, user, activity: 'updated', scope: 'Team', itemId: project.id, name: project.name, changes });
  const own = changes.filter((c) => c.field !== null && projectScopeFields.has(c.field)).map((c) => ({ ...c, type: 'Project' }));
  if (own.length) {
    recordActivity(store, { project, user, activity: 'updated', scope: 'Project', itemId: project.id, name: project.name, changes: own });
  }
}

/** Entries newest first. */
function newestFirst(entries: ReadonlyArray<ActivityRecord>): ActivityRecord[] {
  return [...entries].reverse();
}

/** The project feed (`activity/`, §6.3): only `Team` entries about the project, newest first. */
export function projectFeed(store: Store, project: ProjectRecord): ActivityRecord[] {
  const id = String(project.id);
  return newestFirst(store.activityOf(project.id).filter((e) => e.scope === 'Team' && e.item_id === id));
}

export interface ActivityLogFilters {
  scope: string | null;
  itemId: string | null;
  userId: number | null;
}

/** The activity log (`activity_log/`, §6.3): every entry of the project, filtered, newest first. */
export function activityLog(store: Store, project: ProjectRecord, filters: ActivityLogFilters): ActivityRecord[] {
  return newestFirst(
    store
      .activityOf(project.id)
      .filter(
        (e) =>
          (filters.scope === null || e.scope === filters.scope) &&
          (filters.itemId === null || e.item_id === filters.itemId) &&
          (filters.userId === null || e.user_id === filters.userId),
      ),
  );
}

