// Cross-origin requests (API.md §1.5) over real HTTP, as a browser on another origin sends them to
// `npm run mock`; the same handlers as MSW sees them; and through the dev server's proxy.
import { fileURLToPath } from 'node:url';
import { getResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../../../src/mock/index.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { startMockServer, type MockServer } from '../../../src/mock/serve/server.ts';

const { projects: P, dashboards: D } = seedIds;

/** A console on another origin. */
const pageOrigin = 'https://console.example.com';

const allowHeaders =
  'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with, traceparent, request-id, ' +
  'request-context, x-amzn-trace-id, x-cloud-trace-context, sentry-trace, baggage, x-highlight-request, ' +
  'x-datadome-clientid, x-posthog-token, x-b3-sampled, x-b3-spanid, x-b3-traceid, x-b3-parentspanid, b3, x-mock-world';

/** The headers a browser's preflight carries. */
const preflightHeaders = {
  origin: pageOrigin,
  'access-control-request-method': 'PATCH',
  'access-control-request-headers': 'authorization, content-type, x-mock-world',
};

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
});

function send(path: string, init: { method?: string; key?: string | null; origin?: string | null; headers?: Record<string, string>; body?: string } = {}) {
  const { method = 'GET', key = 'phx_demo_admin', origin = pageOrigin, headers = {}, body } = init;
  const all: Record<string, string> = { ...headers };
  if (key) all.authorization = `Bearer ${key}`;
  if (origin) all.origin = origin;
  return fetch(`${server.url}${path}`, { method, headers: all, body });
}

/** The CORS headers of an answer, by lower-case name (any other header left out). */
function corsOf(response: Response): Record<string, string> {
  const cors: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-') || name === 'vary') cors[name] = value;
  });
  return cors;
}

const simpleCors = { 'access-control-allow-origin': '*', vary: 'origin' };

const preflightCors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': allowHeaders,
  'access-control-allow-methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
  'access-control-max-age': '86400',
  vary: 'origin',
};

