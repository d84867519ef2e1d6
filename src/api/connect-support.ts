/**
 * What only Connect needs, kept out of the first page's code (the runtime's connection store,
 * src/api/connection.ts, keeps the connection itself): `Saved connections`, the key check that waits across the reload unlocking a
 * locked policy, what `Use <name>` connects with, the path a typed host leaves out, and the `no-cors`
 * probe that tells a host refusing this origin from one that does not answer.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { readJson } from './connection-storage.ts';
import type { ConsoleRuntime } from './runtime.ts';
import {
  normalizeHost,
  rememberedKeyFor,
  forgetRememberedKey,
  stepAsideFor,
  stopRememberingCurrent,
  type SaveConnectionInput,
} from './save-connection.ts';

/** `Saved connections`: the hosts this device connected to, newest first (never a key). */
export const SAVED_CONNECTIONS_STORAGE_KEY = 'analytics-console:saved-connections';
/**
 * A key to check on another host than the one the page's policy is locked to: kept in
 * sessionStorage across the one reload that unlocks the policy, and taken by Connect at once.
 */
export const PENDING_CHECK_STORAGE_KEY = 'analytics-console:pending-check';
/** At most this many `Saved connections` are kept. */
export const SAVED_CONNECTIONS_LIMIT = 10;

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? globalThis.sessionStorage ?? null : globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// ---------- a key to check on another host, across a reload ----------

/** What Connect checks after the reload (host, key, and how this device is to keep the key). */
export type PendingCheck = SaveConnectionInput;

/**
 * Connect, while the page's policy is locked to the connected host, for a key on another host: the
 * page cannot reach that host until it loads again without a connection. The current connection
 * steps aside (its key, when remembered, stays remembered for its saved connection), the check waits
 * in sessionStorage, and the page reloads; Connect then checks the key there (`takePendingCheck`).
 */
export function reloadToCheckElsewhere(runtime: ConsoleRuntime, check: PendingCheck): void {
  stepAsideFor(runtime, check.host);
  try {
    storage('session')?.setItem(PENDING_CHECK_STORAGE_KEY, JSON.stringify(check));
  } catch {
    // Without storage the check cannot cross the reload: Connect shows again, with nothing lost but the typing.
  }
  window.location.reload();
}

function parsePendingCheck(raw: string | null | undefined): PendingCheck | null {
  const value = readJson(raw);
  if (!value || typeof value !== 'object') return null;
  const { host, key, remember, forgetAfterMs, expiresAt, world } = value as Record<string, unknown>;
  if (typeof host !== 'string' || typeof key !== 'string' || !key) return null;
  return {
    host,
    key,
    remember: remember === true,
    ...(typeof forgetAfterMs === 'number' || forgetAfterMs === null ? { forgetAfterMs } : {}),
    ...(typeof expiresAt === 'number' || expiresAt === null ? { expiresAt } : {}),
    ...(typeof world === 'string' ? { world } : {}),
  };
}

/** The check waiting after a reload, left in place (Connect fills its form from it). */
export function peekPendingCheck(): PendingCheck | null {
  return parsePendingCheck(storage('session')?.getItem(PENDING_CHECK_STORAGE_KEY));
}

/** The check waiting after a reload, removed from storage: only the first caller gets it. */
export function takePendingCheck(): PendingCheck | null {
  const pending = peekPendingCheck();
  storage('session')?.removeItem(PENDING_CHECK_STORAGE_KEY);
  return pending;
}

// ---------- Saved connections ----------

/** One entry of `Saved connections`: what the person recognises it by, never the key. */
export interface SavedConnection {
  /** The API host as stored in the connection (`''`: this site). */
  host: string;
  /** The backend's name, as the top bar's badge shows it (`backendName`). */
  name: string;
  organization: string;
  email: string;
  /** The personal API key's `label` (API.md §4.12), `''` when unknown. */
  keyLabel: string;
  /** When the person last connected to it (ms since the epoch). */
  connectedAt: number;
}

/** Told on `window` when this tab changes `Saved connections` (another tab's change is a `storage` event). */
const SAVED_CHANGED_EVENT = 'analytics-console:saved-connections-changed';

function parseSaved(value: unknown): SavedConnection[] {
  if (!Array.isArray(value)) return [];
  const list: SavedConnection[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const entry = item as Record<string, unknown>;
    if (typeof entry.host !== 'string' || typeof entry.name !== 'string') continue;
    if (list.some((other) => other.host === entry.host)) continue;
    const text = (field: unknown) => (typeof field === 'string' ? field : '');
    list.push({
      host: entry.host,
      name: entry.name,
      organization: text(entry.organization),
      email: text(entry.email),
      keyLabel: text(entry.keyLabel),
      connectedAt: typeof entry.connectedAt === 'number' ? entry.connectedAt : 0,
    });
  }
  return list.slice(0, SAVED_CONNECTIONS_LIMIT);
}

