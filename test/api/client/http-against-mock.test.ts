import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { normalizeHost } from '../../../src/api/connect/typed-host.ts';
import {
  ApiError,
  apiRequest,
  type ApiCall,
  buildPath,
  NetworkError,
  NotConnectedError,
  parseRetryAfter,
  ResponseShapeError,
} from '../../../src/api/client/http.ts';
import { fetchMockInfo } from '../../../src/api/resources/mock.ts';
import { fetchProjectPage } from '../../../src/api/resources/projects.ts';
import { handleUnauthorized, retryDelay, shouldRetryMutation, shouldRetryQuery } from '../../../src/api/client/query-client.ts';
import { createRequestLog, REQUEST_LOG_LIMIT } from '../../../src/api/runtime/request-log.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import { organizationSchema, projectPageSchema } from '../../../src/contract/schemas.ts';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

const origin = () => window.location.origin;
const target = { endpoint: 'test', method: 'GET' as const, path: '/api/x/' };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('http', () => {
  let runtime: ConsoleRuntime;
  let call: ApiCall;
  beforeEach(() => {
    ({ runtime, call } = freshConsole({ key: 'phx_demo_admin' }));
  });

  it('sends the key as a Bearer header, JSON, and always the trailing slash', async () => {
    let seen: Request | undefined;
    server.use(
      http.patch('*/api/projects/1/', async ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest(call, { endpoint: 'projects.update', method: 'PATCH', path: '/api/projects/1', body: { name: 'A' }, schema: z.object({ ok: z.boolean() }) });
    expect(seen!.url).toBe(`${origin()}/api/projects/1/`);
    expect(seen!.headers.get('Authorization')).toBe('Bearer phx_demo_admin');
    expect(seen!.headers.get('Content-Type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ name: 'A' });
    expect(buildPath('/api/projects', { search: 'a b', limit: 10, empty: '', none: undefined })).toBe(
      '/api/projects/?search=a+b&limit=10',
    );
    expect(buildPath('/__mock/info')).toBe('/__mock/info');
  });

  it('parses a response with the contract (unknown fields dropped)', async () => {
    const organization = await apiRequest(call, { endpoint: 'organizations.get', path: '/api/organizations/@current/', schema: organizationSchema });
    expect(organization.name).toEqual(expect.any(String));
    expect(organization.projects.length).toBeGreaterThanOrEqual(3);
  });

  it('builds ApiError from the API error body, with attr', async () => {
    const error = await caught(
      apiRequest(call, {
        endpoint: 'projects.create',
        method: 'POST',
        path: '/api/organizations/@current/projects/',
        body: { name: 'x'.repeat(201) },
        schema: z.unknown(),
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      type: 'validation_error',
      code: 'max_length',
      detail: 'Ensure this field has no more than 200 characters.',
      attr: 'name',
      endpoint: 'projects.create',
      method: 'POST',
      path: '/api/organizations/@current/projects/',
    });
    expect((error as ApiError).message).toBe('Ensure this field has no more than 200 characters.');
    expect((error as ApiError).retryAfter).toBeUndefined();
  });

  it('names the missing scope on a 403', async () => {
    saveConnection(runtime, { host: '', key: 'phx_demo_readonly', remember: false });
    const error = await caught(
      apiRequest(call, { endpoint: 'dashboards.update', method: 'PATCH', path: '/api/projects/1/dashboards/1/', body: { pinned: false }, schema: z.unknown() }),
    );
    expect(error).toMatchObject({ status: 403, code: 'permission_denied', detail: "API key missing required scope 'dashboard:write'", attr: null });
  });

  it('reads Retry-After on a 429', async () => {
    server.use(
      http.get('*/api/projects/', () =>
        HttpResponse.json(
          { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled. Expected available in 7 seconds.', attr: null },
          { status: 429, headers: { 'Retry-After': '7' } },
        ),
      ),
    );
    const error = await caught(apiRequest(call, { endpoint: 'projects.listAll', path: '/api/projects/', schema: z.unknown() }));
    expect(error).toMatchObject({ status: 429, type: 'throttled_error', code: 'throttled', retryAfter: 7 });
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThanOrEqual(4);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('words a 405 with an empty body (the dashboard DELETE)', async () => {
    const error = await caught(apiRequest(call, { endpoint: 'dashboards.delete', method: 'DELETE', path: '/api/projects/1/dashboards/1/' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 405, type: 'invalid_request', code: 'method_not_allowed', detail: 'Method "DELETE" not allowed.' });
  });

  it('words an error body that is not the API’s (a proxy page)', async () => {
    server.use(
      http.get('*/api/projects/', () =>
        new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const error = await caught(apiRequest(call, { endpoint: 'projects.listAll', path: '/api/projects/', schema: z.unknown() }));
    expect(error).toMatchObject({ status: 502, type: 'server_error', code: 'http_error' });
    expect((error as ApiError).detail).toMatch(/502 Bad Gateway with an HTML page .*proxy/);
  });

  it('throws NetworkError naming the host when nothing answers', async () => {
    server.use(http.get('*/api/projects/', () => HttpResponse.error()));
    const error = await caught(apiRequest(call, { endpoint: 'projects.listAll', path: '/api/projects/', schema: z.unknown() }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(new RegExp(`^Could not reach the API at ${origin()}\\.`));
    expect(runtime.requestLog.get()[0]).toMatchObject({ status: null, errorDetail: (error as Error).message });
  });

  it('throws ResponseShapeError naming the endpoint when the shape is wrong', async () => {
    server.use(http.get('*/api/organizations/@current/projects/', () => HttpResponse.json({ count: 'many', results: [] })));
    const error = await caught(fetchProjectPage({}, call));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(/^Unexpected answer from GET \/api\/organizations\/@current\/projects\/\?limit=100&offset=0 \(projects\.list\): count: /);
    expect(runtime.requestLog.get()[0]!.errorDetail).toBe((error as Error).message);

    server.use(http.get('*/api/projects/', () => new HttpResponse('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } })));
    const html = await caught(apiRequest(call, { endpoint: 'projects.listAll', path: '/api/projects/', schema: projectPageSchema }));
    expect((html as Error).message).toMatch(/HTML page, not JSON\. Is the API host right\?/);
  });

  it('refuses to call without a key', async () => {
    runtime.connection.disconnect();
    expect(await caught(apiRequest(call, { endpoint: 'projects.listAll', path: '/api/projects/', schema: z.unknown() }))).toBeInstanceOf(
      NotConnectedError,
    );
  });

  it('passes the AbortSignal and rethrows the abort', async () => {
    server.use(
      http.get('*/api/projects/', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    const controller = new AbortController();
    const pending = apiRequest({ ...call, signal: controller.signal }, { endpoint: 'projects.listAll', path: '/api/projects/', schema: projectPageSchema });
    controller.abort();
    const error = await caught(pending);
    expect((error as Error).name).toBe('AbortError');
    expect(runtime.requestLog.get()[0]).toMatchObject({ status: null, cancelled: true, errorDetail: expect.stringMatching(/^Cancelled by the console/) });
  });
});

describe('request log', () => {
  let runtime: ConsoleRuntime;
  let call: ApiCall;
  beforeEach(() => {
    ({ runtime, call } = freshConsole({ key: 'phx_demo_admin' }));
  });

  it('records every call, newest first, with the real URL, bodies and start time', async () => {
    await fetchProjectPage({ search: 'app' }, call);
    await caught(
      apiRequest(call, { endpoint: 'projects.create', method: 'POST', path: '/api/organizations/@current/projects/', body: { name: '' }, schema: z.unknown() }),
    );
    const [second, first] = runtime.requestLog.get();
    expect(first).toMatchObject({
      method: 'GET',
      url: `${origin()}/api/organizations/@current/projects/?search=app&limit=100&offset=0`,
      path: '/api/organizations/@current/projects/?search=app&limit=100&offset=0',
      status: 200,
      requestBody: null,
      errorDetail: null,
    });
    expect(first!.responseBody).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
    expect(Date.parse(first!.startedAt)).not.toBeNaN();
    expect(second).toMatchObject({ method: 'POST', status: 400, requestBody: { name: '' }, errorDetail: 'This field may not be blank.' });
    expect(second!.id).toBeGreaterThan(first!.id);
  });

  it('never holds the key, even where an answer contains it', async () => {
    await fetchProjectPage({}, call);
    const info = await fetchMockInfo(call);
    expect(info?.keys.map((k) => k.key)).toContain('phx_demo_admin');
    await caught(apiRequest(call, { endpoint: 'echo', method: 'POST', path: '/api/users/@me/', body: { note: 'phx_demo_admin' }, schema: z.unknown() }));
    const serialized = JSON.stringify(runtime.requestLog.get());
    expect(runtime.requestLog.get().length).toBe(3);
    expect(serialized).not.toContain('phx_demo_admin');
    expect(serialized).not.toMatch(/authorization|bearer/i);
    expect(serialized).toContain('[redacted API key]');
  });

  it('is bounded to the last 500 entries and notifies subscribers', () => {
    const requestLog = createRequestLog();
    let notified = 0;
    const unsubscribe = requestLog.subscribe(() => notified++);
    for (let i = 0; i < REQUEST_LOG_LIMIT + 25; i++) {
      requestLog.add({
        method: 'GET',
        url: `http://x/api/${i}/`,
        path: `/api/${i}/`,
        status: 200,
        durationMs: 1,
        startedAt: new Date().toISOString(),
        requestBody: null,
        responseBody: null,
        errorDetail: null,
      });
    }
    unsubscribe();
    const log = requestLog.get();
    expect(REQUEST_LOG_LIMIT).toBe(500);
    expect(log).toHaveLength(500);
    expect(log[0]!.path).toBe(`/api/${REQUEST_LOG_LIMIT + 24}/`);
    expect(log[499]!.path).toBe('/api/25/');
    expect(notified).toBe(REQUEST_LOG_LIMIT + 25);
    expect(requestLog.get()).toBe(log);
    requestLog.clear();
    expect(requestLog.get()).toEqual([]);
  });
});

describe('retry policy and the 401 handler', () => {
  const apiError = (status: number, retryAfter?: number) =>
    new ApiError({ status, type: 't', code: 'c', detail: 'd', retryAfter, target });

  it('retries 429 after Retry-After (bounded), network twice, 5xx once, other 4xx never', () => {
    expect(shouldRetryQuery(0, apiError(429, 2))).toBe(true);
    expect(shouldRetryQuery(3, apiError(429, 2))).toBe(false);
    expect(shouldRetryQuery(0, apiError(429, 600))).toBe(false);
    expect(retryDelay(0, apiError(429, 2))).toBe(2000);
    expect(shouldRetryQuery(0, new NetworkError('http://x', target))).toBe(true);
    expect(shouldRetryQuery(1, new NetworkError('http://x', target))).toBe(true);
    expect(shouldRetryQuery(2, new NetworkError('http://x', target))).toBe(false);
    expect(shouldRetryQuery(0, apiError(503))).toBe(true);
    expect(shouldRetryQuery(1, apiError(503))).toBe(false);
    for (const status of [400, 401, 403, 404, 405, 409, 413]) expect(shouldRetryQuery(0, apiError(status))).toBe(false);
    expect(shouldRetryQuery(0, new ResponseShapeError(target, 200, 'x'))).toBe(false);
    expect(shouldRetryMutation(0, apiError(429, 1))).toBe(true);
    expect(shouldRetryMutation(0, apiError(503))).toBe(false);
    expect(shouldRetryMutation(0, new NetworkError('http://x', target))).toBe(false);
  });

  it('disconnects on a 401 under the current key only', () => {
    const { connection } = freshConsole({ key: 'phx_demo_admin' }).runtime;
    const stale = new ApiError({ status: 401, type: 'authentication_error', code: 'authentication_failed', detail: 'No.', target, connectionVersion: connection.getState().version - 1 });
    handleUnauthorized(connection, stale);
    expect(connection.getState().connection).not.toBeNull();

    const current = new ApiError({ status: 401, type: 'authentication_error', code: 'authentication_failed', detail: 'No.', target, connectionVersion: connection.getState().version });
    handleUnauthorized(connection, current);
    expect(connection.getState()).toMatchObject({ connection: null, notice: 'The API refused the key: No. Connect again with a valid personal API key.' });
  });
});

describe('connection', () => {
  it('normalizes what people type as a host', () => {
    expect(normalizeHost('')).toBe('');
    expect(normalizeHost('  ')).toBe('');
    expect(normalizeHost('localhost:8010')).toBe('http://localhost:8010');
    expect(normalizeHost('127.0.0.1:8010/')).toBe('http://127.0.0.1:8010');
    expect(normalizeHost('us.posthog.com')).toBe('https://us.posthog.com');
    // The API is at the root of its host: a path or trailing slash is left out.
    expect(normalizeHost('https://example.test/analytics/')).toBe('https://example.test');
    expect(normalizeHost('https://us.posthog.com/project/1/dashboard?x=1')).toBe('https://us.posthog.com');
    expect(normalizeHost('http://localhost:8010/')).toBe('http://localhost:8010');
    expect(() => normalizeHost('http://posthog.example.com')).toThrow(/mixed content/);
    expect(() => normalizeHost('ftp://example.test')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => normalizeHost('http://exa mple')).toThrow(/not a valid address/);
  });
});
