/**
 * Messages between the open tabs of the console (same origin): a `BroadcastChannel`, or, where a
 * browser has none, a `storage` event on a localStorage entry that is written and removed at once.
 *
 * No message ever carries the API key. A tab that connects sends a salted SHA-256 fingerprint of
 * its host and key (`connectionFingerprint`): another tab can tell "the same key as mine" from "another
 * key" with it, and then reads the key itself from storage when it was remembered.
 */
import { CHANNEL_NAME, TAB_MESSAGE_STORAGE_KEY } from './storage-keys.ts';

export type DisconnectReason = 'person' | 'refused' | 'expired';

export type TabMessage =
  /** The sending tab disconnected (and wiped the key from storage). */
  | { type: 'disconnect'; reason: DisconnectReason }
  /** The sending tab connected; `remembered`: the key is in localStorage for other tabs to read. */
  | { type: 'connect'; remembered: boolean; salt: string; digest: string }
  /** A mutation succeeded in the sending tab: what it declared it changed (query keys only: `SentChange` of src/api/client/changes.ts). */
  | { type: 'changes'; changes: ReadonlyArray<unknown> };


type Listener = (message: TabMessage) => void;

/** This tab's line to the others: made once per console (src/api/runtime/runtime.ts), closed with it. */
export interface TabChannel {
  /** Sends `message` to every other open tab of the console (never to this one). */
  post(message: TabMessage): void;
  /** Calls `listener` with every message another tab sends; returns the unsubscribe. */
  listen(listener: Listener): () => void;
  /** Stops listening and closes the channel (a test's console, when the test ends). */
  close(): void;
}

function isTabMessage(value: unknown): value is TabMessage {
  if (!value || typeof value !== 'object') return false;
  const type = (value as { type?: unknown }).type;
  return type === 'disconnect' || type === 'connect' || type === 'changes';
}

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A channel that opens on first use (a page that never hears or tells the other tabs opens nothing). */
export function createTabChannel(): TabChannel {
  const listeners = new Set<Listener>();
  let channel: BroadcastChannel | null = null;
  let started = false;
  let closed = false;

  const deliver = (message: unknown) => {
    if (closed || !isTabMessage(message)) return;
    for (const listener of [...listeners]) listener(message);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TAB_MESSAGE_STORAGE_KEY || !event.newValue) return;
    try {
      const { message } = JSON.parse(event.newValue) as { message?: unknown };
      deliver(message);
    } catch {
      // Not ours, or damaged: ignore.
    }
  };
  const start = () => {
    if (started || closed || typeof window === 'undefined') return;
    started = true;
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.onmessage = (event: MessageEvent) => deliver(event.data);
      // Node's channel (tests) would otherwise keep the process alive.
      (channel as { unref?: () => void }).unref?.();
    }
    window.addEventListener('storage', onStorage);
  };

  return {
    post(message) {
      start();
      if (closed) return;
      if (channel) {
        try {
          channel.postMessage(message);
          return;
        } catch {
          // A closed channel: fall through to the storage carrier.
        }
      }
      const store = localStore();
      if (!store) return;
      try {
        // A unique id makes every message a change, so a repeated message still fires `storage`.
        store.setItem(TAB_MESSAGE_STORAGE_KEY, JSON.stringify({ id: `${Date.now()}-${Math.random()}`, message }));
      } catch {
        // Quota or privacy mode: the other tabs will catch up on their next load.
      } finally {
        store.removeItem(TAB_MESSAGE_STORAGE_KEY);
      }
    },
    listen(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      channel?.close();
      channel = null;
      if (started && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    },
  };
}

// ---------- fingerprints ----------

/** Bytes as lowercase hex (src/api/connect/save-connection.ts makes its salts with it too). */
export function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * SHA-256 of salt, host and key, as hex: equal for the same host and key under the same salt, and
 * says nothing usable about the key. Null where the browser offers no Web Crypto (an insecure
 * origin): the other tabs then treat the key as another one, which errs on the safe side.
 */
export async function connectionFingerprint(salt: string, host: string, key: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const data = new TextEncoder().encode(`${salt}\n${host}\n${key}`);
  return toHex(await subtle.digest('SHA-256', data));
}

// ---------- what mutations changed ----------

/** Calls `apply` with what each mutation in another tab changed (a `changes` message); returns the unsubscribe. */
export function replayChanges(tabs: TabChannel, apply: (changes: ReadonlyArray<unknown>) => void): () => void {
  return tabs.listen((message) => {
    if (message.type === 'changes') apply(message.changes);
  });
}
