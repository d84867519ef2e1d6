// Mutation testing (`npm run test:mutation`, test/mutation/run.ts; not part of `npm test` or CI).
// The runner calls Stryker once per group of test/mutation/groups.ts with `--mutate` (the group's
// logic files) and `--testFiles` (the group's own tests): the options below are what every group shares.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The files are given by --testFiles: Vitest's import graph would only narrow them again.
  vitest: { configFile: 'vitest.config.ts', related: false },
  // Each mutant runs only the tests that reached it in the first run.
  coverageAnalysis: 'perTest',
  // The machine is shared (2 cores): one test runner.
  concurrency: 1,
  // Vitest transpiles without type checks; a mutant that does not type-check still runs.
  disableTypeChecks: true,
  // The sandbox needs the sources, the tests and the configs; not the builds, docs or deploy files.
  ignorePatterns: ['dist', 'dist-demo', 'docs', 'deploy', 'public', 'test/e2e', 'test/bench', 'test/screenshots', '*.log'],
  reporters: ['clear-text', 'progress', 'json'],
  // test/mutation/run.ts names a report per group and reads the scores per file from it.
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  clearTextReporter: { reportTests: false, reportMutants: true, reportScoreTable: true },
  timeoutMS: 10000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
