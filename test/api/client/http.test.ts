// The console's one fetch wrapper (http.ts), through a transport that answers as the test says: the
// URL, the headers, the body and the world a request carries; how each kind of answer becomes a
// result or an error; and the request log, which never holds the key. (http-against-mock.test.ts
// sends the same requests to the bundled mock.)
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ApiError,
  apiExchange,
  apiRequest,
  type ApiCall,
  buildPath,
  isApiError,
  NetworkError,
  NotConnectedError,
  parseRetryAfter,
  type RequestOptions,
  ResponseShapeError,
} from '../../../src/api/client/http.ts';
import { resolveHost } from '../../../src/api/client/host.ts';
import type { ConnectionStore } from '../../../src/api/runtime/connection-store.ts';
import { CANCELLED_DETAIL, createRequestLog, type RequestLogEntry } from '../../../src/api/runtime/request-log.ts';
import { ConsoleQueryClient, type ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { TabChannel } from '../../../src/api/runtime/tab-channel.ts';

const HOST = 'https://eu.posthog.com';
const KEY = 'phx_stored_key';

interface Sent {
  url: string;
  init: RequestInit;
}
type Answer = Response | (() => Promise<Response>);

/** A console whose stored connection is `stored` (at `version`), whose transport answers `answer`. */
function consoleWith(answer: Answer, stored: { host?: string; key?: string; world?: string } | null = {}, version = 3) {
  const connection = stored === null ? null : { host: stored.host ?? HOST, key: stored.key ?? KEY, remembered: false, expiresAt: null, world: stored.world };
  const store = { getState: () => ({ connection, notice: null, disconnectedByPerson: false, version }), get: () => connection };
  const sent: Sent[] = [];
  const requestLog = createRequestLog();
  const tabs = { post: () => {}, listen: () => () => {}, close: () => {} } as TabChannel;
  const runtime: ConsoleRuntime = {
    connection: store as unknown as ConnectionStore,
    requestLog,
    tabs,
    transport: (url, init) => {
      sent.push({ url, init });
      return typeof answer === 'function' ? answer() : Promise.resolve(answer.clone());
    },
    dispose: () => {},
  };
  const call: ApiCall = { client: new ConsoleQueryClient(runtime) };
  return { call, sent, log: () => requestLog.get() as RequestLogEntry[] };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
const apiBody = (detail: string, extra: Record<string, unknown> = {}) => ({ type: 'validation_error', code: 'invalid', detail, attr: null, ...extra });
const get = (extra: Partial<RequestOptions> = {}): RequestOptions => ({ endpoint: 'projects.get', path: '/api/projects/1', ...extra });
const ok = z.object({ ok: z.boolean() });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
const headersOf = (sent: Sent) => sent.init.headers as Record<string, string>;

describe('buildPath', () => {
  it('adds the trailing slash to an /api/ path only', () => {
    expect(buildPath('/api/projects')).toBe('/api/projects/');
    expect(buildPath('/api/projects/')).toBe('/api/projects/');
    expect(buildPath('/__mock/info')).toBe('/__mock/info');
    expect(buildPath('/apiary')).toBe('/apiary');
  });

  it('adds the query, leaving out what is unset or empty', () => {
    expect(buildPath('/api/projects', { search: 'a b', limit: 10, offset: 0, pinned: false, empty: '', none: undefined, nil: null })).toBe(
      '/api/projects/?search=a+b&limit=10&offset=0&pinned=false',
    );
    expect(buildPath('/api/projects', { empty: '' })).toBe('/api/projects/');
    expect(buildPath('/__mock/info', { host: 'x' })).toBe('/__mock/info?host=x');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, or an HTTP date from now (never below 0)', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(parseRetryAfter(' 7 ')).toBe(7);
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now + 500)).toBe(5);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now + 1500)).toBe(4);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('7 seconds')).toBeUndefined();
    expect(parseRetryAfter('x7')).toBeUndefined();
  });
});

