/**
 * Runs the API contract suite against the mock, records every answer, and checks each one against
 * an OpenAPI document:
 *   node --import tsx test/production-schema/run.ts               production's published schema
 *                                                                 (../shared/posthog-openapi.yaml)
 *   node --import tsx test/production-schema/run.ts --against mock the mock's own /__mock/openapi.json
 * Options: --save FILE keeps the recorded answers; --from FILE checks those instead of running the suite.
 * Exits non-zero on any mismatch, when the suite itself fails, or when production's schema is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { aliases, correctedDocument, errata } from './errata.ts';
import { exceptions } from './exceptions.ts';
import { createChecker, formatReport, type Exchange } from './schema-check.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const against = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : 'production';
if (against !== 'production' && against !== 'mock') {
  console.error(`--against takes "production" or "mock", not ${JSON.stringify(against)}`);
  process.exit(2);
}

// The document first: without it there is nothing to check, so do not run the suite.
let document: unknown;
let title: string;
if (against === 'production') {
  const schemaPath = resolve(process.env.POSTHOG_OPENAPI ?? join(root, '..', 'shared', 'posthog-openapi.yaml'));
  if (!existsSync(schemaPath)) {
    console.error(
      `Production's schema is not at ${schemaPath}.\n` +
        'test:production-schema reads it from ../shared/ beside this clone (CI always has it), or from $POSTHOG_OPENAPI.',
    );
    process.exit(1);
  }
  document = correctedDocument(parse(readFileSync(schemaPath, 'utf8')));
  title = `Production schema (${schemaPath})`;
} else {
  const { contractOpenApiDocument } = await import('../../src/contract/operations/openapi.ts');
  document = contractOpenApiDocument();
  title = "The mock's own OpenAPI document (GET /__mock/openapi.json)";
}

// --from FILE checks answers recorded before (by --save FILE) instead of running the suite.
const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const from = option('--from');
const save = option('--save');
const started = Date.now();
const exchanges: Exchange[] = [];
let vitestStatus: number | string = 0;
if (from) exchanges.push(...(JSON.parse(readFileSync(from, 'utf8')) as Exchange[]));
else {
  const out = mkdtempSync(join(tmpdir(), 'schema-check-'));
  const vitest = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.production-schema.config.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, SCHEMA_CHECK_OUT: out } },
  );
  vitestStatus = vitest.status ?? String(vitest.signal);
  for (const name of readdirSync(out)) exchanges.push(...(JSON.parse(readFileSync(join(out, name), 'utf8')) as Exchange[]));
  rmSync(out, { recursive: true, force: true });
  if (save) writeFileSync(save, JSON.stringify(exchanges));
}

const checker = createChecker(document, against === 'production' ? { aliases, exceptions } : {});
const report = checker.check(exchanges);
if (against === 'production') {
  console.info(`\nCorrections to the schema where it is wrong about production (test/production-schema/errata.ts, from API.md):`);
  for (const erratum of errata) console.info(`  ${erratum.id}`);
  for (const alias of aliases) console.info(`  path alias ${alias.pattern} → ${alias.replacement}`);
}
console.info(`\n${formatReport(report, title, against === 'production' ? exceptions : [])}`);
console.info(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);

let failed = false;
if (exchanges.length === 0) {
  console.error('No answer was recorded: the observer in test/mock/helpers.ts saw no request.');
  failed = true;
}
if (vitestStatus !== 0) {
  console.error(`The contract suite itself did not pass (vitest exit ${vitestStatus}): its failures are listed above.`);
  failed = true;
}
console.info(`schema: ${report.passed} passed, ${report.failed} failed`);
if (report.failed > 0) failed = true;
process.exit(failed ? 1 : 0);
