/** API.md §5 rows 1, 2, 7–11: the dashboard list, create, read, update, soft delete, move_tile, templates. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormField } from '../../../../src/contract/inputs.ts';
import { dashboardPageSchema, dashboardSchema, type DashboardListItem } from '../../../../src/contract/schemas.ts';
import { handleApiRequest } from '../../../../src/mock/handlers/api.ts';
import { dashboardRecord, pythonTruthy } from '../../../../src/mock/rules/dashboards/dashboards.ts';
import {
  admin,
  allDashboards,
  dashboardKeys,
  dashboardListKeys,
  envelopeKeys,
  expectError,
  expectKeys,
  expectValidation,
  isoUtc,
  keys,
  member,
  parseWith,
  seedIds,
  tileKeys,
  insightKeys,
  textKeys,
  setupMockApi,
  userKeys,
} from '../../helpers.ts';

const api = setupMockApi();
const { projects: P, dashboards: D, users: U } = seedIds;
const list = (query = '', projectId: number | string = P.app) => admin.get(`/api/projects/${projectId}/dashboards/${query}`);
const dashboardPath = (id: number | string, projectId: number = P.app) => `/api/projects/${projectId}/dashboards/${id}/`;
const ids = (result: { body: { results: Array<{ id: number }> } }) => result.body.results.map((d) => d.id);

interface LogEntry {
  activity: string;
  detail: { changes: unknown };
}
/** The activity log of one item, newest first (API.md §6.3). */
const history = async (scope: string, itemId: number): Promise<LogEntry[]> =>
  (await admin.get(`/api/projects/${P.app}/activity_log/?scope=${scope}&item_id=${itemId}`)).body.results;

/** The order of API.md §5 row 1, written independently of the mock's. */
function expectedOrder<T extends { id: number; name: string | null; pinned: boolean }>(items: T[]): number[] {
  return [...items]
    .sort((a, b) => {
      if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
      if ((a.name === null) !== (b.name === null)) return a.name === null ? 1 : -1;
      if (a.name !== null && b.name !== null) {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        if (x !== y) return x < y ? -1 : 1;
      }
      return a.id - b.id;
    })
    .map((d) => d.id);
}

