/**
 * `npm run test:mutation [group…] [-- stryker options]`: Stryker over the logic files (`.ts`) of
 * the groups below, each group against its own tests only (the page tests of test/features and
 * test/app never count), then a score per file; exits non-zero when a file scores under 85 %.
 * Not part of `npm test` or CI (a full run takes long on the 2-core machine). Examples:
 *   npm run test:mutation                          every group
 *   npm run test:mutation -- client                one group
 *   npm run test:mutation -- client --mutate src/api/client/pagination.ts   one file of it
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

interface Group {
  /** The logic files to mutate. */
  mutate: string[];
  /** Their own tests (Stryker splits the list at commas: no `{a,b}` in a pattern). */
  tests: string[];
}

const groups: Record<string, Group> = {
  contract: { mutate: ['src/contract/*.ts'], tests: ['test/contract/**/*.test.ts'] },
  access: { mutate: ['src/api/access/*.ts'], tests: ['test/api/access/**/*.test.ts', 'test/api/access/**/*.test.tsx'] },
  client: { mutate: ['src/api/client/*.ts'], tests: ['test/api/client/**/*.test.ts', 'test/api/client/**/*.test.tsx'] },
  bulk: { mutate: ['src/api/bulk/*.ts'], tests: ['test/api/bulk/**/*.test.ts', 'test/api/bulk/**/*.test.tsx'] },
  components: { mutate: ['src/components/*.ts'], tests: ['test/components/**/*.test.ts', 'test/components/**/*.test.tsx'] },
  // The mock's rules against the API contract tests; the files that start the HTTP server as a
  // child process (server, persist, cors, scale) test the server, and a child's coverage is not seen.
  rules: {
    mutate: ['src/mock/rules/*.ts'],
    tests: ['test/mock/*.test.ts', ...['server', 'persist', 'cors', 'scale'].map((name) => `!test/mock/${name}.test.ts`)],
  },
};

/** The score a file must reach. */
const threshold = 85;

const args = process.argv.slice(2);
// The group names first, then Stryker's own options (a later `--mutate` wins over the group's).
const firstOption = args.findIndex((a) => a.startsWith('-'));
const named = firstOption === -1 ? args : args.slice(0, firstOption);
const passThrough = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = named.filter((name) => !(name in groups));
if (unknown.length > 0) {
  console.error(`Unknown group ${unknown.join(', ')}; the groups: ${Object.keys(groups).join(', ')}`);
  process.exit(2);
}

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const rows: Array<{ file: string; score: number; killed: number; survived: number; noCoverage: number }> = [];
let failed = false;
for (const name of named.length > 0 ? named : Object.keys(groups)) {
  const group = groups[name]!;
  const report = `reports/mutation/${name}.json`;
  rmSync(report, { force: true });
  console.log(`\n# ${name}: ${group.mutate.join(', ')} against ${group.tests.join(', ')}`);
  const run = spawnSync(
    'npx',
    [
      'stryker',
      'run',
      'stryker.config.mjs',
      '--mutate',
      group.mutate.join(','),
      '--testFiles',
      group.tests.join(','),
      ...passThrough,
    ],
    { stdio: 'inherit', env: { ...process.env, MUTATION_REPORT: report } },
  );
  if (run.status !== 0 || !existsSync(report)) {
    console.error(`Stryker failed for ${name} (exit ${run.status})`);
    failed = true;
    continue;
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  for (const [file, { mutants }] of Object.entries(files)) {
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const detected = count('Killed') + count('Timeout');
    const undetected = count('Survived') + count('NoCoverage');
    if (detected + undetected === 0) continue;
    rows.push({ file, score: (100 * detected) / (detected + undetected), killed: detected, survived: count('Survived'), noCoverage: count('NoCoverage') });
  }
}

console.log('\nscore  killed survived no-coverage  file');
for (const row of rows) {
  const low = row.score < threshold;
  failed ||= low;
  console.log(
    `${row.score.toFixed(1).padStart(5)}  ${String(row.killed).padStart(6)} ${String(row.survived).padStart(8)} ${String(row.noCoverage).padStart(11)}  ${row.file}${low ? `  (under ${threshold} %)` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
