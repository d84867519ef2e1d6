/**
 * The console's one fetch wrapper: base URL from the connection, `Authorization: Bearer <key>`,
 * JSON bodies, the trailing slash on every `/api/` path, an AbortSignal on every call, every
 * response parsed with src/contract/schemas.ts, and every call written to the request log.
 */
import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { errorBodySchema } from '../../contract/error-body.ts';
import { mockWorldHeader } from '../../contract/mock-world.ts';
import { type Connection } from '../runtime/connection-storage.ts';
import { resolveHost } from './host.ts';
import { UNREADABLE_RETRY_AFTER_SECONDS } from './rate-limit.ts';
import { CANCELLED_DETAIL } from '../runtime/request-log.ts';
import { runtimeOf } from '../runtime/runtime.ts';
import { isSessionOnlyRefusal, sessionOnlyReasonFor } from './session-only.ts';

import type { HttpMethod } from '../../contract/scopes.ts';

export type { HttpMethod };
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Where a request went, carried by every error so messages can name it. */
export interface RequestTarget {
  /** A stable name of the endpoint, e.g. `dashboards.list` (as in src/contract/scopes.ts). */
  endpoint: string;
  method: HttpMethod;
  /** Path with the query. */
  path: string;
}

/** An error answered by the API (or by something in front of it), with the API's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** `validation_error`, `authentication_error`, `invalid_request`, `server_error`, `throttled_error`, … */
  readonly type: string;
  /** `permission_denied`, `not_found`, `max_length`, … (`http_error` when the body was not the API's). */
  readonly code: string;
  /** The API's sentence, safe to show as it is. */
  readonly detail: string;
  /** The field a validation error names (a nested field joined with `__`, API.md §2.1), else null. */
  readonly attr: string | null;
  /** Seconds from `Retry-After` (429), when sent; a 429 without a readable one says 5 (UNREADABLE_RETRY_AFTER_SECONDS). */
  readonly retryAfter?: number;
  readonly endpoint: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** The connection version the request was sent under (a 401 from an old key is not the current key's). */
  readonly connectionVersion: number;

  constructor(init: {
    status: number;
    type: string;
    code: string;
    detail: string;
    attr?: string | null;
    retryAfter?: number;
    target: RequestTarget;
    connectionVersion?: number;
  }) {
    super(init.detail);
    this.status = init.status;
    this.type = init.type;
    this.code = init.code;
    this.detail = init.detail;
    this.attr = init.attr ?? null;
    this.retryAfter = init.retryAfter;
    this.endpoint = init.target.endpoint;
    this.method = init.target.method;
    this.path = init.target.path;
    this.connectionVersion = init.connectionVersion ?? -1;
  }
}

/** No response at all: wrong host, server down, offline, or a cross-site request the API does not allow. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** The origin the request was meant for. */
  readonly host: string;
  readonly endpoint: string;
  readonly method: HttpMethod;
  readonly path: string;

  constructor(host: string, target: RequestTarget, cause?: unknown) {
    super(
      `Could not reach the API at ${host}. Check the address and your network, and that the server is running; ` +
        'an API on another site must also allow requests from this one (CORS).',
      { cause },
    );
    this.host = host;
    this.endpoint = target.endpoint;
    this.method = target.method;
    this.path = target.path;
  }
}

/** The API answered, but not in the shape src/contract/schemas.ts expects. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly endpoint: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;

  constructor(target: RequestTarget, status: number, problem: string) {
    super(`Unexpected answer from ${target.method} ${target.path} (${target.endpoint}): ${problem}`);
    this.endpoint = target.endpoint;
    this.method = target.method;
    this.path = target.path;
    this.status = status;
  }
}

/** A call that needs a key was made while disconnected. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
  constructor() {
    super('Not connected: enter a personal API key on the Connect page.');
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * What a request runs under: the QueryClient of its console, whose runtime (src/api/runtime/runtime.ts) gives
 * the connection and the request log, and the call's cancel signal. The context React Query hands a
 * query function (`{ client, signal }`) or a mutation function (`{ client }`) is one as it is.
 */