describe('GET dashboards/', () => {
  it('answers the envelope of list items with exactly the listed keys', async () => {
    const result = await list();
    expect(result.status).toBe(200);
    expectKeys(result.body, envelopeKeys);
    const page = parseWith(dashboardPageSchema, result.body);
    expect(page.results).toHaveLength(100);
    for (const item of result.body.results) {
      expectKeys(item, dashboardListKeys);
      expectKeys(item.created_by, userKeys);
      expect(item.created_at).toMatch(isoUtc);
      expect(item.effective_restriction_level).toBe(item.restriction_level);
    }
  });

  it('lists the seeded project with at least 250 dashboards, never the deleted ones', async () => {
    const all = await allDashboards(P.app);
    expect(all.length).toBeGreaterThanOrEqual(250);
    const ids = all.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(D.legacyKpis);
    expect(ids).not.toContain(D.oldExperiment);
    expect(all.every((d) => d.deleted === false)).toBe(true);
    expect((await list()).body.count).toBe(all.length);
  });

  it('orders pinned first, then name case-insensitively (nulls last), then id', async () => {
    // Names that only case, nulls and ties can order.
    for (const name of ['beta', 'Alpha', null, 'alpha', 'ALPHA', null, 'Zulu', 'éclair']) {
      expect((await admin.post(`/api/projects/${P.mobile}/dashboards/`, { name })).status).toBe(201);
    }
    for (const projectId of [P.app, P.mobile, P.marketing]) {
      const all: DashboardListItem[] = await allDashboards(projectId);
      expect(all.map((d) => d.id)).toEqual(expectedOrder(all));
    }
    const mobile = await allDashboards(P.mobile);
    const unpinned = mobile.filter((d) => !d.pinned);
    expect(unpinned.slice(-2).map((d) => d.name)).toEqual([null, null]);
    const alphas = mobile.filter((d) => d.name?.toLowerCase() === 'alpha');
    expect(alphas.map((d) => d.name)).toEqual(['Alpha', 'alpha', 'ALPHA']);
  });

  it('keeps the order through renames, pins, deletes and restores', async () => {
    await admin.patch(dashboardPath(D.productOverview), { name: 'zzz last pinned' });
    await admin.patch(dashboardPath(D.weeklyReview), { pinned: false });
    await admin.patch(dashboardPath(D.ahaMoments), { pinned: true, name: 'AAA first' });
    await admin.patch(dashboardPath(D.untitled), { name: 'Now named' });
    await admin.patch(dashboardPath(D.cafePartners), { name: null });
    await admin.patch(dashboardPath(D.activationFunnel), { deleted: true });
    await admin.patch(dashboardPath(D.legacyKpis), { deleted: false });
    const all: DashboardListItem[] = await allDashboards(P.app);
    expect(all.map((d) => d.id)).toEqual(expectedOrder(all));
    expect(all[0]!.name).toBe('AAA first');
    expect(all.map((d) => d.id)).toContain(D.legacyKpis);
    expect(all.map((d) => d.id)).not.toContain(D.activationFunnel);
  });

  it('?search= matches name or description, case-insensitively', async () => {
    const byName = await list('?search=BOARD%20metr');
    expect(byName.body.count).toBe(1);
    expect(byName.body.results[0].id).toBe(D.boardMetrics);
    const byDescription = await list('?search=SALES%20OFFSITE');
    expect(byDescription.body.results.map((d: { id: number }) => d.id)).toEqual([D.untitledDraft]);
    const many = await list('?search=overview&limit=5');
    const expected = (await allDashboards(P.app)).filter(
      (d) => d.name?.toLowerCase().includes('overview') || d.description.toLowerCase().includes('overview'),
    );
    expect(many.body.count).toBe(expected.length);
    expect(many.body.results.map((d: { id: number }) => d.id)).toEqual(expected.slice(0, 5).map((d) => d.id));
    expect(many.body.next).toBe(`http://localhost/api/projects/${P.app}/dashboards/?search=overview&limit=5&offset=5`);
    expect((await list('?search=no-such-dashboard-anywhere')).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('?search= does not find deleted dashboards', async () => {
    expect((await list('?search=legacy%20kpis')).body.count).toBe(0);
  });

  it('?pinned=true lists only pinned, ?pinned=false only unpinned', async () => {
    const all = await allDashboards(P.app);
    const pinned = await list('?pinned=true');
    expect(pinned.body.count).toBe(all.filter((d) => d.pinned).length);
    expect(pinned.body.count).toBeGreaterThanOrEqual(3);
    expect(pinned.body.results.every((d: DashboardListItem) => d.pinned)).toBe(true);
    const unpinned = await allDashboards(P.app, keys.admin, '&pinned=false');
    expect(unpinned.length).toBe(all.length - pinned.body.count);
    expect(unpinned.every((d) => !d.pinned)).toBe(true);
    const both = await list('?pinned=true&search=release');
    expect(both.body.results.map((d: { id: number }) => d.id)).toEqual([D.releaseHealth]);
  });

  it('gives the caller their effective_privilege_level per item', async () => {
    const items: DashboardListItem[] = await allDashboards(P.app, keys.member);
    const level = (id: number) => items.find((d) => d.id === id)!.effective_privilege_level;
    expect(level(D.boardMetrics)).toBe(21); // restricted, Tomás not invited
    expect(level(D.pricingExperiment)).toBe(37); // restricted, Tomás invited
    expect(level(D.tomasNotes)).toBe(37); // restricted, Tomás created it
    expect(level(D.productOverview)).toBe(37); // everyone can edit
    const adminItems: DashboardListItem[] = await allDashboards(P.app);
    expect(adminItems.every((d) => d.effective_privilege_level === 37)).toBe(true);
  });
});

describe('GET dashboards/ beyond the unfiltered pages', () => {
  const mobile = `/api/projects/${P.mobile}/dashboards/`;

  it('?tags= keeps the dashboards carrying any of the tags, counted in full, the page cut by offset and limit', async () => {
    const made = new Map<string, number>();
    for (const [name, tags] of [
      ['Tagged one', ['mut-zeta', 'mut-other']],
      ['Tagged two', ['mut-eta']],
      ['Tagged three', ['mut-zeta']],
      ['Untagged', []],
      ['Elsewhere', ['mut-other']],
    ] as const) {
      made.set(name, (await admin.post(mobile, { name, tags })).body.id);
    }
    const [one, two, three] = ['Tagged one', 'Tagged two', 'Tagged three'].map((name) => made.get(name)!);
    const either = await list('?tags=mut-zeta&tags=mut-eta', P.mobile);
    expect(either.status).toBe(200);
    expect(either.body.count).toBe(3);
    expect(ids(either)).toEqual([one, three, two]);
    // A dashboard with one of the tags among others is kept.
    expect(ids(await list('?tags=mut-zeta', P.mobile))).toEqual([one, three]);
    const page = await list('?tags=mut-zeta&tags=mut-eta&limit=1&offset=1', P.mobile);
    expect(page.body.count).toBe(3);
    expect(ids(page)).toEqual([three]);
    expect((await list('?tags=mut-none', P.mobile)).body.count).toBe(0);
  });

  it('?pinned=false counts only the unpinned dashboards', async () => {
    const all = await allDashboards(P.app);
    const unpinned = await list('?pinned=false&limit=1');
    expect(unpinned.body.count).toBe(all.filter((d) => !d.pinned).length);
    expect(ids(unpinned)).toEqual([all.find((d) => !d.pinned)!.id]);
  });

  it('a member never sees nor counts a dashboard at none, on plain pages too', async () => {
    const everything = await allDashboards(P.app);
    const rule = await admin.put(`${dashboardPath(D.productOverview)}access_controls/`, { access_level: 'none', organization_member: null });
    expect(rule.status, rule.text).toBe(200);
    const visible = everything.filter((d) => d.id !== D.productOverview).map((d) => d.id);
    const page = await member.get(`/api/projects/${P.app}/dashboards/?limit=5&offset=1`);
    expect(page.body.count).toBe(visible.length);
    expect(ids(page)).toEqual(visible.slice(1, 6));
    const searched = await member.get(`/api/projects/${P.app}/dashboards/?search=product%20overview`);
    expect(ids(searched)).not.toContain(D.productOverview);
    expect((await list('?search=product%20overview')).body.results.map((d: { id: number }) => d.id)).toContain(D.productOverview);
  });
});

describe('pagination of dashboards', () => {
  const base = `http://localhost/api/projects/${P.app}/dashboards/`;

  it('links next and previous absolutely, omitting offset 0 and keeping other parameters', async () => {
    const count = (await list()).body.count as number;
    const first = await list('?limit=10');
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${base}?limit=10&offset=10`);
    const second = await list('?limit=10&offset=10&pinned=false');
    expect(second.body.previous).toBe(`${base}?limit=10&pinned=false`);
    expect(second.body.next).toBe(`${base}?limit=10&offset=20&pinned=false`);
    const third = await list('?offset=25&limit=10');
    expect(third.body.previous).toBe(`${base}?offset=15&limit=10`);
    const last = await list(`?limit=10&offset=${count - 3}`);
    expect(last.body.results).toHaveLength(3);
    expect(last.body.next).toBeNull();
    const noSlash = await admin.get(`/api/projects/${P.app}/dashboards?limit=10`);
    expect(noSlash.body.next).toBe(`http://localhost/api/projects/${P.app}/dashboards?limit=10&offset=10`);
  });

  it('builds links from the request host', async () => {
    const response = await handleApiRequest(
      api.store(),
      new Request(`http://127.0.0.1:8010/api/projects/${P.app}/dashboards/?limit=5&offset=5`, {
        headers: { Authorization: `Bearer ${keys.admin}` },
      }),
    );
    const body = await response.json();
    expect(body.next).toBe(`http://127.0.0.1:8010/api/projects/${P.app}/dashboards/?limit=5&offset=10`);
    expect(body.previous).toBe(`http://127.0.0.1:8010/api/projects/${P.app}/dashboards/?limit=5`);
  });

  it.each(['0', '-5', 'abc', '1.5', '', '1e2', '0x10'])('limit=%j means 100', async (limit) => {
    const result = await list(`?limit=${limit}`);
    expect(result.status).toBe(200);
    expect(result.body.results).toHaveLength(100);
    expect(result.body.next).toBe(`${base}?limit=100&offset=100`);
  });

  it('has no maximum limit, however huge', async () => {
    const count = (await list()).body.count;
    for (const limit of ['1000', '99999999999999999999999999']) {
      const result = await list(`?limit=${limit}`);
      expect(result.status).toBe(200);
      expect(result.body.results).toHaveLength(count);
      expect(result.body.next).toBeNull();
    }
  });

  it.each(['-1', 'abc', '2.5', ''])('offset=%j means 0', async (offset) => {
    const result = await list(`?limit=10&offset=${offset}`);
    expect(result.body.previous).toBeNull();
    expect(result.body.results[0].id).toBe((await list('?limit=1')).body.results[0].id);
  });

  it('an offset past the end answers no results, a previous link and no next', async () => {
    const result = await list('?limit=10&offset=99999999999999999999');
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual([]);
    expect(result.body.next).toBeNull();
    expect(result.body.previous).toMatch(/^http:\/\/localhost\/api\/projects\/1\/dashboards\/\?limit=10&offset=\d+$/);
  });

  it('pages cover the list exactly once', async () => {
    const all = await allDashboards(P.app);
    const paged = [];
    for (let offset = 0; offset < all.length; offset += 37) {
      paged.push(...(await list(`?limit=37&offset=${offset}`)).body.results);
    }
    expect(paged.map((d) => d.id)).toEqual(all.map((d) => d.id));
  });
});

describe('POST dashboards/', () => {
  const path = `/api/projects/${P.app}/dashboards/`;

  it('creates with the defaults, answering the full dashboard (201)', async () => {
    const before = Date.now();
    const result = await admin.post(path, {});
    expect(result.status).toBe(201);
    expectKeys(result.body, dashboardKeys);
    const dashboard = parseWith(dashboardSchema, result.body);
    expect(result.body).toMatchObject({
      name: null,
      description: '',
      pinned: false,
      deleted: false,
      is_shared: false,
      restriction_level: 21,
      effective_restriction_level: 21,
      effective_privilege_level: 37,
      tags: [],
      filters: {},
      variables: {},
      tiles: [],
      creation_mode: 'default',
      use_template: null,
      use_dashboard: null,
      delete_insights: false,
    });
    expect(result.body.created_by.id).toBe(U.priya);
    expect(dashboard.created_at).toMatch(isoUtc);
    expect(Date.parse(dashboard.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const opened = (await admin.get(dashboardPath(dashboard.id))).body;
    expect(opened.last_accessed_at).toMatch(isoUtc);
    expect({ ...opened, last_accessed_at: null }).toEqual(result.body);
  });

  it('the key owner is the creator', async () => {
    const result = await member.post(path, { name: 'Mine', restriction_level: 37 });
    expect(result.status).toBe(201);
    expect(result.body.created_by.email).toBe('tomas.garcia@hedgebox.net');
    expect(result.body.effective_privilege_level).toBe(37);
  });

  it('stores tags trimmed and lower-cased, empty and duplicates dropped (first kept)', async () => {
    const result = await admin.post(path, { name: 'Tagged', tags: [' Growth ', 'growth', '', 'Q3 ', '   ', 'GROWTH', 'ops'] });
    expect(result.body.tags).toEqual(['growth', 'q3', 'ops']);
    const patched = await admin.patch(dashboardPath(result.body.id), { tags: ['B', 'a', 'b'] });
    expect(patched.body.tags).toEqual(['b', 'a']);
  });

  it('counts name length in code points: 400 are fine, 401 are not', async () => {
    const emoji = '😀'.repeat(400);
    expect((await admin.post(path, { name: emoji })).body.name).toBe(emoji);
    expectValidation(
      await admin.post(path, { name: 'a'.repeat(401) }),
      'max_length',
      'name',
      'Ensure this field has no more than 400 characters.',
    );
  });

  it.each([
    [{ name: true }, 'invalid_input', 'name', 'Not a valid string.'],
    [{ name: { a: 1 } }, 'invalid_input', 'name', 'Not a valid string.'],
    [{ description: null }, 'null', 'description', 'This field may not be null.'],
    [{ pinned: 'maybe' }, 'invalid_input', 'pinned', 'Must be a valid boolean.'],
    [{ deleted: 2 }, 'invalid_input', 'deleted', 'Must be a valid boolean.'],
    [{ tags: 'growth' }, 'not_a_list', 'tags', 'Expected a list of items but got type "str".'],
    [{ tags: ['ok', 'fine', true] }, 'invalid_input', 'tags__2', 'Not a valid string.'],
    [{ restriction_level: 30 }, 'invalid_choice', 'restriction_level', '"30" is not a valid choice.'],
    [{ restriction_level: '38' }, 'invalid_choice', 'restriction_level', '"38" is not a valid choice.'],
    [{ restriction_level: null }, 'null', 'restriction_level', 'This field may not be null.'],
    [{ use_dashboard: 'one' }, 'invalid_input', 'use_dashboard', 'A valid integer is required.'],
    [{ use_dashboard: 1.5 }, 'invalid_input', 'use_dashboard', 'A valid integer is required.'],
    [{ use_dashboard: '9'.repeat(1001) }, 'max_string_length', 'use_dashboard', 'String value too large.'],
    [{ use_template: ['x'] }, 'invalid_input', 'use_template', 'Not a valid string.'],
  ])('rejects %j', async (body, code, attr, detail) => {
    expectValidation(await admin.post(path, body), code, attr, detail);
  });

  it('coerces values as production does (§1.3): numbers as text, boolean words, numeric strings', async () => {
    const result = await admin.post(path, {
      name: 5,
      description: 12.5,
      pinned: 'yes',
      tags: ['ok', 3],
      restriction_level: '37',
      use_template: '',
    });
    expect(result.status, result.text).toBe(201);
    expect(result.body).toMatchObject({ name: '5', description: '12.5', pinned: true, tags: ['ok', '3'], restriction_level: 37 });
    const source = await admin.post(path, { name: 'Source', use_dashboard: ` ${D.ahaMoments}.0 ` });
    expect(source.body.creation_mode).toBe('duplicate');
    expect((await admin.patch(dashboardPath(result.body.id), { pinned: 'off', deleted: 0 })).body.pinned).toBe(false);
  });

  it.each(['DEFAULT_APP', 'WEBSITE_TRAFFIC'])('use_template %s makes named insight tiles', async (template) => {
    const result = await admin.post(path, { name: 'From a template', description: 'mine', use_template: template });
    expect(result.status).toBe(201);
    expect(result.body.creation_mode).toBe('template');
    expect(result.body.name).toBe('From a template');
    expect(result.body.description).toBe('mine');
    expect(result.body.use_template).toBeNull();
    const insights = result.body.tiles.filter((t: { insight: unknown }) => t.insight);
    expect(insights.length).toBeGreaterThanOrEqual(3);
    for (const tile of result.body.tiles) {
      expectKeys(tile, tileKeys);
      expectKeys(tile.insight, insightKeys);
      expect(tile.insight.name).toMatch(/\w/);
      expect(tile.insight.short_id).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(tile.insight.query).toMatchObject({ kind: 'InsightVizNode' });
      expect(tile.insight.is_sample).toBe(true);
      expect(tile.text).toBeNull();
    }
  });

  it.each(['', null])('use_template %j means none', async (useTemplate) => {
    const result = await admin.post(path, { name: 'Plain', use_template: useTemplate });
    expect(result.status).toBe(201);
    expect(result.body.creation_mode).toBe('default');
    expect(result.body.tiles).toEqual([]);
  });

  it('an unknown template is 400 naming it', async () => {
    expectValidation(await admin.post(path, { use_template: 'SALES' }), 'invalid_input', 'use_template', 'Invalid template provided: SALES');
  });

  it('use_dashboard duplicates filters, variables and tiles (new tile ids), taking the rest from the request', async () => {
    const source = (await admin.get(dashboardPath(D.productOverview))).body;
    const result = await admin.post(path, { name: 'Copy', description: 'copied', tags: ['Copy'], use_dashboard: D.productOverview });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ name: 'Copy', description: 'copied', tags: ['copy'], creation_mode: 'duplicate' });
    expect(result.body.filters).toEqual(source.filters);
    expect(result.body.variables).toEqual(source.variables);
    expect(result.body.tiles).toHaveLength(source.tiles.length);
    const sourceIds = new Set(source.tiles.map((t: { id: number }) => t.id));
    for (const [i, tile] of result.body.tiles.entries()) {
      expect(sourceIds.has(tile.id)).toBe(false);
      // By default the copy's tiles show the same insights (API.md §5.3).
      expect(tile.insight.id).toBe(source.tiles[i].insight.id);
      expect(tile.insight.name).toBe(source.tiles[i].insight.name);
      expect(tile.insight.dashboards).toContain(result.body.id);
      expect(tile.insight.dashboards).toContain(D.productOverview);
    }
    expect(result.body.is_shared).toBe(false);
  });

  it('duplicate_tiles copies each insight as "… (Copy)" (a nameless one stays nameless) and each text, all new', async () => {
    const source = (
      await admin.post(`${path}create_from_template_json/`, {
        template: {
          template_name: 'Deep source',
          dashboard_description: '',
          dashboard_filters: {},
          tiles: [
            { type: 'INSIGHT', name: 'Signups', description: 'Weekly', query: { kind: 'TrendsQuery' }, color: 'blue' },
            { type: 'INSIGHT' },
            { type: 'TEXT', body: 'Read me.' },
          ],
        },
      })
    ).body;
    const [named, nameless, text] = source.tiles;
    const deep = await admin.post(path, { use_dashboard: source.id, duplicate_tiles: true });
    expect(deep.status, deep.text).toBe(201);
    const [namedCopy, namelessCopy, textCopy] = deep.body.tiles;
    expect(namedCopy.insight.id).not.toBe(named.insight.id);
    expect(namedCopy.insight).toMatchObject({ name: 'Signups (Copy)', description: 'Weekly', query: { kind: 'TrendsQuery' }, is_sample: true });
    expect(namedCopy.color).toBe('blue');
    expect(namelessCopy.insight.id).not.toBe(nameless.insight.id);
    expect(namelessCopy.insight.name).toBeNull();
    expect(textCopy.insight).toBeNull();
    expect(textCopy.text.id).not.toBe(text.text.id);
    expect(textCopy.text.body).toBe('Read me.');
    // Without duplicate_tiles the copy shows the same insights and texts.
    const shallow = await admin.post(path, { use_dashboard: source.id });
    expect(shallow.body.tiles.map((t: { insight: { id: number } | null }) => t.insight?.id ?? null)).toEqual([named.insight.id, nameless.insight.id, null]);
    expect(shallow.body.tiles[2].text).toMatchObject({ id: text.text.id, body: 'Read me.' });
  });

  it("use_dashboard of another project, a deleted or an unknown dashboard is 400", async () => {
    const marketingDashboard = (await list('?limit=1', P.marketing)).body.results[0].id;
    for (const id of [marketingDashboard, D.legacyKpis, 999999]) {
      expectValidation(await admin.post(path, { use_dashboard: id }), 'invalid_input', 'use_dashboard', 'Invalid value provided');
    }
  });

  it('use_template together with use_dashboard is 400', async () => {
    expectValidation(
      await admin.post(path, { use_template: 'DEFAULT_APP', use_dashboard: D.productOverview }),
      'invalid_input',
      null,
      '`use_dashboard` and `use_template` cannot be used together',
    );
  });

  it('200 concurrent creates all succeed with unique ids', async () => {
    const countBefore = (await list()).body.count;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => admin.post(path, { name: `Concurrent ${i}` })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const ids = results.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(200);
    const tokens = await Promise.all(ids.slice(0, 20).map((id) => admin.get(`${dashboardPath(id)}sharing/`)));
    expect(new Set(tokens.map((t) => t.body.access_token)).size).toBe(20);
    expect((await list()).body.count).toBe(countBefore + 200);
  });
});

describe('pythonTruthy: how duplicate_tiles is read (API.md §5.3)', () => {
  it.each([true, 1, -2, 0.5, 'x', 'false', '0', ' ', ['x'], [0], { a: 1 }, new FormField(['yes']), new FormField(['', 'false'])])(
    '%j is true',
    (value) => {
      expect(pythonTruthy(value)).toBe(true);
    },
  );

  it.each([false, 0, '', null, undefined, [], {}, new FormField([]), new FormField(['x', ''])])('%j is false', (value) => {
    expect(pythonTruthy(value)).toBe(false);
  });
});

describe('dashboardRecord', () => {
  it('fills the defaults of API.md §5.2 under the fields given', () => {
    const record = dashboardRecord(7, P.app, U.priya, { name: 'Given', tags: ['kept'] });
    expect(record).toEqual({
      id: 7,
      project_id: P.app,
      name: 'Given',
      description: '',
      pinned: false,
      created_at: expect.stringMatching(isoUtc),
      created_by: U.priya,
      last_accessed_at: null,
      deleted: false,
      creation_mode: 'default',
      filters: {},
      variables: {},
      breakdown_colors: [],
      data_color_theme_id: null,
      tags: ['kept'],
      restriction_level: 21,
      last_refresh: null,
      quick_filter_ids: [],
      tiles: [],
      sharing: null,
    });
    expect(dashboardRecord(8, P.app, U.priya, {}).tags).toEqual([]);
  });
});

describe('sharing tokens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a new token is one no dashboard holds, even when the random draw repeats', async () => {
    const real = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    let zeros = Infinity;
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      if (zeros <= 0 || array === null) return real(array);
      zeros -= 1;
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(0);
      return array;
    });
    const first = (await admin.patch(`${dashboardPath(D.ahaMoments)}sharing/`, { enabled: true })).body.access_token;
    expect(first).toBe('A'.repeat(22));
    // The next draw repeats that token once, then the bytes are random again.
    zeros = 1;
    const second = (await admin.patch(`${dashboardPath(D.boardMetrics)}sharing/`, { enabled: true })).body.access_token;
    expect(second).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).not.toBe(first);
    vi.restoreAllMocks();
    // The first token still opens the first dashboard.
    const name = (await admin.get(dashboardPath(D.ahaMoments))).body.name as string;
    const page = await fetch(`http://localhost/shared/${first}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1>${name}</h1>`);
  });
});

