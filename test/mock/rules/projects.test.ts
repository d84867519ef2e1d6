/** API.md §6: projects CRUD (both route families), the defaults, the field rules, 409, and the actions. */
import { afterEach, describe, expect, it } from 'vitest';
import { details } from '../../../src/contract/errors.ts';
import { clock } from '../../../src/mock/rules/random.ts';
import {
  activityLogPageSchema,
  activityPageSchema,
  demoDataStatusSchema,
  projectPageSchema,
  projectSchema,
} from '../../../src/contract/schemas.ts';
import {
  activityDetailKeys,
  activityKeys,
  admin,
  expectKeysInOrder,
  projectActionKeys,
  userKeys,
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
} from '../helpers.ts';

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
    // The member key's user is also in the second organization (API.md v5 §9), never in the outside one.
    expect(ids(result.body.results)).toEqual([P.app, P.marketing, P.mobile, P.labs]);
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
  it('creates a project with the defaults (201, every field of §4.8 in order)', async () => {
    const result = await admin.post(createPath, { name: '  Desktop App  ' });
    expect(result.status).toBe(201);
    expectKeysInOrder(result.body, projectKeys);
    const project = parseWith(projectSchema, result.body);
    expect(project.name).toBe('Desktop App');
    expect(result.body).toMatchObject({
      organization: ORG,
      timezone: 'UTC',
      app_urls: [],
      group_types: [],
      test_account_filters: [],
      path_cleaning_filters: [],
      data_attributes: ['data-attr'],
      capture_console_log_opt_in: true,
      capture_performance_opt_in: true,
      has_completed_onboarding_for: null,
      product_intents: [],
      primary_dashboard: null,
      session_recording_masking_config: null,
      flags_persistence_default: false,
      secret_api_token: null,
      secret_api_token_backup: null,
      receive_org_level_activity_logs: false,
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

  it('POST /api/projects/ creates in the key owner’s current organization', async () => {
    const result = await admin.post('/api/projects/', { name: 'Top level' });
    expect(result.status).toBe(201);
    expect(result.body.organization).toBe(ORG);
    expect(ids((await admin.get(createPath)).body.results)).toContain(result.body.id);
    expectError(await member.post('/api/projects/', { name: 'x' }), 403, 'authentication_error', 'permission_denied', details.adminsCreateProjects);
  });

  it('name is optional: Default project, then Default project 2, 3 (case-insensitive)', async () => {
    expect((await admin.post(createPath, {})).body.name).toBe('Default project');
    expect((await admin.post('/api/projects/')).body.name).toBe('Default project 2');
    await admin.post(createPath, { name: 'DEFAULT PROJECT 3' });
    expect((await admin.post(createPath, { timezone: 'UTC' })).body.name).toBe('Default project 4');
  });

  it('primary_dashboard cannot be set on creation', async () => {
    expectValidation(
      await admin.post(createPath, { name: 'P', primary_dashboard: D.productOverview }),
      'invalid_input',
      'primary_dashboard',
      'Primary dashboard cannot be set on project creation.',
    );
    expect((await admin.post(createPath, { name: 'P', primary_dashboard: null })).status).toBe(201);
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
      flags_persistence_default: true,
      receive_org_level_activity_logs: 'yes',
    });
    expect(result.body).toMatchObject({
      timezone: 'Asia/Tokyo',
      app_urls: ['https://docs.hedgebox.net'],
      session_recording_sample_rate: '0.50',
      week_start_day: 0,
      anonymize_ips: true,
      ingested_event: false,
      flags_persistence_default: true,
      receive_org_level_activity_logs: true,
    });
  });

  it('admins only, checked before the body', async () => {
    for (const body of [{ name: 'Mine' }, { name: true }]) {
      expectError(await member.post(createPath, body), 403, 'authentication_error', 'permission_denied', details.adminsCreateProjects);
    }
  });

  it.each([
    ['a null name', { name: null }, 'null', 'name', 'This field may not be null.'],
    ['a blank name', { name: '   ' }, 'blank', 'name', 'This field may not be blank.'],
    ['an empty name', { name: '' }, 'blank', 'name', 'This field may not be blank.'],
    ['a long name', { name: 'n'.repeat(201) }, 'max_length', 'name', 'Ensure this field has no more than 200 characters.'],
    ['a boolean name', { name: true }, 'invalid_input', 'name', 'Not a valid string.'],
    ['an object name', { name: { a: 1 } }, 'invalid_input', 'name', 'Not a valid string.'],
    ['an unknown timezone', { name: 'T', timezone: 'Mars/Olympus_Mons' }, 'invalid_choice', 'timezone', '"Mars/Olympus_Mons" is not a valid choice.'],
    ['a timezone in the wrong case', { name: 'T', timezone: 'europe/london' }, 'invalid_choice', 'timezone', '"europe/london" is not a valid choice.'],
    ['an app URL over 200 characters', { name: 'T', app_urls: [`https://${'a'.repeat(200)}.com`] }, 'max_length', 'app_urls__0', 'Ensure this field has no more than 200 characters.'],
    ['app URLs not a list', { name: 'T', app_urls: 'https://x' }, 'not_a_list', 'app_urls', 'Expected a list of items but got type "str".'],
    ['a sample rate over 1', { name: 'T', session_recording_sample_rate: 1.5 }, 'max_value', 'session_recording_sample_rate', 'Ensure this value is less than or equal to 1.'],
    ['a negative sample rate', { name: 'T', session_recording_sample_rate: '-0.1' }, 'min_value', 'session_recording_sample_rate', 'Ensure this value is greater than or equal to 0.'],
    ['a sample rate with 3 decimals', { name: 'T', session_recording_sample_rate: 0.125 }, 'max_decimal_places', 'session_recording_sample_rate', 'Ensure that there are no more than 2 decimal places.'],
    ['a sample rate of 10', { name: 'T', session_recording_sample_rate: '10' }, 'max_whole_digits', 'session_recording_sample_rate', 'Ensure that there are no more than 1 digits before the decimal point.'],
    ['a sample rate that is no number', { name: 'T', session_recording_sample_rate: 'half' }, 'invalid_input', 'session_recording_sample_rate', 'A valid number is required.'],
    ['a boolean sample rate', { name: 'T', session_recording_sample_rate: true }, 'invalid_input', 'session_recording_sample_rate', 'A valid number is required.'],
    ['a duration over 30000', { name: 'T', session_recording_minimum_duration_milliseconds: 30001 }, 'max_value', 'session_recording_minimum_duration_milliseconds', 'Ensure this value is less than or equal to 30000.'],
    ['a negative duration', { name: 'T', session_recording_minimum_duration_milliseconds: -1 }, 'min_value', 'session_recording_minimum_duration_milliseconds', 'Ensure this value is greater than or equal to 0.'],
    ['a fractional duration', { name: 'T', session_recording_minimum_duration_milliseconds: 1.5 }, 'invalid_input', 'session_recording_minimum_duration_milliseconds', 'A valid integer is required.'],
    ['a duration of "12.5"', { name: 'T', session_recording_minimum_duration_milliseconds: '12.5' }, 'invalid_input', 'session_recording_minimum_duration_milliseconds', 'A valid integer is required.'],
    ['a duration string over 1000 characters', { name: 'T', session_recording_minimum_duration_milliseconds: '1'.repeat(1001) }, 'max_string_length', 'session_recording_minimum_duration_milliseconds', 'String value too large.'],
    ['week starting on Tuesday', { name: 'T', week_start_day: 2 }, 'invalid_choice', 'week_start_day', '"2" is not a valid choice.'],
    ['a week start of 1.5', { name: 'T', week_start_day: 1.5 }, 'invalid_choice', 'week_start_day', '"1.5" is not a valid choice.'],
    ['a boolean word production does not know', { name: 'T', anonymize_ips: 'maybe' }, 'invalid_input', 'anonymize_ips', 'Must be a valid boolean.'],
    ['the number 2 as a boolean', { name: 'T', anonymize_ips: 2 }, 'invalid_input', 'anonymize_ips', 'Must be a valid boolean.'],
    ['a null non-nullable boolean', { name: 'T', anonymize_ips: null }, 'null', 'anonymize_ips', 'This field may not be null.'],
    ['an empty string for a non-nullable boolean', { name: 'T', anonymize_ips: '' }, 'invalid_input', 'anonymize_ips', 'Must be a valid boolean.'],
    ['a description over 1000 characters', { name: 'T', product_description: 'd'.repeat(1001) }, 'max_length', 'product_description', 'Ensure this field has no more than 1000 characters.'],
    ['a list item that is not text', { name: 'T', person_display_name_properties: ['email', {}] }, 'invalid_input', 'person_display_name_properties__1', 'Not a valid string.'],
  ])('rejects %s', async (_label, body, code, attr, detail) => {
    expectValidation(await admin.post(createPath, body), code, attr, detail);
  });

  it('accepts 200 characters counted as code points', async () => {
    expect((await admin.post(createPath, { name: '📈'.repeat(200) })).status).toBe(201);
  });

  it('a taken name (case-insensitive, trimmed) is 409 when the name is validated: before later fields, after its own 400', async () => {
    const result = await admin.post(createPath, { name: ' hedgebox APP ' });
    expectError(result, 409, 'server_error', 'conflict', details.projectNameTaken('hedgebox APP'));
    expectError(await admin.post(createPath, { name: 'Hedgebox App', timezone: 'Nowhere' }), 409, 'server_error', 'conflict');
    expectValidation(await admin.post(createPath, { name: '', timezone: 'Nowhere' }), 'blank', 'name');
    // Another organization's project name is free here.
    expect((await admin.post(createPath, { name: 'Northwind Storefront' })).status).toBe(201);
  });

  it('another organization is 404 Organization not found.', async () => {
    expectError(await admin.post(`/api/organizations/${seedIds.outsideOrganization}/projects/`, { name: 'x' }), 404, 'invalid_request', 'not_found', 'Organization not found.');
  });
});

