import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The UI tests' files that need a module registry of their own: those that replace modules
 * (`vi.mock`), and those about what happens once per page load (the first route's code and data,
 * the hold until the first paint, the tabs' channel), which another file's render would have done.
 */
const uiOwnModules = [
  'test/ui/key-expiry.test.tsx',
  'test/ui/route-prefetch.test.tsx',
  'test/ui/first-route.test.tsx',
  'test/ui/first-paint.test.ts',
  'test/ui/tab-sync.test.ts',
];

const uiTest = {
  environment: 'jsdom' as const,
  setupFiles: ['test/ui/setup.ts'],
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
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          ...uiTest,
          name: 'ui',
          include: ['test/ui/**/*.test.{ts,tsx}'],
          exclude: uiOwnModules,
          // The files of a worker share its modules instead of importing the app, React and the
          // mock again for each file (npm test: 144 s -> 82 s on the 2-core machine). Each test
          // still starts clean: setup.ts resets the mock, the storage, the connection and the
          // request log, and each render makes its own query client and router.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...uiTest, name: 'ui-isolated', include: uiOwnModules },
      },
    ],
  },
});
