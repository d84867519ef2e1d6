/** API.md "Changes" for dashboards: production's fields (§4.2–§4.4), environments aliases (§1.1), §5.1–§5.3 additions. */
import { describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../../../src/contract/schemas.ts';
import { admin, allDashboards, expectError, expectKeys, insightKeys, isoUtc, member, parseWith, seedIds, setupMockApi, textKeys } from '../../helpers.ts';

setupMockApi();
const { projects: P, dashboards: D } = seedIds;
const base = `/api/projects/${P.app}/dashboards/`;
const dashboardPath = (id: number) => `${base}${id}/`;

// Written out from API.md §4.2 and §4.3, in production's order.
const listFields = [
  'id', 'name', 'description', 'pinned', 'created_at', 'created_by', 'last_accessed_at', 'last_viewed_at', 'is_shared',
  'deleted', 'creation_mode', 'tags', 'restriction_level', 'effective_restriction_level', 'effective_privilege_level',
  'user_access_level', 'access_control_version', 'last_refresh', 'team_id',
];
const singleFields = [
  'id', 'name', 'description', 'pinned', 'created_at', 'created_by', 'last_accessed_at', 'last_viewed_at', 'is_shared',
  'deleted', 'creation_mode', 'filters', 'variables', 'breakdown_colors', 'data_color_theme_id', 'tags', 'restriction_level',
  'effective_restriction_level', 'effective_privilege_level', 'user_access_level', 'access_control_version', 'last_refresh',
  'persisted_filters', 'persisted_variables', 'team_id', 'quick_filter_ids', 'tiles', 'use_template', 'use_dashboard',
  'delete_insights',
];
const tileFields = ['id', 'insight', 'text', 'layouts', 'color', 'order', 'last_refresh', 'is_cached'];

describe('§4.2 list items', () => {
  it('carry production’s fields in production’s order', async () => {
    const result = await admin.get(`${base}?limit=5`);
    for (const item of result.body.results) expect(Object.keys(item)).toEqual(listFields);
  });

  it('last_accessed_at is stamped by a GET of the single dashboard; the rest as the caller sees it', async () => {
    const before = (await admin.get(`${base}?search=aha%20moments`)).body.results[0];
    expect(before).toMatchObject({ last_accessed_at: null, last_viewed_at: null, last_refresh: null, team_id: P.app });
    await member.get(dashboardPath(D.ahaMoments));
    const after = (await admin.get(`${base}?search=aha%20moments`)).body.results[0];
    expect(after.last_accessed_at).toMatch(isoUtc);
    // Admins and creators are managers, everyone else an editor; v1 is the restricted dashboards' access control.
    expect(after).toMatchObject({ user_access_level: 'manager', access_control_version: 'v2' });
    const board = (await member.get(`${base}?search=board%20metrics`)).body.results[0];
    expect(board).toMatchObject({ user_access_level: 'editor', access_control_version: 'v1', effective_privilege_level: 21 });
    const notes = (await member.get(`${base}?search=onboarding%20notes`)).body.results[0];
    expect(notes).toMatchObject({ user_access_level: 'manager', effective_privilege_level: 37 });
  });

  it('the seed holds dashboards with a null name', async () => {
    expect((await allDashboards(P.app)).filter((d) => d.name === null).length).toBeGreaterThanOrEqual(1);
  });
});

describe('§4.3 single dashboards and §4.4 tiles', () => {
  it('carry production’s fields in order; persisted filters are null when empty', async () => {
    const result = await admin.get(dashboardPath(D.productOverview));
    expect(Object.keys(result.body)).toEqual(singleFields);
    parseWith(dashboardSchema, result.body);
    expect(result.body).toMatchObject({
      breakdown_colors: [],
      data_color_theme_id: null,
      persisted_filters: { date_from: '-30d' },
      persisted_variables: null,
      quick_filter_ids: [],
      team_id: P.app,
    });
    const plain = await admin.post(base, { name: 'Plain' });
    expect(plain.body.persisted_filters).toBeNull();
  });

  it('tiles carry order, last_refresh and is_cached, and production’s full insight', async () => {
    const result = await admin.get(dashboardPath(D.boardMetrics));
    for (const tile of result.body.tiles) {
      expect(Object.keys(tile)).toEqual(tileFields);
      expect(tile.last_refresh).toBeNull();
      expect(tile.is_cached).toBe(false);
      if (tile.insight) {
        expectKeys(tile.insight, insightKeys);
        expect(tile.insight.short_id).toMatch(/^[A-Za-z0-9]{8}$/);
        expect(tile.insight.derived_name).toMatch(/\w/);
        expect(tile.insight.query).toMatchObject({ kind: 'InsightVizNode', source: { kind: 'TrendsQuery' } });
        // Seeded duplicates show the same insights: every dashboard showing it is listed.
        expect(tile.insight.dashboards).toContain(D.boardMetrics);
        expect(tile.insight.dashboard_tiles).toContainEqual({ id: tile.id, dashboard_id: D.boardMetrics, deleted: false });
        expect(tile.insight).toMatchObject({
          deleted: false,
          result: null,
          is_cached: false,
          is_sample: false,
          timezone: 'Europe/London',
          alerts: [],
          effective_restriction_level: 37,
        });
      } else {
        expectKeys(tile.text, textKeys);
        expect(tile.text).toMatchObject({ id: expect.any(Number), team: P.app, created_by: { id: seedIds.users.olivia } });
        expect(tile.text.last_modified_at).toMatch(isoUtc);
      }
    }
  });

  it('order sorts by the sm layout, top to bottom, then left to right; tiles without a layout last', async () => {
    const created = await admin.post(`${base}create_from_template_json/`, {
      template: {
        template_name: 'Order',
        dashboard_description: '',
        dashboard_filters: {},
        tiles: [
          { type: 'TEXT', body: 'no layout' },
          { type: 'TEXT', body: 'second row, right', layouts: { sm: { x: 6, y: 5, w: 6, h: 5 } } },
          { type: 'TEXT', body: 'first row', layouts: { sm: { x: 0, y: 0, w: 12, h: 5 } } },
          { type: 'TEXT', body: 'second row, left', layouts: { sm: { x: 0, y: 5, w: 6, h: 5 } } },
        ],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.tiles.map((t: { order: number; text: { body: string } }) => [t.order, t.text.body])).toEqual([
      [0, 'first row'],
      [1, 'second row, left'],
      [2, 'second row, right'],
      [3, 'no layout'],
    ]);
  });
});

describe('§1.1 /api/environments/ aliases', () => {
  it('answer every dashboard route as under /api/projects/', async () => {
    const env = `/api/environments/${P.app}/dashboards/`;
    const list = await admin.get(`${env}?limit=3`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((d: { id: number }) => d.id)).toEqual(
      (await admin.get(`${base}?limit=3`)).body.results.map((d: { id: number }) => d.id),
    );
    expect(list.body.next).toBe(`http://localhost${env}?limit=3&offset=3`);
    expect((await admin.get(`${env}${D.productOverview}/`)).body.name).toBe('Product overview');
    expect((await admin.get(`/api/environments/@current/dashboards/${D.productOverview}/`)).status).toBe(200);
    expect((await admin.patch(`${env}${D.ahaMoments}/`, { name: 'Aha!' })).body.name).toBe('Aha!');
    expect((await admin.get(`${env}${D.productOverview}/sharing/`)).body.enabled).toBe(true);
    expect((await admin.get(`${env}${D.boardMetrics}/collaborators/`)).status).toBe(200);
    expect((await admin.post(env, { name: 'Via environments' })).status).toBe(201);
  });

  it('an unknown environment is 404 Project not found.', async () => {
    expectError(await admin.get('/api/environments/99999/dashboards/'), 404, 'invalid_request', 'not_found', 'Project not found.');
  });
});

describe('§5.1 ?tags= and PUT', () => {
  it('?tags= lists only the dashboards carrying any of the tags', async () => {
    const all = await allDashboards(P.app);
    const tagged = await allDashboards(P.app, undefined, '&tags=finance&tags=support');
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.map((d) => d.id)).toEqual(
      all.filter((d) => d.tags.includes('finance') || d.tags.includes('support')).map((d) => d.id),
    );
    expect((await admin.get(`${base}?tags=finance&limit=1`)).body.count).toBe(all.filter((d) => d.tags.includes('finance')).length);
  });

  it('PUT answers as PATCH: only the fields sent change', async () => {
    const result = await admin.put(dashboardPath(D.ahaMoments), { pinned: true });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ pinned: true, name: 'aha moments', description: 'What our most retained users did in week one.' });
  });
});

