/**
 * The one reader of the stored connection. The page uses it (src/api/runtime/connection-store.ts), and so do the
 * inline scripts the build writes into index.html, which run before any other script
 * (src/app/lock-page-to-host.ts, build/inline-script.ts): this module is copied into them as it is, so it
 * imports only the storage keys (which import nothing) and touches no global but what it is given.
 */
import { STORAGE_KEY } from './storage-keys.ts';

export interface StoredConnection {
  /** Origin of the API; `''` means this site's own origin. */
  host: string;
  /** The personal API key, sent only as `Authorization: Bearer <key>`. */
  key: string;
  /** True when the key is kept in localStorage ("Remember this key on this device"). */
  remembered: boolean;
  /** When a remembered key is forgotten (ms since the epoch, "Forget the key after"); null: never. */
  expiresAt: number | null;
  /** The bundled mock's world this tab uses; `''` or absent: the default world. Not secret. */
  world?: string;
}

/** A stored connection as written by the page, or null when it is absent or damaged. */
export function parseStoredConnection(raw: string | null | undefined, remembered: boolean): StoredConnection | null {
  if (!raw) return null;
  try {
    // A damaged value (`null` included) throws here or fails a check.
    const value = JSON.parse(raw) as Partial<StoredConnection>;
    if (typeof value.key !== 'string' || !value.key || typeof value.host !== 'string') return null;
    const expiresAt = remembered && typeof value.expiresAt === 'number' ? value.expiresAt : null;
    return { host: value.host, key: value.key, remembered, expiresAt, world: typeof value.world === 'string' ? value.world : undefined };
  } catch {
    return null;
  }
}

/** Past its `Forget the key after`: never used again. */
export function isPastDeadline(connection: StoredConnection | null, now: number): boolean {
  return connection?.expiresAt != null && connection.expiresAt <= now;
}

/** The part of `Storage` read here (a storage the browser blocks is passed as null). */
interface Readable {
  getItem(key: string): string | null;
}

/**
 * The connection a page load starts with: this tab's own, else the remembered one unless it is past
 * its deadline (`expired` then holds it). The page's `loadState` (src/api/runtime/connection-store.ts) applies the
 * same rule with these functions, and also wipes an expired key and says why.
 */
export function connectionAtLoad(
  session: Readable | null,
  local: Readable | null,
  now: number,
): { connection: StoredConnection | null; expired: StoredConnection | null } {
  const own = parseStoredConnection(session?.getItem(STORAGE_KEY), false);
  const remembered = parseStoredConnection(local?.getItem(STORAGE_KEY), true);
  const expired = isPastDeadline(remembered, now) ? remembered : null;
  return { connection: own ?? (expired ? null : remembered), expired };
}
