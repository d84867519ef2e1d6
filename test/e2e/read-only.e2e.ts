// A key with read scopes only (phx_demo_readonly): where it acts without the scope, the API's detail
// (naming the scope) appears where it acted; controls the console knows it cannot use are disabled
// and say why; the rest of each page keeps working.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { dashboardNamed, expectDescribedBy, openConnected, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const readOnlyKey = 'phx_demo_readonly';
const dashboardWriteRefused = "API key missing required scope 'dashboard:write'";
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

async function expectDisabledSaying(page: Page, control: ReturnType<Page['getByRole']>, reason: string): Promise<void> {
  await control.waitFor();
  await eventually(async () => assert.ok(await control.isDisabled(), `${control} is disabled`));
  await expectDescribedBy(control, reason);
  // The reason is on the page for everyone, not only in the accessibility tree.
  await page.getByText(reason, { exact: false }).first().waitFor();
}

describe('Read-only key', () => {
  journey('pinning on the dashboard list shows the API’s detail naming the scope; browsing still works', async ({ page, errors, stack }) => {
    allowHttpStatus(errors, 403);
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'aha moments');
    await openConnected(page, '/projects/1/dashboards?search=aha', 'Dashboards', readOnlyKey);
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    await table.getByRole('button', { name: 'Pin aha moments', exact: true }).click();

    await toasts(page).getByText(dashboardWriteRefused, { exact: false }).waitFor();
    // Undone at once: the row is unpinned again, and so is the API's copy.
    const pin = table.getByRole('button', { name: 'Pin aha moments', exact: true });
    await eventually(async () => assert.equal(await pin.getAttribute('aria-pressed'), 'false'));
    assert.equal((await api<{ pinned: boolean }>(stack.mockUrl, `/api/projects/1/dashboards/${id}/`)).pinned, false);
    await expectDescribedBy(pin, dashboardWriteRefused);
    await checkA11y(page, 'read-only-dashboards-refused');

    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('release');
    await expectPath(page, '/projects/1/dashboards?search=release');
    await table.getByRole('link', { name: 'Release health', exact: true }).click();
    await expectHeading(page, 'Release health');

    // Still in the same session (the refusal's error toast stays until dismissed): New dashboard's
    // submit must stay clickable and show the API's answer inside the dialog.
    await page.getByRole('link', { name: 'All dashboards' }).click();
    await expectHeading(page, 'Dashboards');
    await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Not allowed');
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click({ timeout: 3_000 });
    await dialog.getByText(dashboardWriteRefused, { exact: false }).waitFor();
  });

  journey('New dashboard with a read-only key shows the API’s detail in the dialog and keeps what was typed', async ({ page, errors }) => {
    allowHttpStatus(errors, 403);
    await openConnected(page, '/projects/1/dashboards', 'Dashboards', readOnlyKey);
    await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Not allowed');
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click();
    await dialog.getByText(dashboardWriteRefused, { exact: false }).waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'Not allowed', 'what was typed stays');
    await checkA11y(page, 'read-only-new-dashboard-refused');
    // The page explains it too, and the list behind the dialog is intact.
    await page.getByText('This API key cannot change dashboards', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const discard = page.getByRole('dialog').getByRole('button', { name: /^(Discard|Leave)/ });
    if (await discard.count()) await discard.first().click();
    await dialog.waitFor({ state: 'hidden' });
    assert.ok((await tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).count()) > 1);
  });

  journey('dashboard detail: write controls are disabled and say which scope is missing; reading works', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards/1/sharing', 'Product overview', readOnlyKey);
    const sharingReason = 'This API key cannot change sharing: it lacks the sharing_configuration:write scope.';
    await expectDisabledSaying(page, page.getByRole('switch', { name: 'Share publicly', exact: true }), sharingReason);
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Rotate link', exact: true }), sharingReason);
    // Reading still works: the public link is shown.
    assert.match(await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue(), /\/shared\//);
    await checkA11y(page, 'read-only-sharing');

    const editReason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Delete dashboard', exact: true }), editReason);
    await checkA11y(page, 'read-only-overview');

    await page.getByRole('tab', { name: 'Collaborators', exact: true }).click();
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Add collaborator', exact: true }), editReason);
    await checkA11y(page, 'read-only-collaborators');
  });

  journey('projects and settings: New project, Save changes and the danger zone are disabled and say why', async ({ page }) => {
    const projectReason = 'This API key cannot create projects: it lacks the project:write scope.';
    const settingsReason = 'This API key cannot change project settings: it lacks the project:write scope.';
    await openConnected(page, '/projects', 'Projects', readOnlyKey);
    await expectDisabledSaying(page, page.getByRole('button', { name: 'New project', exact: true }), projectReason);
    const table = page.getByRole('table', { name: 'Projects', exact: true });
    assert.ok((await tableRows(table).count()) > 1, 'the projects are listed');
    await checkA11y(page, 'read-only-projects');

    await page.getByRole('link', { name: 'Settings of Hedgebox App', exact: true }).click();
    await expectHeading(page, 'Project settings');
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Save changes', exact: true }), settingsReason);
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'Reset project API key', exact: true }),
      'This API key cannot reset the project API key: it lacks the project:write scope.',
    );
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'Delete project', exact: true }),
      'This API key cannot delete projects: it lacks the project:write scope.',
    );
    assert.ok(await page.getByRole('textbox', { name: 'Project name', exact: true }).isDisabled(), 'the form is read-only');
    await checkA11y(page, 'read-only-settings');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    await page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem').first().waitFor();
  });
});
