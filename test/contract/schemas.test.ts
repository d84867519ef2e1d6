/**
 * The answer schemas (src/contract/schemas.ts) on production-shaped answers (test/fixtures/): what
 * each keeps, the nulls and missing fields it reads, the fields it refuses, and its transforms.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  activityLogPageSchema,
  activityPageSchema,
  basicOrganizationSchema,
  dashboardListItemSchema,
  dashboardPageSchema,
  dashboardSchema,
  demoDataStatusSchema,
  list,
  maybe,
  memberLevels,
  memberPageSchema,
  meSchema,
  mockFaultsSchema,
  mockInfoSchema,
  mockWorldsSchema,
  nullWhenMissing,
  organizationPageSchema,
  organizationSchema,
  personalApiKeySchema,
  productFeatureSchema,
  projectListItemFields,
  projectPageSchema,
  projectSchema,
  tileSchema,
  userSchema,
} from '../../src/contract/schemas.ts';
import activityLogPage from '../fixtures/activity-log-page.json';
import activityPage from '../fixtures/activity-page.json';
import activityProjectShape from '../fixtures/activity-project-shape.json';
import dashboardFull from '../fixtures/dashboard-full.json';
import dashboardList from '../fixtures/dashboard-list.json';
import demoData from '../fixtures/is-generating-demo-data.json';
import demoDataProjectShape from '../fixtures/is-generating-demo-data-project-shape.json';
import me from '../fixtures/me.json';
import meWithoutTeam from '../fixtures/me-without-team.json';
import members from '../fixtures/members.json';
import organization from '../fixtures/organization.json';
import personalApiKey from '../fixtures/personal-api-key.json';
import projectFull from '../fixtures/project-full.json';
import projectList from '../fixtures/project-list.json';

// Each schema is built on first use and kept (lazy.ts): build them all as this file loads, so that what
// the builds do is reached by every test below, not by whichever test happens to parse first
// (Stryker's perTest coverage runs a mutant only against the tests that reached it).
for (const schema of [
  activityLogPageSchema, activityPageSchema, basicOrganizationSchema, dashboardListItemSchema, dashboardPageSchema, dashboardSchema,
  demoDataStatusSchema, memberPageSchema, meSchema, mockFaultsSchema, mockInfoSchema, mockWorldsSchema, organizationPageSchema,
  organizationSchema, personalApiKeySchema, productFeatureSchema, projectPageSchema, projectSchema, tileSchema, userSchema,
]) void schema._zod;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const read = (schema: z.ZodMiniType, value: unknown): any => z.parse(schema, structuredClone(value));
const refuses = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success === false;

describe('the helpers', () => {
  it('maybe(): missing or null reads as null, and the field is marked for the OpenAPI document', () => {
    const field = maybe(z.string());
    const schema = z.object({ a: field });
    expect(z.parse(schema, {})).toEqual({ a: null });
    expect(z.parse(schema, { a: null })).toEqual({ a: null });
    expect(z.parse(schema, { a: 'x' })).toEqual({ a: 'x' });
    expect(refuses(schema, { a: 1 })).toBe(true);
    expect(nullWhenMissing.has(field)).toBe(true);
    expect(nullWhenMissing.has(z.string())).toBe(false);
  });

  it('list(): missing or null reads as an empty list', () => {
    const schema = z.object({ a: list(z.number()) });
    expect(z.parse(schema, {})).toEqual({ a: [] });
    expect(z.parse(schema, { a: null })).toEqual({ a: [] });
    expect(z.parse(schema, { a: [1] })).toEqual({ a: [1] });
    expect(refuses(schema, { a: ['x'] })).toBe(true);
  });
});

describe('dashboards', () => {
  it('a page of dashboards: count, links and list items with their creator', () => {
    const page = read(dashboardPageSchema, dashboardList);
    expect(page.count).toBe(dashboardList.count);
    expect(page.results).toHaveLength(dashboardList.results.length);
    expect(page.next).toBe(dashboardList.next ?? null);
    expect(page.results[0]).toMatchObject({ id: dashboardList.results[0]!.id, name: dashboardList.results[0]!.name });
    expect(refuses(dashboardPageSchema, { ...dashboardList, count: null })).toBe(true);
    expect(refuses(dashboardPageSchema, { ...dashboardList, results: null })).toBe(true);
  });

  it('a list item needs its id, flags and levels; its tags and links may be missing', () => {
    const item = { ...structuredClone(dashboardList.results[0]!), tags: null, created_by: undefined, extra: 1 };
    const read1 = read(dashboardListItemSchema, item);
    expect(read1.tags).toEqual([]);
    expect(read1.created_by).toBeNull();
    expect(read1).not.toHaveProperty('extra');
    for (const key of ['id', 'pinned', 'created_at', 'is_shared', 'deleted', 'creation_mode', 'restriction_level', 'effective_restriction_level', 'effective_privilege_level']) {
      expect(refuses(dashboardListItemSchema, { ...item, [key]: undefined }), key).toBe(true);
    }
  });

  it('a dashboard: the list fields, its filters and its tiles with their insight or text', () => {
    const dashboard = read(dashboardSchema, dashboardFull);
    expect(dashboard).toMatchObject({ id: 78, name: 'Growth', description: null, pinned: true, tags: [], restriction_level: 37, filters: { date_from: '-30d' }, team_id: 1234 });
    expect(dashboard.quick_filter_ids).toEqual([]);
    expect(dashboard.tiles.map((tile: { id: number }) => tile.id)).toEqual([901, 902, 903]);
    expect(dashboard.tiles[0].insight).toMatchObject({ id: 501, short_id: 'aBcD1234', name: 'Weekly signups', query: { kind: 'InsightVizNode' }, dashboards: [], tags: [], alerts: [] });
    expect(dashboard.tiles[0].layouts).toEqual({ sm: { h: 5, w: 6, x: 0, y: 0 } });
    expect(dashboard.tiles[1].text).toEqual({ id: null, body: 'Notes for the team', created_by: null, last_modified_at: '2024-01-01T00:00:00Z', last_modified_by: null, team: null });
    expect(dashboard.tiles[1].color).toBe('blue');
    expect(refuses(dashboardSchema, { ...structuredClone(dashboardFull), pinned: undefined })).toBe(true);
  });

  it("a tile's insight lists the tiles it is on; a tile needs its id", () => {
    const tile = read(tileSchema, { id: 1, insight: { id: 5, dashboard_tiles: [{ id: 1, dashboard_id: 78 }], created_by: null } });
    expect(tile.insight.dashboard_tiles).toEqual([{ id: 1, dashboard_id: 78, deleted: null }]);
    expect(refuses(tileSchema, { id: 1, insight: { id: 5, dashboard_tiles: [{ id: 1 }] } })).toBe(true);
    expect(refuses(tileSchema, { id: 1, insight: { name: 'x' } })).toBe(true);
    expect(refuses(tileSchema, { id: 1, text: { body: 3 } })).toBe(true);
    expect(refuses(tileSchema, { insight: null })).toBe(true);
  });
});

describe('projects', () => {
  it('a project: empty URLs dropped, the sample rate as text, group types and product intents read', () => {
    const project = read(projectSchema, projectFull);
    expect(project.app_urls).toEqual(['https://example.com']);
    expect(project.recording_domains).toEqual(['https://example.com', null]);
    expect(project.session_recording_sample_rate).toBe('0.50');
    expect(project.group_types).toEqual([{ group_type: 'company', group_type_index: 0, name_singular: null, name_plural: null }]);
    expect(project.product_intents).toEqual([
      { product_type: 'session_replay', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-02T00:00:00Z', onboarding_completed_at: null },
    ]);
    expect(project.has_completed_onboarding_for).toEqual({ product_analytics: true });
    expect(project).not.toHaveProperty('capture_dead_clicks');
  });

  it('a sample rate sent as a number is read as text with two decimals; null stays null', () => {
    expect(read(projectSchema, { ...projectFull, session_recording_sample_rate: 0.5 }).session_recording_sample_rate).toBe('0.50');
    expect(read(projectSchema, { ...projectFull, session_recording_sample_rate: 1 }).session_recording_sample_rate).toBe('1.00');
    expect(read(projectSchema, { ...projectFull, session_recording_sample_rate: null }).session_recording_sample_rate).toBeNull();
    expect(read(projectSchema, { ...projectFull, app_urls: null }).app_urls).toEqual([]);
  });

  it('refuses a group type, a product intent or an onboarding map of the wrong shape', () => {
    expect(refuses(projectSchema, { ...projectFull, group_types: [{ group_type: 'company' }] })).toBe(true);
    expect(refuses(projectSchema, { ...projectFull, product_intents: [{ product_type: 'x' }] })).toBe(true);
    expect(refuses(projectSchema, { ...projectFull, has_completed_onboarding_for: { product_analytics: 'yes' } })).toBe(true);
  });

  it('a page of projects holds the list fields only, in production’s order', () => {
    const page = read(projectPageSchema, projectList);
    expect(page.count).toBe(projectList.count);
    expect(Object.keys(page.results[0])).toEqual([...projectListItemFields]);
  });

  it('is_generating_demo_data/: production’s answer, or the published project shape read as unknown', () => {
    expect(read(demoDataStatusSchema, demoData)).toEqual({ isGenerating: false });
    expect(read(demoDataStatusSchema, { is_generating_demo_data: true })).toEqual({ isGenerating: true });
    expect(read(demoDataStatusSchema, demoDataProjectShape)).toEqual({ isGenerating: null });
    expect(refuses(demoDataStatusSchema, { id: 1 })).toBe(true);
    expect(refuses(demoDataStatusSchema, { is_generating_demo_data: 'no' })).toBe(true);
  });
});

describe('activity', () => {
  it('an activity page: entries with their user, ids as text and their changes', () => {
    const page = read(activityPageSchema, activityPage);
    expect(page.results[0]).toMatchObject({ id: '0190aaaa-0000-0000-0000-000000000001', activity: 'updated', scope: 'Project', item_id: '1234', created_at: '2024-06-12T08:00:00Z' });
    expect(page.results[0].user).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', hedgehog_config: null });
    expect(page.results[0].user).not.toHaveProperty('is_system');
    expect(page.results[0].detail.changes).toEqual([{ type: 'Project', action: 'changed', field: 'name', before: 'Prod', after: 'Production' }]);
  });

  it('the published project shape is read as no entries', () => {
    expect(read(activityPageSchema, activityProjectShape)).toEqual({ results: [], next: null, previous: null, total_count: 0 });
    // Only a project: an empty or broken page is refused.
    expect(refuses(activityPageSchema, {})).toBe(true);
    expect(refuses(activityPageSchema, { results: 'x' })).toBe(true);
    expect(refuses(activityPageSchema, { id: 1 })).toBe(true);
  });

  it('the activity log: numeric ids read as text, a missing detail and user as null', () => {
    const page = read(activityLogPageSchema, activityLogPage);
    expect(page.results[0].detail).toEqual({
      name: 'Revenue',
      changes: [
        { type: 'Dashboard', action: 'changed', field: 'restriction_level', before: 21, after: 37 },
        { type: 'Dashboard', action: 'changed', field: 'tags', before: ['kpi'], after: ['kpi', 'finance'] },
      ],
      merge: null,
      trigger: null,
      short_id: null,
      type: 'dashboard',
      context: null,
    });
    expect(page.results[0].user).toMatchObject({ id: activityLogPage.results[0]!.user!.id });
    const entry = read(activityLogPageSchema, { results: [{ id: 7, item_id: 78, activity: 'created', scope: 'Dashboard', created_at: 'now' }] }).results[0];
    expect(entry).toMatchObject({ id: '7', user: null, activity: 'created', item_id: '78', scope: 'Dashboard', detail: null, created_at: 'now', unread: null });
    expect(refuses(activityLogPageSchema, { results: [{ id: 7, activity: 'created', created_at: 'now' }] })).toBe(true);
    expect(refuses(activityLogPageSchema, { results: [{ id: true, activity: 'created', scope: 'x', created_at: 'now' }] })).toBe(true);
    expect(refuses(activityLogPageSchema, { results: [{ id: 1, activity: 'a', scope: 'x', created_at: 'now', detail: { changes: 'x' } }] })).toBe(true);
  });
});

describe('organizations and users', () => {
  it('member levels are 1, 8 and 15', () => {
    expect(memberLevels).toEqual({ member: 1, admin: 8, owner: 15 });
  });

  it('an organization: its teams and projects, features and 2FA setting', () => {
    const read1 = read(organizationSchema, organization);
    expect(read1).toMatchObject({ id: organization.id, name: 'Hedgehog Inc.', created_at: '2023-01-01T00:00:00Z', available_product_features: [], enforce_2fa: null });
    expect(read1.teams).toEqual([expect.objectContaining({ id: 1234, project_id: 1234, name: 'Production', has_completed_onboarding_for: organization.teams[0]!.has_completed_onboarding_for })]);
    expect(read1.projects).toEqual([
      { id: 1234, organization_id: '0186c35a-1111-0000-aaaa-bbbbccccdddd', name: 'Production' },
      { id: 1235, organization_id: null, name: 'Demo' },
    ]);
    expect(read(organizationSchema, { ...organization, available_product_features: [{ key: 'advanced_permissions' }] }).available_product_features).toEqual([{ key: 'advanced_permissions', name: null }]);
    expect(refuses(organizationSchema, { ...organization, projects: [{ id: 1 }] })).toBe(true);
    expect(refuses(organizationSchema, { ...organization, teams: [{}] })).toBe(true);
    expect(read(organizationPageSchema, { count: 1, results: [organization] }).results[0].name).toBe('Hedgehog Inc.');
  });

  it('a product feature names its key and maybe a limit', () => {
    expect(z.parse(productFeatureSchema, { key: 'k', limit: null, x: 1 })).toEqual({ key: 'k', name: null, limit: null });
    expect(refuses(productFeatureSchema, { limit: 3 })).toBe(true);
  });

  it('a page of members: each with its user and level', () => {
    const page = read(memberPageSchema, members);
    expect(page.results[0]).toMatchObject({ id: '0186c35b-bbbb-0000-0000-000000000001', level: 15, joined_at: '2023-01-01T00:00:00Z', is_2fa_enabled: false });
    expect(page.results[0].user.email).toBe(members.results[0]!.user.email);
    expect(refuses(memberPageSchema, { ...members, results: [{ ...members.results[0], user: null }] })).toBe(true);
  });

  it('a user needs an id, a UUID and an e-mail; the rest may be missing', () => {
    expect(z.parse(userSchema, { id: 1, uuid: 'u', email: 'a@b.c' })).toEqual({
      id: 1, uuid: 'u', distinct_id: null, first_name: null, last_name: null, email: 'a@b.c', is_email_verified: null, hedgehog_config: null, role_at_organization: null,
    });
    expect(refuses(userSchema, { id: 1, uuid: 'u' })).toBe(true);
    expect(refuses(userSchema, { id: 1, uuid: 'u', email: 'a@b.c', hedgehog_config: [] })).toBe(true);
  });

  it('@me: the user, its team and organization, and its organizations in brief', () => {
    const read1 = read(meSchema, me);
    expect(read1).toMatchObject({ uuid: me.uuid, email: 'ada@example.com', id: 42 });
    expect(read1.team).toMatchObject({ id: 1234, project_id: 1234, name: 'Production', has_completed_onboarding_for: { product_analytics: true } });
    expect(read1.organization.name).toBe('Hedgehog Inc.');
    expect(read1.organizations.map(({ id, name }: { id: string; name: string }) => ({ id, name }))).toEqual(me.organizations.map(({ id, name }) => ({ id, name })));
    expect(read1.organizations[0]).toHaveProperty('membership_level');
    expect(read(meSchema, meWithoutTeam).team).toBeNull();
    expect(refuses(basicOrganizationSchema, { id: 'x' })).toBe(true);
    expect(refuses(meSchema, { ...me, organizations: [{ name: 'x' }] })).toBe(true);
  });

  it('the personal API key: its id, scopes and the teams and organizations it is scoped to', () => {
    expect(read(personalApiKeySchema, personalApiKey)).toMatchObject({
      id: '0190aaaa-3333-7000-8000-000000000001',
      label: 'Console (read-only)',
      created_at: '2024-05-01T10:00:00.123456Z',
      scopes: personalApiKey.scopes,
      scoped_teams: [],
      scoped_organizations: [],
    });
    expect(read(personalApiKeySchema, { ...personalApiKey, scopes: null, scoped_teams: [1], scoped_organizations: ['o'] })).toMatchObject({
      scopes: [], scoped_teams: [1], scoped_organizations: ['o'],
    });
  });
});

describe("the mock's own routes", () => {
  const faults = { latency_ms: [10, 20], error_rate: 0.5, rules: [{ method: 'GET', path: '/api/', status: 503 }], production_key_rules: true };

  it('the fault settings and the mock information', () => {
    expect(z.parse(mockFaultsSchema, faults)).toEqual({ ...faults, rules: [{ method: 'GET', path: '/api/', status: 503, retry_after: null }] });
    expect(z.parse(mockFaultsSchema, { ...faults, latency_ms: 5 }).latency_ms).toBe(5);
    expect(refuses(mockFaultsSchema, { ...faults, rules: [{ method: 'GET' }] })).toBe(true);
    const info = { mock: true, version: '1', keys: [{ key: 'phx_demo_admin', user: 'ada@example.com', scopes: ['*'] }], faults, world: 'qa' };
    expect(z.parse(mockInfoSchema, info)).toMatchObject({ mock: true, version: '1', keys: info.keys, world: 'qa' });
    expect(refuses(mockInfoSchema, { ...info, mock: false })).toBe(true);
    expect(refuses(mockInfoSchema, { ...info, keys: [{ key: 'k' }] })).toBe(true);
  });

  it('the worlds', () => {
    const worlds = [{ name: 'qa', created_at: 'a', last_used_at: 'b' }];
    expect(z.parse(mockWorldsSchema, worlds)).toEqual(worlds);
    expect(refuses(mockWorldsSchema, [{ name: 'qa' }])).toBe(true);
  });
});