describe('a preflight on /api/ and /__mock/', () => {
  it.each([
    ['a known path', `/api/projects/${P.app}/dashboards/${D.productOverview}/`],
    ['an unknown path', '/api/no/such/thing/'],
    ['an unknown id', '/api/projects/999999/dashboards/424242/'],
    ['a path that offers no PATCH', '/api/users/@me/'],
    ['a control route', '/__mock/faults'],
    ['an unknown control route', '/__mock/nothing'],
  ])('%s: 200 with an empty body and production headers, without a key', async (_case, path) => {
    const response = await send(path, { method: 'OPTIONS', key: null, headers: preflightHeaders });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
    expect(corsOf(response)).toEqual(preflightCors);
  });

  it('comes before a bad world name and before every fault', async () => {
    const faults = await send('/__mock/faults', {
      method: 'PUT',
      key: null,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error_rate: 1, rules: [{ method: '*', path: '/api/**', status: 503 }] }),
    });
    expect(faults.status).toBe(200);
    const badWorld = await send('/api/projects/', { method: 'OPTIONS', key: null, headers: { ...preflightHeaders, 'x-mock-world': 'not a world!' } });
    expect(badWorld.status).toBe(200);
    expect(corsOf(badWorld)).toEqual(preflightCors);
    const faulted = await send(`/api/projects/${P.app}/`, { method: 'OPTIONS', key: null, headers: preflightHeaders });
    expect(faulted.status).toBe(200);
    expect(await faulted.text()).toBe('');
    expect(corsOf(faulted)).toEqual(preflightCors);
  });

  it('without an Origin (not a browser), is still 200 and empty, with only Vary, as production', async () => {
    const response = await send(`/api/projects/${P.app}/`, {
      method: 'OPTIONS',
      key: null,
      origin: null,
      headers: { 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(corsOf(response)).toEqual({ vary: 'origin' });
  });
});

describe('answers to a request with an Origin', () => {
  it.each([
    [200, 'GET', '/api/projects/', 'phx_demo_admin'],
    [401, 'GET', '/api/projects/', null],
    [401, 'GET', '/api/projects/', 'phx_not_a_key'],
    [403, 'PUT', `/api/projects/${P.app}/dashboards/`, 'phx_demo_admin'],
    [403, 'POST', `/api/projects/${P.app}/dashboards/`, 'phx_demo_readonly'],
    [404, 'GET', '/api/no/such/thing/', null],
    [404, 'GET', '/api/projects/999999/', 'phx_demo_admin'],
    [405, 'PATCH', `/api/projects/${P.app}/dashboards/`, 'phx_demo_admin'],
    [405, 'DELETE', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, 'phx_demo_admin'],
    [200, 'GET', '/__mock/info', null],
    [404, 'GET', '/__mock/nothing', null],
    [405, 'DELETE', '/__mock/info', null],
  ])('%i for %s %s carries Access-Control-Allow-Origin: * and Vary: origin, nothing more', async (status, method, path, key) => {
    const response = await send(path, { method, key });
    expect(response.status).toBe(status);
    expect(corsOf(response)).toEqual(simpleCors);
    await response.arrayBuffer();
  });

  it('400 for a bad world name, 413, 415 and 400 for a bad body carry it too', async () => {
    const dashboards = `/api/projects/${P.app}/dashboards/`;
    const answers = await Promise.all([
      send('/api/projects/', { headers: { 'x-mock-world': 'not a world!' } }),
      send(dashboards, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"name":"${'x'.repeat(1024 * 1024)}"}` }),
      send(dashboards, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name' }),
      send(dashboards, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([400, 413, 415, 400]);
    for (const response of answers) {
      expect(corsOf(response)).toEqual(simpleCors);
      await response.arrayBuffer();
    }
  });

  it('an OPTIONS that is not a preflight gets the API answer (403), with the allowed lists as production adds them', async () => {
    const response = await send(`/api/projects/${P.app}/`, { method: 'OPTIONS' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe('This action does not support personal API key access');
    expect(corsOf(response)).toEqual(preflightCors);
  });

  it('forced statuses, the error rate and the latency fault keep it', async () => {
    const faults = await send('/__mock/faults', {
      method: 'PUT',
      key: null,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        latency_ms: 5,
        rules: [
          { method: 'GET', path: '/api/projects/', status: 429, retry_after: 3 },
          { method: 'GET', path: '/api/users/@me/', status: 401 },
        ],
      }),
    });
    expect(corsOf(faults)).toEqual(simpleCors);
    const throttled = await send('/api/projects/');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('3');
    expect(corsOf(throttled)).toEqual(simpleCors);
    const forced = await send('/api/users/@me/');
    expect(forced.status).toBe(401);
    expect(corsOf(forced)).toEqual(simpleCors);
    const slow = await send(`/api/projects/${P.app}/`);
    expect(slow.status).toBe(200);
    expect(corsOf(slow)).toEqual(simpleCors);

    await send('/__mock/faults', { method: 'PUT', key: null, headers: { 'content-type': 'application/json' }, body: '{"error_rate": 1}' });
    const failed = await send(`/api/projects/${P.app}/`);
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { type: string }).type).toBe('server_error');
    expect(corsOf(failed)).toEqual(simpleCors);
  });
});

describe('without an Origin', () => {
  it('/api/ and /__mock/ answers carry only Vary: origin', async () => {
    for (const [path, key] of [
      ['/api/projects/', 'phx_demo_admin'],
      ['/api/projects/', null],
      ['/api/no/such/thing/', null],
      ['/__mock/info', null],
    ] as const) {
      const response = await send(path, { key, origin: null });
      expect(corsOf(response)).toEqual({ vary: 'origin' });
      await response.arrayBuffer();
    }
  });
});

describe('/shared/', () => {
  it('gets no CORS header at all, for a page, a login or a preflight', async () => {
    const sharing = await send(`/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`, { origin: null });
    const { access_token: token } = (await sharing.json()) as { access_token: string };
    const page = await send(`/shared/${token}`, { key: null });
    expect(page.status).toBe(200);
    expect(corsOf(page)).toEqual({});
    await page.arrayBuffer();
    const login = await send(`/shared/${token}`, { method: 'POST', key: null, headers: { 'content-type': 'application/json' }, body: '{"password":"x"}' });
    expect(corsOf(login)).toEqual({});
    await login.arrayBuffer();
    const preflight = await send(`/shared/${token}`, { method: 'OPTIONS', key: null, headers: preflightHeaders });
    expect(preflight.status).not.toBe(200);
    expect(corsOf(preflight)).toEqual({});
    await preflight.arrayBuffer();
  });

  it('the paths production leaves out get none either', async () => {
    const response = await send('/api/surveys/', { method: 'OPTIONS', key: null, headers: preflightHeaders });
    expect(response.status).toBe(404);
    expect(corsOf(response)).toEqual({});
    await response.arrayBuffer();
  });
});

describe('the handlers as MSW serves them (tests, the demo service worker)', () => {
  const mock = createMock();
  const answer = (path: string, init: RequestInit) => getResponse(mock.handlers, new Request(`http://localhost${path}`, init));

  it('answers a preflight and adds the headers exactly as over HTTP', async () => {
    const preflight = await answer('/api/no/such/thing/', { method: 'OPTIONS', headers: preflightHeaders });
    expect(preflight?.status).toBe(200);
    expect(corsOf(preflight!)).toEqual(preflightCors);
    const refused = await answer('/api/projects/', { headers: { origin: pageOrigin } });
    expect(refused?.status).toBe(401);
    expect(corsOf(refused!)).toEqual(simpleCors);
    const control = await answer('/__mock/worlds', { headers: { origin: pageOrigin } });
    expect(control?.status).toBe(200);
    expect(corsOf(control!)).toEqual(simpleCors);
  });
});

describe('through the dev server (npm run dev), its proxy in front of the in-process mock', () => {
  let dev: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const previous = process.env.API_TARGET;
    delete process.env.API_TARGET;
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: fileURLToPath(new URL('../../..', import.meta.url)),
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: true, open: false, hmr: false, watch: null },
    });
    await vite.listen();
    if (previous !== undefined) process.env.API_TARGET = previous;
    const address = vite.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('the dev server is not listening on a TCP port.');
    dev = { url: `http://127.0.0.1:${address.port}`, close: () => vite.close() };
  }, 60_000);

  afterAll(async () => {
    await dev?.close();
  });

  it('passes the preflight and the mock headers through, not its own', async () => {
    const preflight = await fetch(`${dev.url}/api/projects/`, { method: 'OPTIONS', headers: preflightHeaders });
    expect(preflight.status).toBe(200);
    expect(corsOf(preflight)).toEqual(preflightCors);
    const refused = await fetch(`${dev.url}/api/projects/`, { headers: { origin: pageOrigin } });
    expect(refused.status).toBe(401);
    expect(corsOf(refused)).toEqual(simpleCors);
    await refused.arrayBuffer();
  });
});
