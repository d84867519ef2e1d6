/**
 * The connection's store: which API host the console talks to and with which personal API key, for
 * `useSyncExternalStore`. One is made per console (src/api/runtime/runtime.ts) and handed down; it holds no
 * module state. What it is made of, one job per file:
 * - connection-storage.ts: where the connection is kept (sessionStorage, or localStorage when
 *   remembered), the keys remembered for the other saved connections, the notice across a reload;
 * - key-expiry.ts: `Forget the key after`'s timer;
 * - connect-src-policy.ts: the Content-Security-Policy's `connect-src` lock and its reloads;
 * - other-tabs.ts: what the other tabs' connects and disconnects do here.
 */
import { createKeyExpiry } from './key-expiry.ts';
import { connectSrcLocked, lockConnectSrc, policyAllows, reloadIntoPolicy, reloadToLoosenPolicy } from './connect-src-policy.ts';
import {
  isExpired,
  NOTICES,
  pruneRememberedKeys,
  readStored,
  storage,
  sameConnection,
  takeCarriedNotice,
  wipeKeptAccess,
  wipeStoredKey,
  writeStored,
  type Connection,
  type ConnectionChange,
  type ConnectionState,
} from './connection-storage.ts';
import { STORAGE_KEY } from './storage-keys.ts';
import { followOtherTabs } from './other-tabs.ts';
import type { DisconnectReason, TabChannel } from './tab-channel.ts';

export type { Connection, ConnectionState };

export interface DisconnectOptions {
  /** Explains an automatic disconnect on Connect. */
  notice?: string;
  /** The Disconnect button: Connect then starts afresh instead of offering a way back. */
  byPerson?: boolean;
  /** What the other tabs are told (default: `person` for the button or no notice, else `refused`). */
  reason?: DisconnectReason;
}

export interface ConnectionStore {
  /** The state now; the same object until something changes (safe for `useSyncExternalStore`). */
  getState(): ConnectionState;
  /** The current connection, or null. */
  get(): Connection | null;
  subscribe(listener: () => void): () => void;
  /**
   * Makes a checked connection the current one (src/api/connect/save-connection.ts has stored it and is
   * telling the other tabs with `announced`). On a host the page's policy does not allow, the page
   * reloads into that host's policy once the other tabs have been told; nothing is drawn under the
   * old one meanwhile.
   */
  switchTo(connection: Connection, announced: Promise<void>): void;
  /** This device stops remembering `current`'s key: it stays for this tab's lifetime (sessionStorage). */
  keepForThisTabOnly(current: Connection): Connection;
  /** Forgets the key everywhere: both storages of this tab, and every other open tab of the console. */
  disconnect(options?: DisconnectOptions): void;
  /** Stops its timer and listeners (a test's console, when the test ends). */
  dispose(): void;
}

/** What storage holds at load: an expired key is wiped at once and Connect says why. */
function loadState(): ConnectionState {
  const carried = takeCarriedNotice();
  let notice = carried.notice;
  const session = readStored('session');
  let local = readStored('local');
  if (isExpired(local)) {
    // Past its deadline: it leaves storage before anything uses it.
    storage('local')?.removeItem(STORAGE_KEY);
    local = null;
    if (!session) notice = NOTICES.expired;
  }
  pruneRememberedKeys();
  return { connection: session ?? local, notice, disconnectedByPerson: carried.byPerson, version: 0 };
}

/** Reads the connection from storage, as a page load does, and follows it from then on. */
export function createConnectionStore(tabs: TabChannel): ConnectionStore {
  let state: ConnectionState = loadState();
  const listeners = new Set<() => void>();
  let disposed = false;

  const set = (next: ConnectionChange) => {
    const before = state.connection;
    state = { disconnectedByPerson: false, ...next, version: state.version + 1 };
    if (disposed) return;
    expiry.schedule();
    if (state.connection && !policyAllows(state.connection.host)) {
      // Locked to another host (a saved connection on another host, or another tab's): the next load
      // locks the page to this one. Nothing is drawn under the old policy meanwhile.
      reloadIntoPolicy();
      return;
    }
    if (state.connection) lockConnectSrc(state.connection.host);
    else if (connectSrcLocked()) reloadToLoosenPolicy(state.notice, state.disconnectedByPerson);
    // Another key, another host, or none: the access kept with the old one goes (src/api/runtime/access-storage.ts).
    if (!sameConnection(before, state.connection)) wipeKeptAccess();
    for (const listener of [...listeners]) listener();
  };

  const disconnectHere = (notice: string | null, byPerson: boolean) => {
    wipeStoredKey();
    set({ connection: null, notice, disconnectedByPerson: byPerson });
  };

  const keepForThisTabOnly = (current: Connection): Connection => {
    const kept: Connection = { ...current, remembered: false, expiresAt: null };
    writeStored(kept);
    set({ ...state, connection: kept });
    return kept;
  };

  const disconnect = (options: DisconnectOptions = {}) => {
    const reason = options.reason ?? (options.byPerson || !options.notice ? 'person' : 'refused');
    disconnectHere(options.notice ?? null, options.byPerson ?? false);
    tabs.post({ type: 'disconnect', reason });
  };

  const expiry = createKeyExpiry(
    () => state.connection,
    () => disconnect({ notice: NOTICES.expired, reason: 'expired' }),
  );
  const stopFollowing = typeof window !== 'undefined' ? followOtherTabs({ state: () => state, set, keepForThisTabOnly }, tabs) : () => {};
  expiry.schedule();
  if (state.connection) lockConnectSrc(state.connection.host);

  return {
    getState: () => state,
    get: () => state.connection,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    switchTo(connection, announced) {
      if (!policyAllows(connection.host)) {
        state = { ...state, connection, notice: null, disconnectedByPerson: false, version: state.version + 1 };
        void announced.finally(reloadIntoPolicy);
        return;
      }
      set({ connection, notice: null });
    },
    keepForThisTabOnly,
    disconnect,
    dispose() {
      disposed = true;
      expiry.stop();
      stopFollowing();
      listeners.clear();
    },
  };
}
