// The one QueryClient setup (query-client.ts): the retry policy by error kind, the waits, the global
// 401 handler, and the MutationCache that applies what a mutation declares here and tells the other tabs.
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { changed } from '../../../src/api/client/changes.ts';
import { ApiError, NetworkError, ResponseShapeError } from '../../../src/api/client/http.ts';
import {
  createQueryClient,
  handleUnauthorized,
  MAX_RETRY_AFTER_MS,
  refusedKeyNotice,
  retryDelay,
  shouldRetryMutation,
  shouldRetryQuery,
} from '../../../src/api/client/query-client.ts';
import type { ConnectionStore } from '../../../src/api/runtime/connection-store.ts';
import { createRequestLog } from '../../../src/api/runtime/request-log.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { TabChannel, TabMessage } from '../../../src/api/runtime/tab-channel.ts';

const target = { endpoint: 'projects.get', method: 'GET' as const, path: '/api/projects/1/' };
const apiError = (status: number, init: { retryAfter?: number; connectionVersion?: number; detail?: string } = {}) =>
  new ApiError({ status, type: 't', code: 'c', detail: init.detail ?? 'No.', retryAfter: init.retryAfter, target, connectionVersion: init.connectionVersion });
const networkError = () => new NetworkError('https://eu.posthog.com', target);

/** A connection store holding `key` at `version` (or none), recording its disconnects. */
function fakeConnection(key: string | null, version = 4) {
  const disconnect = vi.fn();
  const connection = key === null ? null : { host: '', key, remembered: false, expiresAt: null };
  const store = { getState: () => ({ connection, notice: null, disconnectedByPerson: false, version }), get: () => connection, disconnect };
  return { store: store as unknown as ConnectionStore, disconnect };
}

/** A tab channel: what this tab posts, and a way to deliver a message from another tab. */
function fakeTabs() {
  const posted: TabMessage[] = [];
  const listeners = new Set<(message: TabMessage) => void>();
  const tabs: TabChannel = {
    post: (message) => posted.push(message),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
  return { tabs, posted, listeners, deliver: (message: TabMessage) => listeners.forEach((listener) => listener(message)) };
}

function consoleClient(options: { key?: string | null; forTests?: boolean; syncTabs?: boolean }) {
  const { store, disconnect } = fakeConnection(options.key === undefined ? 'phx_secret_key' : options.key);
  const tabs = fakeTabs();
  const runtime: ConsoleRuntime = { connection: store, requestLog: createRequestLog(), tabs: tabs.tabs, dispose: () => tabs.tabs.close() };
  const client = createQueryClient({
    runtime,
    ...(options.forTests !== undefined && { forTests: options.forTests }),
    ...(options.syncTabs !== undefined && { syncTabs: options.syncTabs }),
  });
  return { client, runtime, disconnect, ...tabs };
}

describe('shouldRetryQuery', () => {
  it('retries a 429 three times while its Retry-After is at most 10 s', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, apiError(429, { retryAfter: 2 })))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, apiError(429, { retryAfter: MAX_RETRY_AFTER_MS / 1000 }))).toBe(true);
    expect(shouldRetryQuery(0, apiError(429, { retryAfter: MAX_RETRY_AFTER_MS / 1000 + 1 }))).toBe(false);
    // Unreadable: 5 s assumed, within the bound.
    expect(shouldRetryQuery(0, apiError(429))).toBe(true);
  });

  it('retries a 5xx once, a network error twice, nothing else', () => {
    expect([0, 1].map((count) => shouldRetryQuery(count, apiError(500)))).toEqual([true, false]);
    expect(shouldRetryQuery(0, apiError(503))).toBe(true);
    expect([0, 1, 2].map((count) => shouldRetryQuery(count, networkError()))).toEqual([true, true, false]);
    for (const status of [400, 401, 403, 404, 499]) expect(shouldRetryQuery(0, apiError(status))).toBe(false);
    expect(shouldRetryQuery(0, new ResponseShapeError(target, 200, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false);
  });
});

