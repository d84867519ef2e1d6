/**
 * The key's access, kept with the connection (CONSOLE.md "Access is known before a control shows"):
 * its scopes and scoped projects (`personal_api_keys/@current`), the person's membership level in
 * the current organization, who the person is, and whether the backend refuses keys the
 * session-only actions. Stored beside the connection (sessionStorage, or localStorage when the key
 * is remembered), so a reload or a deep link draws every control with a known answer at once; the
 * queries check it again in the background and the controls follow when it changed.
 *
 * Never the key, nor anything the API could answer with it (`value`, `mask_value`): scopes and ids only.
 * Apart from connection.ts, which only its store and its events tie this module to.
 */
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { getConnection, subscribeConnection, type Connection } from './connection.ts';
import { keyRoots } from './query-keys.ts';

export const ACCESS_STORAGE_KEY = 'analytics-console:access';

export interface KeptAccess {
  /** The host it was learnt on (a connection to another host never reads it). */
  host: string;
  key?: { scopes: string[]; scopedTeams: number[] };
  /** The person's level in the current organization (null: the API gave none). */
  membershipLevel?: number | null;
  me?: { id: number; uuid: string };
  /** The backend refuses keys the session-only actions (production, or the mock playing it). */
  productionKeyRules?: boolean;
}

/** The query keys whose answers are kept (the factories live in authorization.ts, organization.ts, mock.ts). */
export const keptQueryKeys = {
  key: ['personal-api-key', '@current'] as const,
  organization: [...keyRoots.organization, 'current'] as const,
  me: ['me'] as const,
  mockInfo: [...keyRoots.mock, 'info'] as const,
};

function store(connection: Connection | null): Storage | null {
  if (!connection) return null;
  try {
    return connection.remembered ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

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
  lastRaw = undefined;
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