describe('the errors', () => {
  const target = { endpoint: 'projects.get', method: 'GET' as const, path: '/api/projects/1/' };

  it('ApiError carries the body, the request and the connection version', () => {
    const error = new ApiError({ status: 400, type: 'validation_error', code: 'blank', detail: 'Blank.', target });
    expect(error).toMatchObject({ name: 'ApiError', message: 'Blank.', attr: null, connectionVersion: -1, endpoint: 'projects.get', method: 'GET', path: '/api/projects/1/' });
    expect(error.retryAfter).toBeUndefined();
    const throttled = new ApiError({ status: 429, type: 't', code: 'c', detail: 'd', attr: 'name', retryAfter: 0, target, connectionVersion: 2 });
    expect(throttled).toMatchObject({ attr: 'name', retryAfter: 0, connectionVersion: 2 });
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 400)).toBe(true);
    expect(isApiError(error, 404)).toBe(false);
    expect(isApiError(new Error('Blank.'))).toBe(false);
  });

  it('NetworkError, ResponseShapeError and NotConnectedError say what happened', () => {
    const cause = new TypeError('Failed to fetch');
    const network = new NetworkError(HOST, target, cause);
    expect(network).toMatchObject({ name: 'NetworkError', host: HOST, endpoint: 'projects.get', method: 'GET', path: '/api/projects/1/', cause });
    expect(network.message).toBe(
      `Could not reach the API at ${HOST}. Check the address and your network, and that the server is running; an API on another site must also allow requests from this one (CORS).`,
    );
    const shape = new ResponseShapeError(target, 200, 'name: expected string.');
    expect(shape).toMatchObject({ name: 'ResponseShapeError', status: 200, endpoint: 'projects.get', method: 'GET', path: '/api/projects/1/' });
    expect(shape.message).toBe('Unexpected answer from GET /api/projects/1/ (projects.get): name: expected string.');
    expect(new NotConnectedError()).toMatchObject({ name: 'NotConnectedError', message: 'Not connected: enter a personal API key on the Connect page.' });
  });
});

