// Requests the console cancels (issue 12, item 11): with latency injected, leaving a page before its
// answer arrives cancels its request. The API log shows it muted, as `Cancelled`, with the reason in
// words, and never among the failures.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const apiLogPanel = (page: Page) => page.getByRole('region', { name: 'API log', exact: true });
const entries = (page: Page) => apiLogPanel(page).getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');

describe('Cancelled requests in the API log', () => {
  journey('a request cancelled by leaving its page shows as Cancelled, muted, with the reason', async ({ page, stack }) => {
    await openConnected(page, '/projects', 'Projects');
    await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 5_000, error_rate: 0, rules: [] } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.includes('/activity'));
    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await asked;
    // The page itself is on screen (its code has arrived) and waits for its answer.
    await expectHeading(page, 'Activity');
    // Leave before the answer (5 s away) arrives.
    await nav.getByRole('link', { name: 'Projects', exact: true }).click();
    await expectHeading(page, 'Projects');
    await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 0, error_rate: 0, rules: [] } });

    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const cancelled = entries(page).filter({ hasText: /GET\s+\/api\/\S*activity\S*\s+Cancelled\s+\d+ ms/ }).first();
    await cancelled.waitFor();
    await cancelled.getByText(/^Cancelled by the console before the answer arrived: the page no longer needed it/).waitFor();
    const toggle = cancelled.getByRole('button', { expanded: false }).first();
    assert.match((await toggle.getAttribute('aria-describedby')) ?? '', /\S/, 'the reason describes the entry');

    // Muted: not the green of an answer, nor the red of a failure.
    // (No named helper inside evaluate: the test's transpiler would wrap it in a helper the page lacks.)
    const [muted, success, danger] = await page.evaluate(() => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const colors = ['--text-muted', '--success', '--danger'].map((variable) => {
        probe.style.color = `var(${variable})`;
        return getComputedStyle(probe).color;
      });
      probe.remove();
      return colors;
    });
    const colors = { muted, success, danger };
    const status = cancelled.getByText('Cancelled', { exact: true });
    const statusColor = await status.evaluate((element) => getComputedStyle(element).color);
    assert.equal(statusColor, colors.muted, 'a cancelled status is muted');
    const answered = entries(page).filter({ hasText: /GET\s+\/api\/organizations\/@current\/\s+200/ }).first();
    const answeredColor = await answered.getByText('200', { exact: true }).evaluate((element) => getComputedStyle(element).color);
    assert.equal(answeredColor, colors.success, 'an answer is green');
    assert.notEqual(statusColor, answeredColor);
    assert.notEqual(statusColor, colors.danger, 'a cancel is not a failure');
    await checkA11y(page, 'api-log-cancelled');

    // Not a failure of the API.
    await apiLogPanel(page).getByRole('checkbox', { name: 'Failures only', exact: true }).check();
    await eventually(async () => assert.equal(await entries(page).filter({ hasText: /Cancelled/ }).count(), 0));
  });

  journey('leaving before the page\'s code arrives cancels the request its route started', async ({ page, stack }) => {
    await openConnected(page, '/projects', 'Projects');
    // Hold the Activity page's code until the person has left; its route asks for the log meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/activity-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 2_000, error_rate: 0, rules: [] } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.includes('/activity_log'));
    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await asked;
    await page.getByRole('status').filter({ hasText: 'Loading activity…' }).first().waitFor();
    await nav.getByRole('link', { name: 'Projects', exact: true }).click();
    await expectHeading(page, 'Projects');
    release();
    await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 0, error_rate: 0, rules: [] } });

    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const cancelled = entries(page).filter({ hasText: /GET\s+\/api\/\S*activity_log\S*\s+Cancelled\s+\d+ ms/ }).first();
    await cancelled.getByText(/^Cancelled by the console before the answer arrived: the page no longer needed it/).waitFor();
    // The answer, 2 s later, never turns it into a success.
    await page.waitForTimeout(2_500);
    assert.equal(await entries(page).filter({ hasText: /GET\s+\/api\/\S*activity_log\S*\s+200/ }).count(), 0);
  });
});