describe('coercion of project fields (§1.3)', () => {
  const path = `/api/projects/${P.app}/`;

  it.each([
    ['true', true], ['True', true], ['TRUE', true], ['t', true], ['T', true], ['yes', true], ['Y', true], ['on', true], ['ON', true], ['1', true], [1, true],
    ['false', false], ['False', false], ['f', false], ['no', false], ['N', false], ['off', false], ['Off', false], ['0', false], [0, false],
  ])('a boolean takes %j as %s', async (value, expected) => {
    const result = await admin.patch(path, { anonymize_ips: value });
    expect(result.status, result.text).toBe(200);
    expect(result.body.anonymize_ips).toBe(expected);
  });

  it.each([null, 'null', 'Null', 'NULL', ''])('a nullable boolean takes %j as null', async (value) => {
    const result = await admin.patch(path, { surveys_opt_in: value });
    expect(result.status, result.text).toBe(200);
    expect(result.body.surveys_opt_in).toBeNull();
  });

  it.each([[12, 12], [12.0, 12], ['12', 12], [' 12 ', 12], ['12.0', 12], ['12.00', 12]])('an integer takes %j', async (value, expected) => {
    const result = await admin.patch(path, { session_recording_minimum_duration_milliseconds: value });
    expect(result.status, result.text).toBe(200);
    expect(result.body.session_recording_minimum_duration_milliseconds).toBe(expected);
  });

  it('a choice matches by its text: 1 and "1"; 1.5 does not', async () => {
    expect((await admin.patch(path, { week_start_day: '0' })).body.week_start_day).toBe(0);
    expect((await admin.patch(path, { week_start_day: 1 })).body.week_start_day).toBe(1);
    expect((await admin.patch(path, { week_start_day: null })).body.week_start_day).toBeNull();
  });

  it('text: numbers become their text, white space is trimmed before the checks', async () => {
    expect((await admin.patch(path, { name: 2024 })).body.name).toBe('2024');
    expect((await admin.patch(path, { product_description: '  Files  ' })).body.product_description).toBe('Files');
    expect((await admin.patch(path, { product_description: '   ' })).body.product_description).toBe('');
    expectValidation(await admin.patch(path, { name: ['a'] }), 'invalid_input', 'name', 'Not a valid string.');
  });

  it('decimals: numbers and numeric strings, answered with two decimals', async () => {
    for (const [value, expected] of [['0.5', '0.50'], [' 0.25 ', '0.25'], [1, '1.00'], [0, '0.00'], ['.5', '0.50']] as const) {
      const result = await admin.patch(path, { session_recording_sample_rate: value });
      expect(result.status, `${value}: ${result.text}`).toBe(200);
      expect(result.body.session_recording_sample_rate).toBe(expected);
    }
  });

  it('JSON-valued fields take any JSON value; modifiers are merged into the stored ones', async () => {
    expect((await admin.patch(path, { extra_settings: [1, 'two'] })).body.extra_settings).toEqual([1, 'two']);
    expect((await admin.patch(path, { modifiers: { personsOnEventsMode: 'disabled' } })).body.modifiers).toEqual({ personsOnEventsMode: 'disabled' });
    expect((await admin.patch(path, { modifiers: { bounceRatePageViewMode: 'count_pageviews' } })).body.modifiers).toEqual({
      personsOnEventsMode: 'disabled',
      bounceRatePageViewMode: 'count_pageviews',
    });
  });

  it('the first failing field in §4.8 order answers', async () => {
    expectValidation(
      await admin.patch(path, { week_start_day: 5, anonymize_ips: 'x', product_description: true }),
      'invalid_input',
      'product_description',
      'Not a valid string.',
    );
    expectValidation(await admin.patch(path, { week_start_day: 5, anonymize_ips: 'x' }), 'invalid_input', 'anonymize_ips');
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
      expectKeysInOrder(result.body, projectKeys);
      parseWith(projectSchema, result.body);
      bodies.push(result.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ id: P.app, name: 'Hedgebox App', primary_dashboard: D.productOverview, session_recording_sample_rate: '0.50' });
  });

  it('a project outside the organization of the path, or of another organization, is 404 Not found.', async () => {
    expectError(await admin.get(`/api/organizations/${seedIds.outsideOrganization}/projects/${P.app}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/organizations/@current/projects/${P.outside}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/projects/${P.outside}/`), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it('an admin may update anything; only the fields sent change; read-only fields are ignored', async () => {
    const before = (await admin.get(`/api/projects/${P.mobile}/`)).body;
    const result = await admin.patch(`/api/projects/${P.mobile}/`, {
      name: 'Mobile',
      session_recording_sample_rate: '0.3',
      app_urls: ['https://m.hedgebox.net', ''],
      has_group_types: true,
      api_token: 'phc_mine',
      secret_api_token: 'phs_mine',
    });
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, projectKeys);
    expect(result.body).toEqual({
      ...before,
      name: 'Mobile',
      session_recording_sample_rate: '0.30',
      app_urls: ['https://m.hedgebox.net'],
      updated_at: result.body.updated_at,
    });
    expect(Date.parse(result.body.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('a member changes only the member settings; others are 403 naming them, sorted, after field errors', async () => {
    const ok = await member.patch(`/api/projects/${P.mobile}/`, {
      product_description: 'Apps',
      session_recording_opt_in: true,
      surveys_opt_in: true,
      primary_dashboard: null,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ product_description: 'Apps', session_recording_opt_in: true, surveys_opt_in: true });
    expectError(await member.patch(`/api/projects/${P.mobile}/`, { name: 'Mine' }), 403, 'authentication_error', 'permission_denied', 'Only project admins can modify these settings: name');
    expectError(
      await member.patch(`/api/projects/${P.mobile}/`, { timezone: 'UTC', surveys_opt_in: false, anonymize_ips: false, name: 'Mobile Apps' }),
      403,
      'authentication_error',
      'permission_denied',
      details.adminOnlySettings(['anonymize_ips', 'name', 'timezone']),
    );
    expectValidation(await member.patch(`/api/projects/${P.mobile}/`, { anonymize_ips: 'x', name: 'Mine' }), 'invalid_input', 'anonymize_ips');
    expect((await member.get(`/api/projects/${P.mobile}/`)).body.name).toBe('Mobile Apps');
  });

  it('renaming to a taken name is 409; to its own name in another case is fine', async () => {
    expectError(await admin.patch(`/api/projects/${P.mobile}/`, { name: 'MARKETING site' }), 409, 'server_error', 'conflict', details.projectNameTaken('MARKETING site'));
    expect((await admin.patch(`/api/projects/${P.app}/`, { name: 'HEDGEBOX APP' })).body.name).toBe('HEDGEBOX APP');
  });

  it('primary_dashboard: a live dashboard of this project (409 on the name comes first)', async () => {
    const marketingDashboard = (await admin.get(`/api/projects/${P.marketing}/dashboards/?limit=1`)).body.results[0].id;
    expectValidation(await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: marketingDashboard }), 'invalid_input', 'primary_dashboard', 'Dashboard does not belong to this team.');
    for (const id of [D.legacyKpis, 999999]) {
      expectValidation(await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: id }), 'invalid_input', 'primary_dashboard', `Invalid pk "${id}" - object does not exist.`);
    }
    expectError(await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: 999999, name: 'Marketing Site' }), 409, 'server_error', 'conflict');
    expectValidation(await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: 'x' }), 'invalid_input', 'primary_dashboard', 'A valid integer is required.');
    expect((await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: String(D.boardMetrics) })).body.primary_dashboard).toBe(D.boardMetrics);
    expect((await admin.patch(`/api/projects/${P.app}/`, { primary_dashboard: null })).body.primary_dashboard).toBeNull();
  });

  it('a read-only key cannot update, whichever fields the PATCH or PUT holds', async () => {
    for (const body of [{ name: 'x' }, { session_recording_opt_in: true }, {}]) {
      expectError(await readonly.patch(`/api/projects/${P.app}/`, body), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'project:write'");
      expectError(await readonly.put(`/api/projects/${P.app}/`, body), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'project:write'");
    }
  });
});

