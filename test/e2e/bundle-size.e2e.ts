// The byte budgets of the production build. Bytes are not noisy, so they are asserted here; timings are
// only ever printed by `npm run bench`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { budgets, firstPageScripts, kB, measureBundle, type BundleReport } from '../bench/bundle-size.ts';
import { buildConsole, distDir } from './support/stack.ts';

/** The built page's first module script (Rolldown's runtime chunk, then the entry's `assets/index-….js`). */
function firstModuleScript(html: string): string | undefined {
  return /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
}

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

  it('preloads the entry and its imports from plain links, before any script runs', () => {
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
    const first = firstModuleScript(html);
    assert.ok(first, 'index.html has a module script');
    assert.equal(linked[0], first, 'the first module script is asked for first');
    assert.deepEqual(new Set(linked), new Set(bundle.firstPage.map((file) => file.file)));
    assert.ok(html.indexOf('rel="modulepreload"') < html.indexOf('Intl.DateTimeFormat'), 'the links come before the cold start’s inline script');
    assert.deepEqual(new Set(firstPageScripts(html)), new Set(bundle.firstPage.map((file) => file.file)));
  });
});
