/** Whether the connected key can use an operation, in words: the scope it holds, and production's session-only actions. */
import type { Operation } from '../../contract/operations/operations.ts';
import { scopeGranted } from '../../contract/scopes.ts';

export interface KeyFacts {
  /** The key's scopes; undefined while not known yet, null when they could not be read. */
  scopes: ReadonlyArray<string> | null | undefined;
  /** The backend refuses keys on session-only actions (production, or the mock told to); undefined while not known. */
  productionKeyRules: boolean | undefined;
}

export interface KeyUse {
  /** true: the key has what it needs; false: it has not (why in `reason`); null: not known yet. */
  ok: boolean | null;
  /** A sentence under `Needs <scope>`. */
  reason: string;
  /** A few words for the list. */
  short: string;
}

export function keyUse(operation: Pick<Operation, 'scope' | 'sessionOnly'>, facts: KeyFacts): KeyUse {
  if (operation.sessionOnly && facts.productionKeyRules) {
    return {
      ok: false,
      reason: 'This backend refuses personal API keys on this action (PostHog keeps it for its web app). Send it to see the refusal.',
      short: 'web app only',
    };
  }
  if (operation.scope === null) return { ok: true, reason: 'Any valid key may call it.', short: '' };
  if (facts.scopes === undefined) return { ok: null, reason: 'Checking the key’s scopes…', short: '' };
  if (facts.scopes === null) return { ok: null, reason: 'The key’s scopes could not be read.', short: '' };
  return scopeGranted(facts.scopes, operation.scope)
    ? { ok: true, reason: `Your key has ${operation.scope}.`, short: '' }
    : { ok: false, reason: `Your key does not have ${operation.scope}: the API will refuse it. Send it to see the refusal.`, short: 'not in your key' };
}