describe('what a request carries', () => {
  it('GET by default, to the host, with the key in Authorization, JSON accepted, no cookies', async () => {
    const { call, sent } = consoleWith(json({ ok: true }));
    const signal = new AbortController().signal;
    expect(await apiRequest({ ...call, signal }, { ...get(), query: { fields: 'id' }, schema: ok })).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${HOST}/api/projects/1/?fields=id`);
    expect(sent[0]!.init).toMatchObject({ method: 'GET', credentials: 'omit', signal, body: undefined });
    expect(headersOf(sent[0]!)).toEqual({ Accept: 'application/json', Authorization: `Bearer ${KEY}` });
  });

  it('a body as JSON; the text as typed wins over it', async () => {
    const { call, sent } = consoleWith(new Response(null, { status: 204 }));
    await apiRequest(call, { ...get(), method: 'PATCH', body: { name: 'A' } });
    await apiRequest(call, { ...get(), method: 'POST', body: { name: 'A' }, bodyText: '{"name": "typed"' });
    await apiRequest(call, { ...get(), method: 'POST', bodyText: '' });
    expect(sent.map((s) => [s.init.method, s.init.body, headersOf(s)['Content-Type']])).toEqual([
      ['PATCH', '{"name":"A"}', 'application/json'],
      ['POST', '{"name": "typed"', 'application/json'],
      ['POST', '', 'application/json'],
    ]);
  });

  it('refuses to send without a key, unless the route takes none', async () => {
    const { call, sent, log } = consoleWith(json({ ok: true }), null);
    expect(await failure(apiRequest(call, get()))).toBeInstanceOf(NotConnectedError);
    expect(await failure(apiRequest(call, { ...get(), connection: { host: HOST, key: '' } }))).toBeInstanceOf(NotConnectedError);
    expect(sent).toHaveLength(0);
    await apiRequest(call, { endpoint: 'mock.info', path: '/__mock/info', auth: false, connection: { host: HOST, key: '' } });
    expect(sent[0]!.url).toBe(`${HOST}/__mock/info`);
    expect(headersOf(sent[0]!)).toEqual({ Accept: 'application/json' });
    expect(log()[0]).toMatchObject({ url: `${HOST}/__mock/info`, path: '/__mock/info', authenticated: false });
  });

  it('goes to this site’s own origin when no host is set', async () => {
    const { call, sent } = consoleWith(json({ ok: true }), null);
    await apiRequest(call, { endpoint: 'mock.info', path: '/__mock/info', auth: false });
    expect(sent[0]!.url).toBe(`${resolveHost('')}/__mock/info`);
    const stored = consoleWith(json({ ok: true }), { host: '' });
    await apiRequest(stored.call, get());
    expect(stored.sent[0]!.url).toBe(`${resolveHost('')}/api/projects/1/`);
  });

  it('sends no key where the route takes none, even while connected', async () => {
    const { call, sent, log } = consoleWith(json({ ok: true }));
    await apiRequest(call, { endpoint: 'mock.info', path: '/__mock/info', auth: false });
    expect(headersOf(sent[0]!).Authorization).toBeUndefined();
    expect(log()[0]!.authenticated).toBe(false);
  });

  it('a key being checked goes to its own host, with its own key', async () => {
    const { call, sent } = consoleWith(json({ ok: true }));
    await apiRequest(call, { ...get(), connection: { host: 'https://us.posthog.com', key: 'phx_checked' } });
    expect(sent[0]!.url).toBe('https://us.posthog.com/api/projects/1/');
    expect(headersOf(sent[0]!).Authorization).toBe('Bearer phx_checked');
  });

  it('carries the mock world: the stored one, or the checked key’s, never another host’s', async () => {
    const { call, sent } = consoleWith(json({ ok: true }), { world: 'qa-anna' });
    await apiRequest(call, get());
    await apiRequest(call, { ...get(), connection: { host: HOST, key: 'phx_x' } });
    await apiRequest(call, { ...get(), connection: { host: HOST, key: 'phx_x', world: 'qa-ben' } });
    await apiRequest(call, { ...get(), connection: { host: 'https://us.posthog.com', key: 'phx_x' } });
    await apiRequest(call, { ...get(), connection: { host: 'https://us.posthog.com', key: 'phx_x', world: 'qa-cy' } });
    expect(sent.map((s) => headersOf(s)['X-Mock-World'])).toEqual(['qa-anna', 'qa-anna', 'qa-ben', undefined, 'qa-cy']);
    const none = consoleWith(json({ ok: true }));
    await apiRequest(none.call, get());
    expect(headersOf(none.sent[0]!)).not.toHaveProperty('X-Mock-World');
  });
});

describe('an error answer', () => {
  it('is an ApiError with the API’s body, its request and the connection version', async () => {
    const { call, log } = consoleWith(json(apiBody('Ensure this field has no more than 200 characters.', { code: 'max_length', attr: 'name' }), { status: 400, statusText: 'Bad Request' }), {}, 7);
    const error = await failure(apiRequest(call, { ...get(), method: 'PATCH', body: { name: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      type: 'validation_error',
      code: 'max_length',
      detail: 'Ensure this field has no more than 200 characters.',
      attr: 'name',
      endpoint: 'projects.get',
      method: 'PATCH',
      path: '/api/projects/1/',
      connectionVersion: 7,
    });
    expect((error as ApiError).retryAfter).toBeUndefined();
    expect(log()[0]).toMatchObject({ status: 400, statusText: 'Bad Request', errorDetail: 'Ensure this field has no more than 200 characters.' });
  });

  it('from a checked key is of no stored connection (version -1)', async () => {
    const { call } = consoleWith(json(apiBody('Invalid personal API key.'), { status: 401 }), {}, 7);
    expect(await failure(apiRequest(call, { ...get(), connection: { host: HOST, key: 'phx_x' } }))).toMatchObject({ status: 401, connectionVersion: -1 });
  });

  it('reads Retry-After; a 429 without a readable one waits 5 s', async () => {
    const throttled = apiBody('Request was throttled.', { type: 'throttled_error', code: 'throttled' });
    expect(await failure(apiRequest(consoleWith(json(throttled, { status: 429, headers: { 'Retry-After': '7' } })).call, get()))).toMatchObject({ retryAfter: 7 });
    expect(await failure(apiRequest(consoleWith(json(throttled, { status: 429 })).call, get()))).toMatchObject({ retryAfter: 5 });
    expect(await failure(apiRequest(consoleWith(json(throttled, { status: 503, headers: { 'Retry-After': '2' } })).call, get()))).toMatchObject({ retryAfter: 2 });
    expect(await failure(apiRequest(consoleWith(new Response('', { status: 429 })).call, get()))).toMatchObject({ retryAfter: 5, code: 'http_error' });
  });

  it('words a session-only refusal as the action it is, with the API’s sentence', async () => {
    const refusal = { type: 'authentication_error', code: 'permission_denied', detail: ' This action does not support personal API key access ', attr: null };
    const error = await failure(apiRequest(consoleWith(json(refusal, { status: 403 })).call, { ...get(), endpoint: 'projects.resetToken', method: 'PATCH' }));
    expect(error).toMatchObject({ status: 403, code: 'permission_denied' });
    expect((error as ApiError).detail).toBe(
      "The production service does not let personal API keys reset the project API key: this action needs PostHog's web app, signed in with your account. (The API answered: This action does not support personal API key access.)",
    );
    const dotted = await failure(
      apiRequest(consoleWith(json({ ...refusal, detail: 'This action does not support personal API key access.' }, { status: 403 })).call, { ...get(), endpoint: 'projects.activity' }),
    );
    expect((dotted as ApiError).detail).toMatch(/read the project activity feed: .*\(The API answered: This action does not support personal API key access\.\)$/);
    // An action not known as session-only keeps the API's sentence, and so does another refusal of one.
    expect(await failure(apiRequest(consoleWith(json(refusal, { status: 403 })).call, get()))).toMatchObject({ detail: refusal.detail });
    const scope = { ...refusal, detail: "API key missing required scope 'project:write'" };
    expect(await failure(apiRequest(consoleWith(json(scope, { status: 403 })).call, { ...get(), endpoint: 'projects.resetToken' }))).toMatchObject({
      detail: scope.detail,
    });
  });

  it('reads a non-standard body’s sentence: `detail`, else `error`', async () => {
    const cases: Array<[number, unknown, Partial<ApiError>]> = [
      [401, { detail: ' Invalid token. ' }, { type: 'authentication_error', code: 'authentication_failed', detail: 'Invalid token.' }],
      [403, { error: 'Forbidden here' }, { type: 'authentication_error', code: 'permission_denied', detail: 'Forbidden here' }],
      [500, { detail: '  ', error: ' Boom ' }, { type: 'server_error', code: 'error', detail: 'Boom' }],
      [502, { detail: 3, error: 'Gateway' }, { type: 'server_error', code: 'error', detail: 'Gateway' }],
      [404, { detail: 'Not found.' }, { type: 'invalid_request', code: 'error', detail: 'Not found.' }],
      [499, { error: 'Closed' }, { type: 'invalid_request', code: 'error', detail: 'Closed' }],
      [405, { detail: 'Method "DELETE" not allowed here.' }, { type: 'invalid_request', code: 'error', detail: 'Method "DELETE" not allowed here.' }],
    ];
    for (const [status, body, expected] of cases) {
      expect(await failure(apiRequest(consoleWith(json(body, { status })).call, get()))).toMatchObject({ status, ...expected });
    }
  });

  it('words an empty 405 as the method not allowed (the dashboard DELETE)', async () => {
    const error = await failure(apiRequest(consoleWith(new Response(null, { status: 405 })).call, { ...get(), method: 'DELETE' }));
    expect(error).toMatchObject({ status: 405, type: 'invalid_request', code: 'method_not_allowed', detail: 'Method "DELETE" not allowed.' });
  });

  it('words any other body by its status and kind (a proxy or gateway may have answered)', async () => {
    const cases: Array<[Response, string, string]> = [
      [new Response('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }), 'server_error', '502 Bad Gateway with an HTML page'],
      [new Response('  <!DOCTYPE html><p>x</p>', { status: 500 }), 'server_error', '500 with an HTML page'],
      [new Response('<HTML></HTML>', { status: 404, statusText: 'Not Found' }), 'invalid_request', '404 Not Found with an HTML page'],
      [new Response('oops', { status: 400, headers: { 'Content-Type': 'text/plain' } }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('<p>not a page</p>', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('see <html> below', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('{"detail": 3, "error": " "}', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('{"error": 5}', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('"Bad request"', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('[1, 2]', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('null', { status: 400 }), 'invalid_request', '400 with a body that is not the API’s error format'],
      [new Response('', { status: 503, statusText: 'Service Unavailable' }), 'server_error', '503 Service Unavailable with an empty body'],
      [new Response('', { status: 499 }), 'invalid_request', '499 with an empty body'],
    ];
    for (const [answer, type, said] of cases) {
      const error = await failure(apiRequest(consoleWith(answer).call, get()));
      expect(error).toMatchObject({ type, code: 'http_error', detail: `The server answered ${said} (a proxy or gateway in front of the API may have answered).` });
    }
  });
});

describe('no answer', () => {
  it('is a NetworkError naming the host, logged without a status', async () => {
    const cause = new TypeError('Failed to fetch');
    const { call, log } = consoleWith(() => Promise.reject(cause));
    const error = await failure(apiRequest(call, get()));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ host: HOST, endpoint: 'projects.get', path: '/api/projects/1/', cause });
    expect(log()).toHaveLength(1);
    expect(log()[0]).toMatchObject({ status: null, responseBody: null, errorDetail: (error as Error).message });
    expect(log()[0]).not.toHaveProperty('cancelled');
    expect(log()[0]).not.toHaveProperty('statusText');
  });

  it('a cancel is rethrown as it is and logged as cancelled', async () => {
    const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    const { call, log } = consoleWith(() => Promise.reject(abort));
    expect(await failure(apiRequest(call, get()))).toBe(abort);
    expect(log()[0]).toMatchObject({ status: null, cancelled: true, errorDetail: CANCELLED_DETAIL });

    // Whatever the transport throws once the call's signal is aborted.
    const controller = new AbortController();
    const aborted = consoleWith(() => {
      controller.abort();
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    expect(await failure(apiRequest({ ...aborted.call, signal: controller.signal }, get()))).toBeInstanceOf(TypeError);
    expect(aborted.log()[0]).toMatchObject({ cancelled: true, errorDetail: CANCELLED_DETAIL });
  });

  it('an answer whose body cannot be read is no answer', async () => {
    const { call } = consoleWith(() => Promise.resolve({ ok: true, status: 200, text: () => Promise.reject(new TypeError('network error')) } as unknown as Response));
    expect(await failure(apiRequest(call, get()))).toBeInstanceOf(NetworkError);
  });
});

describe('a successful answer', () => {
  it('without a schema is nothing (204)', async () => {
    expect(await apiRequest(consoleWith(new Response(null, { status: 204 })).call, { ...get(), method: 'DELETE' })).toBeUndefined();
    expect(await apiRequest(consoleWith(json({ ok: true })).call, get())).toBeUndefined();
  });

  it('is parsed with the contract (unknown fields dropped)', async () => {
    expect(await apiRequest(consoleWith(json({ ok: true, extra: 1 })).call, { ...get(), schema: ok })).toEqual({ ok: true });
  });

  it('of the wrong shape is a ResponseShapeError saying where, also in the log', async () => {
    const schema = z.object({ a: z.object({ b: z.string(), c: z.string(), d: z.string() }) });
    const cases: Array<[Response, z.ZodMiniType, RegExp]> = [
      [new Response(''), ok, /: the body is empty, but the contract expects JSON\.$/],
      [new Response('{"ok": tru'), ok, /: the body is not JSON\.$/],
      [new Response('<!doctype html><html></html>'), ok, /: it is an HTML page, not JSON\. Is the API host right\?$/],
      [new Response('Welcome', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }), ok, /HTML page, not JSON/],
      [json({ a: { b: 1, c: 'x', d: 'y' } }), schema, /\(projects\.get\): a\.b: Invalid input\.$/],
      [json({ a: { b: 1, c: 2, d: 'y' } }), schema, /: a\.b: .* \(and 1 more problem\)\.$/],
      [json({ a: { b: 1, c: 2, d: 3 } }), schema, /: a\.b: .* \(and 2 more problems\)\.$/],
      [json([1]), ok, /\(projects\.get\): the body: Invalid input\.$/],
    ];
    for (const [answer, shape, said] of cases) {
      const { call, log } = consoleWith(answer);
      const error = await failure(apiRequest(call, { ...get(), schema: shape }));
      expect(error).toBeInstanceOf(ResponseShapeError);
      expect((error as Error).message).toMatch(/^Unexpected answer from GET \/api\/projects\/1\/ \(projects\.get\): /);
      expect((error as Error).message).toMatch(said);
      expect(log()).toHaveLength(1);
      expect(log()[0]).toMatchObject({ status: 200, errorDetail: (error as Error).message });
    }
  });
});

describe('the request log', () => {
  it('records the request and its answer as sent and received', async () => {
    const before = Date.now();
    const { call, log } = consoleWith(json({ ok: true }, { statusText: 'OK', headers: { 'X-Trace': 't1' } }), { world: 'qa-anna' });
    await apiRequest(call, { ...get(), method: 'PATCH', query: { a: 1 }, body: { name: 'A' }, schema: ok });
    const [entry] = log();
    expect(entry).toMatchObject({
      method: 'PATCH',
      url: `${HOST}/api/projects/1/?a=1`,
      path: '/api/projects/1/?a=1',
      status: 200,
      statusText: 'OK',
      requestBody: { name: 'A' },
      requestBodyText: '{"name":"A"}',
      authenticated: true,
      responseBody: { ok: true },
      errorDetail: null,
    });
    expect(entry!.requestHeaders).toEqual([
      ['Accept', 'application/json'],
      ['Content-Type', 'application/json'],
      ['X-Mock-World', 'qa-anna'],
    ]);
    expect(entry!.responseHeaders).toContainEqual(['x-trace', 't1']);
    // How long it took (a fake transport answers at once).
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry!.durationMs).toBeLessThan(60_000);
    expect(Date.parse(entry!.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(entry).not.toHaveProperty('cancelled');
    expect(entry).not.toHaveProperty('negativeTest');
  });

  it('keeps a body that is not JSON as text, and none as null', async () => {
    const { call, log } = consoleWith(new Response('plain words'));
    await apiRequest(call, { ...get(), method: 'POST', bodyText: 'not json' });
    await apiRequest(call, get());
    expect(log()[1]).toMatchObject({ requestBody: 'not json', requestBodyText: 'not json', responseBody: 'plain words' });
    expect(log()[0]).toMatchObject({ requestBody: null, requestBodyText: null });
    const empty = consoleWith(new Response(null, { status: 204 }));
    await apiRequest(empty.call, get());
    expect(empty.log()[0]!.responseBody).toBeNull();
  });

  it('marks a negative test', async () => {
    const { call, log } = consoleWith(json({ ok: true }));
    await apiRequest(call, { ...get(), negativeTest: true });
    expect(log()[0]!.negativeTest).toBe(true);
  });

  it('never holds a key: the stored one or the one being checked, wherever an answer echoes it', async () => {
    const echo = (key: string) =>
      json(apiBody(`Key ${key} refused`), { status: 400, headers: { 'X-Echo': key } });
    const { call, log } = consoleWith(() => Promise.resolve(echo(KEY)));
    await failure(apiRequest(call, { ...get(), path: `/api/keys/${KEY}`, query: { key: KEY }, body: { note: KEY } }));
    const checked = consoleWith(() => Promise.resolve(echo('phx_checked')));
    await failure(apiRequest(checked.call, { ...get(), connection: { host: HOST, key: 'phx_checked' }, body: { note: 'phx_checked' } }));
    // A key the route does not send is still never logged.
    const unsent = consoleWith(() => Promise.resolve(json({ keys: [KEY] })));
    await apiRequest(unsent.call, { endpoint: 'mock.info', path: '/__mock/info', auth: false });
    for (const entries of [log(), checked.log(), unsent.log()]) {
      const serialized = JSON.stringify(entries);
      expect(serialized).not.toContain('phx_');
      expect(serialized).toContain('[redacted API key]');
      expect(serialized).not.toMatch(/authorization|bearer/i);
    }
    expect(log()[0]).toMatchObject({
      url: `${HOST}/api/keys/[redacted API key]/?key=[redacted API key]`,
      path: '/api/keys/[redacted API key]/?key=[redacted API key]',
      requestBody: { note: '[redacted API key]' },
      errorDetail: 'Key [redacted API key] refused',
    });
    expect(log()[0]!.responseHeaders).toContainEqual(['x-echo', '[redacted API key]']);
  });

  it('never holds the key in a shape error either', async () => {
    const { call, log } = consoleWith(json({ [KEY]: 1 }));
    const error = await failure(apiRequest(call, { ...get(), path: `/api/keys/${KEY}`, schema: ok }));
    expect((error as Error).message).toContain(KEY);
    expect(log()[0]!.errorDetail).toBe((error as Error).message.split(KEY).join('[redacted API key]'));
  });
});

describe('apiExchange (the explorer’s answer as it came)', () => {
  it('hands back an error status as an answer, with its headers and JSON body', async () => {
    const { call, log } = consoleWith(json(apiBody('Blank.'), { status: 400, statusText: 'Bad Request', headers: { 'X-Trace': 't' } }));
    const exchange = await apiExchange(call, { ...get(), method: 'POST', body: { name: '' } });
    expect(exchange).toMatchObject({ status: 400, statusText: 'Bad Request', body: apiBody('Blank.'), json: true, path: '/api/projects/1/' });
    expect(exchange.headers).toContainEqual(['x-trace', 't']);
    expect(exchange.durationMs).toBeGreaterThanOrEqual(0);
    expect(exchange.durationMs).toBeLessThan(60_000);
    expect(log()[0]).toMatchObject({ status: 400, errorDetail: 'Blank.' });
  });

  it('a body that is not JSON as text, an empty one as null; a success logs no error', async () => {
    const text = consoleWith(new Response('<html></html>', { status: 200 }));
    expect(await apiExchange(text.call, get())).toMatchObject({ status: 200, body: '<html></html>', json: false });
    expect(text.log()[0]!.errorDetail).toBeNull();
    expect(await apiExchange(consoleWith(new Response(null, { status: 204 })).call, get())).toMatchObject({ status: 204, body: null, json: true });
  });

  it('redacts a key the answer echoes, in its body and headers', async () => {
    const { call } = consoleWith(json({ key: KEY }, { headers: { 'X-Echo': KEY } }));
    const exchange = await apiExchange(call, get());
    expect(exchange.body).toEqual({ key: '[redacted API key]' });
    expect(exchange.headers).toContainEqual(['x-echo', '[redacted API key]']);
  });

  it('throws only when there is no answer', async () => {
    expect(await failure(apiExchange(consoleWith(() => Promise.reject(new TypeError('x'))).call, get()))).toBeInstanceOf(NetworkError);
    expect(await failure(apiExchange(consoleWith(json({}), null).call, get()))).toBeInstanceOf(NotConnectedError);
  });
});