describe('DELETE projects/:id/', () => {
  it('admins only: a member is 403, after the project 404', async () => {
    expectError(await member.delete(`/api/projects/${P.mobile}/`), 403, 'authentication_error', 'permission_denied', details.insufficientProjectPermissions);
    expectError(await member.delete('/api/projects/999999/'), 404, 'invalid_request', 'not_found', 'Not found.');
    expect((await member.get(`/api/projects/${P.mobile}/`)).status).toBe(200);
  });

  it('removes the project, its dashboards and its activity (204, then 404)', async () => {
    const result = await admin.delete(`/api/organizations/@current/projects/${P.mobile}/`);
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    expectError(await admin.get(`/api/projects/${P.mobile}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/projects/${P.mobile}/activity/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/projects/${P.mobile}/dashboards/`), 404, 'invalid_request', 'not_found', 'Project not found.');
    expectError(await admin.get(`/api/projects/${P.mobile}/activity_log/`), 404, 'invalid_request', 'not_found', 'Project not found.');
    expect(ids((await admin.get('/api/projects/')).body.results)).toEqual([P.app, P.marketing, P.labs]);
    expect((await admin.get('/api/organizations/@current/')).body.projects.map((p: { id: number }) => p.id)).toEqual([P.app, P.marketing]);
  });

  it('deleting the current project moves @current to another one', async () => {
    expect((await admin.delete(`/api/projects/${P.app}/`)).status).toBe(204);
    expect((await admin.get('/api/projects/@current/')).body.id).toBe(P.marketing);
    expect((await member.get('/api/users/@me/')).body.team.id).toBe(P.marketing);
  });
});

