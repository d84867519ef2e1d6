/** API.md §6: projects CRUD (both route families), the defaults, the field rules, 409, and the actions. */
import { describe, expect, it } from 'vitest';
import { details } from '../../src/contract/errors.ts';
import { activityPageSchema, demoDataStatusSchema, projectPageSchema, projectSchema } from '../../src/contract/schemas.ts';
import {
  activityKeys,
  admin,
  envelopeKeys,
  expectError,
  expectKeys,
  expectValidation,
  isoUtc,
  member,
  parseWith,
  projectKeys,
  projectListKeys,
  readonly,
  seedIds,
  setupMockApi,
} from './helpers.ts';

setupMockApi();
const { projects: P, dashboards: D, organization: ORG } = seedIds;
const createPath = '/api/organizations/@current/projects/';
const ids = (items: Array<{ id: number }>) => items.map((p) => p.id);

describe('listing projects', () => {
  it('lists the organization’s projects as reduced items, by id', async () => {
    for (const path of [createPath, `/api/organizations/${ORG}/projects/`]) {
      const result = await readonly.get(path);
      expect(result.status).toBe(200);
      expectKeys(result.body, envelopeKeys);
      const page = parseWith(projectPageSchema, result.body);
      expect(ids(page.results)).toEqual([P.app, P.marketing, P.mobile]);
      for (const item of result.body.results) {
        expectKeys(item, projectListKeys);
        expect(item.organization).toBe(ORG);
      }
    }
  });

  it('GET /api/projects/ lists every project the key can see, never another organization’s', async () => {
    const result = await member.get('/api/projects/');
    expect(ids(result.body.results)).toEqual([P.app, P.marketing, P.mobile]);
    for (const item of result.body.results) expectKeys(item, projectListKeys);
  });

  it('?search= matches the name case-insensitively, and the list pages', async () => {
    expect(ids((await admin.get(`${createPath}?search=MOBILE`)).body.results)).toEqual([P.mobile]);
    expect(ids((await admin.get('/api/projects/?search=site')).body.results)).toEqual([P.marketing]);
    const paged = await admin.get(`${createPath}?limit=1&offset=1`);
    expect(paged.body).toMatchObject({
      count: 3,
      next: 'http://localhost/api/organizations/@current/projects/?limit=1&offset=2',
      previous: 'http://localhost/api/organizations/@current/projects/?limit=1',
    });
  });
});