export interface ApiCall {
  client: QueryClient;
  signal?: AbortSignal;
}

export interface RequestOptions {
  /** Endpoint name for messages and the log, e.g. `projects.get`. */
  endpoint: string;
  method?: HttpMethod;
  /** `/api/...` (a trailing slash is added) or `/__mock/...` (sent as given). */
  path: string;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Use this connection instead of the stored one (Connect checks a key before saving it). */
  connection?: Pick<Connection, 'host' | 'key' | 'world'>;
  /** Send the key (default). The mock's `/__mock/` routes take none. */
  auth?: boolean;
  /** The body exactly as typed (the API explorer's negative tests send what is not JSON too); wins over `body`. */
  bodyText?: string;
  /** Sent on purpose against the contract (the explorer's `Send it anyway`): the log marks it `negative test`. */
  negativeTest?: boolean;
}

/** `/api/x` → `/api/x/`, plus the query string. */
export function buildPath(path: string, query?: QueryParams): string {
  const withSlash = path.startsWith('/api/') && !path.endsWith('/') ? `${path}/` : path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${withSlash}?${search}` : withSlash;
}

/** `Retry-After` as seconds: an integer, or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const REDACTED = '[redacted API key]';

/** Replaces every given key (none empty) in `text` (the log never holds a key, even one an answer echoes). */
function redact(text: string, keys: ReadonlyArray<string>): string {
  let result = text;
  for (const key of keys) result = result.split(key).join(REDACTED);
  return result;
}

function bodyForLog(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  return (contentType ?? '').includes('html') || /^\s*<(!doctype|html)/i.test(text);
}

/** The sentence of a body that is not the standard one: its `detail` when a string, else its `error`. */
function otherErrorBody(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const { detail, error } = json as { detail?: unknown; error?: unknown };
  if (typeof detail === 'string' && detail.trim()) return detail.trim();
  if (typeof error === 'string' && error.trim()) return error.trim();
  return null;
}

function errorFromResponse(
  status: number,
  statusText: string,
  text: string,
  headers: Headers,
  target: RequestTarget,
  connectionVersion: number,
): ApiError {
  const retryAfter = parseRetryAfter(headers.get('Retry-After')) ?? (status === 429 ? UNREADABLE_RETRY_AFTER_SECONDS : undefined);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: worded below from the status and the kind of body.
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const body = parsed.data;
    if (isSessionOnlyRefusal(status, body.detail)) {
      // Production keeps this action for browser sessions (API.md §1.2): say so in words.
      const reason = sessionOnlyReasonFor(target.endpoint);
      const detail = reason ? `${reason} (The API answered: ${body.detail.trim().replace(/\.?$/, '.')})` : body.detail;
      return new ApiError({ status, ...body, detail, retryAfter, target, connectionVersion });
    }
    return new ApiError({ status, ...body, retryAfter, target, connectionVersion });
  }
  const other = otherErrorBody(json);
  if (other !== null) {
    // The non-standard bodies of API.md §2.2: `{"error": "…"}`, or a bare `{"detail": "…"}`.
    return new ApiError({
      status,
      type: status === 401 || status === 403 ? 'authentication_error' : status >= 500 ? 'server_error' : 'invalid_request',
      code: status === 401 ? 'authentication_failed' : status === 403 ? 'permission_denied' : 'error',
      detail: other,
      retryAfter,
      target,
      connectionVersion,
    });
  }
  if (status === 405) {
    // Dashboards answer DELETE with an empty 405 (API.md §5 #9).
    return new ApiError({
      status,
      type: 'invalid_request',
      code: 'method_not_allowed',
      detail: `Method "${target.method}" not allowed.`,
      retryAfter,
      target,
      connectionVersion,
    });
  }
  const statusLine = `${status}${statusText ? ` ${statusText}` : ''}`;
  const what = !text
    ? 'an empty body'
    : looksLikeHtml(text, headers.get('Content-Type'))
      ? 'an HTML page'
      : 'a body that is not the API’s error format';
  return new ApiError({
    status,
    type: status >= 500 ? 'server_error' : 'invalid_request',
    code: 'http_error',
    detail: `The server answered ${statusLine} with ${what} (a proxy or gateway in front of the API may have answered).`,
    retryAfter,
    target,
    connectionVersion,
  });
}

function describeIssue(issues: ReadonlyArray<z.core.$ZodIssue>): string {
  const first = issues[0];
  if (!first) return 'the response does not match the contract.';
  const where = first.path.length ? first.path.map(String).join('.') : 'the body';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${where}: ${first.message}${more}.`;
}