describe('GET dashboards/:id/', () => {
  it('answers the full dashboard with tiles', async () => {
    const result = await admin.get(dashboardPath(D.boardMetrics));
    expect(result.status).toBe(200);
    expectKeys(result.body, dashboardKeys);
    parseWith(dashboardSchema, result.body);
    expect(result.body.tiles.length).toBeGreaterThan(0);
    for (const tile of result.body.tiles) {
      expectKeys(tile, tileKeys);
      if (tile.insight) expectKeys(tile.insight, insightKeys);
      if (tile.text) expectKeys(tile.text, textKeys);
      expect((tile.insight === null) !== (tile.text === null)).toBe(true);
    }
  });

  it('a deleted or unknown dashboard is 404 Not found.', async () => {
    expectError(await admin.get(dashboardPath(D.legacyKpis)), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(dashboardPath(999999)), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it('answers @current as the current project', async () => {
    const result = await admin.get(`/api/projects/@current/dashboards/${D.productOverview}/`);
    expect(result.status).toBe(200);
    expect(result.body.name).toBe('Product overview');
  });

  it('gives a plain member view rights (21) on a restricted dashboard they are not invited to', async () => {
    const result = await member.get(dashboardPath(D.boardMetrics));
    expect(result.status).toBe(200);
    expect(result.body.restriction_level).toBe(37);
    expect(result.body.effective_restriction_level).toBe(37);
    expect(result.body.effective_privilege_level).toBe(21);
    expect((await member.get(dashboardPath(D.pricingExperiment))).body.effective_privilege_level).toBe(37);
  });
});

describe('PATCH dashboards/:id/', () => {
  it('changes only the fields sent and answers the full dashboard', async () => {
    const before = (await admin.get(dashboardPath(D.activationFunnel))).body;
    const result = await admin.patch(dashboardPath(D.activationFunnel), { description: 'New words', pinned: true });
    expect(result.status).toBe(200);
    expectKeys(result.body, dashboardKeys);
    expect(result.body).toEqual({ ...before, description: 'New words', pinned: true });
    const cleared = await admin.patch(dashboardPath(D.activationFunnel), { name: null });
    expect(cleared.body.name).toBeNull();
  });

  it('a plain member cannot edit a restricted dashboard they are not invited to', async () => {
    for (const body of [{ name: 'Mine now' }, {}, { deleted: true }]) {
      expectError(
        await member.patch(dashboardPath(D.boardMetrics), body),
        403,
        'authentication_error',
        'permission_denied',
        "You don't have edit permissions for this dashboard.",
      );
    }
    expect((await admin.get(dashboardPath(D.boardMetrics))).body.name).toBe('Board metrics');
  });

  it('an invited member and the creator can edit', async () => {
    expect((await member.patch(dashboardPath(D.pricingExperiment), { name: 'Q3 pricing test' })).status).toBe(200);
    expect((await member.patch(dashboardPath(D.tomasNotes), { description: 'updated' })).status).toBe(200);
  });

  it('restriction_level is for the creator and admins only, even unchanged', async () => {
    const rule =
      "Only the dashboard owner and project admins have the restriction rights required to change the dashboard's restriction level.";
    expectError(await member.patch(dashboardPath(D.pricingExperiment), { restriction_level: 37 }), 403, 'authentication_error', 'permission_denied', rule);
    expectError(await member.patch(dashboardPath(D.productOverview), { restriction_level: 21 }), 403, 'authentication_error', 'permission_denied', rule);
    expect((await member.patch(dashboardPath(D.tomasNotes), { restriction_level: 21 })).body.restriction_level).toBe(21);
    const byAdmin = await admin.patch(dashboardPath(D.boardMetrics), { restriction_level: 21 });
    expect(byAdmin.body).toMatchObject({ restriction_level: 21, effective_restriction_level: 21 });
    expect((await member.get(dashboardPath(D.boardMetrics))).body.effective_privilege_level).toBe(37);
  });

  it('field errors come before the restriction rule', async () => {
    expectValidation(await member.patch(dashboardPath(D.pricingExperiment), { restriction_level: 37, name: ['x'] }), 'invalid_input', 'name');
    expectValidation(await member.patch(dashboardPath(D.pricingExperiment), { restriction_level: 99 }), 'invalid_choice', 'restriction_level');
  });

  it('{deleted: true} soft-deletes; {deleted: false} restores, applying the other fields too', async () => {
    const deleted = await admin.patch(dashboardPath(D.activationFunnel), { deleted: true });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expectError(await admin.get(dashboardPath(D.activationFunnel)), 404, 'invalid_request', 'not_found', 'Not found.');
    expect((await allDashboards(P.app)).map((d) => d.id)).not.toContain(D.activationFunnel);
    for (const sub of ['collaborators/', 'sharing/']) {
      expectError(await admin.get(`${dashboardPath(D.activationFunnel)}${sub}`), 404, 'invalid_request', 'not_found', 'Dashboard not found.');
    }
    // Only a restoring PATCH finds it.
    expectError(await admin.patch(dashboardPath(D.activationFunnel), { name: 'x' }), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.patch(dashboardPath(D.activationFunnel), { deleted: true }), 404, 'invalid_request', 'not_found');
    expectError(await admin.send('PATCH', dashboardPath(D.activationFunnel), { raw: '{bad' }), 404, 'invalid_request', 'not_found');
    const restored = await admin.patch(dashboardPath(D.activationFunnel), { deleted: false, name: 'Activation funnel v2' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deleted: false, name: 'Activation funnel v2' });
    expect((await admin.get(dashboardPath(D.activationFunnel))).status).toBe(200);
    expect((await allDashboards(P.app)).map((d) => d.id)).toContain(D.activationFunnel);
  });

  it('restoring still needs edit rights', async () => {
    await admin.patch(dashboardPath(D.boardMetrics), { deleted: true });
    expectError(await member.patch(dashboardPath(D.boardMetrics), { deleted: false }), 403, 'authentication_error', 'permission_denied');
  });

  it("soft-deleting the project's primary dashboard clears it", async () => {
    expect((await admin.get(`/api/projects/${P.app}/`)).body.primary_dashboard).toBe(D.productOverview);
    await admin.patch(dashboardPath(D.productOverview), { deleted: true });
    expect((await admin.get(`/api/projects/${P.app}/`)).body.primary_dashboard).toBeNull();
    await admin.patch(dashboardPath(D.productOverview), { deleted: false });
    expect((await admin.get(`/api/projects/${P.app}/`)).body.primary_dashboard).toBeNull();
  });

  it('logs created, then updated with its changes, deleted and restored; a PATCH changing nothing logs nothing', async () => {
    const id = (await admin.post(`/api/projects/${P.app}/dashboards/`, { name: 'Logged' })).body.id as number;
    expect((await admin.patch(dashboardPath(id), { name: 'Logged', pinned: false })).status).toBe(200);
    await admin.patch(dashboardPath(id), { name: 'Logged again' });
    await admin.patch(dashboardPath(id), { deleted: true });
    await admin.patch(dashboardPath(id), { deleted: false });
    const entries = await history('Dashboard', id);
    expect(entries.map((e) => e.activity)).toEqual(['restored', 'deleted', 'updated', 'created']);
    expect(entries[2]!.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'name', before: 'Logged', after: 'Logged again' }]);
    expect(entries[1]!.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'deleted', before: false, after: true }]);
  });

  it("only soft-deleting the project's primary dashboard clears it, logged as the project's change", async () => {
    const primary = async () => (await admin.get(`/api/projects/${P.app}/`)).body.primary_dashboard;
    const teamBefore = (await history('Team', P.app)).length;
    await admin.patch(dashboardPath(D.productOverview), { name: 'Renamed primary' });
    await admin.patch(dashboardPath(D.activationFunnel), { deleted: true });
    expect(await primary()).toBe(D.productOverview);
    expect(await history('Team', P.app)).toHaveLength(teamBefore);
    await admin.patch(dashboardPath(D.productOverview), { deleted: true });
    expect(await primary()).toBeNull();
    const team = await history('Team', P.app);
    expect(team).toHaveLength(teamBefore + 1);
    expect(team[0]).toMatchObject({ activity: 'updated' });
    expect(team[0]!.detail.changes).toEqual([
      { type: 'Team', action: 'changed', field: 'primary_dashboard', before: D.productOverview, after: null },
    ]);
  });

  it('concurrent PATCHes of different fields are all kept', async () => {
    await Promise.all([
      admin.patch(dashboardPath(D.releaseHealth), { name: 'Release health (v2)' }),
      admin.patch(dashboardPath(D.releaseHealth), { description: 'All releases' }),
      member.patch(dashboardPath(D.releaseHealth), { pinned: false }),
      admin.patch(dashboardPath(D.releaseHealth), { tags: ['Ops'] }),
      admin.patch(dashboardPath(D.releaseHealth), { restriction_level: 37 }),
    ]);
    expect((await admin.get(dashboardPath(D.releaseHealth))).body).toMatchObject({
      name: 'Release health (v2)',
      description: 'All releases',
      pinned: false,
      tags: ['ops'],
      restriction_level: 37,
    });
  });
});

