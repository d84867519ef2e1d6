/**
 * The connection: which API host the console talks to and with which personal API key.
 * Kept in sessionStorage (this tab only) unless the person asked to remember it on this device
 * (localStorage). A tiny external store for `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';

export interface Connection {
  /** Origin of the API, e.g. `https://us.posthog.com`; `''` means this site's own origin (dev proxy or bundled mock). */
  host: string;
  /** The personal API key, sent only as `Authorization: Bearer <key>`. */
  key: string;
  /** True when the key is kept in localStorage ("Remember this key on this device"). */
  remembered: boolean;
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

const STORAGE_KEY = 'analytics-console:connection';

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? globalThis.sessionStorage ?? null : globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings); the console then keeps nothing.
    return null;
  }
}

function readStored(kind: 'session' | 'local'): Connection | null {
  const raw = storage(kind)?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Connection>;
    if (typeof value.key !== 'string' || !value.key || typeof value.host !== 'string') return null;
    return { host: value.host, key: value.key, remembered: kind === 'local' };
  } catch {
    return null;
  }
}

function readConnection(): Connection | null {
  return readStored('session') ?? readStored('local');
}

let state: ConnectionState = { connection: readConnection(), notice: null, disconnectedByPerson: false, version: 0 };
const listeners = new Set<() => void>();

function setState(next: Omit<ConnectionState, 'version' | 'disconnectedByPerson'> & { disconnectedByPerson?: boolean }) {
  state = { disconnectedByPerson: false, ...next, version: state.version + 1 };
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

/** Stores a checked connection: localStorage when `remember`, else sessionStorage only. */
export function saveConnection(input: { host: string; key: string; remember: boolean }): Connection {
  const connection: Connection = { host: normalizeHost(input.host), key: input.key, remembered: input.remember };
  const raw = JSON.stringify({ host: connection.host, key: connection.key });
  const keep = storage(input.remember ? 'local' : 'session');
  const drop = storage(input.remember ? 'session' : 'local');
  drop?.removeItem(STORAGE_KEY);
  try {
    keep?.setItem(STORAGE_KEY, raw);
  } catch {
    // Quota or privacy mode: the connection still works for this page's lifetime.
  }
  setState({ connection, notice: null });
  return connection;
}

/**
 * Forgets the key everywhere (both storages). `notice` explains an automatic disconnect on Connect;
 * `byPerson` marks the Disconnect button (Connect then starts afresh instead of offering a way back).
 */
export function disconnect(options: { notice?: string; byPerson?: boolean } = {}): void {
  storage('session')?.removeItem(STORAGE_KEY);
  storage('local')?.removeItem(STORAGE_KEY);
  setState({ connection: null, notice: options.notice ?? null, disconnectedByPerson: options.byPerson ?? false });
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

// Another tab connecting or disconnecting with a remembered key.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const next = readConnection();
    const current = state.connection;
    if (next?.key !== current?.key || next?.host !== current?.host) setState({ connection: next, notice: null });
  });
}

/** The current connection state; re-renders on connect and disconnect. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, getConnectionState, getConnectionState);
}
