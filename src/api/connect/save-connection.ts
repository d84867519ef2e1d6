/**
 * What changes the connection on a person's action, kept out of the first page's code
 * (the runtime's connection store, src/api/runtime/connection-store.ts, keeps the connection itself, its reading at
 * load, expiry, disconnect and the other tabs): storing a checked connection (Connect, `Use`, a mock world), the choices of `Forget the
 * key after`, the per-host keys remembered for the other saved connections (the host
 * itself: src/api/client/host.ts; what a person types: typed-host.ts). Loaded with Connect, the top bar's switchers and the mock controls.
 */
import { isExpired, pruneRememberedKeys, readRememberedKeys, wipeStoredKey, writeRememberedKeys, writeStored, type Connection, type RememberedKey } from '../runtime/connection-storage.ts';
import { normalizeHost } from './typed-host.ts';
import type { ConsoleRuntime } from '../runtime/runtime.ts';
import { connectionFingerprint, toHex, type TabChannel } from '../runtime/tab-channel.ts';

/** The choices of `Forget the key after`, in the order Connect offers them. */
export const FORGET_AFTER_CHOICES = [
  { value: 'never', label: 'Never', ms: null },
  { value: '1h', label: '1 hour', ms: 60 * 60 * 1000 },
  { value: '8h', label: '8 hours', ms: 8 * 60 * 60 * 1000 },
  { value: '7d', label: '7 days', ms: 7 * 24 * 60 * 60 * 1000 },
] as const;

export type ForgetAfter = (typeof FORGET_AFTER_CHOICES)[number]['value'];

export function forgetAfterMs(choice: ForgetAfter): number | null {
  return FORGET_AFTER_CHOICES.find((option) => option.value === choice)?.ms ?? null;
}

// ---------- a checked connection ----------

export interface SaveConnectionInput {
  host: string;
  key: string;
  remember: boolean;
  /**
   * How long a remembered key is kept (`Forget the key after`), in ms; null: never. Left out, a
   * remembered connection keeps the deadline it already had (a key switch does not extend it).
   */
  forgetAfterMs?: number | null;
  /** A remembered key's deadline as it stands (a saved connection's remembered key); wins over `forgetAfterMs`. */
  expiresAt?: number | null;
  /** The mock world; left out, the connection keeps the world it had. */
  world?: string;
}

/** Stores a checked connection: localStorage when `remember`, else sessionStorage only; tells the other tabs. */
export function saveConnection(runtime: ConsoleRuntime, input: SaveConnectionInput): Connection {
  const previous = runtime.connection.get();
  let expiresAt: number | null = null;
  const host = normalizeHost(input.host);
  const sameHost = previous?.host === host;
  if (input.remember) {
    if (input.expiresAt !== undefined) expiresAt = input.expiresAt;
    else if (input.forgetAfterMs === undefined) expiresAt = sameHost && previous?.remembered ? previous.expiresAt : null;
    else expiresAt = input.forgetAfterMs === null ? null : Date.now() + input.forgetAfterMs;
  }
  // The world belongs to the mock it was chosen on: another host starts in its default world.
  const world = (input.world ?? (sameHost ? previous?.world : undefined)) || undefined;
  const connection: Connection = { host, key: input.key, remembered: input.remember, expiresAt, world };
  // The key remembered for the host left behind stays remembered for it (`Use` brings it back); the
  // new host's own remembered key, if any, becomes the current one (each key is kept in one place).
  if (previous && !sameHost && previous.remembered && !isExpired(previous)) parkRememberedKey(previous);
  forgetRememberedKey(host);
  writeStored(connection);
  // On a host the page's policy does not allow, the page reloads into it once the other tabs have been told.
  runtime.connection.switchTo(connection, announceConnection(runtime.tabs, connection));
  return connection;
}

/** A fresh random salt for one message (src/api/runtime/tab-channel.ts: only a connecting tab needs one). */
function newSalt(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes.buffer);
}

async function announceConnection(tabs: TabChannel, connection: Connection): Promise<void> {
  const salt = newSalt();
  const digest = (await connectionFingerprint(salt, connection.host, connection.key)) ?? '';
  tabs.post({ type: 'connect', remembered: connection.remembered, salt, digest });
}

// ---------- the keys remembered for the other saved connections ----------

function parkRememberedKey(connection: Connection): void {
  const keys = readRememberedKeys();
  keys[connection.host] = { key: connection.key, expiresAt: connection.expiresAt, ...(connection.world ? { world: connection.world } : {}) };
  writeRememberedKeys(keys);
}

/** Drops the key remembered for `host` (e.g. the API refused it), keeping its saved connection. */
export function forgetRememberedKey(host: string): void {
  const keys = readRememberedKeys();
  if (!(host in keys)) return;
  delete keys[host];
  writeRememberedKeys(keys);
}

/** The key remembered for `host` (not past its `Forget the key after`), or null. */
export function rememberedKeyFor(host: string): RememberedKey | null {
  pruneRememberedKeys();
  return readRememberedKeys()[host] ?? null;
}

/**
 * Before the page reloads to check a key on `host` (src/api/connect/connect-with-key.ts): the current
 * connection steps aside, its key remembered for its own saved connection when it was remembered.
 */
export function stepAsideFor(runtime: ConsoleRuntime, host: string): void {
  const current = runtime.connection.get();
  if (current && current.remembered && current.host !== host && !isExpired(current)) parkRememberedKey(current);
  wipeStoredKey();
}

/** `Forget` of the connected host: this device stops remembering its key, which stays for this tab only. */
export function stopRememberingCurrent(runtime: ConsoleRuntime, host: string): void {
  const current = runtime.connection.get();
  if (current?.host !== host || !current.remembered) return;
  void announceConnection(runtime.tabs, runtime.connection.keepForThisTabOnly(current));
}
