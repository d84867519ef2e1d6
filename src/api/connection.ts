/**
 * The connection: which API host the console talks to and with which personal API key.
 * Kept in sessionStorage (this tab only) unless the person asked to remember it on this device
 * (localStorage). A tiny external store for `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';
import { isPastDeadline, parseStoredConnection, STORAGE_KEY } from './stored-connection.ts';
import { connectionFingerprint, onTabMessage, postTabMessage, type DisconnectReason, type TabMessage } from './tab-sync.ts';

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

export { STORAGE_KEY };
/**
 * The keys remembered for saved connections other than the current one, by host (localStorage):
 * a remembered key moves here when the person switches to another host, and back when they `Use`
 * that host again. Each keeps its `Forget the key after` deadline.
 */
export const REMEMBERED_KEYS_STORAGE_KEY = 'analytics-console:remembered-keys';
/** Carries Connect's notice over the reload that loosens a locked page's policy (never the key). */
const NOTICE_STORAGE_KEY = 'analytics-console:disconnect-notice';

export const NOTICES = {
  expired: 'This device forgot the key, as you asked when you connected (Forget the key after). Connect again to continue.',
  otherKey: 'Another tab connected with another key. Connect again here to continue.',
  otherTabDisconnected: 'You disconnected in another tab of the console.',
  otherTabRefused: 'The API refused the key in another tab of the console. Connect again with a valid personal API key.',
} as const;

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? globalThis.sessionStorage ?? null : globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings); the console then keeps nothing.
    return null;
  }
}

/** The stored connection's reader is shared with the page's inline scripts (src/api/stored-connection.ts). */
function readStored(kind: 'session' | 'local'): Connection | null {
  return parseStoredConnection(storage(kind)?.getItem(STORAGE_KEY), kind === 'local');
}

/** Past its `Forget the key after` (src/api/save-connection.ts asks too). */
export function isExpired(connection: Connection | null, now = Date.now()): boolean {
  return isPastDeadline(connection, now);
}

/** Removes the key from both storages of this tab. */
export function wipeStoredKey(): void {
  storage('session')?.removeItem(STORAGE_KEY);
  storage('local')?.removeItem(STORAGE_KEY);
}

/** What storage holds at load: an expired key is wiped at once and Connect says why. */
function loadState(): ConnectionState {
  let notice: string | null = null;
  let disconnectedByPerson = false;
  const carried = storage('session')?.getItem(NOTICE_STORAGE_KEY);
  if (carried) {
    storage('session')?.removeItem(NOTICE_STORAGE_KEY);
    try {
      const value = JSON.parse(carried) as { notice?: unknown; byPerson?: unknown };
      notice = typeof value.notice === 'string' ? value.notice : null;
      disconnectedByPerson = value.byPerson === true;
    } catch {
      // Damaged: no notice.
    }
  }
  const session = readStored('session');
  let local = readStored('local');
  if (isExpired(local)) {
    // Past its deadline: it leaves storage before anything uses it.
    storage('local')?.removeItem(STORAGE_KEY);
    local = null;
    if (!session) notice = NOTICES.expired;
  }
  pruneRememberedKeys();
  return { connection: session ?? local, notice, disconnectedByPerson, version: 0 };
}

let state: ConnectionState = loadState();
const listeners = new Set<() => void>();

