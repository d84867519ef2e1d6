/**
 * What only Connect needs, kept out of the first page's code (the runtime's connection store,
 * src/api/runtime/connection-store.ts, keeps the connection itself): the key check and save as one mutation
 * (`useConnectWithKey`), the one sentence for a host that fails it, `Saved connections`, the key check
 * that waits across the reload unlocking a locked policy, and what `Use <name>` connects with.
 */
import { useMutation } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { Me, Organization } from '../../contract/schemas.ts';
import { fetchCurrentKey, personalApiKeyQueries } from '../access/authorization.ts';
import { changed } from '../client/changes.ts';
import { readJson } from '../runtime/connection-storage.ts';
import { backendName } from '../client/backend-name.ts';
import { resolveHost } from '../client/host.ts';
import { ApiError, isApiError, NetworkError, ResponseShapeError, type ApiCall } from '../client/http.ts';
import type { CurrentKey } from '../access/key-access-queries.ts';
import { mockQueries } from '../resources/mock.ts';
import { fetchCurrentOrganization, fetchMe, organizationQueries, userQueries } from '../organization/organization.ts';
import { runtimeOf, type ConsoleRuntime } from '../runtime/runtime.ts';
import {
  rememberedKeyFor,
  forgetRememberedKey,
  saveConnection,
  stepAsideFor,
  stopRememberingCurrent,
  type SaveConnectionInput,
} from './save-connection.ts';

/* Connect's own storage keys, beside their one reader (the console's other keys: runtime/storage-keys.ts). */
/** `Saved connections`: the hosts this device connected to, newest first (never a key). */
export const SAVED_CONNECTIONS_STORAGE_KEY = 'analytics-console:saved-connections';
/** Told on `window` when this tab changes `Saved connections` (another tab's change is a `storage` event). */
export const SAVED_CHANGED_EVENT = 'analytics-console:saved-connections-changed';
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

// ---------- a host that fails the check ----------

/** The path Connect checks a key with (and probes). */
const CHECK_PATH = '/api/organizations/@current/';

export type HostFailureKind = 'no-answer' | 'cors' | 'not-this-api';

function hostFailureSentence(kind: HostFailureKind, host: string, answered: string): string {
  const origin = resolveHost(host);
  switch (kind) {
    case 'no-answer':
      return `${origin} does not answer: check the address, your network, and that the server is running.`;
    case 'cors':
      return (
        `${origin} answers, but refuses requests from this page's origin (${window.location.origin}) by its CORS settings: ` +
        'allow this origin there, or open the console from an origin it allows.'
      );
    case 'not-this-api':
      return `${origin} answers, but not as the analytics API (it answered ${answered}): check the address.`;
  }
}

/**
 * A key check that failed because of the host, not the key: it does not answer, it refuses this
 * page's origin (CORS), or it answers but is not this API. Its message is the one sentence Connect
 * shows under `API host`, naming the host.
 */
export class HostFailure extends Error {
  override readonly name = 'HostFailure';
  readonly kind: HostFailureKind;

  constructor(kind: HostFailureKind, host: string, answered = 'something else', options?: ErrorOptions) {
    super(hostFailureSentence(kind, host, answered), options);
    this.kind = kind;
  }
}

/** What the host answered instead of the API, in words, for a host that is not this API. */
function whatItAnswered(error: ApiError | ResponseShapeError): string {
  if (error instanceof ApiError) return `${error.status} to GET ${CHECK_PATH}`;
  const message = error.message;
  if (message.includes('HTML page')) return `an HTML page to GET ${CHECK_PATH}`;
  if (message.includes('body is empty')) return `an empty body to GET ${CHECK_PATH}`;
  if (message.includes('not JSON')) return `a body that is not JSON to GET ${CHECK_PATH}`;
  return `JSON of another shape to GET ${CHECK_PATH}`;
}

/** Whether `error` (from checking a key at a host) is about the host rather than the key or the API's own refusal. */
function isHostFailure(error: unknown): error is NetworkError | ResponseShapeError | ApiError {
  if (error instanceof NetworkError || error instanceof ResponseShapeError) return true;
  if (!(error instanceof ApiError)) return false;
  // An answer that is not the API's error format (below 500: a 5xx is a server or gateway trouble,
  // shown as such), or no such endpoint at all: another server lives there.
  return (error.code === 'http_error' && error.status < 500) || error.status === 404 || error.status === 405;
}