describe('activity (§6.3)', () => {
  const feed = (query = '') => admin.get(`/api/projects/${P.app}/activity/${query}`);

  it('the project feed lists only Team entries about the project, newest first, in production’s shape', async () => {
    const result = await feed();
    expect(result.status).toBe(200);
    expectKeys(result.body, ['results', 'next', 'previous', 'total_count']);
    parseWith(activityPageSchema, result.body);
    expect(result.body.results.map((e: { activity: string }) => e.activity)).toEqual(['updated', 'created']);
    for (const entry of result.body.results) {
      expectKeysInOrder(entry, activityKeys);
      expectKeysInOrder(entry.user, userKeys);
      expectKeysInOrder(entry.detail, activityDetailKeys);
      expect(entry).toMatchObject({ scope: 'Team', item_id: String(P.app), unread: false, organization_id: ORG, was_impersonated: false, is_system: false });
      expect(entry.created_at).toMatch(isoUtc);
    }
    expect(result.body.results[0].detail).toEqual({
      name: 'Hedgebox App',
      changes: [{ type: 'Team', action: 'changed', field: 'session_recording_sample_rate', before: '1.00', after: '0.50' }],
      merge: null,
      trigger: null,
      short_id: null,
      type: null,
      context: null,
    });
  });

  it('settings changes, renames and token resets are Team updates; a rename is also a Project update', async () => {
    await admin.patch(`/api/projects/${P.app}/`, { timezone: 'Asia/Tokyo', anonymize_ips: true });
    let latest = (await feed('?limit=1')).body.results[0];
    expect(latest).toMatchObject({ activity: 'updated', scope: 'Team', user: { first_name: 'Priya' } });
    expect(latest.detail.changes).toHaveLength(2);
    expect(latest.detail.changes).toEqual(
      expect.arrayContaining([
        { type: 'Team', action: 'changed', field: 'anonymize_ips', before: false, after: true },
        { type: 'Team', action: 'changed', field: 'timezone', before: 'Europe/London', after: 'Asia/Tokyo' },
      ]),
    );
    await admin.patch(`/api/projects/${P.app}/`, { name: 'Hedgebox Web' });
    latest = (await feed('?limit=1')).body.results[0];
    expect(latest.detail).toMatchObject({ name: 'Hedgebox Web', changes: [{ type: 'Team', field: 'name', before: 'Hedgebox App', after: 'Hedgebox Web' }] });
    const projectScope = await admin.get(`/api/projects/${P.app}/activity_log/?scope=Project`);
    expect(projectScope.body.results[0]).toMatchObject({ activity: 'updated', scope: 'Project', detail: { changes: [{ type: 'Project', field: 'name' }] } });
    await admin.patch(`/api/projects/${P.app}/reset_token/`, {});
    latest = (await feed('?limit=1')).body.results[0];
    expect(latest.detail.changes).toEqual([{ type: 'Team', action: 'changed', field: 'api_token', before: expect.stringMatching(/^phc_/), after: expect.stringMatching(/^phc_/) }]);
    const count = (await feed()).body.total_count;
    await admin.patch(`/api/projects/${P.app}/`, { name: 'Hedgebox Web' });
    expect((await feed()).body.total_count).toBe(count);
  });

  it('dashboard changes, product intents and onboarding are not in the project feed', async () => {
    const count = (await feed()).body.total_count;
    await member.post(`/api/projects/${P.app}/dashboards/`, { name: 'Not in the feed' });
    await member.patch(`/api/projects/${P.app}/add_product_intent/`, { product_type: 'surveys' });
    await member.patch(`/api/projects/${P.app}/complete_product_onboarding/`, { product_type: 'surveys' });
    expect((await feed()).body.total_count).toBe(count);
  });

  it('the feed pages by page and limit (default 10) with absolute links', async () => {
    for (let i = 0; i < 12; i += 1) await admin.patch(`/api/projects/${P.app}/`, { anonymize_ips: i % 2 === 0 });
    const first = await feed();
    expect(first.body.results).toHaveLength(10);
    expect(first.body.total_count).toBe(14);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`http://localhost/api/projects/${P.app}/activity/?page=2&limit=10`);
    const second = await feed('?page=2&limit=10');
    expect(second.body.results).toHaveLength(4);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`http://localhost/api/projects/${P.app}/activity/?page=1&limit=10`);
    for (const query of ['?page=abc&limit=xyz', '?page=0&limit=0', '?page=-2&limit=-5', '?page=1.5&limit=2.5']) {
      const odd = await feed(query);
      expect(odd.body.results, query).toHaveLength(10);
      expect(odd.body.previous).toBeNull();
    }
    expect((await feed('?page=999999')).body).toMatchObject({ results: [], next: null });
    const org = await admin.get(`/api/organizations/@current/projects/${P.app}/activity/?limit=2`);
    expect(org.body.next).toBe(`http://localhost/api/organizations/@current/projects/${P.app}/activity/?limit=2&page=2`);
  });

  it('the activity log lists every entry of the project, cursor-paged by 100, newest first', async () => {
    const path = `/api/projects/${P.app}/activity_log/`;
    const first = await readonly.get(path);
    expect(first.status).toBe(200);
    expectKeysInOrder(first.body, ['next', 'previous', 'results']);
    parseWith(activityLogPageSchema, first.body);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(new RegExp(`^http://localhost${path}\\?cursor=[A-Za-z0-9+/]+$`));
    const seen = new Set<string>();
    let page = first.body;
    let pages = 1;
    for (;;) {
      for (const entry of page.results) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
      }
      if (!page.next) break;
      const next = await readonly.get(new URL(page.next).pathname + new URL(page.next).search);
      expect(next.body.previous).not.toBeNull();
      page = next.body;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    const times = [...seen].length;
    expect(times).toBeGreaterThan(250);
  });

  it('the activity log filters by scope, item_id and user, and its links keep the filters', async () => {
    const path = `/api/projects/${P.app}/activity_log/`;
    const history = await admin.get(`${path}?scope=Dashboard&item_id=${D.productOverview}`);
    expect(history.body.results.length).toBeGreaterThan(0);
    for (const entry of history.body.results) {
      expect(entry).toMatchObject({ scope: 'Dashboard', item_id: String(D.productOverview), detail: { type: 'dashboard' } });
    }
    expect(history.body.results.map((e: { activity: string }) => e.activity)).toContain('access token refreshed');
    const team = await admin.get(`${path}?scope=Team&item_id=${P.app}`);
    expect(team.body.results.map((e: { id: string }) => e.id)).toEqual((await feed()).body.results.map((e: { id: string }) => e.id));
    const tomas = seedIds.users.tomas;
    const byUser = await admin.get(`${path}?user=${tomas}&scope=Dashboard`);
    expect(byUser.body.results.length).toBeGreaterThan(0);
    for (const entry of byUser.body.results) expect(entry.user.id).toBe(tomas);
    const dashboards = await admin.get(`${path}?scope=Dashboard`);
    expect(new URL(dashboards.body.next).searchParams.get('scope')).toBe('Dashboard');
    expect((await admin.get(`${path}?scope=team`)).body.results).toEqual([]);
    expect((await admin.get(`${path}?user=abc`)).body.results).toEqual([]);
  });

  it('the activity log needs activity_log:read; a bad cursor means the first page', async () => {
    const key = (await admin.get('/api/personal_api_keys/@current/')).body;
    expect(key.scopes).toEqual(['*']);
    const path = `/api/projects/${P.app}/activity_log/`;
    const bad = await admin.get(`${path}?cursor=not-a-cursor`);
    expect(bad.body.previous).toBeNull();
    expect(bad.body.results[0].id).toBe((await admin.get(path)).body.results[0].id);
  });
});

