/**
 * remember-access.ts: what the queries learn of the key's access is kept beside the connection
 * (sessionStorage, or localStorage for a remembered key), read back for the same host only, and
 * never trusted when it is malformed. The browser's storage is an in-memory one here (the test runs
 * in node for the mutation runs, in jsdom for npm test).
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAccess } from '../../../src/api/access/remember-access.ts';
import { personalApiKeyQueries } from '../../../src/api/access/key-access-queries.ts';
import { organizationQueries, userQueries } from '../../../src/api/organization/organization.ts';
import { mockQueries } from '../../../src/api/resources/mock.ts';
import type { Connection, ConnectionStore } from '../../../src/api/runtime/connection-store.ts';
import { ACCESS_STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';

class MemoryStorage {
  items = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let session: MemoryStorage;
let local: MemoryStorage;
beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
});
afterEach(() => vi.unstubAllGlobals());

const connection = (fields: Partial<Connection> = {}): Connection => ({ host: 'https://h.example', key: 'phx_k', remembered: false, expiresAt: null, ...fields });

function keeperFor(current: Connection | null = connection()) {
  let now = current;
  const store = { get: () => now } as unknown as ConnectionStore;
  const runtime: { connection: ConnectionStore; keptAccess?: ReturnType<typeof keepAccess> } = { connection: store };
  const client = new QueryClient();
  const keeper = keepAccess(runtime, client);
  return { keeper, client, runtime, switchTo: (next: Connection | null) => (now = next) };
}

const kept = (storage = session) => JSON.parse(storage.getItem(ACCESS_STORAGE_KEY) ?? 'null') as unknown;
const keep = (value: unknown, storage = session) => storage.setItem(ACCESS_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));

describe('reading what was kept', () => {
  it('reads each well-formed fact for the same host', () => {
    keep({ host: 'https://h.example', key: { scopes: ['dashboard:read'], scopedTeams: [2] }, membershipLevel: 8, me: { id: 3, uuid: 'u-3' }, productionKeyRules: false });
    expect(keeperFor().keeper.read()).toEqual({
      host: 'https://h.example',
      key: { scopes: ['dashboard:read'], scopedTeams: [2] },
      membershipLevel: 8,
      me: { id: 3, uuid: 'u-3' },
      productionKeyRules: false,
    });
  });

  it('a null level (the API gave none) is a fact too; a missing one is not', () => {
    keep({ host: 'https://h.example', membershipLevel: null });
    expect(keeperFor().keeper.read()).toEqual({ host: 'https://h.example', membershipLevel: null });
    session.items.clear();
    keep({ host: 'https://h.example' });
    const read = keeperFor().keeper.read();
    expect(read).toEqual({ host: 'https://h.example' });
    expect(read && 'membershipLevel' in read).toBe(false);
  });

  it('drops each malformed fact, keeping the others', () => {
    keep({
      host: 'https://h.example',
      key: { scopes: ['dashboard:read', 3], scopedTeams: [] },
      membershipLevel: '8',
      me: { id: '3', uuid: 'u-3' },
      productionKeyRules: 'yes',
    });
    expect(keeperFor().keeper.read()).toEqual({ host: 'https://h.example' });
    session.items.clear();
    keep({ host: 'https://h.example', key: { scopes: [], scopedTeams: ['2'] }, me: { id: 3, uuid: 4 }, productionKeyRules: true });
    expect(keeperFor().keeper.read()).toEqual({ host: 'https://h.example', productionKeyRules: true });
    session.items.clear();
    keep({ host: 'https://h.example', key: { scopes: 'dashboard:read', scopedTeams: 2 } });
    expect(keeperFor().keeper.read()).toEqual({ host: 'https://h.example' });
  });

  it("nothing for another host, for what is not JSON, for nothing kept, or without a connection", () => {
    keep({ host: 'https://other.example', membershipLevel: 8 });
    expect(keeperFor().keeper.read()).toBeNull();
    keep('{not json');
    expect(keeperFor().keeper.read()).toBeNull();
    session.items.clear();
    expect(keeperFor().keeper.read()).toBeNull();
    keep({ host: 'https://h.example', membershipLevel: 8 });
    expect(keeperFor(null).keeper.read()).toBeNull();
  });

  it("a remembered key's access is read from localStorage", () => {
    keep({ host: 'https://h.example', membershipLevel: 1 }, local);
    expect(keeperFor(connection({ remembered: true })).keeper.read()).toEqual({ host: 'https://h.example', membershipLevel: 1 });
    expect(keeperFor(connection({ remembered: false })).keeper.read()).toBeNull();
  });

  it('the same object until storage or the host changes', () => {
    keep({ host: 'https://h.example', membershipLevel: 1 });
    const { keeper, switchTo } = keeperFor();
    const first = keeper.read();
    expect(keeper.read()).toBe(first);
    keep({ host: 'https://h.example', membershipLevel: 8 });
    const second = keeper.read();
    expect(second).toEqual({ host: 'https://h.example', membershipLevel: 8 });
    switchTo(connection({ host: 'https://other.example' }));
    expect(keeper.read()).toBeNull();
  });

  it('storage that cannot be read is nothing kept', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(keeperFor().keeper.read()).toBeNull();
  });
});

describe('keeping what the queries learn', () => {
  it("keeps the key's scopes and projects, the level, the person and the backend's rules, merged into one entry for the host", () => {
    const { client } = keeperFor();
    client.setQueryData(personalApiKeyQueries.current().queryKey, { scopes: ['*'], scoped_teams: [4] } as never);
    expect(kept()).toEqual({ host: 'https://h.example', key: { scopes: ['*'], scopedTeams: [4] } });
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: 15 } as never);
    client.setQueryData(userQueries.me().queryKey, { id: 2, uuid: 'u-2' } as never);
    client.setQueryData(mockQueries.info('https://h.example').queryKey, { faults: { production_key_rules: true } } as never);
    expect(kept()).toEqual({
      host: 'https://h.example',
      key: { scopes: ['*'], scopedTeams: [4] },
      membershipLevel: 15,
      me: { id: 2, uuid: 'u-2' },
      productionKeyRules: true,
    });
  });

  it('missing lists are kept empty; a missing level is kept as null; a person without id or uuid is not kept', () => {
    const { client } = keeperFor();
    client.setQueryData(personalApiKeyQueries.current().queryKey, {} as never);
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: null } as never);
    client.setQueryData(userQueries.me().queryKey, { id: 2 } as never);
    expect(kept()).toEqual({ host: 'https://h.example', key: { scopes: [], scopedTeams: [] }, membershipLevel: null });
    client.setQueryData(userQueries.me().queryKey, { uuid: 'u-2' } as never);
    expect(kept()).not.toHaveProperty('me');
  });

  it('the probe: no mock (null) is production; the mock is production only when it plays it', () => {
    const { client } = keeperFor();
    const info = mockQueries.info('https://h.example').queryKey;
    client.setQueryData(info, null as never);
    expect(kept()).toMatchObject({ productionKeyRules: true });
    client.setQueryData(info, { faults: { production_key_rules: false } } as never);
    expect(kept()).toMatchObject({ productionKeyRules: false });
    client.setQueryData(info, { faults: {} } as never);
    expect(kept()).toMatchObject({ productionKeyRules: false });
    client.setQueryData(info, { faults: { production_key_rules: 'true' } } as never);
    expect(kept()).toMatchObject({ productionKeyRules: false });
  });

  it("keeps nothing of other queries: another host's probe, an organization's detail, a query beneath the person", () => {
    const { client } = keeperFor();
    client.setQueryData(mockQueries.info('https://other.example').queryKey, null as never);
    client.setQueryData([...organizationQueries.current().queryKey, 'more'], { membership_level: 8 });
    client.setQueryData([...userQueries.me().queryKey, 'more'], { id: 2, uuid: 'u-2' });
    client.setQueryData(['projects'], { id: 2, uuid: 'u-2', scopes: ['*'], membership_level: 8 });
    expect(kept()).toBeNull();
  });

  it('a level missing from the answer is kept as null; a probe without faults is not production', () => {
    const { client } = keeperFor();
    client.setQueryData(organizationQueries.current().queryKey, {} as never);
    client.setQueryData(mockQueries.info('https://h.example').queryKey, {} as never);
    expect(kept()).toEqual({ host: 'https://h.example', membershipLevel: null, productionKeyRules: false });
  });

  it('a failed probe, or one still loading, keeps nothing; nor does another organization query', () => {
    const { client } = keeperFor();
    const info = mockQueries.info('https://h.example').queryKey;
    void client.prefetchQuery({ queryKey: info, queryFn: () => new Promise<never>(() => undefined) });
    client.setQueryData(['organization', 'other'], { membership_level: 8 });
    expect(kept()).toBeNull();
    const runtime: { connection: ConnectionStore } = { connection: { get: () => connection() } as unknown as ConnectionStore };
    const failed = new QueryClient();
    failed.getQueryCache().build(failed, { queryKey: info }).setState({ status: 'error', error: new Error('down'), data: undefined });
    keepAccess(runtime, failed);
    expect(kept()).toBeNull();
  });

  it('an empty answer is not kept', () => {
    const { client } = keeperFor();
    client.setQueryData(personalApiKeyQueries.current().queryKey, null as never);
    client.setQueryData(organizationQueries.current().queryKey, null as never);
    client.setQueryData(userQueries.me().queryKey, null as never);
    expect(kept()).toBeNull();
  });

  it('keeps what the client already held when the keeper is made', () => {
    const runtime: { connection: ConnectionStore } = { connection: { get: () => connection() } as unknown as ConnectionStore };
    const client = new QueryClient();
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: 8 } as never);
    void client.prefetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(new Error('no')), retry: false });
    keepAccess(runtime, client);
    expect(kept()).toEqual({ host: 'https://h.example', membershipLevel: 8 });
  });

  it("a remembered key's access is written to localStorage; without a connection, nothing is written", () => {
    const { client, switchTo } = keeperFor(connection({ remembered: true }));
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: 8 } as never);
    expect(kept(local)).toEqual({ host: 'https://h.example', membershipLevel: 8 });
    expect(kept(session)).toBeNull();
    switchTo(null);
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: 1 } as never);
    expect(kept(local)).toMatchObject({ membershipLevel: 8 });
  });

  it('a storage that refuses the write (quota, privacy mode) is no error', () => {
    const { client } = keeperFor();
    session.failWrites = true;
    expect(() => client.setQueryData(organizationQueries.current().queryKey, { membership_level: 8 } as never)).not.toThrow();
    expect(kept()).toBeNull();
  });

  it('one keeper per console; once disposed, it keeps nothing more', () => {
    const { keeper, runtime, client } = keeperFor();
    expect(keepAccess(runtime, new QueryClient())).toBe(keeper);
    keeper.dispose();
    client.setQueryData(organizationQueries.current().queryKey, { membership_level: 8 } as never);
    expect(kept()).toBeNull();
  });
});
