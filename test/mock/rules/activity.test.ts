/**
 * Activity (API.md §4.13, §6.3; src/mock/rules/activity.ts): the entries a change logs, the changed
 * fields, the project feed and the filtered log, newest first. Over a seeded store without activity.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/mock/store/db.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import type { ActivityRecord, ProjectRecord, UserRecord } from '../../../src/mock/store/records.ts';
import { clock, isUuid } from '../../../src/mock/rules/random.ts';
import {
  activityLog,
  fieldChange,
  fieldChanges,
  projectFeed,
  recordActivity,
  recordDashboardActivity,
  recordProjectCreated,
  recordProjectUpdated,
} from '../../../src/mock/rules/activity.ts';

const { projects: P, users: U, organization: ORG } = seedIds;
const seed = { ...seedData(), activity: [] };

let store: Store;
let project: ProjectRecord;
let priya: UserRecord;
let tomas: UserRecord;
const realNow = clock.now;
beforeEach(() => {
  store = new Store(seed);
  project = store.project(P.app)!;
  priya = store.user(U.priya)!;
  tomas = store.user(U.tomas)!;
  clock.now = () => Date.UTC(2024, 4, 1, 9, 0, 0);
});
afterEach(() => {
  clock.now = realNow;
});

const summary = (entries: ReadonlyArray<ActivityRecord>) => entries.map((e) => `${e.scope}:${e.activity}:${e.item_id}:${e.user_id}`);

describe('recordActivity', () => {
  it('stores one entry of the project, by its author, stamped now', () => {
    const entry = recordActivity(store, { project, user: priya, activity: 'updated', scope: 'Team', itemId: P.app, name: 'Hedgebox App' });
    expect(isUuid(entry.id)).toBe(true);
    expect(entry).toEqual({
      id: entry.id,
      project_id: P.app,
      user_id: U.priya,
      organization_id: ORG,
      was_impersonated: false,
      is_system: false,
      activity: 'updated',
      item_id: String(P.app),
      scope: 'Team',
      detail: { name: 'Hedgebox App', changes: null, merge: null, trigger: null, short_id: null, type: null, context: null },
      created_at: '2024-05-01T09:00:00.000Z',
    });
    expect(store.activityOf(P.app)).toEqual([entry]);
  });

  it('without a user, with changes and a type', () => {
    const changes = [fieldChange('Team', 'name', 'a', 'b')];
    const entry = recordActivity(store, { project, user: null, activity: 'updated', scope: 'Team', itemId: 'x', name: null, changes, type: 'team' });
    expect(entry.user_id).toBeNull();
    expect(entry.item_id).toBe('x');
    expect(entry.detail).toMatchObject({ name: null, changes, type: 'team' });
  });

  it('changes given as null stay null', () => {
    expect(recordActivity(store, { project, user: null, activity: 'x', scope: 'Team', itemId: 1, name: null, changes: null }).detail.changes).toBeNull();
  });

  it('each entry has its own id', () => {
    const input = { project, user: priya, activity: 'x', scope: 'Team', itemId: 1, name: null };
    expect(recordActivity(store, input).id).not.toBe(recordActivity(store, input).id);
  });
});

describe('recordDashboardActivity', () => {
  it('a Dashboard entry of the dashboard, typed dashboard, changes null by default', () => {
    const entry = recordDashboardActivity(store, { project, user: tomas, dashboard: { id: 42, name: 'Sales' }, activity: 'sharing enabled' });
    expect(entry).toMatchObject({ scope: 'Dashboard', activity: 'sharing enabled', item_id: '42', user_id: U.tomas, project_id: P.app });
    expect(entry.detail).toMatchObject({ name: 'Sales', type: 'dashboard', changes: null });
  });

  it('keeps the changes given; the public page’s logins have no user', () => {
    const changes = [fieldChange('Dashboard', 'name', 'A', 'B')];
    const entry = recordDashboardActivity(store, { project, user: null, dashboard: { id: 7, name: null }, activity: 'updated', changes });
    expect(entry.detail.changes).toEqual(changes);
    expect(entry.user_id).toBeNull();
    expect(entry.detail.name).toBeNull();
  });
});

describe('fieldChange', () => {
  it('one changed field, with copies of both values', () => {
    const before = { a: [1] };
    const change = fieldChange('Dashboard', 'filters', before, { a: [2] });
    expect(change).toEqual({ type: 'Dashboard', action: 'changed', field: 'filters', before: { a: [1] }, after: { a: [2] } });
    before.a.push(3);
    expect(change.before).toEqual({ a: [1] });
  });

  it('an undefined value is null', () => {
    expect(fieldChange('Team', 'x', undefined, undefined)).toMatchObject({ before: null, after: null });
    expect(fieldChange('Team', 'x', 0, false)).toMatchObject({ before: 0, after: false });
  });
});

describe('fieldChanges', () => {
  it('one change per field that differs, in the order given', () => {
    const before = { name: 'A', description: 'd', tags: ['x'], pinned: false, filters: { a: 1 } };
    expect(fieldChanges('Dashboard', before, { pinned: true, name: 'B' })).toEqual([
      fieldChange('Dashboard', 'pinned', false, true),
      fieldChange('Dashboard', 'name', 'A', 'B'),
    ]);
  });

  it('skips fields that are the same (by value too) and fields not given', () => {
    const before = { name: 'A', tags: ['x'], filters: { a: 1 }, description: null as string | null };
    expect(fieldChanges('Dashboard', before, { name: 'A', tags: ['x'], filters: { a: 1 }, description: undefined })).toEqual([]);
    expect(fieldChanges('Dashboard', before, { tags: ['y'], description: 'now' })).toEqual([
      fieldChange('Dashboard', 'tags', ['x'], ['y']),
      fieldChange('Dashboard', 'description', null, 'now'),
    ]);
  });
});

describe('projects', () => {
  it('a created project logs created in the Team and the Project scope', () => {
    recordProjectCreated(store, priya, project);
    expect(summary(store.activityOf(P.app))).toEqual([`Team:created:${P.app}:${U.priya}`, `Project:created:${P.app}:${U.priya}`]);
    expect(store.activityOf(P.app).map((e) => e.detail.name)).toEqual([project.name, project.name]);
  });

  it('no changes log nothing', () => {
    recordProjectUpdated(store, priya, project, []);
    expect(store.activityOf(P.app)).toEqual([]);
  });

  it('changes log one Team entry; the name and the product description are also logged as Project', () => {
    const changes = [fieldChange('Team', 'timezone', 'UTC', 'Europe/Paris'), fieldChange('Team', 'name', 'A', 'B'), fieldChange('Team', 'product_description', null, 'x')];
    recordProjectUpdated(store, priya, project, changes);
    const [team, own] = store.activityOf(P.app);
    expect(store.activityOf(P.app)).toHaveLength(2);
    expect(team).toMatchObject({ scope: 'Team', activity: 'updated', item_id: String(P.app), user_id: U.priya });
    expect(team!.detail.changes).toEqual(changes);
    expect(own).toMatchObject({ scope: 'Project', activity: 'updated', item_id: String(P.app) });
    expect(own!.detail.changes).toEqual([
      { ...changes[1], type: 'Project' },
      { ...changes[2], type: 'Project' },
    ]);
    // The Team entry's changes keep their type.
    expect(team!.detail.changes!.map((c) => c.type)).toEqual(['Team', 'Team', 'Team']);
  });

  it('other fields log no Project entry; a change without a field neither', () => {
    recordProjectUpdated(store, priya, project, [fieldChange('Team', 'timezone', 'UTC', 'Asia/Tokyo'), { ...fieldChange('Team', 'x', 1, 2), field: null }]);
    expect(summary(store.activityOf(P.app))).toEqual([`Team:updated:${P.app}:${U.priya}`]);
  });
});

describe('reading', () => {
  function fill() {
    recordProjectCreated(store, priya, project);
    recordActivity(store, { project, user: tomas, activity: 'updated', scope: 'Team', itemId: 999, name: 'other team' });
    recordDashboardActivity(store, { project, user: tomas, dashboard: { id: 5, name: 'D' }, activity: 'created' });
    recordProjectUpdated(store, null, project, [fieldChange('Team', 'name', 'A', 'B')]);
    recordDashboardActivity(store, { project, user: priya, dashboard: { id: 6, name: 'E' }, activity: 'deleted' });
    recordProjectCreated(store, priya, store.project(P.mobile)!);
  }

  it('the project feed: the Team entries about the project, newest first', () => {
    fill();
    expect(summary(projectFeed(store, project))).toEqual([`Team:updated:${P.app}:null`, `Team:created:${P.app}:${U.priya}`]);
  });

  it('the activity log: every entry of the project, newest first, without filters', () => {
    fill();
    expect(summary(activityLog(store, project, { scope: null, itemId: null, userId: null }))).toEqual([
      'Dashboard:deleted:6:2',
      `Project:updated:${P.app}:null`,
      `Team:updated:${P.app}:null`,
      'Dashboard:created:5:3',
      'Team:updated:999:3',
      `Project:created:${P.app}:2`,
      `Team:created:${P.app}:2`,
    ]);
  });

  it('the activity log filters by scope, item and user, together', () => {
    fill();
    expect(summary(activityLog(store, project, { scope: 'Dashboard', itemId: null, userId: null }))).toEqual(['Dashboard:deleted:6:2', 'Dashboard:created:5:3']);
    expect(summary(activityLog(store, project, { scope: null, itemId: '5', userId: null }))).toEqual(['Dashboard:created:5:3']);
    expect(summary(activityLog(store, project, { scope: null, itemId: null, userId: U.tomas }))).toEqual(['Dashboard:created:5:3', 'Team:updated:999:3']);
    expect(summary(activityLog(store, project, { scope: 'Team', itemId: String(P.app), userId: U.priya }))).toEqual([`Team:created:${P.app}:2`]);
    expect(activityLog(store, project, { scope: 'Team', itemId: '5', userId: null })).toEqual([]);
  });

  it('reading leaves the stored order alone', () => {
    fill();
    const stored = summary(store.activityOf(P.app));
    activityLog(store, project, { scope: null, itemId: null, userId: null });
    projectFeed(store, project);
    expect(summary(store.activityOf(P.app))).toEqual(stored);
  });
});
