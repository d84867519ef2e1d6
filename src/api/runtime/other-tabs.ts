/**
 * What this tab does when another tab of the console connects or disconnects: adopts a key the
 * other tab remembered (read from localStorage, never from a message), goes to Connect when it used
 * another key, and wipes its own copy when the other tab disconnected. Wired by each connection
 * store (src/api/runtime/connection-store.ts) to its tab channel; the returned function stops it.
 */
import { parseStoredConnection } from './read-stored-connection.ts';
import {
  isExpired,
  NOTICES,
  readStored,
  sameConnection,
  storage,
  type Connection,
  type ConnectionChange,
  type ConnectionState,
} from './connection-storage.ts';
import { STORAGE_KEY } from './storage-keys.ts';
import { connectionFingerprint, type DisconnectReason, type TabChannel, type TabMessage } from './tab-channel.ts';

/** What of the connection store the other tabs' messages change. */
export interface ConnectionHolder {
  state(): ConnectionState;
  /** Changes the state here only (the other tabs are not told). */
  set(next: ConnectionChange): void;
  keepForThisTabOnly(current: Connection): Connection;
}

export function followOtherTabs(holder: ConnectionHolder, tabs: TabChannel): () => void {
  /** Takes the connection another tab remembered (localStorage); this tab's own session copy goes. */
  const adoptRemembered = (remembered: Connection) => {
    if (isExpired(remembered)) return;
    const state = holder.state();
    const current = state.connection;
    if (sameConnection(current, remembered)) {
      // The same key: nothing changes on screen, only when it is forgotten.
      if (current && current.expiresAt !== remembered.expiresAt && current.remembered) {
        holder.set({ ...state, connection: { ...current, expiresAt: remembered.expiresAt } });
      }
      return;
    }
    storage('session')?.removeItem(STORAGE_KEY);
    holder.set({ connection: remembered, notice: null });
  };

  const onConnected = async (message: Extract<TabMessage, { type: 'connect' }>) => {
    const current = holder.state().connection;
    const mine = current && (await connectionFingerprint(message.salt, current.host, current.key));
    if (holder.state().connection !== current) return;
    if (current && mine && mine === message.digest) {
      // The same key: this tab changes nothing. If the other tab stopped remembering it, keep it for
      // this tab's lifetime (sessionStorage), as that tab does.
      if (!message.remembered && current.remembered && !readStored('local')) holder.keepForThisTabOnly(current);
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
    if (current) {
      storage('session')?.removeItem(STORAGE_KEY);
      storage('local')?.removeItem(STORAGE_KEY);
      holder.set({ connection: null, notice: NOTICES.otherKey, disconnectedByPerson: false });
    }
  };

  const onDisconnected = (reason: DisconnectReason) => {
    const current = holder.state().connection;
    // The sender wiped localStorage; this tab wipes its own sessionStorage (and a copy of its own key
    // left in localStorage, never a key another tab has remembered since).
    storage('session')?.removeItem(STORAGE_KEY);
    if (current && sameConnection(readStored('local'), current)) storage('local')?.removeItem(STORAGE_KEY);
    if (!current) return;
    const notice =
      reason === 'expired' ? NOTICES.expired : reason === 'refused' ? NOTICES.otherTabRefused : NOTICES.otherTabDisconnected;
    holder.set({ connection: null, notice, disconnectedByPerson: false });
  };

  const stopListening = tabs.listen((message) => {
    if (message.type === 'disconnect') onDisconnected(message.reason);
    else if (message.type === 'connect') void onConnected(message);
  });
  // Another tab remembered a key (the fallback when a message arrived before the write was visible).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.storageArea !== storage('local') || !event.newValue) return;
    const remembered = parseStoredConnection(event.newValue, true);
    if (remembered) adoptRemembered(remembered);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopListening();
    window.removeEventListener('storage', onStorage);
  };
}
