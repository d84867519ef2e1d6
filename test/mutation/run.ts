/**
 * `npm run test:mutation [group…] [-- options]`: Stryker over the logic files (`.ts`) of the groups
 * below, each file against its own tests only, then a score per file; exits non-zero when a file
 * scores under 85 %. Not part of `npm test` or CI (it takes long on the 2-core machine).
 *
 * A file's own tests are the test file of its name in the group's test folder, at the same place
 * in it as the file in the source folder (`src/components/table/csv.ts` → `test/components/table/csv.test.ts`); without one, the unit test files that import it; without those
 * (the mock's rules, which the API tests reach through the handlers), its group's test folder. The page tests of
 * test/features and test/app never count: a rule a page test happens to cover is still untested.
 * Files with the same tests share one Stryker run.
 *   npm run test:mutation                       every group
 *   npm run test:mutation -- client             one group
 *   npm run test:mutation -- client --mutate src/api/client/pagination.ts   one file of it
 *   npm run test:mutation -- --plan             which files run against which tests, without running
 * Other options go to Stryker as they are (`--ignoreStatic`, `--logLevel debug`, …).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { needsNoDom } from '../dom-free.ts';

interface Group {
  /** The folder of logic files to mutate. */
  folder: string;
  /** The group's test folder, and the test files of it that test the files no test imports. */
  tests: string;
  exclude?: string[];
  /** Its tests reach it through other modules (the mock's handlers): an import of it is incidental. */
  throughHandlers?: boolean;
}

const groups: Record<string, Group> = {
  contract: { folder: 'src/contract', tests: 'test/contract' },
  access: { folder: 'src/api/access', tests: 'test/api/access' },
  client: { folder: 'src/api/client', tests: 'test/api/client' },
  bulk: { folder: 'src/api/bulk', tests: 'test/api/bulk' },
  components: { folder: 'src/components', tests: 'test/components' },
  // The files that start the HTTP server as a child process test the server (whose coverage
  // Stryker does not see), not the rules.
  rules: { folder: 'src/mock/rules', tests: 'test/mock', exclude: ['server', 'persist', 'cors', 'scale'], throughHandlers: true },
};

/** The score a file must reach. */
const threshold = 85;

const args = process.argv.slice(2);
// The group names first, then the options.
const firstOption = args.findIndex((a) => a.startsWith('-'));
const named = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const mutateAt = options.indexOf('--mutate');
// `--mutate a.ts,b.ts:10-40`: the files to run, each with Stryker's optional line range.
const only =
  mutateAt === -1
    ? null
    : new Map(
        options
          .splice(mutateAt, 2)[1]!
          .split(',')
          .map((entry) => /^(.*?)(:\d+(?::\d+)?-\d+(?::\d+)?)?$/.exec(entry)!)
          .map(([, file, range]) => [relative('.', file!), range ?? ''] as const),
      );
const unknown = named.filter((name) => !(name in groups));
if (unknown.length > 0) {
  console.error(`Unknown group ${unknown.join(', ')}; the groups: ${Object.keys(groups).join(', ')}`);
  process.exit(2);
}

const testFilesIn = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));

// Every unit test file (not the pages'), and the source files each imports.
const unitTests = Object.values(groups).flatMap((g) => testFilesIn(g.tests));
const importers = new Map<string, Set<string>>();
for (const test of unitTests) {
  for (const [, specifier] of readFileSync(test, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = relative('.', resolve(dirname(test), specifier!));
    if (!importers.has(target)) importers.set(target, new Set());
    importers.get(target)!.add(test);
  }
}

function ownTests(file: string, group: Group): string[] {
  const folderTests = testFilesIn(group.tests)
    .filter((t) => !group.exclude?.some((name) => basename(t).startsWith(`${name}.test.`)))
    .sort();
  const named = folderTests.filter((t) => basename(t).replace(/\.test\.tsx?$/, '') === basename(file, '.ts'));
  // The test folder mirrors the source folder: of two tests of the name, the one at the file's place.
  const mirrored = named.filter((t) => dirname(t) === join(group.tests, relative(group.folder, dirname(file))));
  if (mirrored.length > 0) return mirrored;
  if (named.length > 0) return named;
  const importing = group.throughHandlers ? [] : [...(importers.get(file) ?? [])].sort();
  return importing.length > 0 ? importing : folderTests;
}

// One Stryker run per set of tests.
const runs = new Map<string, { files: string[]; tests: string[] }>();
for (const name of named.length > 0 ? named : Object.keys(groups)) {
  const group = groups[name]!;
  // The group's folder and its subfolders (src/components/table/, src/mock/rules/dashboards/, …).
  const files = readdirSync(group.folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(group.folder, f))
    .filter((f) => !only || only.has(f));
  for (const file of files) {
    const tests = ownTests(file, group);
    const key = tests.join(',');
    if (!runs.has(key)) runs.set(key, { files: [], tests });
    runs.get(key)!.files.push(file);
  }
}

if (options.includes('--plan')) {
  for (const { files, tests } of runs.values()) console.info(`${files.join(' ')}\n  against ${tests.join(' ')}`);
  process.exit(0);
}

interface Mutant {
  status: string;
  testsCompleted?: number;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const rows: Array<{ file: string; score: number; killed: number; survived: number; noCoverage: number }> = [];
let failed = false;
let index = 0;
for (const { files, tests } of runs.values()) {
  // Named for this process, so that two runs side by side (two terminals, two groups) keep their own
  // reports and sandboxes.
  const report = `reports/mutation/run-${process.pid}-${++index}.json`;
  rmSync(report, { force: true });
  console.info(`\n# ${files.join(', ')}\n  against ${tests.join(', ')}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', '--mutate', files.map((file) => file + (only?.get(file) ?? '')).join(','), '--tempDirName', `.stryker-tmp-${process.pid}`, ...options], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATION_REPORT: report,
      // The tests of this run, for vitest.mutation.config.ts.
      MUTATION_NODE_TESTS: tests.filter(needsNoDom).join(','),
      MUTATION_DOM_TESTS: tests.filter((test) => !needsNoDom(test)).join(','),
    },
  });
  if (run.status !== 0 || !existsSync(report)) {
    console.error(`Stryker failed (exit ${run.status})`);
    failed = true;
    continue;
  }
  const { files: scored } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  for (const [file, { mutants }] of Object.entries(scored)) {
    // A mutant that makes a test file fail as it loads (a table a test builds from the mutated
    // module throws) runs no test, and Stryker 9.6.1's Vitest runner reports it survived: the tests
    // failed, so it counts as detected (stryker-js #6213).
    const failedToLoad = (m: Mutant) => m.status === 'Survived' && m.testsCompleted === 0;
    const count = (status: string) => mutants.filter((m) => m.status === status && !failedToLoad(m)).length;
    const detected = count('Killed') + count('Timeout') + mutants.filter(failedToLoad).length;
    const undetected = count('Survived') + count('NoCoverage');
    if (detected + undetected === 0) continue;
    rows.push({ file, score: (100 * detected) / (detected + undetected), killed: detected, survived: count('Survived'), noCoverage: count('NoCoverage') });
  }
}

console.info('\nscore  killed survived no-coverage  file');
for (const row of rows) {
  const low = row.score < threshold;
  failed ||= low;
  console.info(
    `${row.score.toFixed(1).padStart(5)}  ${String(row.killed).padStart(6)} ${String(row.survived).padStart(8)} ${String(row.noCoverage).padStart(11)}  ${row.file}${low ? `  (under ${threshold} %)` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
