/** Shared by the API tests: one seeded store per file behind msw/node, and a small client with a key. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type * as z from 'zod/mini';
import { errorBodySchema } from '../../src/contract/errors.ts';
import { Store } from '../../src/mock/db.ts';
import { apiHandlers } from '../../src/mock/handlers/api.ts';
import { seedData } from '../../src/mock/seed.ts';

export { seedIds } from '../../src/mock/seed.ts';

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
  const server = setupServer(...apiHandlers(store));
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
  } else if (options.raw !== undefined) body = options.raw as BodyInit;
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

// ---------- the key sets of API.md §4, written out as the contract lists them ----------

export const userKeys = [
  'id', 'uuid', 'distinct_id', 'first_name', 'last_name', 'email', 'is_email_verified', 'hedgehog_config', 'role_at_organization',
];
export const dashboardListKeys = [
  'id', 'name', 'description', 'pinned', 'created_at', 'created_by', 'is_shared', 'deleted', 'creation_mode', 'tags',
  'restriction_level', 'effective_restriction_level', 'effective_privilege_level',
];
export const dashboardKeys = [...dashboardListKeys, 'filters', 'variables', 'tiles', 'use_template', 'use_dashboard', 'delete_insights'];
export const tileKeys = ['id', 'insight', 'text', 'layouts', 'color'];
export const collaboratorKeys = ['id', 'dashboard_id', 'user', 'level', 'added_at', 'updated_at'];
export const sharingKeys = ['created_at', 'enabled', 'access_token'];
export const envelopeKeys = ['count', 'next', 'previous', 'results'];
export const projectListKeys = [
  'id', 'uuid', 'organization', 'api_token', 'name', 'completed_snippet_onboarding', 'has_completed_onboarding_for',
  'ingested_event', 'is_demo', 'timezone', 'access_control',
];
export const projectKeys = [
  'id', 'organization', 'name', 'product_description', 'created_at', 'effective_membership_level', 'has_group_types',
  'live_events_token', 'updated_at', 'uuid', 'api_token', 'app_urls', 'slack_incoming_webhook', 'anonymize_ips',
  'completed_snippet_onboarding', 'ingested_event', 'test_account_filters', 'test_account_filters_default_checked',
  'path_cleaning_filters', 'is_demo', 'timezone', 'data_attributes', 'person_display_name_properties',
  'correlation_config', 'autocapture_opt_out', 'autocapture_exceptions_opt_in', 'autocapture_web_vitals_opt_in',
  'autocapture_web_vitals_allowed_metrics', 'autocapture_exceptions_errors_to_ignore', 'capture_console_log_opt_in',
  'capture_performance_opt_in', 'session_recording_opt_in', 'session_recording_sample_rate',
  'session_recording_minimum_duration_milliseconds', 'session_recording_linked_flag',
  'session_recording_network_payload_capture_config', 'session_replay_config', 'survey_config', 'access_control',
  'week_start_day', 'primary_dashboard', 'live_events_columns', 'recording_domains',
  'person_on_events_querying_enabled', 'inject_web_apps', 'extra_settings', 'modifiers', 'default_modifiers',
  'has_completed_onboarding_for', 'surveys_opt_in', 'heatmaps_opt_in', 'product_intents',
];
export const memberKeys = ['id', 'user', 'level', 'joined_at', 'updated_at'];
export const activityKeys = ['id', 'user', 'activity', 'scope', 'item_id', 'detail', 'created_at'];

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
