/**
 * Keeps the key's access with the connection (access-storage.ts says where): what the queries learn of
 * the key's scopes, the person's level, who the person is and the backend's rules is written beside
 * the connection (the connection's store, connection-store.ts, wipes it when the key or host changes).
 * Its state for one console (what it last read, its query-cache subscription) is a keeper the
 * console's runtime carries (src/api/runtime/runtime.ts), made when a page first asks about access
 * (authorization.ts), so none of this is first-load code.
 */
import { hashKey, type QueryCacheNotifyEvent, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Connection, ConnectionStore } from '../runtime/connection-store.ts';
import { personalApiKeyQueries } from './key-access-queries.ts';
import { store, type KeptAccess, type KeptAccessKeeper } from '../runtime/access-storage.ts';
import { ACCESS_STORAGE_KEY } from '../runtime/storage-keys.ts';
import { organizationQueries, userQueries } from '../organization/organization.ts';
import { mockQueries } from '../resources/mock.ts';

/** The query keys whose answers are kept, from their factories (key-access-queries.ts, organization.ts, mock.ts). */
const keptQueryKeys = {
  key: personalApiKeyQueries.current().queryKey,
  organization: organizationQueries.current().queryKey,
  me: userQueries.me().queryKey,
  /** The current host's probe: the one key the factory gives it. */
  mockInfo: (host: string) => mockQueries.info(host).queryKey,
};

const isNumberList = (value: unknown): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number');
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function parse(raw: string | null | undefined, host: string): KeptAccess | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (value.host !== host) return null;
    const kept: KeptAccess = { host };
    const key = value.key as Record<string, unknown> | undefined;
    if (key && isStringList(key.scopes) && isNumberList(key.scopedTeams)) kept.key = { scopes: key.scopes, scopedTeams: key.scopedTeams };
    if (typeof value.membershipLevel === 'number' || value.membershipLevel === null) kept.membershipLevel = value.membershipLevel;
    const me = value.me as Record<string, unknown> | undefined;
    if (me && typeof me.id === 'number' && typeof me.uuid === 'string') kept.me = { id: me.id, uuid: me.uuid };
    if (typeof value.productionKeyRules === 'boolean') kept.productionKeyRules = value.productionKeyRules;
    return kept;
  } catch {
    return null;
  }
}

function readRaw(connection: Connection): string | null {
  try {
    return store(connection)?.getItem(ACCESS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const startsWith = (queryKey: QueryKey, prefix: ReadonlyArray<unknown>) => prefix.every((part, i) => queryKey[i] === part);

/** The runtime's slot for the keeper (src/api/runtime/runtime.ts). */
interface KeeperSlot {
  readonly connection: ConnectionStore;
  keptAccess?: KeptAccessKeeper;
}

/**
 * Keeps what `client`'s queries learn of the key's access, from now on and what they already hold
 * (the connection's store wipes it when the connection changes to another key, another host, or
 * none). Made once per console (the runtime keeps it); called by the pages that ask about access
 * (authorization.ts).
 */
export function keepAccess(runtime: KeeperSlot, client: QueryClient): KeptAccessKeeper {
  if (runtime.keptAccess) return runtime.keptAccess;
  const { connection: connections } = runtime;
  let last: { raw: string | null; host: string; parsed: KeptAccess | null } | undefined;

  const read = (): KeptAccess | null => {
    const connection = connections.get();
    if (!connection) return null;
    const raw = readRaw(connection);
    if (!last || raw !== last.raw || connection.host !== last.host) last = { raw, host: connection.host, parsed: parse(raw, connection.host) };
    return last.parsed;
  };

  const write = (change: Omit<KeptAccess, 'host'>) => {
    const connection = connections.get();
    const target = store(connection);
    if (!connection || !target) return;
    const next: KeptAccess = { ...(read() ?? {}), ...change, host: connection.host };
    try {
      target.setItem(ACCESS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Quota or privacy mode: the access is learnt again on the next load.
    }
  };

  /** Keeps what one query answered, when it is part of the key's access. */
  const keepAnswer = (queryKey: QueryKey, answer: unknown) => {
    const data = answer as Record<string, unknown> | null;
    if (startsWith(queryKey, keptQueryKeys.key) && data) {
      write({ key: { scopes: (data.scopes as string[]) ?? [], scopedTeams: (data.scoped_teams as number[]) ?? [] } });
    } else if (startsWith(queryKey, keptQueryKeys.organization) && queryKey.length === keptQueryKeys.organization.length && data) {
      write({ membershipLevel: typeof data.membership_level === 'number' ? data.membership_level : null });
    } else if (startsWith(queryKey, keptQueryKeys.me) && queryKey.length === 1 && data) {
      if (typeof data.id === 'number' && typeof data.uuid === 'string') write({ me: { id: data.id, uuid: data.uuid } });
    } else if (hashKey(queryKey) === hashKey(keptQueryKeys.mockInfo(connections.get()?.host ?? ''))) {
      // Null: not the bundled mock, so a production-like service.
      const faults = data?.faults as { production_key_rules?: unknown } | undefined;
      write({ productionKeyRules: data === null ? true : faults?.production_key_rules === true });
    }
  };

  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status === 'success') keepAnswer(query.queryKey, query.state.data);
  }
  const stopQueries = client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type === 'updated' && event.action.type === 'success') keepAnswer(event.query.queryKey, event.action.data);
  });

  // Another key, another host, or none wipes what was kept: the connection's store does it (connection-store.ts).
  const keeper: KeptAccessKeeper = { read, dispose: stopQueries };
  runtime.keptAccess = keeper;
  return keeper;
}