/** A request on its way: what `apiRequest` and `apiExchange` share (the URL, the key, the log). */
interface Sent {
  response: Response;
  text: string;
  target: RequestTarget;
  connectionVersion: number;
  secrets: string[];
  log: (status: number | null, responseText: string | null, errorDetail: string | null, answer?: Response) => number;
  durationMs: () => number;
}

/** Sends the request and reads its answer's text; a network failure or a cancel is logged and thrown. */
async function send(call: ApiCall, options: RequestOptions): Promise<Sent> {
  const method = options.method ?? 'GET';
  const auth = options.auth ?? true;
  const { signal } = call;
  const { connection: store, requestLog, transport = fetch } = runtimeOf(call.client);
  const connectionState = store.getState();
  const connection = options.connection ?? connectionState.connection;
  if (auth && !connection?.key) throw new NotConnectedError();
  const key = auth ? connection?.key : undefined;
  // Both the key of this call and the stored one, whether or not this call sends a key.
  const secrets = [options.connection?.key, connectionState.connection?.key].filter((k): k is string => !!k);
  const connectionVersion = options.connection ? -1 : connectionState.version;

  const host = resolveHost(connection?.host ?? '');
  const path = buildPath(options.path, options.query);
  const url = `${host}${path}`;
  const target: RequestTarget = { endpoint: options.endpoint, method, path };

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  let bodyText: string | undefined;
  if (options.bodyText !== undefined) {
    bodyText = options.bodyText;
    headers['Content-Type'] = 'application/json';
  } else if (options.body !== undefined) {
    bodyText = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  // The mock's world (API.md §9): on every request, so the log, curl, HAR and script reproduce it.
  // A key checked on another host carries no world of this one (production's CORS would refuse the header).
  const sameHostAsStored = options.connection?.host === connectionState.connection?.host;
  const world = options.connection
    ? (options.connection.world ?? (sameHostAsStored ? connectionState.connection?.world : undefined))
    : connection?.world;
  if (world) headers[mockWorldHeader] = world;

  const startedAt = new Date().toISOString();
  const started = performance.now();
  const log = (status: number | null, responseText: string | null, errorDetail: string | null, answer?: Response, cancelled = false) =>
    requestLog.add({
      method,
      url: redact(url, secrets),
      path: redact(path, secrets),
      status,
      durationMs: Math.round(performance.now() - started),
      startedAt,
      requestBody: bodyText === undefined ? null : bodyForLog(redact(bodyText, secrets)),
      requestBodyText: bodyText === undefined ? null : redact(bodyText, secrets),
      authenticated: key !== undefined,
      requestHeaders: Object.entries(headers).filter(([name]) => name !== 'Authorization'),
      responseBody: responseText === null ? null : bodyForLog(redact(responseText, secrets)),
      errorDetail: errorDetail === null ? null : redact(errorDetail, secrets),
      ...(cancelled && { cancelled: true }),
      ...(options.negativeTest && { negativeTest: true }),
      ...(answer && { statusText: answer.statusText, responseHeaders: [...answer.headers].map(([n, v]) => [n, redact(v, secrets)] as const) }),
    });

  let response: Response;
  let text: string;
  try {
    // The key travels in `Authorization` only: never cookies, on this site or another (API.md §1.5).
    response = await transport(url, { method, headers, body: bodyText, signal, credentials: 'omit' });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
      log(null, null, CANCELLED_DETAIL, undefined, true);
      throw error;
    }
    const networkError = new NetworkError(host, target, error);
    log(null, null, networkError.message);
    throw networkError;
  }
  return { response, text, target, connectionVersion, secrets, log, durationMs: () => Math.round(performance.now() - started) };
}