describe('actions', () => {
  it('add_product_intent/: 201 project with project_id, one entry per product type, not logged', async () => {
    const path = `/api/projects/${P.mobile}/add_product_intent/`;
    const first = await member.patch(path, { product_type: 'session_replay', intent_context: 'onboarding' });
    expect(first.status).toBe(201);
    expectKeys(first.body, projectActionKeys);
    expect(first.body.project_id).toBe(P.mobile);
    expect(first.body.product_intents).toEqual([
      { product_type: 'session_replay', created_at: expect.stringMatching(isoUtc), updated_at: expect.stringMatching(isoUtc), onboarding_completed_at: null },
    ]);
    const again = await member.patch(path, { product_type: 'session_replay' });
    expect(again.body.product_intents).toHaveLength(1);
    expect(again.body.product_intents[0].created_at).toBe(first.body.product_intents[0].created_at);
    expect(Date.parse(again.body.product_intents[0].updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.product_intents[0].updated_at));
    expect((await member.patch(path, { product_type: 'surveys' })).body.product_intents).toHaveLength(2);
    expect((await admin.get(`/api/projects/${P.mobile}/activity/`)).body.results.map((e: { activity: string }) => e.activity)).toEqual(['created']);
  });

  it('complete_product_onboarding/: 200 with project_id, marks it done and sets the intent’s onboarding_completed_at', async () => {
    const result = await member.patch(`/api/projects/${P.mobile}/complete_product_onboarding/`, { product_type: 'feature_flags' });
    expect(result.status).toBe(200);
    expectKeys(result.body, projectActionKeys);
    expect(result.body.project_id).toBe(P.mobile);
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
  ])('add_product_intent/ product_type %j is 400 validation_error', async (body, code, detail) => {
    expectValidation(await member.patch(`/api/projects/${P.app}/add_product_intent/`, body), code, 'product_type', detail);
  });

  it.each([{}, { product_type: null }, { product_type: '' }])('complete_product_onboarding/ without product_type (%j) is 400 {"error": "product_type is required"}', async (body) => {
    const result = await member.patch(`/api/projects/${P.app}/complete_product_onboarding/`, body);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'product_type is required' });
  });

  it('complete_product_onboarding/ with an unknown product_type is 400 {"error": "invalid product_type, expected one of [...]"}', async () => {
    const result = await member.patch(`/api/projects/${P.app}/complete_product_onboarding/`, { product_type: 'teleportation' });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body)).toEqual(['error']);
    expect(result.body.error).toMatch(/^invalid product_type, expected one of \[.*'surveys'.*\]$/);
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
    expectKeysInOrder(result.body, projectKeys);
    expect(result.body.api_token).toMatch(/^phc_[A-Za-z0-9]{43}$/);
    expect(result.body.api_token).not.toBe(before);
    expectError(await member.patch(`/api/projects/${P.app}/reset_token/`, {}), 403, 'authentication_error', 'permission_denied', details.insufficientProjectPermissions);
    expectValidation(await admin.send('PATCH', `/api/projects/${P.app}/reset_token/`, { raw: '"x"' }), 'invalid_input', null, 'Invalid data. Expected a dictionary, but got str.');
  });
});

