/**
 * `npm run test:mutation` (test/mutation/run.ts): the tests of one Stryker run, named by the runner
 * (MUTATION_NODE_TESTS, MUTATION_DOM_TESTS: comma-separated). The tests that need no DOM run in
 * node without the UI setup (Stryker reruns a file's tests for every mutant: jsdom and the mock
 * behind msw would cost seconds each time); the others as `npm test` runs them.
 * The files are chosen here rather than with Stryker's `--testFiles`: with a test filter, Stryker
 * 9.6.1 activates a static mutant (a module's top-level value) after the module has loaded, and
 * reports it survived whatever the tests say (stryker-js issue #6144).
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const listed = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);
const nodeTests = listed('MUTATION_NODE_TESTS');
const domTests = listed('MUTATION_DOM_TESTS');

const projects: TestProjectInlineConfiguration[] = [];
if (nodeTests.length > 0) projects.push({ extends: true, test: { name: 'node', include: nodeTests, environment: 'node' } });
if (domTests.length > 0) {
  // As vitest.config.ts's "ui" project.
  projects.push({
    extends: true,
    plugins: [react()],
    test: { name: 'ui', include: domTests, environment: 'jsdom', setupFiles: ['test/setup.ts'], testTimeout: 30_000, isolate: false },
  });
}

export default defineConfig({ test: { projects } });