describe('§5.2 create', () => {
  it('trims text, keeps name "" as "", and accepts duplicate_tiles and delete_insights', async () => {
    const result = await admin.post(base, { name: '  Spaced  ', description: '  words ', duplicate_tiles: true, delete_insights: true });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ name: 'Spaced', description: 'words', tiles: [], creation_mode: 'default' });
    const empty = await admin.post(base, { name: '' });
    expect(empty.body.name).toBe('');
    expect((await admin.patch(dashboardPath(empty.body.id), { name: '   ' })).body.name).toBe('');
  });
});

describe('§5.3 duplication', () => {
  const duplicate = (duplicateTiles: unknown) =>
    admin.post(base, { name: 'Copy', use_dashboard: D.activationFunnel, duplicate_tiles: duplicateTiles });

  it('duplicate_tiles copies insights as "… (Copy)" and texts with the same body, all new', async () => {
    const source = (await admin.get(dashboardPath(D.activationFunnel))).body;
    const copy = await duplicate(true);
    expect(copy.status).toBe(201);
    expect(copy.body.tiles).toHaveLength(source.tiles.length);
    for (const [i, tile] of copy.body.tiles.entries()) {
      const original = source.tiles[i];
      expect(tile.id).not.toBe(original.id);
      expect(tile.layouts).toEqual(original.layouts);
      if (original.insight) {
        expect(tile.insight.id).not.toBe(original.insight.id);
        expect(tile.insight.short_id).not.toBe(original.insight.short_id);
        expect(tile.insight.name).toBe(`${original.insight.name} (Copy)`);
        expect(tile.insight.query).toEqual(original.insight.query);
        expect(tile.insight.dashboards).toEqual([copy.body.id]);
      } else {
        expect(tile.text.id).not.toBe(original.text.id);
        expect(tile.text.body).toBe(original.text.body);
      }
    }
  });

  it('reads duplicate_tiles as Python’s truth: "false" duplicates, 0, "" and [] do not', async () => {
    const sourceInsight = (await admin.get(dashboardPath(D.activationFunnel))).body.tiles[0].insight.id;
    for (const value of ['false', 1, ['x'], { a: 1 }]) {
      expect((await duplicate(value)).body.tiles[0].insight.id).not.toBe(sourceInsight);
    }
    for (const value of [false, 0, '', [], {}, null]) {
      expect((await duplicate(value)).body.tiles[0].insight.id).toBe(sourceInsight);
    }
  });

  it('a nameless insight stays nameless in a deep copy', async () => {
    const made = await admin.post(`${base}create_from_template_json/`, {
      template: { template_name: 'Nameless', dashboard_description: '', dashboard_filters: {}, tiles: [{ type: 'INSIGHT' }] },
    });
    const copy = await admin.post(base, { use_dashboard: made.body.id, duplicate_tiles: true });
    expect(copy.body.tiles[0].insight.name).toBeNull();
    expect(copy.body.tiles[0].insight.id).not.toBe(made.body.tiles[0].insight.id);
  });

  it('duplicate_tiles without use_dashboard is ignored', async () => {
    const result = await admin.post(base, { name: 'Alone', duplicate_tiles: 'yes' });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ creation_mode: 'default', tiles: [] });
  });
});

