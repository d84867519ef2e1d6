// Dashboard detail (/projects/:p/dashboards/:d[/collaborators|/sharing]): tabs by URL and arrow
// keys, collaborators (restrict, add, remove), public sharing (copy, rotate, the link through the
// preview), delete with Undo, a deep link kept on reload, and axe on every tab and confirm dialog.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { copyWith, dashboardNamed, docScreenshot, grantClipboard, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const projectId = 1;
const detailPath = (dashboardId: number, tab = '') => `/projects/${projectId}/dashboards/${dashboardId}${tab}`;
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function expectSelectedTab(page: Page, name: string): Promise<void> {
  await eventually(async () => {
    assert.equal(await tab(page, name).getAttribute('aria-selected'), 'true', `the tab ${name} is selected`);
    const panel = page.getByRole('tabpanel', { name, exact: true });
    assert.ok(await panel.isVisible(), `the ${name} tab panel is shown`);
  });
}

/** Status of a GET through the console's own origin (the preview proxies /shared to the mock). */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  return response.status;
}

interface SharingAnswer {
  enabled: boolean;
  access_token: string | null;
}

describe('Dashboard detail', () => {
  journey('each tab has its own URL, arrow keys move between them, and every tab passes axe', async ({ page }) => {
    const overview = detailPath(1);
    await openConnected(page, detailPath(1, '/collaborators'), 'Product overview');
    await expectSelectedTab(page, 'Collaborators');
    await checkA11y(page, 'dashboard-collaborators');

    await tab(page, 'Collaborators').focus();
    await page.keyboard.press('ArrowRight');
    await expectPath(page, detailPath(1, '/sharing'));
    await expectSelectedTab(page, 'Sharing');
    await page.getByRole('textbox', { name: 'Public link', exact: true }).waitFor();
    await checkA11y(page, 'dashboard-sharing');
    await docScreenshot(page, 'dashboard-sharing');

    await page.keyboard.press('ArrowRight');
    await expectPath(page, detailPath(1, '/access'));
    await expectSelectedTab(page, 'Access');
    await page.getByRole('table', { name: 'Who has access' }).waitFor();
    await checkA11y(page, 'dashboard-access');

    await page.keyboard.press('ArrowRight');
    await expectPath(page, detailPath(1, '/history'));
    await expectSelectedTab(page, 'History');

    await page.keyboard.press('ArrowRight');
    await expectPath(page, overview);
    await expectSelectedTab(page, 'Overview');
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await checkA11y(page, 'dashboard-overview');
    await docScreenshot(page, 'dashboard-overview');

    await page.keyboard.press('ArrowLeft');
    await expectPath(page, detailPath(1, '/history'));
    await page.keyboard.press('Home');
    await expectPath(page, overview);
    await page.keyboard.press('End');
    await expectPath(page, detailPath(1, '/history'));
    assert.ok(await tab(page, 'History').evaluate((el) => el === document.activeElement), 'focus follows the selected tab');
    // Only the selected tab is in the Tab order (roving tabindex), once the tabs have rendered the
    // new path (the URL changes first).
    await eventually(async () => assert.equal(await tab(page, 'Overview').getAttribute('tabindex'), '-1'));

    await tab(page, 'Collaborators').click();
    await expectPath(page, detailPath(1, '/collaborators'));
    await page.goBack();
    await expectPath(page, detailPath(1, '/history'));
    await expectSelectedTab(page, 'History');
  });

  journey('a deep link to the Sharing tab survives a reload', async ({ page }) => {
    await openConnected(page, detailPath(1, '/sharing'), 'Product overview');
    await expectSelectedTab(page, 'Sharing');
    const link = await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue();
    await page.reload();
    await expectHeading(page, 'Product overview');
    await expectPath(page, detailPath(1, '/sharing'));
    await expectSelectedTab(page, 'Sharing');
    assert.equal(await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue(), link);
  });

  journey('collaborators: restrict editing, add a member, remove them', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, projectId, 'Website traffic');
    await openConnected(page, detailPath(id, '/collaborators'), 'Website traffic');
    const addButton = page.getByRole('button', { name: 'Add collaborator', exact: true });
    await addButton.waitFor();
    assert.ok(await addButton.isDisabled(), 'nobody can be added while everyone can edit');

    await page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true }).click();
    await toasts(page).getByText('Only invited collaborators can edit this dashboard now.').waitFor();
    await page.getByText('Restricted', { exact: true }).first().waitFor();
    await checkA11y(page, 'collaborators-restricted');

    const user = page.getByRole('combobox', { name: 'User', exact: true });
    await eventually(async () => assert.ok(await user.isEnabled(), 'the User list is enabled on a restricted dashboard'));
    await user.selectOption({ label: 'Tomás García (tomas.garcia@hedgebox.net)' });
    await addButton.click();
    await toasts(page).getByText('Added Tomás García as a collaborator.').waitFor();
    const table = page.getByRole('table', { name: 'Collaborators of this dashboard' });
    const row = table.getByRole('row').filter({ hasText: 'tomas.garcia@hedgebox.net' });
    await row.getByText('Can edit', { exact: true }).waitFor();
    const listed = await api<Array<{ user: { email: string } }>>(stack.mockUrl, `/api/projects/${projectId}/dashboards/${id}/collaborators/`);
    assert.deepEqual(listed.map((c) => c.user.email), ['tomas.garcia@hedgebox.net']);
    // Tomás is now invited, so he is no longer offered.
    assert.equal(await user.locator('option', { hasText: 'tomas.garcia@hedgebox.net' }).count(), 0);

    await page.getByRole('button', { name: 'Remove tomas.garcia@hedgebox.net', exact: true }).click();
    await toasts(page).getByText('Removed tomas.garcia@hedgebox.net from the collaborators.').waitFor();
    await page.getByRole('heading', { name: 'No collaborators yet' }).waitFor();
    await checkA11y(page, 'collaborators-after-remove');
  });

  journey('sharing: Share publicly, Copy link, the link answers through the preview, Rotate link keeps the old one 5 minutes', async ({ page, context, stack }) => {
    await grantClipboard(context, stack.baseUrl);
    const { id } = await dashboardNamed(stack.mockUrl, projectId, 'Website traffic');
    await openConnected(page, detailPath(id, '/sharing'), 'Website traffic');
    const share = page.getByRole('switch', { name: 'Share publicly', exact: true });
    await share.waitFor();
    assert.equal(await share.getAttribute('aria-checked'), 'false');
    await share.click();
    await eventually(async () => assert.equal(await share.getAttribute('aria-checked'), 'true'));

    const linkField = page.getByRole('textbox', { name: 'Public link', exact: true });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    assert.ok(link.startsWith(`${stack.baseUrl}/shared/`), `the public link ${link} is on the console's origin`);
    const copied = await copyWith(page, page.getByRole('button', { name: 'Copy link', exact: true }));
    assert.equal(copied, link, 'Copy link puts the Public link on the clipboard');
    await page.getByText('Copied', { exact: true }).waitFor();
    assert.equal(await statusOf(link), 200, 'the public link answers through the preview');
    const sharing = await api<SharingAnswer>(stack.mockUrl, `/api/projects/${projectId}/dashboards/${id}/sharing/`);
    assert.ok(sharing.enabled && sharing.access_token && link.endsWith(`/shared/${encodeURIComponent(sharing.access_token)}`));
    await checkA11y(page, 'sharing-on');

    await page.getByRole('button', { name: 'Rotate link', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the public link?' });
    await confirm.waitFor();
    await checkA11y(page, 'rotate-link-confirm');
    await confirm.getByRole('button', { name: 'Rotate link', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await toasts(page).getByText('The public link was rotated. The old link works for 5 more minutes, then stops.').waitFor();
    const rotated = await eventually(async () => {
      const value = await linkField.inputValue();
      assert.notEqual(value, link, 'the link changed');
      return value;
    });
    assert.equal(await statusOf(link), 200, 'the old link keeps working for its 5-minute grace period (API.md §5.6)');
    assert.equal(await statusOf(rotated), 200, 'the new link works');
    assert.equal(await copyWith(page, page.getByRole('button', { name: 'Copy link', exact: true })), rotated);
  });

  journey('Delete dashboard asks, lands on the list with Undo, and Undo restores it', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, projectId, 'aha moments');
    await openConnected(page, detailPath(id), 'aha moments');
    await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “aha moments”?' });
    await confirm.waitFor();
    await checkA11y(page, 'delete-dashboard-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    await expectPath(page, `/projects/${projectId}/dashboards`);
    await expectHeading(page, 'Dashboards');
    await toasts(page).getByText('Deleted “aha moments”.', { exact: true }).waitFor();
    await eventually(async () => {
      const left = await api<{ results: Array<{ name: string | null }> }>(stack.mockUrl, `/api/projects/${projectId}/dashboards/?search=aha`);
      assert.deepEqual(left.results.map((d) => d.name), [], 'the API no longer lists it');
    });

    await toasts(page).getByRole('button', { name: 'Undo', exact: true }).click();
    await toasts(page).getByText('Restored “aha moments”.').waitFor();
    const back = await api<{ deleted: boolean; name: string }>(stack.mockUrl, `/api/projects/${projectId}/dashboards/${id}/`);
    assert.equal(back.deleted, false);
    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('aha');
    await page.getByRole('table', { name: 'Dashboards', exact: true }).getByRole('link', { name: 'aha moments', exact: true }).waitFor();
  });
});