describe('POST projects/', () => {
  it('creates a project with the defaults (201, full)', async () => {
    const result = await admin.post(createPath, { name: '  Desktop App  ', primary_dashboard: D.productOverview });
    expect(result.status).toBe(201);
    expectKeys(result.body, projectKeys);
    const project = parseWith(projectSchema, result.body);
    expect(project.name).toBe('Desktop App');
    expect(result.body).toMatchObject({
      organization: ORG,
      timezone: 'UTC',
      app_urls: [],
      data_attributes: ['data-attr'],
      capture_console_log_opt_in: true,
      capture_performance_opt_in: true,
      has_completed_onboarding_for: null,
      product_intents: [],
      primary_dashboard: null,
      effective_membership_level: 8,
    });
    for (const [field, value] of Object.entries(result.body)) {
      if (typeof value === 'boolean' && !['capture_console_log_opt_in', 'capture_performance_opt_in'].includes(field)) {
        expect(value, field).toBe(false);
      }
    }
    expect(result.body.api_token).toMatch(/^phc_[A-Za-z0-9]{43}$/);
    expect(result.body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.body.created_at).toMatch(isoUtc);
    expect(result.body.updated_at).toMatch(isoUtc);
    expect((await admin.get(`/api/projects/${project.id}/`)).body).toEqual(result.body);
    expect(ids((await admin.get(createPath)).body.results)).toContain(project.id);
    const other = await admin.post(createPath, { name: 'Another' });
    expect(other.body.api_token).not.toBe(result.body.api_token);
    expect(other.body.uuid).not.toBe(result.body.uuid);
  });

  it('applies writable fields given on create', async () => {
    const result = await admin.post(createPath, {
      name: 'Docs',
      timezone: 'Asia/Tokyo',
      app_urls: ['https://docs.hedgebox.net', '', '  ', null],
      session_recording_sample_rate: 0.5,
      week_start_day: 0,
      anonymize_ips: true,
      ingested_event: true,
    });
    expect(result.body).toMatchObject({
      timezone: 'Asia/Tokyo',
      app_urls: ['https://docs.hedgebox.net'],
      session_recording_sample_rate: '0.50',
      week_start_day: 0,
      anonymize_ips: true,
      ingested_event: false,
    });
  });

  it('admins only, checked before the body', async () => {
    for (const body of [{ name: 'Mine' }, { name: 5 }]) {
      expectError(await member.post(createPath, body), 403, 'authentication_error', 'permission_denied', details.adminsCreateProjects);
    }
  });

  it.each([
    ['no name', {}, 'required', 'name', 'This field is required.'],
    ['a null name', { name: null }, 'null', 'name', 'This field may not be null.'],
    ['a blank name', { name: '   ' }, 'blank', 'name', 'This field may not be blank.'],
    ['a long name', { name: 'n'.repeat(201) }, 'max_length', 'name', 'Ensure this field has no more than 200 characters.'],
    ['a name that is not a string', { name: 7 }, 'invalid_input', 'name', 'Not a valid string.'],
    ['an unknown timezone', { name: 'T', timezone: 'Mars/Olympus_Mons' }, 'invalid_choice', 'timezone', '"Mars/Olympus_Mons" is not a valid choice.'],
    ['a timezone in the wrong case', { name: 'T', timezone: 'europe/london' }, 'invalid_choice', 'timezone', '"europe/london" is not a valid choice.'],
    ['an app URL over 200 characters', { name: 'T', app_urls: [`https://${'a'.repeat(200)}.com`] }, 'max_length', 'app_urls.0', undefined],
    ['a sample rate over 1', { name: 'T', session_recording_sample_rate: 1.5 }, 'max_value', 'session_recording_sample_rate', undefined],
    ['a negative sample rate', { name: 'T', session_recording_sample_rate: '-0.1' }, 'min_value', 'session_recording_sample_rate', undefined],
    ['a sample rate with 3 decimals', { name: 'T', session_recording_sample_rate: 0.125 }, 'invalid_input', 'session_recording_sample_rate', undefined],
    ['a sample rate that is no number', { name: 'T', session_recording_sample_rate: 'half' }, 'invalid_input', 'session_recording_sample_rate', undefined],
    ['a duration over 30000', { name: 'T', session_recording_minimum_duration_milliseconds: 30001 }, 'max_value', 'session_recording_minimum_duration_milliseconds', undefined],
    ['a negative duration', { name: 'T', session_recording_minimum_duration_milliseconds: -1 }, 'min_value', 'session_recording_minimum_duration_milliseconds', undefined],
    ['a fractional duration', { name: 'T', session_recording_minimum_duration_milliseconds: 1.5 }, 'invalid_input', 'session_recording_minimum_duration_milliseconds', undefined],
    ['week starting on Tuesday', { name: 'T', week_start_day: 2 }, 'invalid_choice', 'week_start_day', undefined],
    ['a boolean as a string', { name: 'T', anonymize_ips: 'true' }, 'invalid_input', 'anonymize_ips', 'Must be a valid boolean.'],
    ['filters not a list', { name: 'T', test_account_filters: {} }, 'invalid_input', 'test_account_filters', undefined],
  ])('rejects %s', async (_label, body, code, attr, detail) => {
    expectValidation(await admin.post(createPath, body), code, attr, detail);
  });

  it('accepts 200 characters counted as code points', async () => {
    expect((await admin.post(createPath, { name: '📈'.repeat(200) })).status).toBe(201);
  });

  it('a taken name (case-insensitive) is 409, after every 400', async () => {
    const result = await admin.post(createPath, { name: 'hedgebox APP' });
    expectError(result, 409, 'server_error', 'conflict', details.projectNameTaken('hedgebox APP'));
    expectValidation(await admin.post(createPath, { name: 'Hedgebox App', timezone: 'Nowhere' }), 'invalid_choice', 'timezone');
    // Another organization's project name is free here.
    expect((await admin.post(createPath, { name: 'Northwind Storefront' })).status).toBe(201);
  });

  it('another organization is 404', async () => {
    expectError(await admin.post(`/api/organizations/${seedIds.outsideOrganization}/projects/`, { name: 'x' }), 404, 'invalid_request', 'not_found', 'Not found.');
  });
});

