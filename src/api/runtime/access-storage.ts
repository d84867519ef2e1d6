/**
 * The key's access, kept with the connection (CONSOLE.md "Access is known before a control shows"):
 * its scopes and scoped projects (`personal_api_keys/@current`), the person's membership level in
 * the current organization, who the person is, and whether the backend refuses keys the
 * session-only actions. Stored beside the connection (sessionStorage, or localStorage when the key
 * is remembered), so a reload or a deep link draws every control with a known answer at once; the
 * queries check it again in the background and the controls follow when it changed.
 *
 * Never the key, nor anything the API could answer with it (`value`, `mask_value`): scopes and ids only.
 * This module holds where it is kept and the connected routes' loader's one question (is it all
 * there?), so it is first-load code and small; remember-access.ts reads the values (checked) and writes
 * them from the queries' answers; the connection's store (connection-store.ts) wipes them when the key or
 * host changes.
 */
import type { Connection } from './connection-storage.ts';
import { ACCESS_STORAGE_KEY } from './storage-keys.ts';

export interface KeptAccess {
  /** The host it was learnt on (a connection to another host never reads it). */
  host: string;
  key?: { scopes: string[]; scopedTeams: number[] };
  /** The person's level in the current organization (null: the API gave none). */
  membershipLevel?: number | null;
  me?: { id: number; uuid: string };
  /** The backend refuses keys the session-only actions (production, or the mock playing it). */
  productionKeyRules?: boolean;
}

/** Where the access of `connection` is kept: beside its key (localStorage when remembered). */
export function store(connection: Connection | null): Storage | null {
  if (!connection) return null;
  try {
    return connection.remembered ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * True when what the connected routes' loader asks about the key (key-access-queries.ts: its scopes, the
 * person's role, the backend's rules) is all kept for `connection` (the current one): the pages then draw
 * with it at once, and the queries check it in the background. Only whether each is there: the
 * values are read, and checked, by the keeper's `read` (src/api/access/remember-access.ts) (not first-load code); one
 * it refuses is "not known yet" there, never "yes".
 */
export function accessKept(connection: Connection | null): boolean {
  try {
    const kept = JSON.parse(store(connection)?.getItem(ACCESS_STORAGE_KEY) ?? 'null') as Partial<KeptAccess> | null;
    return !!kept?.key && kept.host === connection?.host && kept.membershipLevel !== undefined && typeof kept.productionKeyRules === 'boolean';
  } catch {
    return false;
  }
}

/** What the key's access keeps, for one console (made by src/api/access/remember-access.ts, held by the runtime). */
export interface KeptAccessKeeper {
  /** What is kept for the current connection, or null (the same object until storage or the host changes). */
  read(): KeptAccess | null;
  /** Stops following the queries. */
  dispose(): void;
}
