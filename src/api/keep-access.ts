/**
 * Keeps the key's access with the connection (kept-access.ts reads it): what the queries learn of
 * the key's scopes, the person's level, who the person is and the backend's rules is written beside
 * the connection, and wiped when the key or host changes. Loaded with the pages that ask about
 * access (authorization.ts), so none of this is first-load code.
 */
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { getConnection, subscribeConnection, type Connection } from './connection.ts';
import { personalApiKeyQueries } from './key-access.ts';
import { ACCESS_STORAGE_KEY, store, type KeptAccess } from './kept-access.ts';
import { organizationQueries, userQueries } from './organization.ts';
import { keyRoots } from './query-keys.ts';

/** The query keys whose answers are kept, from their factories (key-access.ts, organization.ts, mock.ts). */
const keptQueryKeys = {
  key: personalApiKeyQueries.current().queryKey,
  organization: organizationQueries.current().queryKey,
  me: userQueries.me().queryKey,
  mockInfo: [...keyRoots.mock, 'info'] as const,
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

let lastRaw: string | null | undefined;
let lastHost = '';
let lastParsed: KeptAccess | null = null;

/** What is kept for the current connection, or null. */
export function readKeptAccess(): KeptAccess | null {
  const connection = getConnection();
  if (!connection) return null;
  let raw: string | null;
  try {
    raw = store(connection)?.getItem(ACCESS_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== lastRaw || connection.host !== lastHost) {
    lastRaw = raw;
    lastHost = connection.host;
    lastParsed = parse(raw, connection.host);
  }
  return lastParsed;
}

function write(change: Omit<KeptAccess, 'host'>): void {
  const connection = getConnection();
  const target = store(connection);
  if (!connection || !target) return;
  const next: KeptAccess = { ...(readKeptAccess() ?? {}), ...change, host: connection.host };
  try {
    target.setItem(ACCESS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Quota or privacy mode: the access is learnt again on the next load.
  }
}

function wipe(): void {
  for (const kind of ['sessionStorage', 'localStorage'] as const) {
    try {
      globalThis[kind]?.removeItem(ACCESS_STORAGE_KEY);
    } catch {
      // Blocked storage holds nothing.
    }
  }
}

const startsWith = (queryKey: QueryKey, prefix: ReadonlyArray<unknown>) => prefix.every((part, i) => queryKey[i] === part);

/** Keeps what one query answered, when it is part of the key's access. */
function keepAnswer(queryKey: QueryKey, answer: unknown): void {
  const data = answer as Record<string, unknown> | null;
  if (startsWith(queryKey, keptQueryKeys.key) && data) {
    write({ key: { scopes: (data.scopes as string[]) ?? [], scopedTeams: (data.scoped_teams as number[]) ?? [] } });
  } else if (startsWith(queryKey, keptQueryKeys.organization) && queryKey.length === keptQueryKeys.organization.length && data) {
    write({ membershipLevel: typeof data.membership_level === 'number' ? data.membership_level : null });
  } else if (startsWith(queryKey, keptQueryKeys.me) && queryKey.length === 1 && data) {
    if (typeof data.id === 'number' && typeof data.uuid === 'string') write({ me: { id: data.id, uuid: data.uuid } });
  } else if (startsWith(queryKey, keptQueryKeys.mockInfo) && queryKey[2] === (getConnection()?.host ?? '')) {
    // Null: not the bundled mock, so a production-like service.
    const faults = data?.faults as { production_key_rules?: unknown } | undefined;
    write({ productionKeyRules: data === null ? true : faults?.production_key_rules === true });
  }
}

const keeping = new WeakSet<QueryClient>();

/**
 * Keeps what `client`'s queries learn of the key's access, from now on and what they already hold.
 * Called by the pages that ask about access (authorization.ts), so none of this is first-load code.
 */
export function keepAccess(client: QueryClient): void {
  if (keeping.has(client)) return;
  keeping.add(client);
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status === 'success') keepAnswer(query.queryKey, query.state.data);
  }
  client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type === 'updated' && event.action.type === 'success') keepAnswer(event.query.queryKey, event.action.data);
  });
}

// Another key, another host, or none: what was kept belongs to the old one.
const identity = (connection: Connection | null) => (connection ? `${connection.host}\n${connection.key}` : '');
let keptFor = identity(getConnection());
subscribeConnection(() => {
  const now = identity(getConnection());
  if (now === keptFor) return;
  keptFor = now;
  wipe();
});
