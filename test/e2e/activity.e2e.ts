// Activity (/projects/:id/activity): the changes made through the console in this journey appear,
// newest first, with who, what and the field changes; more entries load by scrolling; axe.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { docScreenshot, openConnected, shownCount } from './support/pages.ts';

const { journey } = setupE2E();

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const summaryOf = (entry: ReturnType<Page['getByRole']>) => entry.locator('p').first();

describe('Activity', () => {
  journey('renaming the project, pinning and sharing a dashboard show up as entries, newest first', async ({ page }) => {
    await openConnected(page, '/projects/1/settings', 'Project settings');
    const name = page.getByRole('textbox', { name: 'Project name', exact: true });
    await eventually(async () => assert.equal(await name.inputValue(), 'Hedgebox App'));
    await name.fill('Hedgebox Cloud');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await toasts(page).getByText('Project settings saved.').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('aha');
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    await table.getByRole('button', { name: 'Pin aha moments', exact: true }).click();
    await table.getByRole('button', { name: 'Unpin aha moments', exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('Website traffic');
    await table.getByRole('link', { name: 'Website traffic', exact: true }).click();
    await expectHeading(page, 'Website traffic');
    await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
    const share = page.getByRole('switch', { name: 'Share publicly', exact: true });
    await share.click();
    await eventually(async () => assert.equal(await share.getAttribute('aria-checked'), 'true'));
    await page.getByRole('textbox', { name: 'Public link', exact: true }).waitFor();

    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    const entries = page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li');
    await entries.first().waitFor();
    const newest = await Promise.all([0, 1, 2].map((index) => summaryOf(entries.nth(index)).innerText()));
    assert.deepEqual(
      newest.map((text) => text.replace(/\s+/g, ' ').trim()),
      [
        'Priya (priya.raman@hedgebox.net) shared the dashboard Website traffic publicly',
        'Priya (priya.raman@hedgebox.net) updated the dashboard aha moments',
        'Priya (priya.raman@hedgebox.net) updated the project Hedgebox Cloud',
      ],
    );
    const changes = (index: number) => entries.nth(index).getByRole('list', { name: 'Changes' }).innerText();
    assert.match(await changes(1), /pinned: false → true/);
    assert.match(await changes(2), /name: Hedgebox App → Hedgebox Cloud/);
    await entries.nth(0).getByRole('link', { name: 'Website traffic', exact: true }).waitFor();
    await page.getByRole('main').getByText('Hedgebox Cloud', { exact: true }).first().waitFor();
    await checkA11y(page, 'activity');
    await docScreenshot(page, 'activity');
  });

  journey('older entries load page by page as the list scrolls', async ({ page }) => {
    await openConnected(page, '/projects/1/activity', 'Activity');
    const entries = page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li');
    await entries.first().waitFor();
    const first = await shownCount(page, 'entries');
    assert.ok(first.shown < first.total, `the first page holds part of the log (${first.shown} of ${first.total})`);
    await eventually(async () => {
      await page.mouse.wheel(0, 4_000);
      const now = await shownCount(page, 'entries');
      assert.ok(now.shown > first.shown, `scrolling loaded more than ${first.shown} entries`);
    }, 10_000, 200);
    // Every loaded entry is listed (compared once loading has settled).
    await eventually(async () => assert.equal(await entries.count(), (await shownCount(page, 'entries')).shown));
  });
});