/**
 * Sends one request and parses the answer with `schema`.
 * Throws ApiError (the API said no), NetworkError (no answer), ResponseShapeError (wrong shape),
 * NotConnectedError, or the AbortError of a cancelled call.
 */
export async function apiRequest<S extends z.ZodMiniType>(call: ApiCall, options: RequestOptions & { schema: S }): Promise<z.output<S>>;
/** A request whose answer has no body (204). */
export async function apiRequest(call: ApiCall, options: RequestOptions & { schema?: undefined }): Promise<void>;
export async function apiRequest(call: ApiCall, options: RequestOptions & { schema?: z.ZodMiniType }): Promise<unknown> {
  const { response, text, target, connectionVersion, secrets, log } = await send(call, options);
  const { requestLog } = runtimeOf(call.client);

  if (!response.ok) {
    const apiError = errorFromResponse(response.status, response.statusText, text, response.headers, target, connectionVersion);
    log(response.status, text, apiError.detail, response);
    throw apiError;
  }

  const logId = log(response.status, text, null, response);
  if (!options.schema) return undefined;

  const fail = (problem: string): never => {
    const shapeError = new ResponseShapeError(target, response.status, problem);
    requestLog.update(logId, { errorDetail: redact(shapeError.message, secrets) });
    throw shapeError;
  };
  if (!text) return fail('the body is empty, but the contract expects JSON.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(
      looksLikeHtml(text, response.headers.get('Content-Type'))
        ? 'it is an HTML page, not JSON. Is the API host right?'
        : 'the body is not JSON.',
    );
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) return fail(describeIssue(parsed.error.issues));
  return parsed.data;
}

/** An answer as it came, whatever its status: what the API explorer and the contract check show. */
export interface Exchange {
  status: number;
  statusText: string;
  /** The response headers the page could read, as `[name, value]` pairs (a key echoed in one is redacted). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The body: parsed JSON, the text when it was not JSON, or null when empty (a key echoed in it is redacted). */
  body: unknown;
  /** Whether the body was JSON (or empty). */
  json: boolean;
  durationMs: number;
  /** The request as sent (path with its query). */
  path: string;
}

/**
 * Sends one request through the same wrapper as every page (the key, the world, the log) and hands
 * back the answer as it came: an error status is an answer here, not a throw (the explorer shows a
 * refusal as it is). Throws only NetworkError, NotConnectedError or the AbortError of a cancel.
 */
export async function apiExchange(call: ApiCall, options: RequestOptions): Promise<Exchange> {
  const { response, text, target, connectionVersion, secrets, log, durationMs } = await send(call, options);
  const detail = response.ok ? null : errorFromResponse(response.status, response.statusText, text, response.headers, target, connectionVersion).detail;
  const took = durationMs();
  log(response.status, text, detail, response);
  const clean = redact(text, secrets);
  let body: unknown = null;
  let json = true;
  if (clean) {
    try {
      body = JSON.parse(clean) as unknown;
    } catch {
      body = clean;
      json = false;
    }
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers].map(([name, value]) => [name, redact(value, secrets)] as const),
    body,
    json,
    durationMs: took,
    path: target.path,
  };
}
