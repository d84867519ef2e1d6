/** The per-store cache of dashboard list rows (src/mock/rules/list-cache.ts): one per store, dropped as dashboards change. */
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/mock/store/db.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import { listCacheOf, type DashboardListEntry } from '../../../src/mock/rules/list-cache.ts';

const seed = seedData();
const { productOverview, websiteTraffic } = seedIds.dashboards;
const entry = (text: string): DashboardListEntry => ({ variants: { '37|manager': '{}' }, searchText: text });

describe('listCacheOf', () => {
  it('is one cache per store, the same on every call', () => {
    const a = new Store(seed);
    const b = new Store(seed);
    const cache = listCacheOf(a);
    expect(cache.size).toBe(0);
    expect(listCacheOf(a)).toBe(cache);
    expect(listCacheOf(b)).not.toBe(cache);
  });

  it('drops only the entry of the dashboard that changed', () => {
    const store = new Store(seed);
    const cache = listCacheOf(store);
    cache.set(productOverview, entry('product'));
    cache.set(websiteTraffic, entry('web'));
    store.updateDashboard(store.dashboard(productOverview)!, { name: 'Renamed' });
    expect(cache.has(productOverview)).toBe(false);
    expect(cache.get(websiteTraffic)?.searchText).toBe('web');
    expect(listCacheOf(store)).toBe(cache);
  });

  it('empties when the whole store is replaced', () => {
    const store = new Store(seed);
    const cache = listCacheOf(store);
    cache.set(productOverview, entry('product'));
    cache.set(websiteTraffic, entry('web'));
    store.replace(seed);
    expect(cache.size).toBe(0);
    expect(listCacheOf(store)).toBe(cache);
  });
});