describe('§6.3 what dashboards log in the activity log', () => {
  const history = async (id: number) =>
    (await admin.get(`/api/projects/${P.app}/activity_log/?scope=Dashboard&item_id=${id}`)).body.results as Array<{
      activity: string;
      scope: string;
      item_id: string;
      user: { id: number } | null;
      detail: { name: string | null; type: string | null; changes: unknown };
    }>;

  it('created, updated (one change per field), deleted and restored, newest first', async () => {
    const created = await admin.post(base, { name: 'Logged' });
    const id = created.body.id as number;
    await admin.patch(dashboardPath(id), { name: 'Logged again', pinned: true });
    await admin.patch(dashboardPath(id), { deleted: true });
    await admin.patch(dashboardPath(id), { deleted: false });
    const entries = await history(id);
    expect(entries.map((e) => e.activity)).toEqual(['restored', 'deleted', 'updated', 'created']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ scope: 'Dashboard', item_id: String(id), user: { id: seedIds.users.priya } });
      expect(entry.detail.type).toBe('dashboard');
    }
    expect(entries[3]!.detail.name).toBe('Logged');
    expect(entries[2]!.detail.changes).toEqual([
      { type: 'Dashboard', action: 'changed', field: 'name', before: 'Logged', after: 'Logged again' },
      { type: 'Dashboard', action: 'changed', field: 'pinned', before: false, after: true },
    ]);
  });

  it('sharing enabled, access token refreshed and sharing disabled; no collaborator entries', async () => {
    const sharing = `${dashboardPath(D.supportTrends)}sharing/`;
    await admin.patch(sharing, { enabled: true });
    await admin.post(`${sharing}refresh/`);
    await admin.patch(sharing, { enabled: false });
    await admin.post(`${dashboardPath(D.supportTrends)}collaborators/`, { user_uuid: '0f375181-4c06-4f42-9304-e47f104b39be', level: 37 });
    const entries = await history(D.supportTrends);
    expect(entries.slice(0, 3).map((e) => [e.activity, e.detail.changes])).toEqual([
      ['sharing disabled', [{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: false }]],
      ['access token refreshed', null],
      ['sharing enabled', [{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true }]],
    ]);
    expect(entries.some((e) => e.activity.includes('collaborator'))).toBe(false);
  });
});

describe('§1.3 bodies for dashboards', () => {
  it('a form body creates with coerced values and repeated tags; duplicate_tiles reads its text', async () => {
    const form = new URLSearchParams([
      ['name', ' Form made '],
      ['pinned', 'on'],
      ['tags', 'A'],
      ['tags', 'b'],
      ['use_dashboard', String(D.activationFunnel)],
      ['duplicate_tiles', 'false'],
    ]);
    const result = await admin.send('POST', base, {
      raw: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(result.status, result.text).toBe(201);
    expect(result.body).toMatchObject({ name: 'Form made', pinned: true, tags: ['a', 'b'], creation_mode: 'duplicate' });
    const source = (await admin.get(dashboardPath(D.activationFunnel))).body;
    // "false" is a non-empty string: Python counts it true, so the insights are copied.
    expect(result.body.tiles[0].insight.id).not.toBe(source.tiles[0].insight.id);
  });

  it('create_from_template_json takes JSON only', async () => {
    const result = await admin.send('POST', `${base}create_from_template_json/`, {
      raw: 'template=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(result, 415, 'invalid_request', 'unsupported_media_type', 'Unsupported media type "application/x-www-form-urlencoded" in request.');
  });
});
