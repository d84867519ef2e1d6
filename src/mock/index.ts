/**
 * The bundled mock backend: its worlds (a seeded store and fault settings each, see ./worlds.ts) and
 * one list of MSW handlers, served by msw/node in tests, by the service worker in the demo build and
 * by node:http in `npm run mock`. Every handler acts on the caller's world (`X-Mock-World`).
 */
import { HttpResponse, type HttpHandler } from 'msw';
import packageJson from '../../package.json' with { type: 'json' };
import type { ErrorBody } from '../contract/errors.ts';
import { mockWorldHeader } from '../contract/mock-world.ts';
import type { MockFaults, MockInfo } from '../contract/schemas.ts';
import { mockRoute } from './serve/cors.ts';
import { assertStoreData, type Store } from './store/db.ts';
import type { StoreData } from './store/records.ts';
import { faultHandler, faultsActive, normalizeFaults, type FaultsInput } from './faults.ts';
import { apiHandlers } from './handlers/api.ts';
import { controlHandlers, type MockControl } from './handlers/control.ts';
import { sharedPageHandler } from './handlers/shared-page.ts';
import { demoKeys, seedData } from './store/seed.ts';
import { worldNameError, Worlds, type World, type WorldRecord, type WorldSummary } from './store/worlds.ts';

export interface MockOptions {
  /** The default world's data. */
  data?: StoreData;
  /** Named worlds to start with (from a data file). */
  worlds?: ReadonlyArray<WorldRecord>;
  /** The fault settings every world starts with. */
  faults?: FaultsInput;
  /** Where the mock says it dropped a world (default: console.info). */
  log?: (line: string) => void;
  /** Called after a world's fault settings change (a PUT /__mock/faults, a reset). */
  onFaultsChange?: (world: World) => void;
}

export interface Mock {
  /** The default world's store. */
  readonly store: Store;
  readonly worlds: Worlds;
  /** Order: the X-Mock-World check, /__mock/* control routes, /shared/:token, the fault layer (/api/ only), the API. */
  readonly handlers: HttpHandler[];
  /** The world a request asks for (created on first use); the header is valid past the handlers' first check. */
  worldOf(request: Request): World;
  /** The fault settings of a world (default: the default world). */
  getFaults(world?: World): MockFaults;
  setFaults(faults: MockFaults, world?: World): void;
  /** Every world kept, the default first (the body of GET /__mock/worlds). */
  listWorlds(): WorldSummary[];
  /** Drops a named world and its faults; false when no such world is kept (or for the default one). */
  dropWorld(name: string): boolean;
  /** A world's store back to the seed, its faults back to none. */
  reset(world?: World): void;
  /** The body of GET /__mock/info for a world. */
  info(world?: World): MockInfo;
  /**
   * The part of `handlers`, in the same order, that can answer this request (its normalized path
   * given): the same answer as `handlers` at a fraction of the cost, for transports that see the path.
   */
  handlersFor(pathname: string, request: Request): HttpHandler[];
}

export const mockVersion: string = packageJson.version;

/** Checks that `value` is what this mock writes (one validator: the store's), and returns it typed. */
export function validateStoreData(value: unknown): StoreData {
  assertStoreData(value);
  return value;
}

/** The world named by a request's `X-Mock-World` header; null without one. */
export function worldNameOf(request: Request): string | null {
  return request.headers.get(mockWorldHeader);
}

/** 400 for a request whose `X-Mock-World` is not a world name (before any world is touched). */
function worldHeaderCheck(): HttpHandler {
  return mockRoute(
    ({ request }) => {
      const name = worldNameOf(request);
      return name !== null && worldNameError(name) !== null;
    },
    ({ request }) =>
      HttpResponse.json(
        {
          type: 'validation_error',
          code: 'invalid_input',
          detail: `Invalid ${mockWorldHeader} header "${worldNameOf(request)!.slice(0, 60)}": a world name is 1 to 40 letters, digits, "-" or "_".`,
          attr: null,
        } satisfies ErrorBody,
        { status: 400 },
      ),
  );
}

export function createMock(options: MockOptions = {}): Mock {
  const worlds = new Worlds({ seed: seedData, data: options.data, worlds: options.worlds, faults: options.faults, log: options.log });
  const worldOf = (request: Request) => worlds.get(worldNameOf(request));
  const faultsChanged = options.onFaultsChange ?? (() => undefined);

  const control = {
    worldOf,
    getFaults: (world: World = worlds.default) => normalizeFaults(world.faults),
    setFaults: (next: MockFaults, world: World = worlds.default) => {
      world.faults = normalizeFaults(next);
      faultsChanged(world);
    },
    reset: (world: World = worlds.default) => {
      worlds.reset(world);
      faultsChanged(world);
    },
    info: (world: World = worlds.default): MockInfo => ({
      mock: true,
      version: mockVersion,
      keys: demoKeys.map((key) => ({ key: key.key, user: key.userEmail, scopes: [...key.scopes] })),
      faults: normalizeFaults(world.faults),
      world: world.name,
    }),
    listWorlds: () => worlds.list(),
    dropWorld: (name: string) => worlds.drop(name),
  } satisfies MockControl;

  // The groups, each led by the X-Mock-World check; they match disjoint path prefixes.
  const check = worldHeaderCheck();
  const controlRoutes = controlHandlers(control);
  const sharedPage = sharedPageHandler((request, token) => {
    const name = worldNameOf(request);
    if (name !== null) return worlds.get(name).store;
    // A browser opening a shared link sends no header: the world that issued the token answers
    // (the seed's tokens are in every world: then the most recently used of them).
    let known: World | undefined;
    for (const world of worlds.all()) {
      if (world.store.dashboardBySharingToken(token) && (!known || world.lastUsed > known.lastUsed)) known = world;
    }
    return (known ?? worlds.default).store;
  });
  // Reads the live settings without copying: this runs on every /api/ request.
  const faultLayer = faultHandler((request) => worldOf(request).faults);
  const api = apiHandlers((request) => worldOf(request).store, {
    productionKeyRules: (request) => worldOf(request).faults.production_key_rules === true,
  });

  const groups = {
    control: [check, ...controlRoutes],
    sharedPage: [check, ...sharedPage],
    api: [check, ...api],
    apiWithFaults: [check, faultLayer, ...api],
  };
  const handlers = [check, ...controlRoutes, ...sharedPage, faultLayer, ...api];

  return {
    ...control,
    get store() {
      return worlds.default.store;
    },
    worlds,
    handlers,
    handlersFor: (pathname, request) => {
      // The groups match disjoint path prefixes, so skipping the others changes no answer.
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        const name = worldNameOf(request);
        const world = name === null || worldNameError(name) === null ? worlds.peek(name) : undefined;
        // A world not created yet starts with the faults every world starts with.
        return !world || faultsActive(world.faults) ? groups.apiWithFaults : groups.api;
      }
      if (pathname === '/__mock' || pathname.startsWith('/__mock/')) return groups.control;
      if (pathname.startsWith('/shared/')) return groups.sharedPage;
      return handlers;
    },
  };
}

export type { MockFaults, MockInfo, StoreData };