describe('shouldRetryMutation', () => {
  it('retries only a 429, as a query would', () => {
    expect(shouldRetryMutation(0, apiError(429, { retryAfter: 1 }))).toBe(true);
    expect(shouldRetryMutation(3, apiError(429, { retryAfter: 1 }))).toBe(false);
    expect(shouldRetryMutation(0, apiError(429, { retryAfter: 60 }))).toBe(false);
    expect(shouldRetryMutation(0, apiError(500))).toBe(false);
    expect(shouldRetryMutation(0, networkError())).toBe(false);
    expect(shouldRetryMutation(0, new Error('429'))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('waits a 429’s Retry-After, 5 s when unreadable, at most 10 s', () => {
    expect(retryDelay(0, apiError(429, { retryAfter: 2 }))).toBe(2000);
    expect(retryDelay(2, apiError(429, { retryAfter: 0 }))).toBe(0);
    expect(retryDelay(0, apiError(429))).toBe(5000);
    expect(retryDelay(0, apiError(429, { retryAfter: 30 }))).toBe(MAX_RETRY_AFTER_MS);
  });

  it('else backs off 1 s, 2 s, 4 s, then 8 s at most', () => {
    expect([0, 1, 2, 3, 4, 10].map((count) => retryDelay(count, apiError(503)))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(retryDelay(1, networkError())).toBe(2000);
  });
});

describe('handleUnauthorized', () => {
  it('disconnects on a 401 under the current key, with Connect’s notice', () => {
    const { store, disconnect } = fakeConnection('phx_a', 4);
    handleUnauthorized(store, apiError(401, { connectionVersion: 4, detail: 'Invalid personal API key.' }));
    expect(disconnect).toHaveBeenCalledExactlyOnceWith({
      notice: 'The API refused the key: Invalid personal API key. Connect again with a valid personal API key.',
    });
    expect(refusedKeyNotice(apiError(401, { detail: 'No.' }))).toBe('The API refused the key: No. Connect again with a valid personal API key.');
  });

  it('leaves the connection alone on anything else', () => {
    const { store, disconnect } = fakeConnection('phx_a', 4);
    handleUnauthorized(store, apiError(401, { connectionVersion: 3 }));
    handleUnauthorized(store, apiError(403, { connectionVersion: 4 }));
    handleUnauthorized(store, networkError());
    handleUnauthorized(store, new Error('401'));
    expect(disconnect).not.toHaveBeenCalled();
    const none = fakeConnection(null, 4);
    handleUnauthorized(none.store, apiError(401, { connectionVersion: 4 }));
    expect(none.disconnect).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('carries the runtime; for tests: no retries, no refetch on focus, no tab sync', () => {
    const { client, runtime, listeners } = consoleClient({ forTests: true });
    expect(client.runtime).toBe(runtime);
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 30_000, retry: false, refetchOnWindowFocus: false, retryDelay });
    expect(mutations).toMatchObject({ retry: false, retryDelay });
    expect(listeners.size).toBe(0);
  });

  it('for a page (the default): the retry policy, refetch on focus, and the other tabs’ changes', () => {
    const { client, listeners } = consoleClient({});
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 30_000, retry: shouldRetryQuery, refetchOnWindowFocus: true, retryDelay });
    expect(mutations).toMatchObject({ retry: shouldRetryMutation, retryDelay });
    expect(listeners.size).toBe(1);
    expect(consoleClient({ forTests: false, syncTabs: false }).listeners.size).toBe(0);
  });

  it('applies another tab’s changes when it syncs tabs', async () => {
    const { client, deliver } = consoleClient({ forTests: true, syncTabs: true });
    client.setQueryData(['project', '1'], { id: 1 });
    client.setQueryData(['project', '2'], { id: 2 });
    deliver({ type: 'changes', changes: [{ kind: 'refresh', queryKey: ['project', '1'] }] });
    await vi.waitFor(() => expect(client.getQueryState(['project', '1'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['project', '2'])?.isInvalidated).toBe(false);
  });

  it('disconnects when a query or a mutation gets a 401 under the current key', async () => {
    const { client, disconnect } = consoleClient({ forTests: true });
    await expect(client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(apiError(401, { connectionVersion: 4 })) })).rejects.toThrow();
    expect(disconnect).toHaveBeenCalledTimes(1);
    const mutation = new MutationObserver(client, { mutationFn: () => Promise.reject(apiError(401, { connectionVersion: 4 })) });
    await expect(mutation.mutate()).rejects.toThrow();
    expect(disconnect).toHaveBeenCalledTimes(2);
  });

  it('applies what a successful mutation declared, then tells the other tabs (never the key)', async () => {
    const { client, posted } = consoleClient({ key: 'phx_secret_key', forTests: true });
    client.setQueryData(['dashboards', '1', 'list'], { stale: true });
    const mutation = new MutationObserver(client, {
      mutationFn: (name: string) => Promise.resolve({ id: 7, name }),
      meta: {
        changes: (data, variables) => [
          changed.remove(['dashboards', '1', 'list']),
          changed.refresh(['project', String((data as { id: number }).id), variables as string]),
          changed.refresh(['keys', 'phx_secret_key']),
        ],
      },
    });
    expect(await mutation.mutate('Renamed')).toEqual({ id: 7, name: 'Renamed' });
    expect(client.getQueryData(['dashboards', '1', 'list'])).toBeUndefined();
    expect(posted).toEqual([
      {
        type: 'changes',
        changes: [
          { kind: 'remove', queryKey: ['dashboards', '1', 'list'] },
          { kind: 'refresh', queryKey: ['project', '7', 'Renamed'] },
        ],
      },
    ]);
  });

  it('tells the other tabs while disconnected too (a route that takes no key)', async () => {
    const { client, posted } = consoleClient({ key: null, forTests: true });
    await new MutationObserver(client, { mutationFn: () => Promise.resolve(null), meta: { changes: () => [changed.everything()] } }).mutate();
    expect(posted).toEqual([{ type: 'changes', changes: [{ kind: 'everything' }] }]);
  });

  it('applies and tells nothing when the mutation failed, or declared nothing', async () => {
    const { client, posted } = consoleClient({ forTests: true });
    client.setQueryData(['project', '1'], { id: 1 });
    const failing = new MutationObserver(client, {
      mutationFn: () => Promise.reject(apiError(400)),
      meta: { changes: () => [changed.remove(['project', '1'])] },
    });
    await expect(failing.mutate()).rejects.toThrow('No.');
    expect(client.getQueryData(['project', '1'])).toEqual({ id: 1 });
    await new MutationObserver(client, { mutationFn: () => Promise.resolve(1) }).mutate();
    expect(posted).toEqual([]);
  });
});
