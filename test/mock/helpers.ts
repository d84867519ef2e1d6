/** Shared by the API tests: one seeded store per file behind msw/node, and a small client with a key. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type * as z from 'zod/mini';
import { errorBodySchema } from '../../src/contract/errors.ts';
import {
  activityDetailSchema,
  activityEntrySchema,
  basicOrganizationSchema,
  dashboardListItemSchema,
  dashboardSchema,
  insightSchema,
  meSchema,
  memberSchema,
  organizationSchema,
  personalApiKeySchema,
  projectListItemSchema,
  projectSchema,
  teamSchema,
  textSchema,
  tileSchema,
  userSchema,
} from '../../src/contract/schemas.ts';
import { collaboratorSchema, sharePasswordSchema, sharingConfigurationSchema } from '../../src/contract/dashboard-sharing.ts';
import { Store } from '../../src/mock/store/db.ts';
import { apiHandlers } from '../../src/mock/handlers/api.ts';
import { sharedPageHandler } from '../../src/mock/handlers/shared-page.ts';
import { seedData } from '../../src/mock/store/seed.ts';

export { seedIds } from '../../src/mock/store/seed.ts';

export const origin = 'http://localhost';
export const keys = { admin: 'phx_demo_admin', member: 'phx_demo_member', readonly: 'phx_demo_readonly' } as const;

const seed = seedData();

/**
 * Starts msw/node over one store for the file; the store is the seed again before each test
 * (reloaded only after a change, which keeps read-only tests fast). A test that edits records
 * directly, bypassing the store's methods, must put them back itself.
 */
export function setupMockApi(): { store: () => Store } {
  const store = new Store(seed);
  let changed = false;
  store.subscribe(() => {
    changed = true;
  });
  const server = setupServer(...apiHandlers(store), ...sharedPageHandler(store));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    if (!changed) return;
    store.replace(seed);
    changed = false;
  });
  afterAll(() => server.close());
  return { store: () => store };
}

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is empty. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  /** A JSON value to send (serialized here). */
  json?: unknown;
  /** A body to send as is. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The Authorization header; null sends none. Defaults to the client's key. */
  authorization?: string | null;
}

export async function request(method: string, path: string, key: string | null, options: RequestOptions = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { ...options.headers };
  const authorization = options.authorization === undefined ? (key === null ? null : `Bearer ${key}`) : options.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw as BodyInit;
    // A raw body is JSON text unless the test names its type (`fetch` would say text/plain).
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${origin}${path}`, { method, headers, body });
  const text = await response.text();
  for (const listener of onResponse) listener({ method, path, status: response.status, headers: response.headers, text });
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
}

// ---------- opt-in response observer (used by `npm run test:production-schema`) ----------

/** One request made through `request(...)` and the mock's answer, as the observer sees it. */
export interface ObservedResponse {
  method: string;
  /** The path with its query, as requested. */
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Listeners called with every answer `request(...)` gets. Empty unless a setup file adds one. */
export const onResponse: Array<(response: ObservedResponse) => void> = [];

/** A client for one key. */
export function client(key: string | null) {
  return {
    get: (path: string, options?: RequestOptions) => request('GET', path, key, options),
    post: (path: string, json?: unknown, options?: RequestOptions) => request('POST', path, key, { json, ...options }),
    patch: (path: string, json?: unknown, options?: RequestOptions) => request('PATCH', path, key, { json, ...options }),
    put: (path: string, json?: unknown, options?: RequestOptions) => request('PUT', path, key, { json, ...options }),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, key, options),
    send: (method: string, path: string, options?: RequestOptions) => request(method, path, key, options),
  };
}

export const admin = client(keys.admin);
export const member = client(keys.member);
export const readonly = client(keys.readonly);

/** Asserts the exact error of API.md §2. */
export function expectError(result: ApiResult, status: number, type: string, code: string, detail?: string | RegExp, attr: string | null = null) {
  expect(result.status, result.text).toBe(status);
  expect(errorBodySchema.parse(result.body)).toBeTruthy();
  expect(result.body.type).toBe(type);
  expect(result.body.code).toBe(code);
  if (typeof detail === 'string') expect(result.body.detail).toBe(detail);
  else if (detail) expect(result.body.detail).toMatch(detail);
  expect(result.body.attr).toBe(attr);
  expect(Object.keys(result.body).sort()).toEqual(['attr', 'code', 'detail', 'type']);
  expect(result.headers.get('content-type')).toContain('application/json');
}

/** A 400 field or rule error (`validation_error`). */
export function expectValidation(result: ApiResult, code: string, attr: string | null, detail?: string | RegExp) {
  expectError(result, 400, 'validation_error', code, detail, attr);
}

/** Parses with a contract schema (throws on a mismatch) and returns the parsed value. */
export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Response does not match the contract: ${result.error.message}\n${JSON.stringify(value).slice(0, 500)}`);
  return result.data;
}

export function expectKeys(value: unknown, expected: ReadonlyArray<string>) {
  expect(value).toBeTypeOf('object');
  expect(Object.keys(value as object).sort()).toEqual([...expected].sort());
}

export const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

// ---------- the key sets of API.md §4, taken from the contract's schemas ----------

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);

export const userKeys = keysOf(userSchema);
export const dashboardListKeys = keysOf(dashboardListItemSchema);
export const dashboardKeys = keysOf(dashboardSchema);
export const tileKeys = keysOf(tileSchema);
export const collaboratorKeys = keysOf(collaboratorSchema);
export const sharingKeys = keysOf(sharingConfigurationSchema);
export const insightKeys = keysOf(insightSchema);
export const textKeys = keysOf(textSchema);
export const sharePasswordKeys = keysOf(sharePasswordSchema);
export const envelopeKeys = ['count', 'next', 'previous', 'results'];
export const projectListKeys = keysOf(projectListItemSchema);
export const projectKeys = keysOf(projectSchema);
/** §6.2: the action answers add `project_id`. */
export const projectActionKeys = [...projectKeys, 'project_id'];
export const teamKeys = keysOf(teamSchema);
export const organizationKeys = keysOf(organizationSchema);
export const basicOrganizationKeys = keysOf(basicOrganizationSchema);
export const memberKeys = keysOf(memberSchema);
export const meKeys = keysOf(meSchema);
export const personalApiKeyKeys = keysOf(personalApiKeySchema);
export const activityKeys = keysOf(activityEntrySchema);
export const activityDetailKeys = keysOf(activityDetailSchema);

/** Asserts the keys in exactly this order (production's order, §4). */
export function expectKeysInOrder(value: unknown, expected: ReadonlyArray<string>) {
  expect(Object.keys(value as object)).toEqual([...expected]);
}

/** Every page of a dashboard list, following the numbers (as the console does). */
export async function allDashboards(projectId: number | string, key: string = keys.admin, query = '') {
  const results = [];
  let offset = 0;
  for (;;) {
    const page = await request('GET', `/api/projects/${projectId}/dashboards/?limit=100&offset=${offset}${query}`, key);
    expect(page.status).toBe(200);
    results.push(...page.body.results);
    offset += page.body.results.length;
    if (offset >= page.body.count || page.body.results.length === 0) return results;
  }
}