describe('PATCH dashboards/:id/move_tile/', () => {
  const movePath = (id: number) => `${dashboardPath(id)}move_tile/`;

  it('moves the tile, keeping its id, and answers the source', async () => {
    const source = (await admin.get(dashboardPath(D.productOverview))).body;
    const tile = source.tiles[1];
    const result = await admin.patch(movePath(D.productOverview), { tile: { id: tile.id }, toDashboard: D.activationFunnel });
    expect(result.status).toBe(200);
    expectKeys(result.body, dashboardKeys);
    expect(result.body.id).toBe(D.productOverview);
    expect(result.body.tiles.map((t: { id: number }) => t.id)).toEqual(
      source.tiles.filter((t: { id: number }) => t.id !== tile.id).map((t: { id: number }) => t.id),
    );
    const target = (await admin.get(dashboardPath(D.activationFunnel))).body;
    const moved = target.tiles.find((t: { id: number }) => t.id === tile.id);
    expect(moved.insight.id).toBe(tile.insight.id);
    expect(moved.insight.dashboards).toContain(D.activationFunnel);
    expect(moved.insight.dashboards).not.toContain(D.productOverview);
  });

  it('moving to the source itself changes nothing', async () => {
    const source = (await admin.get(dashboardPath(D.productOverview))).body;
    const result = await admin.patch(movePath(D.productOverview), { tile: { id: source.tiles[0].id }, toDashboard: D.productOverview });
    expect(result.status).toBe(200);
    expect({ ...result.body, last_accessed_at: null }).toEqual({ ...source, last_accessed_at: null });
  });

  it('logs an update of the tiles on both dashboards: their tile ids before and after', async () => {
    const tileIds = async (id: number) => (await admin.get(dashboardPath(id))).body.tiles.map((t: { id: number }) => t.id) as number[];
    const source = await tileIds(D.productOverview);
    const target = await tileIds(D.activationFunnel);
    const moved = source[1]!;
    await admin.patch(movePath(D.productOverview), { tile: { id: moved }, toDashboard: D.activationFunnel });
    for (const [id, before, after] of [
      [D.productOverview, source, source.filter((t) => t !== moved)],
      [D.activationFunnel, target, [...target, moved]],
    ] as const) {
      const [latest] = await history('Dashboard', id);
      expect(latest!.activity).toBe('updated');
      expect(latest!.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'tiles', before, after }]);
    }
  });

  it('moving to the source itself logs nothing', async () => {
    const before = await history('Dashboard', D.productOverview);
    const tileId = (await admin.get(dashboardPath(D.productOverview))).body.tiles[0].id;
    expect((await admin.patch(movePath(D.productOverview), { tile: { id: tileId }, toDashboard: D.productOverview })).status).toBe(200);
    expect(await history('Dashboard', D.productOverview)).toEqual(before);
  });

  it('an unknown tile is 404 even with a valid target, which stays unchanged', async () => {
    const target = (await admin.get(dashboardPath(D.activationFunnel))).body.tiles;
    expectError(await admin.patch(movePath(D.productOverview), { tile: { id: 999999 }, toDashboard: D.activationFunnel }), 404, 'invalid_request', 'not_found', 'Not found.');
    expect((await admin.get(dashboardPath(D.activationFunnel))).body.tiles).toEqual(target);
  });

  it.each([
    [{}, 'required', 'tile'],
    [{ tile: {}, toDashboard: 2 }, 'required', 'tile__id'],
    [{ tile: { id: 'x' }, toDashboard: 2 }, 'invalid_input', 'tile__id'],
    [{ tile: 5, toDashboard: 2 }, 'invalid_input', 'tile'],
    [{ tile: { id: 1 } }, 'required', 'toDashboard'],
    [{ tile: { id: 1 }, toDashboard: null }, 'null', 'toDashboard'],
  ])('body errors come first: %j', async (body, code, attr) => {
    expectValidation(await admin.patch(movePath(D.productOverview), body), code, attr);
  });

  it('an unknown tile is 404, then an unknown, deleted or foreign target', async () => {
    const tileId = (await admin.get(dashboardPath(D.productOverview))).body.tiles[0].id;
    expectError(await admin.patch(movePath(D.productOverview), { tile: { id: 999999 }, toDashboard: 999999 }), 404, 'invalid_request', 'not_found', 'Not found.');
    const marketingDashboard = (await list('?limit=1', P.marketing)).body.results[0].id;
    for (const target of [999999, D.legacyKpis, marketingDashboard]) {
      expectError(
        await admin.patch(movePath(D.productOverview), { tile: { id: tileId }, toDashboard: target }),
        404,
        'invalid_request',
        'not_found',
        'Not found.',
      );
    }
  });

  it('needs edit rights on the source (before the body) and on the target', async () => {
    expectError(await member.patch(movePath(D.boardMetrics), {}), 403, 'authentication_error', 'permission_denied');
    const tileId = (await admin.get(dashboardPath(D.productOverview))).body.tiles[0].id;
    expectError(
      await member.patch(movePath(D.productOverview), { tile: { id: tileId }, toDashboard: D.boardMetrics }),
      403,
      'authentication_error',
      'permission_denied',
      "You don't have edit permissions for this dashboard.",
    );
    expect((await admin.get(dashboardPath(D.productOverview))).body.tiles[0].id).toBe(tileId);
  });
});

