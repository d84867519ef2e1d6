/**
 * The bundled mock backend: one seeded store and one list of MSW handlers, served by msw/node in
 * tests, by the service worker in the demo build and by node:http in `npm run mock`.
 */
import type { HttpHandler } from 'msw';
import packageJson from '../../package.json' with { type: 'json' };
import type { MockFaults, MockInfo } from '../contract/schemas.ts';
import { assertStoreData, Store, type StoreData } from './db.ts';
import { faultHandler, faultsActive, noFaults, normalizeFaults, type FaultsInput } from './faults.ts';
import { apiHandlers } from './handlers/api.ts';
import { controlHandlers } from './handlers/control.ts';
import { sharedPageHandler } from './handlers/shared-page.ts';
import { demoKeys, seedData } from './seed.ts';

export interface MockOptions {
  data?: StoreData;
  faults?: FaultsInput;
}

export interface Mock {
  store: Store;
  /** Order: /__mock/* control routes, /shared/:token, the fault layer (/api/ only), the API. */
  handlers: HttpHandler[];
  getFaults(): MockFaults;
  setFaults(faults: MockFaults): void;
  /** Store back to the seed, faults back to none. */
  reset(): void;
  /** The body of GET /__mock/info. */
  info(): MockInfo;
  /**
   * The part of `handlers`, in the same order, that can answer a request for this (normalized)
   * path: the same answer as `handlers` at a fraction of the cost, for transports that see the path.
   */
  handlersFor(pathname: string): HttpHandler[];
}

export const mockVersion: string = packageJson.version;

/** Checks that `value` is what this mock writes (one validator: the store's), and returns it typed. */
export function validateStoreData(value: unknown): StoreData {
  assertStoreData(value);
  return value;
}

export function createMock(options: MockOptions = {}): Mock {
  const store = new Store(options.data ?? seedData());
  let faults = normalizeFaults(options.faults);

  const control: HttpHandler[] = [];
  const sharedPage: HttpHandler[] = sharedPageHandler(store);
  // Reads the live settings without copying: this runs on every /api/ request.
  const faultLayer = faultHandler(() => faults);
  const api = apiHandlers(store, { productionKeyRules: () => faults.production_key_rules === true });
  const apiWithFaults = [faultLayer, ...api];

  const mock: Mock = {
    store,
    handlers: [],
    getFaults: () => normalizeFaults(faults),
    setFaults: (next) => {
      faults = normalizeFaults(next);
    },
    reset: () => {
      store.replace(seedData());
      faults = noFaults();
    },
    info: () => ({
      mock: true,
      version: mockVersion,
      keys: demoKeys.map((key) => ({ key: key.key, user: key.userEmail, scopes: [...key.scopes] })),
      faults: normalizeFaults(faults),
    }),
    handlersFor: (pathname) => {
      // The groups match disjoint path prefixes, so skipping the others changes no answer.
      if (pathname === '/api' || pathname.startsWith('/api/')) return faultsActive(faults) ? apiWithFaults : api;
      if (pathname === '/__mock' || pathname.startsWith('/__mock/')) return control;
      if (pathname.startsWith('/shared/')) return sharedPage;
      return mock.handlers;
    },
  };
  control.push(...controlHandlers(mock));
  mock.handlers = [...control, ...sharedPage, faultLayer, ...api];
  return mock;
}

export type { MockFaults, MockInfo, StoreData };