/** What storage holds for `Saved connections` (a string: stable between changes, for `useSyncExternalStore`). */
const readSavedRaw = (): string | null => storage('local')?.getItem(SAVED_CONNECTIONS_STORAGE_KEY) ?? null;

/** `Saved connections`, newest first. */
export function getSavedConnections(): ReadonlyArray<SavedConnection> {
  return parseSaved(readJson(readSavedRaw()));
}

/** Calls `listener` when this tab or another changes `Saved connections`; returns the unsubscribe. */
function subscribeSavedConnections(listener: () => void): () => void {
  // Another tab connected somewhere new or forgot a saved connection: this tab's list follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVED_CONNECTIONS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener(SAVED_CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SAVED_CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notifySaved(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SAVED_CHANGED_EVENT));
}

function writeSaved(list: ReadonlyArray<SavedConnection>): void {
  try {
    storage('local')?.setItem(SAVED_CONNECTIONS_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Quota or privacy mode: the list is not kept; connecting still works.
  }
  notifySaved();
}

/**
 * Records a host connected to successfully, first in `Saved connections` (at most 10: the oldest
 * goes, with any key remembered for it). What it keeps names the connection; it never holds a key.
 */
export function recordSavedConnection(entry: Omit<SavedConnection, 'connectedAt'>): void {
  const host = entry.host;
  const { name, organization, email, keyLabel } = entry;
  const fresh: SavedConnection = { host, name, organization, email, keyLabel, connectedAt: Date.now() };
  const list = [fresh, ...getSavedConnections().filter((other) => other.host !== host)];
  const kept = list.slice(0, SAVED_CONNECTIONS_LIMIT);
  for (const dropped of list.slice(SAVED_CONNECTIONS_LIMIT)) forgetRememberedKey(dropped.host);
  writeSaved(kept);
}

/**
 * `Forget <name>`: the entry goes, and so does any key remembered for its host. When that host is the
 * current connection's and its key is remembered, this device stops remembering it: the key stays
 * for this tab's lifetime only (sessionStorage), as if `Remember this key on this device` were unticked.
 */
export function forgetSavedConnection(runtime: ConsoleRuntime, host: string): void {
  writeSaved(getSavedConnections().filter((entry) => entry.host !== host));
  forgetRememberedKey(host);
  stopRememberingCurrent(runtime, host);
}

/**
 * What `Use <name>` can connect with at once: the key remembered for `host` (not past its deadline),
 * or the current connection's own when it is on that host; null when the person must enter a key.
 */
export function rememberedConnectionFor(
  runtime: ConsoleRuntime,
  host: string,
): { key: string; expiresAt: number | null; world?: string; remembered: boolean } | null {
  const current = runtime.connection.get();
  if (current?.host === host) return { key: current.key, expiresAt: current.expiresAt, world: current.world, remembered: current.remembered };
  const remembered = rememberedKeyFor(host);
  return remembered ? { ...remembered, remembered: true } : null;
}

// ---------- the typed host ----------

/** The path (or query) of a typed host that `normalizeHost` leaves out, or null when there is none. */
export function hostPathLeftOut(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  try {
    const host = normalizeHost(trimmed);
    const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `${host.slice(0, host.indexOf(':'))}://${trimmed}`;
    const url = new URL(withScheme);
    const rest = `${url.pathname.replace(/^\/+$/, '')}${url.search}${url.hash}`;
    return rest || null;
  } catch {
    return null;
  }
}

/**
 * Whether any server answers at `url`, CORS aside: a `no-cors` request resolves (with an opaque
 * answer the page cannot read) whenever a server answered, and rejects only when none did. Connect
 * uses it to tell "does not answer" from "answers but refuses this page's origin" after a request
 * failed. It carries no key and no cookie, and is not in the API log (its answer is unreadable).
 */
export async function hostAnswers(url: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal });
    return true;
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

/** `Saved connections`, newest first; re-renders when this tab or another changes them. */
export function useSavedConnections(): ReadonlyArray<SavedConnection> {
  const raw = useSyncExternalStore(subscribeSavedConnections, readSavedRaw, readSavedRaw);
  return useMemo(() => parseSaved(readJson(raw)), [raw]);
}

