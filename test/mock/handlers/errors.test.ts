/** API.md §2: every error case, its exact body, and the order in which the checks answer. */
import { getResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { errorBodySchema } from '../../../src/contract/errors.ts';
import { apiHandlers } from '../../../src/mock/handlers/api.ts';
import { admin, client, expectError, expectValidation, member, readonly, request, seedIds, setupMockApi } from '../helpers.ts';

const api = setupMockApi();

const { projects: P, dashboards: D } = seedIds;
const anonymous = client(null);
const badKey = client('phx_not_a_key');

describe('unknown paths', () => {
  it.each(['/api/', '/api', '/api/nope/', '/api/projects/1/dashboards/1/tiles/', '/api/projects/1/widgets/', '/api/users/42/'])(
    '%s is 404 Endpoint not found.',
    async (path) => {
      expectError(await admin.get(path), 404, 'invalid_request', 'not_found', 'Endpoint not found.');
    },
  );

  it('answers 404 before looking at the key or the method', async () => {
    expectError(await anonymous.get('/api/nope/'), 404, 'invalid_request', 'not_found', 'Endpoint not found.');
    expectError(await badKey.send('PUT', '/api/nope/'), 404, 'invalid_request', 'not_found', 'Endpoint not found.');
  });

  it('leaves paths outside /api/ to other handlers', async () => {
    const handlers = apiHandlers(api.store());
    for (const path of ['/apis/thing', '/shared/abc', '/__mock/info', '/x/api/projects/']) {
      expect(await getResponse(handlers, new Request(`http://localhost${path}`)), path).toBeUndefined();
    }
    expect((await getResponse(handlers, new Request('http://localhost/api/nope')))?.status).toBe(404);
  });
});

describe('authentication', () => {
  it('no Authorization header is 401 not_authenticated with WWW-Authenticate', async () => {
    const result = await anonymous.get(`/api/projects/${P.app}/`);
    expectError(result, 401, 'authentication_error', 'not_authenticated', 'Authentication credentials were not provided.');
    expect(result.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each(['phx_demo_admin', 'Basic cGh4OnNlY3JldA==', 'Bearer', 'Bearer ', 'Token phx_demo_admin'])(
    'a header not of the form "Bearer <token>" (%s) is not_authenticated',
    async (header) => {
      const result = await request('GET', `/api/projects/${P.app}/`, null, { authorization: header });
      expectError(result, 401, 'authentication_error', 'not_authenticated', 'Authentication credentials were not provided.');
    },
  );

  it('a token that matches no key is 401 authentication_failed', async () => {
    const result = await badKey.get(`/api/projects/${P.app}/`);
    expectError(
      result,
      401,
      'authentication_error',
      'authentication_failed',
      'Personal API key found in request Authorization header is invalid.',
    );
    expect(result.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a bad key beats a bad method and a missing object', async () => {
    expectError(await badKey.send('PUT', `/api/projects/${P.app}/dashboards/`), 401, 'authentication_error', 'authentication_failed');
    expectError(await anonymous.get('/api/projects/999999/'), 401, 'authentication_error', 'not_authenticated');
  });
});

describe('methods', () => {
  it.each([
    ['PUT', `/api/projects/${P.app}/dashboards/`],
    ['DELETE', `/api/projects/${P.app}/dashboards/`],
    ['POST', `/api/projects/${P.app}/dashboards/${D.productOverview}/`],
    ['GET', `/api/projects/${P.app}/dashboards/create_from_template_json/`],
    ['GET', `/api/projects/${P.app}/dashboards/${D.productOverview}/move_tile/`],
    ['POST', '/api/users/@me/'],
    ['PATCH', '/api/organizations/@current/'],
    ['GET', `/api/projects/${P.app}/reset_token/`],
    ['OPTIONS', `/api/projects/${P.app}/`],
  ])('%s %s, a method the path does not offer, is 403 even for a * key', async (method, path) => {
    const result = await admin.send(method, path);
    expectError(result, 403, 'authentication_error', 'permission_denied', 'This action does not support personal API key access');
  });

  it('the method (403) comes before the project (404) and the scope', async () => {
    expectError(
      await readonly.send('PUT', '/api/projects/999999/dashboards/'),
      403,
      'authentication_error',
      'permission_denied',
      'This action does not support personal API key access',
    );
  });

  it.each([
    [`/api/projects/${P.app}/dashboards/`, 'GET, POST'],
    [`/api/projects/${P.app}/dashboards/create_from_template_json/`, 'POST'],
    [`/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/`, 'GET, POST'],
    ['/api/projects/', 'GET, POST'],
    ['/api/organizations/', 'GET'],
    ['/api/organizations/@current/projects/', 'GET, POST'],
    ['/api/organizations/@current/members/', 'GET'],
    [`/api/projects/${P.app}/activity_log/`, 'GET'],
  ])('PATCH on the collection %s is 405 Method "PATCH" not allowed.', async (path) => {
    expectError(await admin.patch(path, { name: 'x' }), 405, 'invalid_request', 'method_not_allowed', 'Method "PATCH" not allowed.');
  });

  it('PATCH on a collection goes through the project and the write scope first', async () => {
    expectError(await admin.patch('/api/projects/999999/dashboards/', {}), 404, 'invalid_request', 'not_found', 'Project not found.');
    expectError(await readonly.patch(`/api/projects/${P.app}/dashboards/`, {}), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'dashboard:write'");
    expectError(await readonly.patch('/api/organizations/', {}), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'organization:write'");
    expectError(await admin.patch(`/api/projects/${P.outside}/dashboards/`, {}), 403, 'authentication_error', 'permission_denied', "You don't have access to the project.");
  });

  it('PUT on a project answers as PATCH', async () => {
    const result = await admin.put(`/api/projects/${P.app}/`, { anonymize_ips: true });
    expect(result.status).toBe(200);
    expect(result.body.anonymize_ips).toBe(true);
    expect(result.body.name).toBe('Hedgebox App');
  });

  it.each([
    ['GET', '/api/personal_api_keys/'],
    ['POST', '/api/personal_api_keys/'],
    ['DELETE', '/api/personal_api_keys/@current/'],
    ['PATCH', '/api/personal_api_keys/@current/'],
    ['GET', '/api/personal_api_keys/abc/'],
    ['POST', '/api/personal_api_keys/abc/roll/'],
  ])('%s %s is 403 with production\'s capitals', async (method, path) => {
    expectError(await admin.send(method, path, { json: {} }), 403, 'authentication_error', 'permission_denied', 'This action does not support Personal API Key access');
  });

  it('DELETE on a dashboard is 405 with an empty body, whether or not it exists, and removes nothing', async () => {
    for (const id of [D.productOverview, 999999, 'abc']) {
      const result = await admin.delete(`/api/projects/${P.app}/dashboards/${id}/`);
      expect(result.status).toBe(405);
      expect(result.text).toBe('');
    }
    expect((await admin.get(`/api/projects/${P.app}/dashboards/${D.productOverview}/`)).status).toBe(200);
  });

  it('DELETE on a dashboard answers the project 404 first, and the scope before that', async () => {
    expectError(await admin.delete('/api/projects/999999/dashboards/1/'), 404, 'invalid_request', 'not_found', 'Project not found.');
    expectError(
      await readonly.delete(`/api/projects/${P.app}/dashboards/${D.productOverview}/`),
      403,
      'authentication_error',
      'permission_denied',
      "API key missing required scope 'dashboard:write'",
    );
  });
});

describe('scopes', () => {
  it.each([
    ['POST', `/api/projects/${P.app}/dashboards/`, 'dashboard:write'],
    ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, 'dashboard:write'],
    ['POST', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/`, 'dashboard:write'],
    ['DELETE', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/`, 'dashboard:write'],
    ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`, 'sharing_configuration:write'],
    ['POST', `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/refresh/`, 'sharing_configuration:write'],
    ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/move_tile/`, 'dashboard:write'],
    ['POST', `/api/projects/${P.app}/dashboards/create_from_template_json/`, 'dashboard:write'],
    ['POST', '/api/organizations/@current/projects/', 'project:write'],
    ['PATCH', `/api/projects/${P.app}/`, 'project:write'],
    ['DELETE', `/api/projects/${P.app}/`, 'project:write'],
    ['PATCH', `/api/projects/${P.app}/reset_token/`, 'project:write'],
  ])('the read-only key gets 403 on %s %s, naming %s', async (method, path, scope) => {
    const result = await readonly.send(method, path, { json: {} });
    expectError(result, 403, 'authentication_error', 'permission_denied', `API key missing required scope '${scope}'`);
  });

  it('the project of a nested path (404) beats the scope; a missing scope beats a bad body and a non-nested object', async () => {
    expectError(await readonly.post('/api/projects/999999/dashboards/', { name: 5 }), 404, 'invalid_request', 'not_found', 'Project not found.');
    expectError(await readonly.patch('/api/projects/999999/', { name: 5 }), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'project:write'");
    expectError(
      await readonly.patch('/api/organizations/00000000-0000-4000-8000-000000000000/members/', {}),
      404,
      'invalid_request',
      'not_found',
      'Organization not found.',
    );
    expectError(
      await readonly.send('PATCH', `/api/projects/${P.app}/`, { raw: '{not json' }),
      403,
      'authentication_error',
      'permission_denied',
    );
  });

  it('the read-only key reads everything its scopes name', async () => {
    for (const path of [
      `/api/projects/${P.app}/dashboards/`,
      `/api/projects/${P.app}/dashboards/${D.productOverview}/`,
      `/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/`,
      `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`,
      '/api/projects/',
      `/api/projects/${P.app}/`,
      `/api/projects/${P.app}/activity/`,
      '/api/organizations/@current/',
      '/api/organizations/@current/members/',
      '/api/organizations/',
      '/api/users/@me/',
      '/api/personal_api_keys/@current/',
      `/api/projects/${P.app}/activity_log/`,
    ]) {
      expect((await readonly.get(path)).status, path).toBe(200);
    }
  });

  it('add_product_intent and complete_product_onboarding need only project:read', async () => {
    expect((await readonly.patch(`/api/projects/${P.app}/add_product_intent/`, { product_type: 'surveys' })).status).toBe(201);
    expect(
      (await readonly.patch(`/api/projects/${P.app}/complete_product_onboarding/`, { product_type: 'surveys' })).status,
    ).toBe(200);
  });

  it('a :write scope grants the matching :read, and nothing else', async () => {
    const key = api.store().keyByValue('phx_demo_readonly')!;
    const held = key.scopes;
    key.scopes = ['dashboard:write'];
    onTestFinished(() => {
      key.scopes = held;
    });
    const writer = client('phx_demo_readonly');
    expect((await writer.get(`/api/projects/${P.app}/dashboards/`)).status).toBe(200);
    expectError(await writer.get(`/api/projects/${P.app}/`), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'project:read'");
    expectError(
      await writer.get(`/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`),
      403,
      'authentication_error',
      'permission_denied',
      "API key missing required scope 'sharing_configuration:read'",
    );
  });
});

describe('objects in the path', () => {
  it.each(['999999', 'abc', '1.5', '-1', '99999999999999999999999', '1e3', '%E0%A4%A', ' 1'])('project id %j: Not found. itself, Project not found. nested', async (id) => {
    expectError(await admin.get(`/api/projects/${id}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/projects/${id}/dashboards/`), 404, 'invalid_request', 'not_found', 'Project not found.');
  });

  it.each(['999999', 'abc', '0', '99999999999999999999999', '-3'])('dashboard id %j is 404 Not found. (Dashboard not found. under collaborators and sharing)', async (id) => {
    expectError(await admin.get(`/api/projects/${P.app}/dashboards/${id}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(
      await admin.get(`/api/projects/${P.app}/dashboards/${id}/collaborators/`),
      404,
      'invalid_request',
      'not_found',
      'Dashboard not found.',
    );
    expectError(await admin.get(`/api/projects/${P.app}/dashboards/${id}/sharing/`), 404, 'invalid_request', 'not_found', 'Dashboard not found.');
  });

  it('a dashboard of another project is not found under this one', async () => {
    expectError(await admin.get(`/api/projects/${P.marketing}/dashboards/${D.productOverview}/`), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it("another organization's project: 403 in a nested path, 404 Not found. as itself", async () => {
    expectError(await admin.get(`/api/projects/${P.outside}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/projects/${P.outside}/dashboards/`), 403, 'authentication_error', 'permission_denied', "You don't have access to the project.");
    expectError(await admin.get(`/api/projects/${P.outside}/activity_log/`), 403, 'authentication_error', 'permission_denied', "You don't have access to the project.");
    expectError(await admin.get(`/api/projects/${P.outside}/activity/`), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it("another organization: 404 Not found. itself, 403 for its members, an empty project list; an unknown one 404 Organization not found.", async () => {
    const outside = seedIds.outsideOrganization;
    expectError(await admin.get(`/api/organizations/${outside}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.get(`/api/organizations/${outside}/members/`), 403, 'authentication_error', 'permission_denied', 'You do not have permission to perform this action.');
    const list = await admin.get(`/api/organizations/${outside}/projects/`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expectError(await admin.get(`/api/organizations/${outside}/projects/${P.outside}/`), 404, 'invalid_request', 'not_found', 'Not found.');
    expectError(await admin.post(`/api/organizations/${outside}/projects/`, { name: 'Mine' }), 404, 'invalid_request', 'not_found', 'Organization not found.');
    expectError(await admin.get('/api/organizations/not-a-uuid/members/'), 404, 'invalid_request', 'not_found', 'Organization not found.');
    expectError(await admin.get('/api/organizations/not-a-uuid/projects/'), 404, 'invalid_request', 'not_found', 'Organization not found.');
    expectError(await admin.get('/api/organizations/not-a-uuid/'), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it('an unknown organization (404) beats the scope; another organization (403) comes after it', async () => {
    const key = api.store().keyByValue('phx_demo_readonly')!;
    const held = key.scopes;
    key.scopes = ['dashboard:read'];
    onTestFinished(() => {
      key.scopes = held;
    });
    const narrow = client('phx_demo_readonly');
    expectError(await narrow.get('/api/organizations/not-a-uuid/members/'), 404, 'invalid_request', 'not_found', 'Organization not found.');
    expectError(await narrow.get(`/api/organizations/${seedIds.outsideOrganization}/members/`), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'organization_member:read'");
    expectError(await narrow.get(`/api/projects/${P.outside}/activity_log/`), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'activity_log:read'");
    expectError(await narrow.get(`/api/projects/${P.outside}/dashboards/`), 403, 'authentication_error', 'permission_denied', "You don't have access to the project.");
  });

  it('404s go outermost first: project, then dashboard, then collaborator', async () => {
    const path = (project: string | number, dashboard: string | number, user: string) =>
      `/api/projects/${project}/dashboards/${dashboard}/collaborators/${user}/`;
    expectError(await admin.delete(path(999999, 999999, 'nope')), 404, 'invalid_request', 'not_found', 'Project not found.');
    expectError(await admin.delete(path(P.app, 999999, 'nope')), 404, 'invalid_request', 'not_found', 'Dashboard not found.');
    expectError(await admin.delete(path(P.app, D.boardMetrics, 'nope')), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it('an unknown object beats a missing privilege and a bad body', async () => {
    expectError(await member.patch(`/api/projects/${P.app}/dashboards/999999/`, { name: 5 }), 404, 'invalid_request', 'not_found');
    expectError(await member.delete('/api/projects/999999/'), 404, 'invalid_request', 'not_found', 'Not found.');
  });
});

describe('bodies', () => {
  const path = `/api/projects/${P.app}/dashboards/`;

  it('a body over 1 MiB (in bytes) is 413', async () => {
    // 600,000 two-byte characters: under 1 MiB in characters, over it in bytes.
    const result = await admin.send('POST', path, { raw: JSON.stringify({ name: 'x', description: 'é'.repeat(600_000) }) });
    expectError(result, 413, 'invalid_request', 'request_too_large', 'Request body exceeds 1 MiB.');
  });

  it('a body of exactly 1 MiB is accepted', async () => {
    const base = JSON.stringify({ name: 'Big', description: '' });
    const body = JSON.stringify({ name: 'Big', description: 'a'.repeat(1024 * 1024 - base.length) });
    expect(new TextEncoder().encode(body).byteLength).toBe(1024 * 1024);
    expect((await admin.send('POST', path, { raw: body })).status).toBe(201);
  });

  it('413 comes after the privilege check', async () => {
    const result = await member.send('PATCH', `/api/projects/${P.app}/dashboards/${seedIds.dashboards.boardMetrics}/`, {
      raw: 'x'.repeat(1024 * 1024 + 1),
    });
    expectError(result, 403, 'authentication_error', 'permission_denied', "You don't have edit permissions for this dashboard.");
  });

  it.each(['{', '{"name": }', 'nope', '{"name": "a",}', "{'name': 'a'}"])('invalid JSON %j is 400 parse_error', async (raw) => {
    expectError(await admin.send('POST', path, { raw }), 400, 'invalid_request', 'parse_error', /^JSON parse error - .+/);
  });

  it('JSON nested deeper than 200 levels is a parse error, and changes nothing', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const result = await admin.send('PATCH', `/api/projects/${P.app}/`, { raw: `{"extra_settings": {"a": ${deep(5000)}}}` });
    expectError(result, 400, 'invalid_request', 'parse_error', 'JSON parse error - the body nests deeper than 200 levels.');
    expect((await admin.get(`/api/projects/${P.app}/`)).body.extra_settings).toBeNull();
    const fine = await admin.send('PATCH', `/api/projects/${P.app}/`, { raw: `{"extra_settings": {"a": ${deep(150)}, "b": "${'['.repeat(500)}"}}` });
    expect(fine.status).toBe(200);
    expect(fine.body.extra_settings.b).toHaveLength(500);
  });

  it('invalid UTF-8 is a parse error', async () => {
    const result = await admin.send('POST', path, { raw: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]) });
    expectError(result, 400, 'invalid_request', 'parse_error', /^JSON parse error - /);
  });

  it.each([
    ['[]', 'list'],
    ['[{"name": "a"}]', 'list'],
    ['"a string"', 'str'],
    ['42', 'int'],
    ['4.5', 'float'],
    ['true', 'bool'],
  ])('JSON that is not an object (%s) is 400 invalid_input naming the type', async (raw, type) => {
    expectValidation(await admin.send('POST', path, { raw }), 'invalid_input', null, `Invalid data. Expected a dictionary, but got ${type}.`);
    expectValidation(await admin.send('PATCH', `/api/projects/${P.app}/`, { raw }), 'invalid_input', null, `Invalid data. Expected a dictionary, but got ${type}.`);
  });

  it('a JSON null body is 400 null This field may not be null.', async () => {
    expectValidation(await admin.send('POST', path, { raw: 'null' }), 'null', null, 'This field may not be null.');
  });

  it('an empty body counts as {}', async () => {
    const result = await admin.send('POST', path, { raw: '' });
    expect(result.status).toBe(201);
    expect(result.body.name).toBeNull();
    const none = await admin.send('POST', path);
    expect(none.status).toBe(201);
  });

  it('unknown and read-only fields are ignored', async () => {
    const result = await admin.post(path, { name: 'Ok', id: 5, created_at: 'yesterday', is_shared: true, whatever: [1] });
    expect(result.status).toBe(201);
    expect(result.body.id).not.toBe(5);
    expect(result.body.is_shared).toBe(false);
    expect(result.body).not.toHaveProperty('whatever');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain;charset=UTF-8', 'text/plain'],
    ['application/xml', 'application/xml'],
  ])('a non-empty body of type %s is 415 naming the type as sent', async (type, named) => {
    const result = await admin.send('POST', path, { raw: '{"name":"Typed"}', headers: { 'Content-Type': type } });
    expectError(result, 415, 'invalid_request', 'unsupported_media_type', `Unsupported media type "${named}" in request.`);
  });

  it('a bare fetch with a string body (text/plain) is 415; an empty one is {}', async () => {
    const bare = await fetch(`http://localhost${path}`, { method: 'POST', headers: { Authorization: 'Bearer phx_demo_admin' }, body: '{"name":"x"}' });
    expect(bare.status).toBe(415);
    expect(await bare.json()).toEqual({ type: 'invalid_request', code: 'unsupported_media_type', detail: 'Unsupported media type "text/plain" in request.', attr: null });
    const empty = await admin.send('POST', path, { raw: '', headers: { 'Content-Type': 'text/plain' } });
    expect(empty.status).toBe(201);
  });

  it('415 comes after 413 and after the privilege check', async () => {
    const big = await admin.send('POST', path, { raw: 'x'.repeat(1024 * 1024 + 1), headers: { 'Content-Type': 'text/plain' } });
    expectError(big, 413, 'invalid_request', 'request_too_large');
    const denied = await member.send('PATCH', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { raw: 'x', headers: { 'Content-Type': 'text/plain' } });
    expectError(denied, 403, 'authentication_error', 'permission_denied', "You don't have edit permissions for this dashboard.");
  });

  it('a form-encoded body is read, repeated keys as a list', async () => {
    const result = await admin.send('POST', '/api/projects/', {
      raw: 'name=Form+made&is_demo=true&recording_domains=a.example&recording_domains=b.example',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });
    expect(result.status, result.text).toBe(201);
    expect(result.body).toMatchObject({ name: 'Form made', is_demo: true, recording_domains: ['a.example', 'b.example'] });
  });

  it('a form-encoded project PATCH coerces each field, JSON-valued fields parsed from their text', async () => {
    const raw = new URLSearchParams([
      ['anonymize_ips', 'on'],
      ['session_recording_minimum_duration_milliseconds', ' 1500 '],
      ['app_urls', 'https://a.example'],
      ['app_urls', 'https://b.example'],
      ['correlation_config', '{"excluded_person_property_names": ["email"]}'],
      ['week_start_day', '0'],
    ]).toString();
    const result = await admin.send('PATCH', `/api/projects/${P.app}/`, { raw, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      anonymize_ips: true,
      session_recording_minimum_duration_milliseconds: 1500,
      app_urls: ['https://a.example', 'https://b.example'],
      correlation_config: { excluded_person_property_names: ['email'] },
      week_start_day: 0,
    });
    const bad = await admin.send('PATCH', `/api/projects/${P.app}/`, { raw: 'extra_settings=%7Bnope', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectValidation(bad, 'invalid_input', 'extra_settings', 'Value must be valid JSON.');
  });

  it('a multipart/form-data body is read', async () => {
    const form = new FormData();
    form.append('name', '  Multipart project  ');
    form.append('is_demo', 'yes');
    const result = await fetch('http://localhost/api/projects/', { method: 'POST', headers: { Authorization: 'Bearer phx_demo_admin' }, body: form });
    const body = await result.json();
    expect(result.status, JSON.stringify(body)).toBe(201);
    expect(body.name).toBe('Multipart project');
    expect(body.is_demo).toBe(true);
  });

  it('create_from_template_json accepts JSON only: a form body is 415', async () => {
    const result = await admin.send('POST', `/api/projects/${P.app}/dashboards/create_from_template_json/`, {
      raw: 'template=%7B%7D',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(result, 415, 'invalid_request', 'unsupported_media_type', 'Unsupported media type "application/x-www-form-urlencoded" in request.');
  });
});

describe('never a 5xx', () => {
  it('odd inputs anywhere answer below 500, refusals with the standard error body', async () => {
    const odd = [
      ['GET', '/api/projects/@current/dashboards/?limit=abc&offset=-5&pinned=maybe&search=%00'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, '{"tags": [1, 2]}'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, '{"__proto__": {"admin": true}}'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/move_tile/`, '{"tile": null, "toDashboard": "x"}'],
      ['POST', `/api/projects/${P.app}/dashboards/create_from_template_json/`, '{"template": []}'],
      ['PATCH', `/api/projects/${P.app}/`, '{"timezone": {"a": 1}, "session_recording_sample_rate": [0.5]}'],
      ['PATCH', `/api/projects/${P.app}/`, '{"app_urls": "x"}'],
      ['POST', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/`, '{"user_uuid": {}, "level": "37"}'],
      ['GET', '/api/organizations/%ZZ/members/'],
      ['GET', '/api/projects/@current/activity/?page=-1&limit=1e9'],
      ['GET', '/api/projects/@current/activity_log/?cursor=%%%&user=abc&scope=&item_id=%00'],
      ['PATCH', `/api/projects/${P.app}/`, '{"session_recording_sample_rate": "1e999", "week_start_day": 1.5}'],
      ['PATCH', `/api/projects/${P.app}/`, '{"session_recording_minimum_duration_milliseconds": "' + '9'.repeat(2000) + '"}'],
      ['PATCH', `/api/projects/${P.app}/`, '{"anonymize_ips": {"a": 1}, "timezone": ["UTC"]}'],
      ['PATCH', `/api/projects/${P.app}/`, 'anonymize_ips=maybe&app_urls=&app_urls=x', 'application/x-www-form-urlencoded'],
      ['PATCH', `/api/projects/${P.app}/`, 'modifiers=%5B1%5D&extra_settings=', 'application/x-www-form-urlencoded'],
      ['POST', '/api/projects/', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--', 'multipart/form-data; boundary=x'],
      ['POST', '/api/projects/', '--x\r\ngarbage', 'multipart/form-data'],
      ['POST', `/api/projects/${P.app}/dashboards/`, 'name=%E0%A4%A&tags=', 'application/x-www-form-urlencoded'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, 'deleted=false&pinned=1', 'application/x-www-form-urlencoded'],
      ['POST', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/collaborators/`, 'user_uuid=x&level=37', 'application/x-www-form-urlencoded'],
      ['PATCH', `/api/projects/${P.app}/complete_product_onboarding/`, 'product_type=surveys&product_type=x', 'application/x-www-form-urlencoded'],
      ['POST', `/api/projects/${P.app}/dashboards/`, '{}', 'application/vnd.api+json'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`, 'settings=%7Bnot&password_required=maybe', 'application/x-www-form-urlencoded'],
      ['POST', `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/passwords/`, '{"raw_password": [1]}', 'application/json'],
      ['DELETE', `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/passwords/%E0/`, undefined, undefined],
      ['POST', `/api/environments/${P.app}/dashboards/`, 'use_dashboard=1&duplicate_tiles=&tags=', 'application/x-www-form-urlencoded'],
      ['PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/move_tile/`, 'tile=5&toDashboard=x', 'application/x-www-form-urlencoded'],
      ['POST', `/api/projects/${P.app}/dashboards/`, '{}', ';;;'],
    ] as const;
    for (const [method, path, raw, type] of odd) {
      const result = await admin.send(method, path, raw === undefined ? {} : { raw, headers: type ? { 'Content-Type': type } : undefined });
      expect(result.status, `${method} ${path} → ${result.text}`).toBeLessThan(500);
      // A refusal carries the standard error body of API.md §2.1, or one of the `{"error": …}` bodies of §2.2 (lenient reads answer 200).
      const bare = typeof result.body?.error === 'string' && Object.keys(result.body).length === 1;
      if (result.status >= 400) expect(bare || errorBodySchema.safeParse(result.body).success, `${method} ${path} → ${result.text}`).toBe(true);
    }
  });
});

