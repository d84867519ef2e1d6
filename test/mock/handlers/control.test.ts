// The mock's own routes (API.md §9): /__mock/reset, /__mock/info, /__mock/faults, and the fault layer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/contract/errors.ts';
import { mockFaultsSchema, mockInfoSchema } from '../../../src/contract/schemas.ts';
import { globMatches } from '../../../src/mock/faults.ts';
import { startMockServer, type MockServer } from '../../../src/mock/serve/server.ts';

let server: MockServer;
let projectId: number;
let dashboardId: number;

const auth = { authorization: 'Bearer phx_demo_admin' };

function api(path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, { ...init, headers: { ...auth, 'content-type': 'application/json', ...init.headers } });
}

function control(path: string, method = 'GET', body?: unknown) {
  return fetch(`${server.url}/__mock/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function putFaults(body: unknown) {
  const response = await control('faults', 'PUT', body);
  expect(response.status).toBe(200);
  return mockFaultsSchema.parse(await response.json());
}

async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { response, ms: performance.now() - started };
}

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
  const projects = (await (await api('/api/projects/')).json()) as { results: Array<{ id: number }> };
  projectId = projects.results[0]!.id;
  const dashboards = (await (await api(`/api/projects/${projectId}/dashboards/`)).json()) as { results: Array<{ id: number }> };
  dashboardId = dashboards.results[0]!.id;
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  await control('reset', 'POST');
});

describe('POST /__mock/reset', () => {
  it('restores the seed after changes and clears the faults', async () => {
    const before = await (await api(`/api/projects/${projectId}/dashboards/?limit=1000`)).text();
    const created = await api(`/api/projects/${projectId}/dashboards/`, { method: 'POST', body: JSON.stringify({ name: 'Made in a test' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const renamed = await api(`/api/projects/${projectId}/dashboards/${dashboardId}/`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Renamed in a test', pinned: true }),
    });
    expect(renamed.status).toBe(200);
    await putFaults({ latency_ms: 5 });

    const reset = await control('reset', 'POST');
    expect(reset.status).toBe(204);
    expect(await reset.text()).toBe('');

    expect((await api(`/api/projects/${projectId}/dashboards/${id}/`)).status).toBe(404);
    expect(await (await api(`/api/projects/${projectId}/dashboards/?limit=1000`)).text()).toBe(before);
    expect(mockFaultsSchema.parse(await (await control('faults')).json())).toEqual({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: false });
  });
});

describe('GET /__mock/info', () => {
  it('describes the mock: version, demo keys with their users and scopes, faults', async () => {
    const response = await control('info');
    expect(response.status).toBe(200);
    const info = mockInfoSchema.parse(await response.json());
    expect(info.mock).toBe(true);
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    const keys = Object.fromEntries(info.keys.map((key) => [key.key, key]));
    expect(Object.keys(keys)).toEqual(expect.arrayContaining(['phx_demo_admin', 'phx_demo_member', 'phx_demo_readonly']));
    expect(keys.phx_demo_admin!.scopes).toEqual(['*']);
    expect(keys.phx_demo_admin!.user).toMatch(/@/);
    expect(keys.phx_demo_readonly!.scopes).not.toContain('dashboard:write');
    expect(info.faults).toEqual({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: false });
  });
});

describe('the control routes themselves', () => {
  it('answer an unknown /__mock/ path with 404 JSON and a wrong method with 405 JSON', async () => {
    const unknown = await control('nothing-here');
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json())).toMatchObject({ type: 'invalid_request', code: 'not_found' });

    const wrong = await control('reset', 'GET');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toEqual({
      type: 'invalid_request',
      code: 'method_not_allowed',
      detail: 'Method "GET" not allowed.',
      attr: null,
    });
    expect((await control('faults', 'DELETE')).status).toBe(405);
  });
});

describe('/__mock/faults', () => {
  it('starts with no faults and answers the settings it was given, normalized', async () => {
    expect(mockFaultsSchema.parse(await (await control('faults')).json())).toEqual({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: false });
    const saved = await putFaults({ latency_ms: [0, 1], rules: [{ method: 'patch', path: '/api/projects/*/', status: 503 }] });
    expect(saved).toEqual({
      latency_ms: [0, 1],
      error_rate: 0,
      rules: [{ method: 'PATCH', path: '/api/projects/*/', status: 503, retry_after: null }],
      production_key_rules: false,
    });
    expect(mockFaultsSchema.parse(await (await control('faults')).json())).toEqual(saved);
    // PUT replaces: what is left out is no fault.
    expect(await putFaults({ error_rate: 0.25 })).toEqual({ latency_ms: 0, error_rate: 0.25, rules: [], production_key_rules: false });
  });

  it('delays /api/ answers by latency_ms, a number or a range, and never /__mock/', async () => {
    await putFaults({ latency_ms: 250 });
    const slow = await timed(() => api('/api/projects/'));
    expect(slow.response.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(240);
    const info = await timed(() => control('info'));
    expect(info.ms).toBeLessThan(200);

    await putFaults({ latency_ms: [120, 180] });
    const ranged = await timed(() => api(`/api/projects/${projectId}/`));
    expect(ranged.ms).toBeGreaterThanOrEqual(110);
    expect(ranged.ms).toBeLessThan(1000);
  });

  it('answers every /api/ request with the standard 500 body at error_rate 1', async () => {
    await putFaults({ error_rate: 1 });
    for (const path of ['/api/projects/', `/api/projects/${projectId}/dashboards/${dashboardId}/`, '/api/no-such-route/']) {
      const response = await api(path);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        type: 'server_error',
        code: 'error',
        detail: 'A server error occurred.',
        attr: null,
      });
    }
    const writes = await api(`/api/projects/${projectId}/dashboards/`, { method: 'POST', body: '{}' });
    expect(writes.status).toBe(500);
  });

  it('forces 429 with Retry-After on PATCH of dashboards only, by rule', async () => {
    await putFaults({
      rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*', status: 429, retry_after: 7 }],
    });
    const throttled = await api(`/api/projects/${projectId}/dashboards/${dashboardId}/`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Never saved' }),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(await throttled.json()).toEqual({
      type: 'throttled_error',
      code: 'throttled',
      detail: 'Request was throttled. Expected available in 7 seconds.',
      attr: null,
    });

    const read = await api(`/api/projects/${projectId}/dashboards/${dashboardId}/`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string | null }).name).not.toBe('Never saved');
    const projectPatch = await api(`/api/projects/${projectId}/`, { method: 'PATCH', body: JSON.stringify({}) });
    expect(projectPatch.status).toBe(200);
    const sharingPatch = await api(`/api/projects/${projectId}/dashboards/${dashboardId}/sharing/`, {
      method: 'PATCH',
      body: JSON.stringify({ enabled: false }),
    });
    expect(sharingPatch.status).toBe(200);
  });

  it('forces other statuses with their standard error bodies, ** spanning segments', async () => {
    await putFaults({
      rules: [
        { method: '*', path: '/api/projects/*/dashboards/**', status: 503 },
        { method: 'GET', path: '/api/organizations/**', status: 404 },
      ],
    });
    const list = await api(`/api/projects/${projectId}/dashboards/`);
    expect(list.status).toBe(503);
    expect(await list.json()).toMatchObject({ type: 'server_error', attr: null });
    const sharing = await api(`/api/projects/${projectId}/dashboards/${dashboardId}/sharing/`);
    expect(sharing.status).toBe(503);
    const organization = await api('/api/organizations/@current/');
    expect(organization.status).toBe(404);
    expect(await organization.json()).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
    expect((await api('/api/projects/')).status).toBe(200);
  });

  it('refuses invalid settings with the standard validation error and keeps the old ones', async () => {
    const kept = await putFaults({ latency_ms: 1 });
    const cases: Array<[unknown, string | null, string]> = [
      [{ error_rate: 2 }, 'error_rate', 'max_value'],
      [{ error_rate: '0.5' }, 'error_rate', 'invalid_input'],
      [{ latency_ms: -1 }, 'latency_ms', 'invalid_input'],
      [{ latency_ms: [500, 100] }, 'latency_ms', 'invalid_input'],
      [{ rules: [{ method: 'GET', status: 500 }] }, 'rules__0__path', 'required'],
      [{ rules: [{ method: 'GET', path: '/api/**', status: 1000 }] }, 'rules__0__status', 'max_value'],
      [[], null, 'invalid_input'],
    ];
    for (const [body, attr, code] of cases) {
      const response = await control('faults', 'PUT', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = errorBodySchema.parse(await response.json());
      expect(error.type, JSON.stringify(body)).toBe('validation_error');
      if (attr === 'latency_ms') expect(error.attr).toMatch(/^latency_ms/);
      else expect(error.attr ?? null, JSON.stringify(body)).toBe(attr);
      if (attr !== 'latency_ms') expect(error.code, JSON.stringify(body)).toBe(code);
    }
    const notJson = await control('faults', 'PUT', '{"error_rate": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ type: 'invalid_request', code: 'parse_error', attr: null });
    expect(mockFaultsSchema.parse(await (await control('faults')).json())).toEqual(kept);
  });

  it('never touches /__mock/ or /shared/, whatever the faults', async () => {
    await putFaults({ error_rate: 1, rules: [{ method: '*', path: '**', status: 503 }] });
    expect((await control('info')).status).toBe(200);
    expect((await control('faults')).status).toBe(200);
    expect((await fetch(`${server.url}/shared/not-a-token`)).status).toBe(404);
    expect((await api('/api/projects/')).status).toBe(503);
    expect((await control('reset', 'POST')).status).toBe(204);
    expect((await api('/api/projects/')).status).toBe(200);
  });
});

describe('path globs of fault rules', () => {
  it('match * as one segment and ** as any number, ignoring trailing slashes and the query', () => {
    expect(globMatches('/api/projects/*/dashboards/*', '/api/projects/1/dashboards/7/')).toBe(true);
    expect(globMatches('/api/projects/*/dashboards/*', '/api/projects/1/dashboards/')).toBe(false);
    expect(globMatches('/api/projects/*/dashboards/*', '/api/projects/1/dashboards/7/sharing/')).toBe(false);
    expect(globMatches('/api/projects/*/dashboards/**', '/api/projects/1/dashboards/')).toBe(true);
    expect(globMatches('/api/projects/*/dashboards/**', '/api/projects/@current/dashboards/7/sharing/refresh/')).toBe(true);
    expect(globMatches('/api/projects/*/dash*', '/api/projects/1/dashboards')).toBe(true);
    expect(globMatches('/api/projects/*', '/api/projects/1/?limit=5')).toBe(true);
    expect(globMatches('*', '/api')).toBe(true);
    expect(globMatches('**', '/api/projects/1/')).toBe(true);
    expect(globMatches('/api/users/@me/', '/api/users/@me')).toBe(true);
    expect(globMatches('/api/users/@me/', '/api/users/@mex/')).toBe(false);
  });
});

describe('production_key_rules (§9)', () => {
  const sessionOnly = (): Array<[string, string, unknown]> => [
    ['PATCH', `/api/projects/${projectId}/dashboards/${dashboardId}/move_tile/`, { tile: { id: 1 }, toDashboard: dashboardId }],
    ['POST', `/api/projects/${projectId}/dashboards/create_from_template_json/`, { template: {} }],
    ['GET', `/api/projects/${projectId}/activity/`, undefined],
    ['GET', `/api/projects/${projectId}/is_generating_demo_data/`, undefined],
    ['PATCH', `/api/projects/${projectId}/reset_token/`, {}],
    ['PATCH', `/api/organizations/@current/projects/${projectId}/reset_token/`, {}],
  ];

  it('is off by default: the session-only actions work with keys', async () => {
    expect((await control('info').then((r) => r.json())).faults.production_key_rules).toBe(false);
    expect((await api(`/api/projects/${projectId}/is_generating_demo_data/`)).status).toBe(200);
    expect((await api(`/api/projects/${projectId}/activity/`)).status).toBe(200);
  });

  it('when on, the five session-only actions answer keys 403 as production does, before anything else but the key', async () => {
    const saved = await putFaults({ production_key_rules: true });
    expect(saved.production_key_rules).toBe(true);
    for (const [method, path, body] of sessionOnly()) {
      const response = await api(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: 'This action does not support personal API key access',
        attr: null,
      });
    }
    // Every other route still answers, and the project of a nested path is not looked at first.
    expect((await api(`/api/projects/${projectId}/`)).status).toBe(200);
    expect((await api(`/api/projects/999999/dashboards/1/move_tile/`, { method: 'PATCH', body: '{}' })).status).toBe(403);
    expect((await fetch(`${server.url}/api/projects/${projectId}/activity/`)).status).toBe(401);
    // A PUT that leaves it out turns it off again.
    await putFaults({});
    expect((await api(`/api/projects/${projectId}/activity/`)).status).toBe(200);
  });

  it('refuses a non-boolean value', async () => {
    const response = await control('faults', 'PUT', { production_key_rules: 'sometimes' });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).attr).toBe('production_key_rules');
  });
});