describe('GET and PATCH projects/:id/', () => {
  it('answers the full project under both route families and @current', async () => {
    const paths = [
      `/api/projects/${P.app}/`,
      '/api/projects/@current/',
      `/api/organizations/@current/projects/${P.app}/`,
      `/api/organizations/${ORG}/projects/@current/`,
    ];
    const bodies = [];
    for (const path of paths) {
      const result = await readonly.get(path);
      expect(result.status, path).toBe(200);
      expectKeys(result.body, projectKeys);
      parseWith(projectSchema, result.body);
      bodies.push(result.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ id: P.app, name: 'Hedgebox App', primary_dashboard: D.productOverview, session_recording_sample_rate: '0.50' });
  });

  it('the organization is checked before the project', async () => {
    expectError(await admin.get(`/api/organizations/${seedIds.outsideOrganization}/projects/${P.app}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/organizations/@current/projects/${P.outside}/`), 404, 'invalid_request', 'not_found', 'Project not found.');
  });

  it('any member may update; only the fields sent change', async () => {
    const before = (await member.get(`/api/projects/${P.mobile}/`)).body;
    const result = await member.patch(`/api/projects/${P.mobile}/`, {
      name: 'Mobile',
      session_recording_sample_rate: '0.3',
      app_urls: ['https://m.hedgebox.net', ''],
      has_group_types: true,
      api_token: 'phc_mine',
    });
    expect(result.status).toBe(200);
    expectKeys(result.body, projectKeys);
    expect(result.body).toEqual({
      ...before,
      name: 'Mobile',
      session_recording_sample_rate: '0.30',
      app_urls: ['https://m.hedgebox.net'],
      updated_at: result.body.updated_at,
    });
    expect(Date.parse(result.body.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('renaming to a taken name is 409; to its own name in another case is fine', async () => {
    expectError(await admin.patch(`/api/projects/${P.mobile}/`, { name: 'MARKETING site' }), 409, 'server_error', 'conflict', details.projectNameTaken('MARKETING site'));
    expect((await admin.patch(`/api/projects/${P.app}/`, { name: 'HEDGEBOX APP' })).body.name).toBe('HEDGEBOX APP');
  });

  it('primary_dashboard must be a live dashboard of the project (400 before 409)', async () => {
    const marketingDashboard = (await admin.get(`/api/projects/${P.marketing}/dashboards/?limit=1`)).body.results[0].id;
    for (const id of [D.legacyKpis, marketingDashboard, 999999]) {
      expectValidation(await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: id, name: 'Marketing Site' }), 'invalid_input', 'primary_dashboard');
    }
    expect((await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: D.boardMetrics })).body.primary_dashboard).toBe(D.boardMetrics);
    expect((await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: null })).body.primary_dashboard).toBeNull();
  });

  it('a read-only key cannot update', async () => {
    expectError(await readonly.patch(`/api/projects/${P.app}/`, { name: 'x' }), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'project:write'");
  });
});

describe('DELETE projects/:id/', () => {
  it('admins only', async () => {
    expectError(await member.delete(`/api/projects/${P.mobile}/`), 403, 'authentication_error', 'permission_denied', details.adminsCreateProjects);
    expect((await member.get(`/api/projects/${P.mobile}/`)).status).toBe(200);
  });

  it('removes the project, its dashboards and its activity (204, then 404)', async () => {
    const result = await admin.delete(`/api/organizations/@current/projects/${P.mobile}/`);
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    for (const path of [`/api/projects/${P.mobile}/`, `/api/projects/${P.mobile}/dashboards/`, `/api/projects/${P.mobile}/activity/`]) {
      expectError(await admin.get(path), 404, 'invalid_request', 'not_found', 'Project not found.');
    }
    expect(ids((await admin.get('/api/projects/')).body.results)).toEqual([P.app, P.marketing]);
    expect((await admin.get('/api/organizations/@current/')).body.projects.map((p: { id: number }) => p.id)).toEqual([P.app, P.marketing]);
  });

  it('deleting the current project moves @current to another one', async () => {
    expect((await admin.delete(`/api/projects/${P.app}/`)).status).toBe(204);
    expect((await admin.get('/api/projects/@current/')).body.id).toBe(P.marketing);
    expect((await member.get('/api/users/@me/')).body.team.id).toBe(P.marketing);
  });
});