/**
 * Whether any server answers at `url`, CORS aside: a `no-cors` request resolves (with an opaque
 * answer the page cannot read) whenever a server answered, and rejects only when none did. It tells
 * "does not answer" from "answers but refuses this page's origin" after a request failed. It carries
 * no key and no cookie, and is not in the API log (its answer is unreadable).
 */
async function hostAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The HostFailure a failed key check at `host` amounts to, or null when the failure is not the
 * host's (the key was refused, the API itself failed): then Connect shows the API's own words.
 */
async function hostFailureOf(host: string, error: unknown): Promise<HostFailure | null> {
  if (!isHostFailure(error)) return null;
  if (error instanceof NetworkError) {
    const answers = await hostAnswers(`${resolveHost(host)}${CHECK_PATH}`);
    return new HostFailure(answers ? 'cors' : 'no-answer', host, undefined, { cause: error });
  }
  return new HostFailure('not-this-api', host, whatItAnswered(error), { cause: error });
}

// ---------- checking a key and saving it ----------

/** What the API said of a key it accepted: the organization, and the key owner and the key when it told them. */
export interface CheckedKey {
  organization: Organization;
  me: Me | null;
  currentKey: CurrentKey | null;
}

/**
 * Checks the key at its host (GET /api/organizations/@current/; the key owner, the key's label and
 * whether the host is the bundled mock name the saved connection, and none of them may stop it),
 * then records the host first in `Saved connections` and stores the connection. A failure the host
 * is to blame for becomes a HostFailure; a key remembered for a saved connection that the API now
 * refuses is of no more use, and is forgotten.
 */
async function checkAndSave(check: PendingCheck, call: ApiCall): Promise<CheckedKey> {
  const connection = { host: check.host, key: check.key, world: check.world };
  try {
    const [organization, me, currentKey, mock] = await Promise.all([
      fetchCurrentOrganization(call, connection),
      fetchMe(call, connection).catch(() => null),
      fetchCurrentKey(call, connection).catch(() => null),
      // Connect does not wait on its retries; a probe without an answer leaves it not known (undefined).
      call.client.fetchQuery({ ...mockQueries.info(check.host), retry: false }).catch(() => undefined),
    ]);
    recordSavedConnection({
      host: check.host,
      // Not known: the name it was saved under before, else its host (never "production" from no answer).
      name:
        mock === undefined
          ? (getSavedConnections().find((saved) => saved.host === check.host)?.name ?? backendName(check.host, false))
          : backendName(check.host, mock !== null),
      organization: organization.name,
      email: me?.email ?? '',
      keyLabel: currentKey?.label ?? '',
    });
    saveConnection(runtimeOf(call.client), {
      host: check.host,
      key: check.key,
      remember: check.remember,
      ...(check.expiresAt !== undefined ? { expiresAt: check.expiresAt } : { forgetAfterMs: check.remember ? (check.forgetAfterMs ?? null) : null }),
      ...(check.world !== undefined && { world: check.world }),
    });
    return { organization, me, currentKey };
  } catch (error) {
    if (check.expiresAt !== undefined && isApiError(error, 401)) forgetRememberedKey(check.host);
    throw (await hostFailureOf(check.host, error).catch(() => null)) ?? error;
  }
}

/**
 * Connect: checks a key and, when the API accepts it, stores the connection (`checkAndSave`). The
 * person then goes on with the new connection's organization, key owner and key already read.
 */
export function useConnectWithKey() {
  return useMutation({
    mutationFn: (check: PendingCheck, call) => checkAndSave(check, call),
    // Asked once, even offline (the host then does not answer): trying again is the person's `Connect`.
    retry: false,
    networkMode: 'always',
    meta: {
      changes: ({ organization, me, currentKey }: CheckedKey) => [
        changed.set(organizationQueries.current().queryKey, organization),
        ...(me ? [changed.set(userQueries.me().queryKey, me)] : []),
        ...(currentKey ? [changed.set(personalApiKeyQueries.current().queryKey, currentKey)] : []),
      ],
    },
  });
}

/** `Saved connections`, newest first; re-renders when this tab or another changes them. */
export function useSavedConnections(): ReadonlyArray<SavedConnection> {
  const raw = useSyncExternalStore(subscribeSavedConnections, readSavedRaw, readSavedRaw);
  return useMemo(() => parseSaved(readJson(raw)), [raw]);
}

