// The byte budgets of the production build. Bytes are not noisy, so they are asserted here; timings are
// only ever printed by `npm run bench`.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { budgets, kB, measureBundle, type BundleReport } from '../bench/bundle-size.ts';
import { buildConsole, distDir } from './support/stack.ts';

describe('the production build', () => {
  let bundle: BundleReport;

  before(async () => {
    // Under run.ts the build is fresh already; run alone, this file builds (or honours E2E_SKIP_BUILD).
    if (!process.env.E2E_BASE_URL) await buildConsole();
    bundle = measureBundle(distDir);
  }, { timeout: 180_000 });

  it(`loads less than ${kB(budgets.firstPageGzipBytes)} of gzipped JavaScript on the first page`, () => {
    const list = bundle.firstPage.map((file) => `${file.file} ${kB(file.gzipBytes)}`).join(', ');
    assert.ok(
      bundle.firstPageGzipBytes < budgets.firstPageGzipBytes,
      `the first page needs ${kB(bundle.firstPageGzipBytes)} of gzipped JS: ${list}`,
    );
  });

  it('ships no MSW code or worker', () => {
    assert.deepEqual(bundle.mswTraces, [], 'MSW belongs to the mock and the demo build only');
  });
});
