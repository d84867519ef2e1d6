// Projects (/projects): search kept in the URL and sent to the API, New project (created, a taken
// name under `Name`), its dialog by keyboard, and axe on the list and the dialog.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  allowHttpStatus,
  checkA11y,
  eventually,
  expectDialogKeyboard,
  expectHeading,
  expectPath,
  setupE2E,
} from './support/harness.ts';
import { describedText, docScreenshot, expectDescribedBy, nextApiRequest, openConnected, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

describe('Projects', () => {
  journey('search is sent to the API, kept in the URL and restored on reload; the list passes axe', async ({ page }) => {
    await openConnected(page, '/projects', 'Projects');
    const table = page.getByRole('table', { name: 'Projects', exact: true });
    await table.getByRole('link', { name: 'Hedgebox App', exact: true }).waitFor();
    await checkA11y(page, 'projects');
    await docScreenshot(page, 'projects');

    await Promise.all([
      nextApiRequest(page, /^\/api\/organizations\/@current\/projects\/\?(.*&)?search=market(&|$)/),
      page.getByRole('searchbox', { name: 'Search projects', exact: true }).fill('market'),
    ]);
    await expectPath(page, '/projects?search=market');
    await table.getByRole('link', { name: 'Marketing Site', exact: true }).waitFor();
    await eventually(async () => assert.equal(await tableRows(table).count(), 2, 'the header row and the one match'));
    assert.equal(await table.getByRole('link', { name: 'Hedgebox App', exact: true }).count(), 0);

    await Promise.all([nextApiRequest(page, /search=market(&|$)/), page.reload()]);
    await expectHeading(page, 'Projects');
    assert.equal(await page.getByRole('searchbox', { name: 'Search projects', exact: true }).inputValue(), 'market');
    await table.getByRole('link', { name: 'Marketing Site', exact: true }).waitFor();
    assert.equal(await table.getByRole('link', { name: 'Hedgebox App', exact: true }).count(), 0);
  });

  journey('New project creates a project that the list and the API then show', async ({ page, stack }) => {
    await openConnected(page, '/projects', 'Projects');
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Launch Site');
    await dialog.getByRole('button', { name: 'Create project', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status', { name: 'Notifications' }).getByText('Project "E2E Launch Site" created.').waitFor();
    await page
      .getByRole('table', { name: 'Projects', exact: true })
      .getByRole('link', { name: 'E2E Launch Site', exact: true })
      .waitFor();
    const found = await api<{ results: Array<{ name: string }> }>(stack.mockUrl, '/api/projects/?search=E2E%20Launch');
    assert.deepEqual(found.results.map((project) => project.name), ['E2E Launch Site']);
    // The project switcher of the top bar offers it too.
    await eventually(async () => {
      const switcher = page.getByRole('combobox', { name: 'Project', exact: true });
      await switcher.click();
      const options = await page.getByRole('listbox', { name: 'Project', exact: true }).getByRole('option').allTextContents();
      await switcher.press('Escape');
      assert.ok(options.includes('E2E Launch Site'), `the Project switcher offers ${JSON.stringify(options)}`);
    });
  });

  journey('a taken name (409) shows under Name and keeps what was typed', async ({ page, errors }) => {
    allowHttpStatus(errors, 409);
    await openConnected(page, '/projects', 'Projects');
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('hedgebox app');
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/projects/'));
    await dialog.getByRole('button', { name: 'Create project', exact: true }).click();
    assert.equal((await created).status(), 409);
    await expectDescribedBy(name, 'There is already a project called "hedgebox app" in this organization. Choose a different name.');
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    assert.equal(await name.inputValue(), 'hedgebox app', 'what was typed stays');
    assert.ok(await dialog.isVisible(), 'the dialog stays open');
    await checkA11y(page, 'new-project-dialog-409');
    // Fixing the name clears the error.
    await name.fill('hedgebox app two');
    await eventually(async () => assert.doesNotMatch(await describedText(name), /already a project/));
  });

  journey('the New project dialog passes axe and its keyboard path: trapped, Escape closes, focus returns', async ({ page }) => {
    await openConnected(page, '/projects', 'Projects');
    const opener = page.getByRole('button', { name: 'New project', exact: true });
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await expectDialogKeyboard(page, opener, dialog);
    await opener.click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await checkA11y(page, 'new-project-dialog');
  });
});
