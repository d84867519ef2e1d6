/**
 * The connection: which API host the console talks to and with which personal API key.
 * Kept in sessionStorage (this tab only) unless the person asked to remember it on this device
 * (localStorage). A tiny external store for `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';
import { isPastDeadline, parseStoredConnection, STORAGE_KEY } from './stored-connection.ts';
import { connectionFingerprint, newSalt, onTabMessage, postTabMessage, type DisconnectReason, type TabMessage } from './tab-sync.ts';

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

export { STORAGE_KEY };
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

function isExpired(connection: Connection | null, now = Date.now()): boolean {
  return isPastDeadline(connection, now);
}

/** Removes the key from both storages of this tab. */
function wipeStoredKey(): void {
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
  return { connection: session ?? local, notice, disconnectedByPerson, version: 0 };
}

let state: ConnectionState = loadState();
const listeners = new Set<() => void>();

function setState(next: Omit<ConnectionState, 'version' | 'disconnectedByPerson'> & { disconnectedByPerson?: boolean }) {
  state = { disconnectedByPerson: false, ...next, version: state.version + 1 };
  scheduleExpiry();
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

export interface SaveConnectionInput {
  host: string;
  key: string;
  remember: boolean;
  /**
   * How long a remembered key is kept (`Forget the key after`), in ms; null: never. Left out, a
   * remembered connection keeps the deadline it already had (a key switch does not extend it).
   */
  forgetAfterMs?: number | null;
  /** The mock world; left out, the connection keeps the world it had. */
  world?: string;
}

/** Stores a checked connection: localStorage when `remember`, else sessionStorage only; tells the other tabs. */
export function saveConnection(input: SaveConnectionInput): Connection {
  const previous = state.connection;
  let expiresAt: number | null = null;
  if (input.remember) {
    if (input.forgetAfterMs === undefined) expiresAt = previous?.remembered ? previous.expiresAt : null;
    else expiresAt = input.forgetAfterMs === null ? null : Date.now() + input.forgetAfterMs;
  }
  const world = (input.world ?? previous?.world) || undefined;
  const connection: Connection = { host: normalizeHost(input.host), key: input.key, remembered: input.remember, expiresAt, world };
  writeStored(connection);
  setState({ connection, notice: null });
  void announceConnection(connection);
  return connection;
}

function writeStored(connection: Connection): void {
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

async function announceConnection(connection: Connection): Promise<void> {
  const salt = newSalt();
  const digest = (await connectionFingerprint(salt, connection.host, connection.key)) ?? '';
  postTabMessage({ type: 'connect', remembered: connection.remembered, salt, digest });
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
  const expiresAt = state.connection?.expiresAt;
  if (expiresAt == null) return;
  expiryTimer = setTimeout(checkExpiry, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
}

/** Forgets the key when its time has come (timers fire late after a sleep: also checked on focus). */
export function checkExpiry(): void {
  if (!isExpired(state.connection)) {
    if (state.connection?.expiresAt != null) scheduleExpiry();
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

/**
 * Accepts what a person types as an API host: `''` (this site), `localhost:8010`, `https://x.y/`.
 * Returns the origin without a trailing slash; throws a readable Error when it is not a URL.
 */
export function normalizeHost(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  const local = /^(localhost|127\.|\[::1\])/i.test(trimmed);
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `${local ? 'http' : 'https'}://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`"${trimmed}" is not a valid address. Enter a URL like https://us.posthog.com, or leave it empty.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The API host must start with http:// or https:// (got "${url.protocol}").`);
  }
  // Keep a path prefix (an API behind a sub-path) but never a trailing slash.
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
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
    if (!message.remembered && current.remembered && !readStored('local')) {
      const kept: Connection = { ...current, remembered: false, expiresAt: null };
      writeStored(kept);
      setState({ ...state, connection: kept });
    }
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