describe('actions', () => {
  it('activity/: newest first, paged by page and limit (default 10)', async () => {
    const first = await admin.get(`/api/projects/${P.app}/activity/`);
    expect(first.status).toBe(200);
    expectKeys(first.body, ['results', 'next', 'previous', 'total_count']);
    parseWith(activityPageSchema, first.body);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.total_count).toBeGreaterThan(250);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`http://localhost/api/projects/${P.app}/activity/?page=2&limit=10`);
    for (const entry of first.body.results) {
      expectKeys(entry, activityKeys);
      expectKeys(entry.user, ['first_name', 'email']);
      expectKeys(entry.detail, ['name', 'changes']);
      expect(typeof entry.item_id).toBe('string');
      expect(entry.created_at).toMatch(isoUtc);
    }
    const times = first.body.results.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await admin.get(`/api/projects/${P.app}/activity/?page=2&limit=10`);
    expect(second.body.previous).toBe(`http://localhost/api/projects/${P.app}/activity/?page=1&limit=10`);
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    expect(Date.parse(second.body.results[0].created_at)).toBeLessThanOrEqual(times.at(-1));

    const last = await admin.get(`/api/projects/${P.app}/activity/?limit=100&page=${Math.ceil(first.body.total_count / 100)}`);
    expect(last.body.next).toBeNull();
    expect(last.body.results.length).toBe(first.body.total_count % 100 || 100);
  });

  it.each(['page=abc&limit=xyz', 'page=0&limit=0', 'page=-2&limit=-5', 'page=1.5&limit=2.5'])('activity/?%s means the defaults', async (query) => {
    const result = await admin.get(`/api/projects/${P.app}/activity/?${query}`);
    expect(result.status).toBe(200);
    expect(result.body.results).toHaveLength(10);
    expect(result.body.previous).toBeNull();
  });

  it('activity/ past the last page is empty', async () => {
    const result = await admin.get(`/api/projects/${P.app}/activity/?page=999999`);
    expect(result.body.results).toEqual([]);
    expect(result.body.next).toBeNull();
  });

  it('every change is an entry with field-level changes', async () => {
    const latest = async () => (await admin.get(`/api/projects/${P.app}/activity/?limit=1`)).body.results[0];
    await admin.patch(`/api/projects/${P.app}/`, { timezone: 'Asia/Tokyo' });
    expect(await latest()).toMatchObject({
      activity: 'updated',
      scope: 'Project',
      item_id: String(P.app),
      detail: { name: 'Hedgebox App', changes: [{ type: 'Project', action: 'changed', field: 'timezone', before: 'Europe/London', after: 'Asia/Tokyo' }] },
    });
    const created = await member.post(`/api/projects/${P.app}/dashboards/`, { name: 'Logged' });
    expect(await latest()).toMatchObject({ activity: 'created', scope: 'Dashboard', item_id: String(created.body.id), user: { first_name: 'Tomás' } });
    await member.patch(`/api/projects/${P.app}/dashboards/${created.body.id}/`, { name: 'Logged twice', pinned: true });
    expect((await latest()).detail.changes).toEqual([
      { type: 'Dashboard', action: 'changed', field: 'name', before: 'Logged', after: 'Logged twice' },
      { type: 'Dashboard', action: 'changed', field: 'pinned', before: false, after: true },
    ]);
    await member.patch(`/api/projects/${P.app}/dashboards/${created.body.id}/`, { deleted: true });
    expect((await latest()).activity).toBe('deleted');
    await member.patch(`/api/projects/${P.app}/dashboards/${created.body.id}/`, { deleted: false });
    expect((await latest()).activity).toBe('restored');
    const count = (await admin.get(`/api/projects/${P.app}/activity/`)).body.total_count;
    await member.patch(`/api/projects/${P.app}/dashboards/${created.body.id}/`, { name: 'Logged twice' });
    expect((await admin.get(`/api/projects/${P.app}/activity/`)).body.total_count).toBe(count);
  });

  it('add_product_intent/: 201 full project, one entry per product type', async () => {
    const path = `/api/projects/${P.mobile}/add_product_intent/`;
    const first = await member.patch(path, { product_type: 'session_replay', intent_context: 'onboarding' });
    expect(first.status).toBe(201);
    expectKeys(first.body, projectKeys);
    expect(first.body.product_intents).toEqual([
      { product_type: 'session_replay', created_at: expect.stringMatching(isoUtc), updated_at: expect.stringMatching(isoUtc), onboarding_completed_at: null },
    ]);
    const again = await member.patch(path, { product_type: 'session_replay' });
    expect(again.body.product_intents).toHaveLength(1);
    expect(again.body.product_intents[0].created_at).toBe(first.body.product_intents[0].created_at);
    expect(Date.parse(again.body.product_intents[0].updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.product_intents[0].updated_at));
    expect((await member.patch(path, { product_type: 'surveys' })).body.product_intents).toHaveLength(2);
    expect((await admin.get(`/api/projects/${P.mobile}/activity/?limit=1`)).body.results[0]).toMatchObject({ activity: 'updated', scope: 'Project' });
  });

  it('complete_product_onboarding/: marks it done and sets the intent’s onboarding_completed_at', async () => {
    const result = await member.patch(`/api/projects/${P.mobile}/complete_product_onboarding/`, { product_type: 'feature_flags' });
    expect(result.status).toBe(200);
    expectKeys(result.body, projectKeys);
    expect(result.body.has_completed_onboarding_for).toEqual({ feature_flags: true });
    expect(result.body.product_intents[0]).toMatchObject({ product_type: 'feature_flags', onboarding_completed_at: expect.stringMatching(isoUtc) });
    const app = await member.patch(`/api/projects/${P.app}/complete_product_onboarding/`, { product_type: 'feature_flags' });
    expect(app.body.has_completed_onboarding_for).toEqual({ product_analytics: true, session_replay: true, feature_flags: true });
    const intent = app.body.product_intents.find((i: { product_type: string }) => i.product_type === 'feature_flags');
    expect(intent.onboarding_completed_at).toMatch(isoUtc);
  });

  it.each([
    [{}, 'required', 'This field is required.'],
    [{ product_type: null }, 'null', 'This field may not be null.'],
    [{ product_type: 'teleportation' }, 'invalid_choice', '"teleportation" is not a valid choice.'],
    [{ product_type: 5 }, 'invalid_choice', '"5" is not a valid choice.'],
  ])('product_type %j is 400', async (body, code, detail) => {
    for (const action of ['add_product_intent', 'complete_product_onboarding']) {
      expectValidation(await member.patch(`/api/projects/${P.app}/${action}/`, body), code, 'product_type', detail);
    }
  });

  it('is_generating_demo_data/ answers the production shape', async () => {
    const result = await readonly.get(`/api/projects/${P.app}/is_generating_demo_data/`);
    expect(result.body).toEqual({ is_generating_demo_data: false });
    parseWith(demoDataStatusSchema, result.body);
    expect((await readonly.get(`/api/organizations/@current/projects/${P.app}/is_generating_demo_data/`)).status).toBe(200);
  });

  it('reset_token/: a new api_token, admins only', async () => {
    const before = (await admin.get(`/api/projects/${P.app}/`)).body.api_token;
    const result = await admin.patch(`/api/projects/${P.app}/reset_token/`, {});
    expect(result.status).toBe(200);
    expectKeys(result.body, projectKeys);
    expect(result.body.api_token).toMatch(/^phc_[A-Za-z0-9]{43}$/);
    expect(result.body.api_token).not.toBe(before);
    expect((await admin.get(`/api/projects/${P.app}/activity/?limit=1`)).body.results[0]).toMatchObject({ activity: 'token_reset', scope: 'Project' });
    expectError(await member.patch(`/api/projects/${P.app}/reset_token/`, {}), 403, 'authentication_error', 'permission_denied', details.insufficientProjectPermissions);
    expectError(await admin.send('PATCH', `/api/projects/${P.app}/reset_token/`, { raw: '"x"' }), 400, 'validation_error', 'invalid_input', details.expectedObject);
  });

  it('actions answer under the organization routes too', async () => {
    const result = await admin.get(`/api/organizations/@current/projects/${P.app}/activity/?limit=2`);
    expect(result.body.results).toHaveLength(2);
    expect(result.body.next).toBe(`http://localhost/api/organizations/@current/projects/${P.app}/activity/?limit=2&page=2`);
  });
});
