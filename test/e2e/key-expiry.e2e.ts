// Keys do not outlive their welcome (../shared/CONSOLE.md, "Safety"): a key remembered with
// `Forget the key after` leaves both storages at that time and every open tab shows Connect; a tab
// opened after the deadline finds nothing. Chromium's clock is driven by the test (context.clock).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { collectPageErrors, expectHeading, expectPath, setupE2E } from './support/harness.ts';

const { journey } = setupE2E();

const storedText = (page: Page) => page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
const forgotten = 'This device forgot the key';

describe('Keys expire', () => {
  journey('a key remembered for 1 hour is forgotten then in every open tab, and stays forgotten', async ({ page, context }) => {
    await context.clock.install();
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    await page.getByLabel('Personal API key', { exact: true }).fill('phx_demo_admin');
    await page.getByRole('checkbox', { name: 'Remember this key on this device', exact: true }).check();
    const forgetAfter = page.getByRole('combobox', { name: 'Forget the key after', exact: true });
    assert.deepEqual(await forgetAfter.locator('option').allTextContents(), ['Never', '1 hour', '8 hours', '7 days']);
    assert.equal(await forgetAfter.inputValue(), 'never');
    await forgetAfter.selectOption({ label: '1 hour' });
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectHeading(page, 'Projects');

    const second = await context.newPage();
    const secondErrors = collectPageErrors(second);
    await second.goto('/projects/1/dashboards');
    await expectHeading(second, 'Dashboards');

    await context.clock.fastForward('59:00');
    await expectHeading(second, 'Dashboards');
    assert.match(await storedText(page), /phx_demo_admin/, 'kept until the deadline');

    await context.clock.fastForward('01:01');
    for (const tab of [page, second]) {
      await expectHeading(tab, 'Connect');
      await tab.getByRole('alert').filter({ hasText: forgotten }).waitFor();
      assert.doesNotMatch(await storedText(tab), /phx_/, 'the key is left in storage');
    }
    await expectPath(second, `/connect?next=${encodeURIComponent('/projects/1/dashboards')}`);

    const later = await context.newPage();
    const laterErrors = collectPageErrors(later);
    await later.goto('/projects');
    await expectHeading(later, 'Connect');
    assert.doesNotMatch(await storedText(later), /phx_/);
    secondErrors.assertNone();
    laterErrors.assertNone();
  });

  journey('a tab opened after the deadline finds no key, and Connect says it was forgotten', async ({ page, context }) => {
    await context.clock.install();
    await page.goto('/connect');
    await page.getByLabel('Personal API key', { exact: true }).fill('phx_demo_admin');
    await page.getByRole('checkbox', { name: 'Remember this key on this device', exact: true }).check();
    await page.getByRole('combobox', { name: 'Forget the key after', exact: true }).selectOption({ label: '8 hours' });
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectHeading(page, 'Projects');
    await page.close();

    await context.clock.fastForward('08:00:01');
    const next = await context.newPage();
    const nextErrors = collectPageErrors(next);
    await next.goto('/projects');
    await expectHeading(next, 'Connect');
    await next.getByRole('alert').filter({ hasText: forgotten }).waitFor();
    assert.doesNotMatch(await storedText(next), /phx_/, 'the expired key is wiped at load');
    nextErrors.assertNone();
  });
});