describe('updated_at, intents and the list order, at set times', () => {
  const realNow = clock.now;
  const at = (iso: string) => {
    clock.now = () => Date.parse(iso);
  };
  afterEach(() => {
    clock.now = realNow;
  });

  it('a new project takes the next id and GET /api/projects/ lists it by id, after another organization’s older project', async () => {
    const created = await admin.post(createPath, { name: 'Desktop' });
    expect(created.body.id).toBe(P.labs + 1);
    const listed = ids((await admin.get('/api/projects/')).body.results);
    expect(listed).toEqual([P.app, P.marketing, P.mobile, P.labs, P.labs + 1]);
  });

  it('a PATCH that changes nothing leaves updated_at alone; a change stamps it', async () => {
    const before = (await admin.get(`/api/projects/${P.mobile}/`)).body;
    at('2030-01-01T00:00:00.000Z');
    const same = await admin.patch(`/api/projects/${P.mobile}/`, { name: before.name, timezone: before.timezone });
    expect(same.status).toBe(200);
    expect(same.body.updated_at).toBe(before.updated_at);
    const changed = await admin.patch(`/api/projects/${P.mobile}/`, { timezone: 'Europe/Paris' });
    expect(changed.body.updated_at).toBe('2030-01-01T00:00:00.000Z');
  });

  it('a repeated intent refreshes its own updated_at only', async () => {
    const path = `/api/projects/${P.mobile}/add_product_intent/`;
    at('2030-01-01T00:00:00.000Z');
    await member.patch(path, { product_type: 'session_replay' });
    await member.patch(path, { product_type: 'surveys' });
    at('2030-01-02T00:00:00.000Z');
    const again = await member.patch(path, { product_type: 'session_replay' });
    expect(again.body.product_intents).toEqual([
      { product_type: 'session_replay', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-02T00:00:00.000Z', onboarding_completed_at: null },
      { product_type: 'surveys', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-01T00:00:00.000Z', onboarding_completed_at: null },
    ]);
  });

  it('completing a product’s onboarding marks its own intent only, once', async () => {
    const add = `/api/projects/${P.mobile}/add_product_intent/`;
    const complete = `/api/projects/${P.mobile}/complete_product_onboarding/`;
    at('2030-01-01T00:00:00.000Z');
    await member.patch(add, { product_type: 'session_replay' });
    await member.patch(add, { product_type: 'surveys' });
    at('2030-01-02T00:00:00.000Z');
    await member.patch(complete, { product_type: 'surveys' });
    at('2030-01-03T00:00:00.000Z');
    const result = await member.patch(complete, { product_type: 'surveys' });
    expect(result.body.product_intents).toEqual([
      { product_type: 'session_replay', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-01T00:00:00.000Z', onboarding_completed_at: null },
      { product_type: 'surveys', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-03T00:00:00.000Z', onboarding_completed_at: '2030-01-02T00:00:00.000Z' },
    ]);
    expect(result.body.has_completed_onboarding_for).toEqual({ surveys: true });
  });
});
