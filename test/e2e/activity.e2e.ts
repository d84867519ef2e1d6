// Activity as production has it: the activity log (cursor pages) with What and Person in the URL,
// Restore on a deleted dashboard's entry, a dashboard's History tab, and changes said in words
// (never a raw value nor a token); axe on each.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { dashboardNamed, openConnected } from './support/pages.ts';

const { journey } = setupE2E();

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const entryItems = (page: Page) => page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li');
const summary = async (entry: Locator) => (await entry.locator('p').first().innerText()).replace(/\s+/g, ' ').trim();

describe('Activity', () => {
  journey('History tab: a restriction change and a link rotation, in words', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Website traffic');
    await openConnected(page, `/projects/1/dashboards/${id}`, 'Website traffic');
    await page.getByRole('combobox', { name: 'Who can edit', exact: true }).selectOption({ label: 'Only invited collaborators' });
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await toasts(page).getByText(/saved/i).first().waitFor();

    await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
    const share = page.getByRole('switch', { name: 'Share publicly', exact: true });
    await share.click();
    await eventually(async () => assert.equal(await share.getAttribute('aria-checked'), 'true'));
    await page.getByRole('button', { name: 'Rotate link', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the public link?' });
    await confirm.getByText(/keeps working for 5 more minutes/).waitFor();
    await confirm.getByRole('button', { name: 'Rotate link', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await expectPath(page, `/projects/1/dashboards/${id}/history`);
    const entries = entryItems(page);
    await entries.first().waitFor();
    assert.equal(await summary(entries.nth(0)), 'Priya (priya.raman@hedgebox.net) rotated the public link of the dashboard Website traffic');
    assert.equal(await summary(entries.nth(1)), 'Priya (priya.raman@hedgebox.net) shared the dashboard Website traffic publicly');
    assert.equal(await summary(entries.nth(2)), 'Priya (priya.raman@hedgebox.net) updated the dashboard Website traffic');
    assert.match(
      await entries.nth(2).getByRole('list', { name: 'Changes' }).innerText(),
      /Who can edit: Everyone in the project → Only invited collaborators/,
    );
    const text = await page.getByRole('list', { name: 'Activity entries' }).innerText();
    assert.doesNotMatch(text, /restriction_level|access_token|none → none/, 'no raw field name or token');
    // Restriction levels are said in words; only the changes are read here, since a time such as 4:37 holds the digits too.
    const changes = (await page.getByRole('list', { name: 'Changes' }).allInnerTexts()).join('\n');
    assert.doesNotMatch(changes, /\b21\b|\b37\b/, 'no raw restriction level');
    await checkA11y(page, 'history-tab');
  });

  journey('What and Person filter the log in the URL, and Restore brings a deleted dashboard back', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'aha moments');
    await openConnected(page, `/projects/1/dashboards/${id}`, 'aha moments');
    await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHeading(page, 'Dashboards');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    await entryItems(page).first().waitFor();
    await page.getByRole('combobox', { name: 'What', exact: true }).selectOption({ label: 'Dashboards' });
    await expectPath(page, '/projects/1/activity?what=dashboards');
    await page.getByRole('combobox', { name: 'Person', exact: true }).selectOption({ label: 'Priya Raman' });
    await expectPath(page, /\/projects\/1\/activity\?what=dashboards&person=\d+$/);
    const entries = entryItems(page);
    await eventually(async () =>
      assert.equal(await summary(entries.nth(0)), 'Priya (priya.raman@hedgebox.net) deleted the dashboard aha moments'),
    );
    for (const entry of await entries.all()) assert.match(await summary(entry), /^Priya .* the dashboard /);
    await checkA11y(page, 'activity-filtered');

    // A reload keeps the filters (they live in the URL).
    await page.reload();
    await expectHeading(page, 'Activity');
    assert.equal(await page.getByRole('combobox', { name: 'What', exact: true }).inputValue(), 'dashboards');

    await entryItems(page).nth(0).getByRole('button', { name: 'Restore', exact: true }).click();
    await toasts(page).getByText('Restored “aha moments”.').waitFor();
    await eventually(async () =>
      assert.equal(await summary(entryItems(page).nth(0)), 'Priya (priya.raman@hedgebox.net) restored the dashboard aha moments'),
    );
    const ahaEntries = entryItems(page).filter({ hasText: 'aha moments' });
    assert.equal(await ahaEntries.getByRole('button', { name: 'Restore', exact: true }).count(), 0, 'aha moments has nothing left to restore');
    await entryItems(page).nth(0).getByRole('link', { name: 'aha moments', exact: true }).click();
    await expectHeading(page, 'aha moments');
  });
});