function setState(next: Omit<ConnectionState, 'version' | 'disconnectedByPerson'> & { disconnectedByPerson?: boolean }) {
  state = { disconnectedByPerson: false, ...next, version: state.version + 1 };
  scheduleExpiry();
  if (state.connection && !policyAllows(state.connection.host)) {
    // Locked to another host (a saved connection on another host, or another tab's): the next load
    // locks the page to this one. Nothing is drawn under the old policy meanwhile.
    reloadIntoPolicy();
    return;
  }
  if (state.connection) lockConnectSrc(state.connection.host);
  else if (connectSrcLocked()) reloadToLoosenPolicy();
  for (const listener of [...listeners]) listener();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getConnectionState(): ConnectionState {
  return state;
}

export function getConnection(): Connection | null {
  return state.connection;
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

// ---------- the keys remembered for the other saved connections ----------

export interface RememberedKey {
  key: string;
  expiresAt: number | null;
  world?: string;
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

/**
 * Makes a checked connection the current one (src/api/save-connection.ts has stored it and is telling
 * the other tabs with `announced`). On a host the page's policy does not allow, the page reloads into
 * that host's policy once the other tabs have been told; nothing is drawn under the old one meanwhile.
 */
export function switchToConnection(connection: Connection, announced: Promise<void>): void {
  if (!policyAllows(connection.host)) {
    state = { ...state, connection, notice: null, disconnectedByPerson: false, version: state.version + 1 };
    void announced.finally(reloadIntoPolicy);
    return;
  }
  setState({ connection, notice: null });
}

/** This device stops remembering `current`'s key: it stays for this tab's lifetime (sessionStorage). */
export function keepForThisTabOnly(current: Connection): Connection {
  const kept: Connection = { ...current, remembered: false, expiresAt: null };
  writeStored(kept);
  setState({ ...state, connection: kept });
  return kept;
}

export interface DisconnectOptions {
  /** Explains an automatic disconnect on Connect. */
  notice?: string;
  /** The Disconnect button: Connect then starts afresh instead of offering a way back. */
  byPerson?: boolean;
  /** What the other tabs are told (default: `person` for the button or no notice, else `refused`). */
  reason?: DisconnectReason;
}

/** Forgets the key everywhere: both storages of this tab, and every other open tab of the console. */
export function disconnect(options: DisconnectOptions = {}): void {
  const reason = options.reason ?? (options.byPerson || !options.notice ? 'person' : 'refused');
  disconnectHere({ notice: options.notice ?? null, byPerson: options.byPerson ?? false });
  postTabMessage({ type: 'disconnect', reason });
}

function disconnectHere({ notice, byPerson }: { notice: string | null; byPerson: boolean }): void {
  wipeStoredKey();
  setState({ connection: null, notice, disconnectedByPerson: byPerson });
}

// ---------- Forget the key after ----------

/** setTimeout's longest delay (about 24.8 days); a later deadline is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleExpiry(): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  // The current key's deadline, and the earliest of the keys remembered for the other saved connections.
  const deadlines = [state.connection?.expiresAt ?? null, pruneRememberedKeys()].filter((at): at is number => at !== null);
  if (deadlines.length === 0) return;
  const expiresAt = Math.min(...deadlines);
  expiryTimer = setTimeout(checkExpiry, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
}

/** Forgets a key when its time has come (timers fire late after a sleep: also checked on focus). */
export function checkExpiry(): void {
  if (!isExpired(state.connection)) {
    scheduleExpiry();
    return;
  }
  disconnect({ notice: NOTICES.expired, reason: 'expired' });
}

// ---------- the Content-Security-Policy's connect-src ----------

const LOCK_ATTRIBUTE = 'data-connection-lock';

/**
 * The built page's policy lets `connect-src` reach any https: host until connected, so Connect can
 * check a typed host. Once connected (at load, by the inline script the build adds, or here), a
 * second policy `connect-src 'self' <host>` is added: policies only add up, so the page can then
 * reach its own origin and that host only. Only the built page (which carries the policy) is locked.
 */
function lockConnectSrc(host: string): void {
  if (!import.meta.env.PROD || typeof document === 'undefined' || connectSrcLocked()) return;
  const origin = host ? new URL(host).origin : '';
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = origin && origin !== window.location.origin ? `connect-src 'self' ${origin}` : "connect-src 'self'";
  meta.setAttribute(LOCK_ATTRIBUTE, origin || 'self');
  document.head.append(meta);
}

/** Whether the page's policy lets it reach `host` now (always, until a connection locked it). */
function policyAllows(host: string): boolean {
  const locked = lockedApiOrigin();
  if (locked === undefined || !host) return true;
  const origin = new URL(host).origin;
  return origin === window.location.origin || origin === locked;
}

/** The stored connection is for another host than the page's policy allows: load again under the right one. */
function reloadIntoPolicy(): void {
  window.location.reload();
}

function connectSrcLocked(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`meta[${LOCK_ATTRIBUTE}]`) !== null;
}

/**
 * The origin other than this site's that the page may still reach, when its policy is locked to a
 * connected host; undefined when it is not locked (any https: host may be checked).
 */
export function lockedApiOrigin(): string | null | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector(`meta[${LOCK_ATTRIBUTE}]`)?.getAttribute(LOCK_ATTRIBUTE);
  if (value === undefined) return undefined;
  return value === 'self' ? null : value;
}

/**
 * A locked policy cannot be loosened in place: after a disconnect the page reloads (where it is),
 * so Connect runs under the policy that lets it check any host. Connect's notice crosses the reload
 * in sessionStorage; the key is already gone from both storages.
 */
function reloadToLoosenPolicy(): void {
  try {
    storage('session')?.setItem(NOTICE_STORAGE_KEY, JSON.stringify({ notice: state.notice, byPerson: state.disconnectedByPerson }));
  } catch {
    // Without storage the notice is lost; Connect still shows.
  }
  window.location.reload();
}

/** The origin requests really go to: the host, or this page's origin when the host is empty. */
export function resolveHost(host: string): string {
  return host || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
}

// ---------- the other tabs ----------

function sameConnection(a: Connection | null, b: Connection | null): boolean {
  return a?.host === b?.host && a?.key === b?.key;
}

/** Takes the connection another tab remembered (localStorage); this tab's own session copy goes. */
function adoptRemembered(remembered: Connection): void {
  if (isExpired(remembered)) return;
  const current = state.connection;
  if (sameConnection(current, remembered)) {
    // The same key: nothing changes on screen, only when it is forgotten.
    if (current && current.expiresAt !== remembered.expiresAt && current.remembered) {
      setState({ ...state, connection: { ...current, expiresAt: remembered.expiresAt } });
    }
    return;
  }
  storage('session')?.removeItem(STORAGE_KEY);
  setState({ connection: remembered, notice: null });
}

async function onOtherTabConnected(message: Extract<TabMessage, { type: 'connect' }>): Promise<void> {
  const current = state.connection;
  const mine = current && (await connectionFingerprint(message.salt, current.host, current.key));
  if (state.connection !== current) return;
  if (current && mine && mine === message.digest) {
    // The same key: this tab changes nothing. If the other tab stopped remembering it, keep it for
    // this tab's lifetime (sessionStorage), as that tab does.
    if (!message.remembered && current.remembered && !readStored('local')) keepForThisTabOnly(current);
    return;
  }
  if (message.remembered) {
    // Read the key from localStorage; when this tab does not see the write yet, its storage event will follow.
    const remembered = readStored('local');
    if (remembered && (await connectionFingerprint(message.salt, remembered.host, remembered.key)) === message.digest) {
      adoptRemembered(remembered);
    }
    return;
  }
  if (current) disconnectHere({ notice: NOTICES.otherKey, byPerson: false });
}

function onOtherTabDisconnected(reason: DisconnectReason): void {
  const current = state.connection;
  // The sender wiped localStorage; this tab wipes its own sessionStorage (and a copy of its own key
  // left in localStorage, never a key another tab has remembered since).
  storage('session')?.removeItem(STORAGE_KEY);
  if (current && sameConnection(readStored('local'), current)) storage('local')?.removeItem(STORAGE_KEY);
  if (!current) return;
  const notice =
    reason === 'expired' ? NOTICES.expired : reason === 'refused' ? NOTICES.otherTabRefused : NOTICES.otherTabDisconnected;
  setState({ connection: null, notice, disconnectedByPerson: false });
}

if (typeof window !== 'undefined') {
  onTabMessage((message) => {
    if (message.type === 'disconnect') onOtherTabDisconnected(message.reason);
    else if (message.type === 'connect') void onOtherTabConnected(message);
  });
  // Another tab remembered a key (the fallback when a message arrived before the write was visible).
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY || event.storageArea !== storage('local') || !event.newValue) return;
    const remembered = parseStoredConnection(event.newValue, true);
    if (remembered) adoptRemembered(remembered);
  });
  // Timers do not run while a computer sleeps: check the deadline when the tab is seen again.
  window.addEventListener('focus', checkExpiry);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkExpiry();
  });
  scheduleExpiry();
  if (state.connection) lockConnectSrc(state.connection.host);
}

/** The current connection state; re-renders on connect and disconnect. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, getConnectionState, getConnectionState);
}
