/** A PATCH carries only the fields the person changed (API.md, intro). */

/** Deep equality of JSON values (key order of objects does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => k in rb && sameValue(ra[k], rb[k]));
}

/**
 * The entries of `draft` whose value differs from `original` (deep, by JSON value).
 * `changedFields({name: 'A', tags: ['x']}, {name: 'A', tags: ['x', 'y']})` → `{tags: ['x', 'y']}`.
 */
export function changedFields<D extends object>(original: { [K in keyof D]?: unknown }, draft: D): Partial<D> {
  const changes: Partial<D> = {};
  for (const key of Object.keys(draft) as Array<keyof D>) {
    if (!sameValue(original[key], draft[key])) changes[key] = draft[key];
  }
  return changes;
}

/**
 * What a save sends, once the server's current record is known (no lost update, CONSOLE.md "Safety").
 * All three records hold the API's values of the form's fields:
 * - `baseline`: what each field showed when the person began editing it (unedited fields: anything);
 * - `server`: the record as the server holds it now, read just before saving;
 * - `mine`: what the form holds now (unedited fields follow `server`).
 */
export interface SaveInputs<K extends string> {
  baseline: Readonly<Record<K, unknown>>;
  server: Readonly<Record<K, unknown>>;
  mine: Readonly<Record<K, unknown>>;
}

export interface SavePlan<K extends string> {
  /** The fields to send and their values: those the person changed from their baseline, unless the server already holds that value. */
  changes: Partial<Record<K, unknown>>;
  /**
   * The fields of `changes` that someone else changed since the person began editing them (the
   * server's value is no longer the baseline): saving them overwrites that change, so ask first.
   */
  conflicts: K[];
}

/**
 * Compares, field by field, the server's current value with the field's baseline.
 * A field the person edited back to its baseline is not theirs to save: the server's value stands.
 */
export function planSave<K extends string>({ baseline, server, mine }: SaveInputs<K>): SavePlan<K> {
  const changes: Partial<Record<K, unknown>> = {};
  const conflicts: K[] = [];
  for (const field of Object.keys(mine) as K[]) {
    if (sameValue(mine[field], baseline[field]) || sameValue(mine[field], server[field])) continue;
    changes[field] = mine[field];
    if (!sameValue(server[field], baseline[field])) conflicts.push(field);
  }
  return { changes, conflicts };
}
