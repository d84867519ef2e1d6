/**
 * Setup of the "ui" test project (jsdom): jest-dom matchers, an msw/node server over the bundled
 * mock's handlers (reset to the seed before each test, unhandled requests are errors), empty web
 * storage, and the browser APIs jsdom lacks. The console itself needs no reset: each render makes
 * its own (test/render.tsx, test/console.ts), disposed when its test ends.
 */
import '@testing-library/jest-dom/vitest';
// Vitest runs without globals, so Testing Library cannot register its own cleanup after each test.
// eslint-disable-next-line testing-library/no-manual-cleanup -- see above.
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMock } from '../src/mock/index.ts';

// One mock and one msw server per worker. The test files of a worker share their modules
// (`isolate: false` in vitest.config.ts) while this file runs again before each of them: a second
// mock here would not be the one the tests' helpers (render.tsx) reach.
interface Backend {
  mock: ReturnType<typeof createMock>;
  server: ReturnType<typeof setupServer>;
}
const perWorker = globalThis as { __uiTestBackend?: Backend };
perWorker.__uiTestBackend ??= (() => {
  const created = createMock();
  return { mock: created, server: setupServer(...created.handlers) };
})();
const backend = perWorker.__uiTestBackend;
/** The mock behind every UI test (its store and faults are reset before each test). */
export const mock = backend.mock;
/** The msw server; add per-test overrides with `server.use(...)` (they are dropped after each test). */
export const server = backend.server;

// Pages render and load lazily in jsdom on a busy machine: findBy and waitFor wait up to 10 s (the
// test itself may take 30 s: vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// ---------- what jsdom lacks ----------

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const g = globalThis as Record<string, unknown>;
g.ResizeObserver ??= NoopObserver;
g.IntersectionObserver ??= NoopObserver;
window.scrollTo = () => {};
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// ---------- lifecycle ----------

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  mock.reset();
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => server.close());
