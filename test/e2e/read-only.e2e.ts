// A key with read scopes only (phx_demo_readonly): the console learns its scopes from
// personal_api_keys/@current, so every control it cannot use is disabled up front and says why
// (naming the scope); the rest of each page keeps working.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { expectDescribedBy, openConnected, tableRows } from './support/pages.ts';

const { journey } = setupE2E();

const readOnlyKey = 'phx_demo_readonly';

async function expectDisabledSaying(page: Page, control: ReturnType<Page['getByRole']>, reason: string): Promise<void> {
  await control.waitFor();
  await eventually(async () => assert.ok(await control.isDisabled(), `${control} is disabled`));
  await expectDescribedBy(control, reason);
  // The reason is on the page for everyone, not only in the accessibility tree.
  await page.getByText(reason, { exact: false }).first().waitFor();
}

describe('Read-only key', () => {
  journey('the dashboard list disables pinning and New dashboard up front, naming the scope; browsing still works', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards?search=aha', 'Dashboards', readOnlyKey);
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    const pin = table.getByRole('button', { name: 'Pin aha moments', exact: true });
    await expectDisabledSaying(page, pin, 'This API key cannot change dashboards: it lacks the dashboard:write scope.');
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'New dashboard', exact: true }),
      'This API key cannot create dashboards: it lacks the dashboard:write scope.',
    );
    await checkA11y(page, 'read-only-dashboards');

    // Bulk actions: selecting works (it reads nothing new), every write action is refused up front.
    await table.getByRole('checkbox', { name: 'Select aha moments', exact: true }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('1 selected', { exact: true }).waitFor();
    const editReason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    for (const name of ['Pin', 'Unpin', 'Add tag', 'Remove tag', 'Restrict editing', 'Allow everyone to edit', 'Delete']) {
      await expectDisabledSaying(page, toolbar.getByRole('button', { name, exact: true }), editReason);
    }
    assert.ok(await toolbar.getByRole('button', { name: 'Clear selection', exact: true }).isEnabled(), 'the selection can still be cleared');
    await checkA11y(page, 'read-only-bulk');
    await toolbar.getByRole('button', { name: 'Clear selection', exact: true }).click();

    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('release');
    await expectPath(page, '/projects/1/dashboards?search=release');
    await table.getByRole('link', { name: 'Release health', exact: true }).click();
    await expectHeading(page, 'Release health');
  });

  journey('dashboard detail: write controls are disabled and say which scope is missing; reading works', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards/1/sharing', 'Product overview', readOnlyKey);
    const sharingReason = 'This API key cannot change sharing: it lacks the sharing_configuration:write scope.';
    await expectDisabledSaying(page, page.getByRole('switch', { name: 'Share publicly', exact: true }), sharingReason);
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Rotate link', exact: true }), sharingReason);
    await expectDisabledSaying(page, page.getByRole('switch', { name: 'Require a password', exact: true }), sharingReason);
    // Reading still works: the public link is shown.
    assert.match(await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue(), /\/shared\//);
    await checkA11y(page, 'read-only-sharing');

    const editReason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Delete dashboard', exact: true }), editReason);
    await checkA11y(page, 'read-only-overview');

    await page.getByRole('tab', { name: 'Collaborators', exact: true }).click();
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Add collaborator', exact: true }), editReason);
    await expectDisabledSaying(page, page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true }), editReason);
    assert.ok(await page.getByRole('combobox', { name: 'User', exact: true }).isDisabled(), 'no member can be chosen');
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

  journey('member key (a plain member): admin-only actions are disabled up front, naming the role', async ({ page }) => {
    await openConnected(page, '/projects', 'Projects', 'phx_demo_member');
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'New project', exact: true }),
      'Only organization admins can create projects. You are a member of this organization.',
    );
    await page.getByRole('link', { name: 'Settings of Hedgebox App', exact: true }).click();
    await expectHeading(page, 'Project settings');
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'Delete project', exact: true }),
      'Only organization admins can delete projects. You are a member of this organization.',
    );
    await checkA11y(page, 'member-settings');

    // A dashboard someone else made: who can edit it is the creator's and the admins' call.
    await page.goto('/projects/1/dashboards/1/collaborators');
    await expectHeading(page, 'Product overview');
    await expectDisabledSaying(
      page,
      page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true }),
      "Only the dashboard's creator and organization admins can change who can edit it.",
    );
  });
});