describe('POST dashboards/create_from_template_json/', () => {
  const path = `/api/projects/${P.app}/dashboards/create_from_template_json/`;
  const template = {
    template_name: 'Onboarding review',
    dashboard_description: 'Where new teams get stuck.',
    dashboard_filters: { date_from: '-14d' },
    tags: ['Onboarding', ' onboarding '],
    variables: [{ id: 'v1', name: 'Plan', type: 'event', default: {}, description: 'The plan', required: false }],
    tiles: [
      { type: 'INSIGHT', name: 'Sign-up to first upload', description: 'Funnel', query: { kind: 'FunnelsQuery' }, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } }, color: 'blue' },
      { type: 'TEXT', body: 'Read me first.' },
      { type: 'BUTTON', name: 'skipped' },
    ],
  };

  it('makes a dashboard from the template (200), skipping unknown tile types', async () => {
    const result = await admin.post(path, { template });
    expect(result.status, result.text).toBe(200);
    expectKeys(result.body, dashboardKeys);
    parseWith(dashboardSchema, result.body);
    expect(result.body).toMatchObject({
      name: 'Onboarding review',
      description: 'Where new teams get stuck.',
      filters: { date_from: '-14d' },
      tags: ['onboarding'],
      creation_mode: 'template',
      restriction_level: 21,
    });
    expect(result.body.tiles).toHaveLength(2);
    const [insight, text] = result.body.tiles;
    expect(insight.insight).toMatchObject({ name: 'Sign-up to first upload', description: 'Funnel', query: { kind: 'FunnelsQuery' } });
    expect(insight).toMatchObject({ text: null, color: 'blue', layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } }, order: 0 });
    expect(text).toMatchObject({ insight: null, text: { body: 'Read me first.', team: P.app }, color: null, layouts: {}, order: 1 });
    expect((await admin.get(dashboardPath(result.body.id))).status).toBe(200);
  });

  it('takes a blank template_name and null variables', async () => {
    const result = await admin.post(path, { template: { ...template, template_name: '', variables: null } });
    expect(result.status, result.text).toBe(200);
    expect(result.body.name).toBe('');
  });

  it.each([
    ['template not an object', { template: 'x' }, "'x' is not of type 'object'"],
    ['no name', { template: { ...template, template_name: undefined } }, "'template_name' is a required property"],
    ['no description', { template: { ...template, dashboard_description: undefined } }, "'dashboard_description' is a required property"],
    ['filters not an object', { template: { ...template, dashboard_filters: 'x' } }, "'x' is not of type 'object'"],
    ['no tiles', { template: { ...template, tiles: [] } }, '[] should be non-empty'],
    ['tiles missing', { template: { ...template, tiles: undefined } }, "'tiles' is a required property"],
    ['variables an object', { template: { ...template, variables: { plan: 'team' } } }, "{'plan': 'team'} is not of type 'array', 'null'"],
    ['a name that is a number', { template: { ...template, template_name: 5 } }, "5 is not of type 'string'"],
    ['a tile that is not an object', { template: { ...template, tiles: [true] } }, "True is not of type 'object'"],
  ])('rejects a template with %s by the schema validator sentence, attr null', async (_label, body, detail) => {
    expectValidation(await admin.post(path, body), 'invalid_input', null, detail);
  });

  it('reads tile fields loosely: numbers as text, other values and non-objects as none; insights are samples; no tags, none', async () => {
    const result = await admin.post(path, {
      template: {
        template_name: 'Loose',
        dashboard_description: '',
        dashboard_filters: {},
        tiles: [
          { type: 'INSIGHT', name: 42, description: 7.5, query: [1], layouts: [1], color: 5 },
          { type: 'INSIGHT', name: true, description: null, query: 'x', layouts: 'x', color: false },
          { type: 'TEXT', body: 12, layouts: null, color: ['red'] },
          { type: 'TEXT', body: { text: 'x' }, layouts: { sm: { x: 1 } } },
        ],
      },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ name: 'Loose', tags: [], pinned: false, description: '' });
    const [numbers, others, text, objectBody] = result.body.tiles;
    expect(numbers.insight).toMatchObject({ name: '42', description: '7.5', query: null, is_sample: true });
    expect(numbers).toMatchObject({ layouts: {}, color: '5' });
    expect(others.insight).toMatchObject({ name: null, description: null, query: null, is_sample: true });
    expect(others).toMatchObject({ layouts: {}, color: null });
    expect(text).toMatchObject({ text: { body: '12' }, layouts: {}, color: null });
    expect(objectBody).toMatchObject({ text: { body: null }, layouts: { sm: { x: 1 } } });
  });

  it("a tile without a type is 400 'type' is a required property, first or later (production: 500, §10)", async () => {
    for (const tiles of [[{ name: 'untyped' }], [{ type: 'TEXT', body: 'ok' }, { body: 'untyped' }]]) {
      expectValidation(await admin.post(path, { template: { ...template, tiles } }), 'invalid_input', null, "'type' is a required property");
    }
  });

  it('counts template_name in code points: 400 are fine, 401 are 400 max_length on template__template_name', async () => {
    const fine = await admin.post(path, { template: { ...template, template_name: '😀'.repeat(400) } });
    expect(fine.status, fine.text).toBe(200);
    expectValidation(
      await admin.post(path, { template: { ...template, template_name: '😀'.repeat(401) } }),
      'max_length',
      'template__template_name',
      'Ensure this field has no more than 400 characters.',
    );
  });

  it('a body without template is 400 required (production: 500, §10)', async () => {
    expectValidation(await admin.post(path, {}), 'required', 'template', 'This field is required.');
  });
});
