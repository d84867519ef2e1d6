// Mutation testing (`npm run test:mutation`, test/mutation/run.ts; not part of `npm test` or CI).
// The runner calls Stryker once per set of tests with `--mutate` (the files those tests are the own
// tests of) and names the tests to vitest.mutation.config.ts: the options below are what every run shares.
export default {
  testRunner: 'vitest',
  // The runner names each run's tests to vitest.mutation.config.ts: Vitest's import graph would
  // only narrow them again.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Each mutant runs only the tests that reached it in the first run.
  coverageAnalysis: 'perTest',
  // The machine is shared (2 cores): one test runner.
  concurrency: 1,
  // Vitest transpiles without type checks; a mutant that does not type-check still runs.
  disableTypeChecks: true,
  // The sandbox needs the sources, the tests and the configs; not the builds, docs or deploy files.
  ignorePatterns: ['.stryker-tmp*', 'dist', 'dist-demo', 'docs', 'deploy', 'public', 'test/e2e', 'test/bench', 'test/screenshots', '*.log'],
  reporters: ['clear-text', 'progress', 'json'],
  // test/mutation/run.ts names a report per group and reads the scores per file from it.
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  clearTextReporter: { reportTests: false, reportMutants: true, reportScoreTable: true },
  timeoutMS: 10000,
  // test/mutation/run.ts names one per run (.stryker-tmp-<pid>): runs side by side never copy each other's sandboxes.
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
