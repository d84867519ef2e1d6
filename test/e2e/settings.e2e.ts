// Project settings (/projects/:id/settings): rename (seen in the page and the Project switcher),
// the sample rate's round trip, the leave guard, the key reset, deleting by typing the name, and axe;
// an invalid field and its message scrolled clear of the sticky save bar (issue #12 item 5).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { docScreenshot, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

interface ProjectAnswer {
  id: number;
  name: string;
  api_token: string;
  product_description: string | null;
  session_recording_sample_rate: string | null;
}

const appProjectId = 1;
const settingsPath = (id: number) => `/projects/${id}/settings`;

const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes', exact: true });
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

describe('Project settings', () => {
  journey('renaming shows the new name on the page and in the Project switcher; the page passes axe', async ({ page, stack }) => {
    await openConnected(page, settingsPath(appProjectId), 'Project settings');
    const name = page.getByRole('textbox', { name: 'Project name', exact: true });
    await eventually(async () => assert.equal(await name.inputValue(), 'Hedgebox App'));
    await checkA11y(page, 'project-settings');
    await docScreenshot(page, 'project-settings');

    assert.ok(await saveButton(page).isDisabled(), 'Save changes is disabled while nothing changed');
    await name.fill('  Hedgebox Web App  ');
    assert.ok(await saveButton(page).isEnabled(), 'Save changes is enabled once the name changed');
    const patched = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/api/projects/${appProjectId}/`));
    await saveButton(page).click();
    const body = (await patched).postDataJSON() as Record<string, unknown>;
    assert.deepEqual(Object.keys(body), ['name'], 'the PATCH carries only the changed field');
    await toasts(page).getByText('Project settings saved.').waitFor();
    await eventually(async () => assert.equal(await name.inputValue(), 'Hedgebox Web App', 'the form shows what the API stored (trimmed)'));
    await page.locator('main').getByText('Hedgebox Web App', { exact: true }).first().waitFor();
    const switcher = page.getByRole('combobox', { name: 'Project', exact: true });
    await eventually(async () => {
      assert.equal(await switcher.inputValue(), 'Hedgebox Web App', 'the Project switcher shows the new name');
    });
    const stored = await api<ProjectAnswer>(stack.mockUrl, `/api/projects/${appProjectId}/`);
    assert.equal(stored.name, 'Hedgebox Web App');
  });

  journey('the sample rate round-trips as the API’s two-decimal string and survives a reload', async ({ page, stack }) => {
    await openConnected(page, settingsPath(appProjectId), 'Project settings');
    const rate = page.getByRole('spinbutton', { name: 'Sample rate', exact: true });
    await eventually(async () => assert.equal(await rate.inputValue(), '0.50'));
    await rate.fill('.3');
    const patched = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/api/projects/${appProjectId}/`));
    await saveButton(page).click();
    assert.deepEqual((await patched).postDataJSON(), { session_recording_sample_rate: '0.30' });
    await toasts(page).getByText('Project settings saved.').waitFor();
    await eventually(async () => assert.equal(await rate.inputValue(), '0.30'));
    assert.equal((await api<ProjectAnswer>(stack.mockUrl, `/api/projects/${appProjectId}/`)).session_recording_sample_rate, '0.30');
    await page.reload();
    await expectHeading(page, 'Project settings');
    await eventually(async () => assert.equal(await rate.inputValue(), '0.30'));
    assert.ok(await saveButton(page).isDisabled(), 'nothing is unsaved after the reload');
  });

  journey('leaving with unsaved changes asks first: Stay keeps them, Leave page goes', async ({ page, stack }) => {
    await openConnected(page, settingsPath(appProjectId), 'Project settings');
    const description = page.getByRole('textbox', { name: 'Product description', exact: true });
    await eventually(async () => assert.equal(await description.inputValue(), 'File storage and sharing for small teams.'));
    await description.fill('Typed but not saved.');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Dashboards', exact: true }).click();
    const guard = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await guard.waitFor();
    await checkA11y(page, 'project-settings-leave-guard');
    await guard.getByRole('button', { name: 'Stay', exact: true }).click();
    await guard.waitFor({ state: 'hidden' });
    await expectPath(page, settingsPath(appProjectId));
    assert.equal(await description.inputValue(), 'Typed but not saved.', 'Stay keeps what was typed');

    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Leave page', exact: true }).click();
    await expectPath(page, `/projects/${appProjectId}/activity`);
    await expectHeading(page, 'Activity');
    const stored = await api<ProjectAnswer>(stack.mockUrl, `/api/projects/${appProjectId}/`);
    assert.equal(stored.product_description, 'File storage and sharing for small teams.', 'nothing was saved');
  });

  journey('Reset project API key asks, then shows a new key that the API also has', async ({ page, stack }) => {
    await openConnected(page, settingsPath(appProjectId), 'Project settings');
    const before = (await api<ProjectAnswer>(stack.mockUrl, `/api/projects/${appProjectId}/`)).api_token;
    const current = page.getByRole('textbox', { name: 'Project API key', exact: true });
    await eventually(async () => assert.equal(await current.inputValue(), before));

    await page.getByRole('button', { name: 'Reset project API key', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset project API key' });
    await confirm.waitFor();
    await checkA11y(page, 'reset-key-confirm');
    await confirm.getByRole('button', { name: 'Reset key', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });

    const fresh = page.getByRole('textbox', { name: 'New project API key', exact: true });
    await fresh.waitFor();
    const shown = await fresh.inputValue();
    assert.notEqual(shown, before, 'the new key differs from the old one');
    const after = (await api<ProjectAnswer>(stack.mockUrl, `/api/projects/${appProjectId}/`)).api_token;
    assert.equal(shown, after, 'the key shown is the one the API now has');
    await page.getByRole('button', { name: 'Copy new project API key', exact: true }).waitFor();
    await eventually(async () => assert.equal(await current.inputValue(), after, 'the project details show the new key too'));
  });

  journey('deleting by typing the exact name lands on /projects with a toast, and the project is gone', async ({ page, stack }) => {
    const doomed = await api<ProjectAnswer>(stack.mockUrl, '/api/organizations/@current/projects/', {
      body: { name: 'E2E Doomed Project', timezone: 'UTC' },
    });
    await openConnected(page, settingsPath(doomed.id), 'Project settings');
    await page.getByRole('button', { name: 'Delete project', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete project' });
    const confirmButton = dialog.getByRole('button', { name: 'Delete project', exact: true });
    const typed = dialog.getByRole('textbox', { name: 'Type the project name to confirm', exact: true });
    await typed.waitFor();
    await checkA11y(page, 'delete-project-confirm');
    assert.ok(await confirmButton.isDisabled(), 'disabled until the name is typed');
    await typed.fill('e2e doomed project');
    assert.ok(await confirmButton.isDisabled(), 'the name must match exactly, case included');
    await typed.fill('E2E Doomed Project');
    await eventually(async () => assert.ok(await confirmButton.isEnabled(), 'enabled once the name matches'));
    await confirmButton.click();

    await expectPath(page, '/projects');
    await expectHeading(page, 'Projects');
    await toasts(page).getByText('Project "E2E Doomed Project" deleted.').waitFor();
    const table = page.getByRole('table', { name: 'Projects', exact: true });
    await table.getByRole('link', { name: 'Hedgebox App', exact: true }).waitFor();
    assert.equal(await table.getByRole('link', { name: 'E2E Doomed Project', exact: true }).count(), 0);
    const left = await api<{ results: Array<{ id: number }> }>(stack.mockUrl, '/api/projects/?search=Doomed');
    assert.deepEqual(left.results, [], 'the API no longer has it');
  });

  for (const viewport of viewports) {
    journey(`at ${viewport.width}×${viewport.height}, an invalid Minimum duration and its message scroll into view above the save bar`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openConnected(page, settingsPath(appProjectId), 'Project settings');
      const duration = page.getByRole('spinbutton', { name: 'Minimum duration (ms)', exact: true });
      await eventually(async () => assert.equal(await duration.inputValue(), '2000'));
      await duration.fill('50000');
      // Scrolled away from the field first, as a person would be when pressing the bar's button.
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveButton(page).click();
      const message = page.getByText('Ensure this value is less than or equal to 30000.', { exact: true });
      await message.waitFor();
      await eventually(async () => {
        assert.ok(await duration.evaluate((el) => el === document.activeElement), 'focus is on the invalid field');
        const bar = await page.locator('.settings-save-bar').boundingBox();
        const banner = await page.getByRole('banner').boundingBox();
        const field = await duration.boundingBox();
        const shown = await message.boundingBox();
        assert.ok(bar && field && shown, 'the bar, the field and its message are laid out');
        const top = Math.max(0, banner ? banner.y + banner.height : 0);
        for (const [what, box] of [['the field', field], ['its message', shown]] as const) {
          assert.ok(box.y >= top, `${what} starts below the top bar (${box.y} < ${top})`);
          assert.ok(box.y + box.height <= bar.y, `${what} ends above the save bar (${box.y + box.height} > ${bar.y})`);
          assert.ok(box.y + box.height <= viewport.height, `${what} is inside the viewport`);
        }
      });
      await checkA11y(page, `settings-invalid-duration-${viewport.width}`);
    });
  }
});
