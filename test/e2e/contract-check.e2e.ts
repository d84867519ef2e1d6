// The contract check (/explorer/check) in Chromium against the e2e mock: every reading operation
// once, at most 4 requests in flight, every row Matches; then with `Include changes` in a scratch
// world that is dropped afterwards, the journey's own world unchanged; both exports downloaded and
// free of the key; axe at 1440 and 390 px in both themes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { operations } from '../../src/contract/operations/operations.ts';
import { allowHttpStatus, checkA11y, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';
import { isApiRequest, watchInFlight } from './support/in-flight.ts';

const { journey } = setupE2E();
const keyPattern = /phx_[A-Za-z0-9_]+/;
const reads = operations().filter((operation) => operation.reads).length;
const all = operations().length;

async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}


/** What the journey's world holds that a change would touch: every project, and the first one's dashboards. */
async function worldState(mockUrl: string): Promise<string> {
  const projects = await api<{ results: Array<{ id: number; name: string }> }>(mockUrl, '/api/projects/?limit=1000');
  const dashboards = await api<{ results: Array<{ id: number; name: string | null; pinned: boolean; is_shared: boolean }> }>(
    mockUrl,
    `/api/projects/${projects.results[0]!.id}/dashboards/?limit=1000`,
  );
  return JSON.stringify({ projects: projects.results.map((p) => [p.id, p.name]), dashboards: dashboards.results.map((d) => [d.id, d.name, d.pinned, d.is_shared]) });
}

describe('Contract check', () => {
  journey('checks every reading operation at most 4 at a time, all matching; exports without the key; axe wide and narrow', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConnected(page, '/explorer/check', 'Contract check');
    await checkA11y(page, 'contract-check-empty-1440');
    const watch = watchInFlight(page, isApiRequest);
    await page.getByRole('button', { name: 'Check this backend', exact: true }).click();
    const summary = page.getByRole('status').filter({ hasText: `${reads} operations: ${reads} match, 0 differs, 0 refused, 0 failed` });
    await summary.waitFor({ timeout: 15_000 });
    assert.ok(watch.peak() <= 4, `at most 4 requests in flight (saw ${watch.peak()})`);
    assert.ok(watch.peak() > 1, 'requests ran side by side');
    const table = page.getByRole('table', { name: 'Contract check', exact: true });
    assert.equal(await table.getByRole('row').count(), reads + 1);
    assert.equal(await table.getByText('Matches', { exact: true }).count(), reads);
    await checkA11y(page, 'contract-check-done-1440');

    const markdown = await download(page, page.getByRole('button', { name: 'Export report', exact: true }));
    assert.match(markdown.name, /^contract-check-.*\.md$/);
    assert.match(markdown.text, /^# Contract check\n/);
    assert.match(markdown.text, /\| `GET \/api\/users\/@me\/` \| 200 \| Matches \|/);
    assert.doesNotMatch(markdown.text, keyPattern, 'the report holds no key');
    const json = await download(page, page.getByRole('button', { name: 'Export JSON', exact: true }));
    assert.match(json.name, /^contract-check-.*\.json$/);
    assert.doesNotMatch(json.text, keyPattern, 'the JSON holds no key');
    const parsed = JSON.parse(json.text) as { rows: Array<{ result: string }> };
    assert.equal(parsed.rows.length, reads);
    assert.ok(parsed.rows.every((row) => row.result === 'matches'));

    await page.setViewportSize({ width: 390, height: 844 });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, 'the page fits a 390 px window (the table scrolls in its own box)');
    await checkA11y(page, 'contract-check-done-390');
  }, { timeout: 120_000 });

  journey('with Include changes: every changing operation in a scratch world, dropped afterwards, the world as it was', async ({ page, context, errors, stack }) => {
    // The harness names the journey's world on every request of the browser, over the page's own
    // header: here the console names the worlds itself (the connection keeps the journey's).
    await context.setExtraHTTPHeaders({});
    // `DELETE dashboards/:id/` always answers 405 (API.md §5 #9): the check sends it on purpose.
    allowHttpStatus(errors, 405);
    await openConnected(page, '/explorer/check', 'Contract check');
    // From this load on the connection carries the journey's world (the harness's init script).
    await page.reload();
    await expectHeading(page, 'Contract check');
    const before = await worldState(stack.mockUrl);
    await page.getByRole('checkbox', { name: 'Include changes', exact: true }).check();
    await page.getByRole('button', { name: 'Check this backend', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `${all} operations: ${all} match, 0 differs, 0 refused, 0 failed` }).waitFor({ timeout: 30_000 });
    const dropped = await page.getByRole('status').filter({ hasText: /the scratch world (contract-check-\w+) was dropped/ }).textContent();
    const scratch = /the scratch world (contract-check-\w+) was dropped/.exec(dropped ?? '')![1]!;
    const worlds = await api<Array<{ name: string }>>(stack.mockUrl, '/__mock/worlds', { key: null });
    assert.ok(!worlds.some((world) => world.name === scratch), `${scratch} is gone`);
    assert.equal(await worldState(stack.mockUrl), before, "the journey's world is as it was");
    assert.ok((await page.getByRole('table', { name: 'Contract check', exact: true }).getByText('change', { exact: true }).count()) === all - reads);

    const json = await download(page, page.getByRole('button', { name: 'Export JSON', exact: true }));
    assert.doesNotMatch(json.text, keyPattern);
    const parsed = JSON.parse(json.text) as { rows: Array<{ change: boolean; result: string }>; scratch_world: { name: string; dropped: boolean } };
    assert.equal(parsed.rows.filter((row) => row.change).length, all - reads);
    assert.deepEqual(parsed.scratch_world, { name: scratch, dropped: true });
    const markdown = await download(page, page.getByRole('button', { name: 'Export report', exact: true }));
    assert.doesNotMatch(markdown.text, keyPattern);
    assert.match(markdown.text, /Changes ran in the scratch world `contract-check-\w+`, dropped afterwards/);
  }, { timeout: 120_000 });
});
