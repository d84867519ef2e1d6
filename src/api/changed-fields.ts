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

export function hasChanges(changes: object): boolean {
  return Object.keys(changes).length > 0;
}
