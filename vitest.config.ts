import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { needsNoDom } from './test/dom-free.ts';

/** jsdom tests that mock a module the other UI tests have already loaded (their worker shares modules). */
const ISOLATED_UI_TESTS = ['test/app/shell/mock-panel-slot.test.tsx', 'test/app/shell/shortcut-keys-early.test.tsx'];

/** The tests of src/api, components, features and app that need no DOM: in node, without jsdom's start-up per file. */
const DOM_FREE_TESTS = ['test/api', 'test/components', 'test/features', 'test/app']
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name)))
  .filter((file) => file.endsWith('.test.ts') && needsNoDom(file));

const uiTest = {
  environment: 'jsdom' as const,
  setupFiles: ['test/setup.ts'],
  // Rendering whole pages in jsdom on a shared 2-core machine: a test may take seconds, and a
  // page may take a few seconds to show up (setup.ts gives findBy/waitFor 10 s to match).
  testTimeout: 30_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    // Vitest's default is one worker per core minus one: a single worker on the 2-core CI machine.
    // Many tests wait on timers, latency and child processes, so two overlap well (140 s -> 90 s).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // The contract, the mock and the build's own plugins: no DOM.
          name: 'node',
          include: ['test/{contract,mock,build}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          ...uiTest,
          // src/api, components, features and app: in jsdom, as the browser runs them.
          name: 'ui',
          include: ['test/{api,components,features,app}/**/*.test.{ts,tsx}'],
          // The files of a worker share its modules instead of importing the app, React and the
          // mock again for each file (npm test: 144 s -> 82 s on the 2-core machine). Each test
          // still starts clean: setup.ts resets the mock (the backend) and web storage (the
          // browser), and each render makes its own console (runtime, query client, router),
          // disposed when its test ends: no module holds console state to reset.
          isolate: false,
          // A test that holds a module back with vi.mock needs that module fresh: it runs alone below.
          exclude: [...ISOLATED_UI_TESTS, ...DOM_FREE_TESTS],
        },
      },
      {
        extends: true,
        // Logic of src/api, components, features and app: functions, no page.
        test: { name: 'unit', include: DOM_FREE_TESTS, environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { ...uiTest, name: 'ui-isolated', include: [...ISOLATED_UI_TESTS] },
      },
    ],
  },
});
