/**
 * Where the connection is kept, and nothing else: this tab's sessionStorage, or localStorage when
 * the person asked to remember the key on this device; the keys remembered for the other saved
 * connections; the notice that crosses a reload. Pure functions over web storage (the connection's
 * store, src/api/runtime/connection-store.ts, holds what is current).
 */
import { isPastDeadline, parseStoredConnection } from './read-stored-connection.ts';
import { ACCESS_STORAGE_KEY, NOTICE_STORAGE_KEY, REMEMBERED_KEYS_STORAGE_KEY, STORAGE_KEY } from './storage-keys.ts';

export interface Connection {
  /** Origin of the API, e.g. `https://us.posthog.com`; `''` means this site's own origin (dev proxy or bundled mock). */
  host: string;
  /** The personal API key, sent only as `Authorization: Bearer <key>`. */
  key: string;
  /** True when the key is kept in localStorage ("Remember this key on this device"). */
  remembered: boolean;
  /** When a remembered key is forgotten (ms since the epoch, "Forget the key after"); null: never. */
  expiresAt: number | null;
  /** The bundled mock's world this tab uses (`X-Mock-World`, API.md §9); `''`: the default world. Not secret. */
  world?: string;
}

export interface ConnectionState {
  connection: Connection | null;
  /** Why the console disconnected by itself (e.g. the API refused the key); shown on Connect. */
  notice: string | null;
  /** The person pressed Disconnect: Connect need not return them to the page they left. */
  disconnectedByPerson: boolean;
  /** Bumped on every change, so work started under an older connection can be recognised. */
  version: number;
}

/** A change of the state: the version is bumped, and `disconnectedByPerson` is false unless given. */
export type ConnectionChange = Omit<ConnectionState, 'version' | 'disconnectedByPerson'> & { disconnectedByPerson?: boolean };


/** What Connect says after the console disconnected by itself. */
export const NOTICES = {
  expired: 'This device forgot the key, as you asked when you connected (Forget the key after). Connect again to continue.',
  otherKey: 'Another tab connected with another key. Connect again here to continue.',
  otherTabDisconnected: 'You disconnected in another tab of the console.',
  otherTabRefused: 'The API refused the key in another tab of the console. Connect again with a valid personal API key.',
} as const;

export function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? globalThis.sessionStorage ?? null : globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings); the console then keeps nothing.
    return null;
  }
}

/** The stored connection's reader is shared with the page's inline scripts (src/api/runtime/read-stored-connection.ts). */
export function readStored(kind: 'session' | 'local'): Connection | null {
  return parseStoredConnection(storage(kind)?.getItem(STORAGE_KEY), kind === 'local');
}

/** Past its `Forget the key after` (src/api/connect/save-connection.ts asks too). */
export function isExpired(connection: Connection | null, now = Date.now()): boolean {
  return isPastDeadline(connection, now);
}

/** The same host and key (what the other tabs and the query cache tell apart). */
export function sameConnection(a: Connection | null, b: Connection | null): boolean {
  return a?.host === b?.host && a?.key === b?.key;
}

/** Removes the key from both storages of this tab. */
export function wipeStoredKey(): void {
  storage('session')?.removeItem(STORAGE_KEY);
  storage('local')?.removeItem(STORAGE_KEY);
}

/** Writes the connection where it belongs: localStorage when remembered, else this tab's sessionStorage. */
export function writeStored(connection: Connection): void {
  // Absent fields (undefined) are left out of the JSON.
  const { host, key, expiresAt, world } = connection;
  const raw = JSON.stringify({ host, key, expiresAt: expiresAt ?? undefined, world: world || undefined });
  const keep = storage(connection.remembered ? 'local' : 'session');
  const drop = storage(connection.remembered ? 'session' : 'local');
  drop?.removeItem(STORAGE_KEY);
  try {
    keep?.setItem(STORAGE_KEY, raw);
  } catch {
    // Quota or privacy mode: the connection still works for this page's lifetime.
  }
}

/** What was kept of the key's access belongs to one host and key: another key, another host, or none wipes it. */
export function wipeKeptAccess(): void {
  storage('session')?.removeItem(ACCESS_STORAGE_KEY);
  storage('local')?.removeItem(ACCESS_STORAGE_KEY);
}

/** Stored JSON, or undefined when missing or damaged. */
export function readJson(raw: string | null | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

// ---------- the notice carried over a reload ----------

/** Connect's notice, kept in sessionStorage across the reload that loosens a locked policy. */
export function carryNotice(notice: string | null, byPerson: boolean): void {
  try {
    storage('session')?.setItem(NOTICE_STORAGE_KEY, JSON.stringify({ notice, byPerson }));
  } catch {
    // Without storage the notice is lost; Connect still shows.
  }
}

/** The notice carried over the reload, removed from storage (read once, at load). */
export function takeCarriedNotice(): { notice: string | null; byPerson: boolean } {
  const carried = storage('session')?.getItem(NOTICE_STORAGE_KEY);
  if (!carried) return { notice: null, byPerson: false };
  storage('session')?.removeItem(NOTICE_STORAGE_KEY);
  const value = readJson(carried) as { notice?: unknown; byPerson?: unknown } | undefined;
  // Damaged: no notice.
  return { notice: typeof value?.notice === 'string' ? value.notice : null, byPerson: value?.byPerson === true };
}

// ---------- the keys remembered for the other saved connections ----------

export interface RememberedKey {
  key: string;
  expiresAt: number | null;
  world?: string;
}

export function readRememberedKeys(): Record<string, RememberedKey> {
  const value = readJson(storage('local')?.getItem(REMEMBERED_KEYS_STORAGE_KEY));
  const keys: Record<string, RememberedKey> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return keys;
  for (const [host, item] of Object.entries(value as Record<string, unknown>)) {
    if (!item || typeof item !== 'object') continue;
    const { key, expiresAt, world } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !key) continue;
    keys[host] = { key, expiresAt: typeof expiresAt === 'number' ? expiresAt : null, ...(typeof world === 'string' && world ? { world } : {}) };
  }
  return keys;
}

export function writeRememberedKeys(keys: Record<string, RememberedKey>): void {
  const store = storage('local');
  if (!store) return;
  if (Object.keys(keys).length === 0) {
    store.removeItem(REMEMBERED_KEYS_STORAGE_KEY);
    return;
  }
  try {
    store.setItem(REMEMBERED_KEYS_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Quota or privacy mode: the key is not kept for later.
  }
}

/** Drops every remembered key past its `Forget the key after`; returns the earliest deadline left. */
export function pruneRememberedKeys(now = Date.now()): number | null {
  const keys = readRememberedKeys();
  let changed = false;
  let earliest: number | null = null;
  for (const [host, remembered] of Object.entries(keys)) {
    if (remembered.expiresAt !== null && remembered.expiresAt <= now) {
      delete keys[host];
      changed = true;
    } else if (remembered.expiresAt !== null && (earliest === null || remembered.expiresAt < earliest)) {
      earliest = remembered.expiresAt;
    }
  }
  if (changed) writeRememberedKeys(keys);
  return earliest;
}
