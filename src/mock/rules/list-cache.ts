/**
 * What a dashboard list costs per row (its serialized list items and its search text), kept per
 * store until the dashboard changes: the store announces each change (`onDashboardChange`) and
 * knows nothing of what is derived here.
 */
import type { Store } from '../store/db.ts';

export interface DashboardListEntry {
  /** The serialized list item per caller-dependent variant (privilege and access level), made on first use. */
  variants: Record<string, string>;
  /** Lower-cased name and description, for `?search=`. */
  searchText: string;
}

const caches = new WeakMap<Store, Map<number, DashboardListEntry>>();

/** The store's list cache by dashboard id, created (and kept current) on first use. */
export function listCacheOf(store: Store): Map<number, DashboardListEntry> {
  let cache = caches.get(store);
  if (!cache) {
    const entries = new Map<number, DashboardListEntry>();
    store.onDashboardChange((id) => {
      if (id === null) entries.clear();
      else entries.delete(id);
    });
    caches.set(store, (cache = entries));
  }
  return cache;
}
