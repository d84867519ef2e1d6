// No lost update (CONSOLE.md "Safety", issue #16 item 1): another person changes a field through the
// API while this page is open; saving the same field asks `Changed since you opened it`, and each
// answer is checked through the API. Also (issue #12 item 2): with 800 ms of latency, focus never
// falls to <body> around `Save changes` on Overview and on Project settings.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, expectDialogKeyboard, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const projectId = 1;
const dashboardId = 1; // Product overview
const overviewPath = `/projects/${projectId}/dashboards/${dashboardId}`;
const settingsPath = `/projects/${projectId}/settings`;
const dashboardApi = `/api/projects/${projectId}/dashboards/${dashboardId}/`;
const projectApi = `/api/projects/${projectId}/`;

interface DashboardAnswer {
  name: string | null;
  description: string;
}
interface ProjectAnswer {
  name: string;
  product_description: string | null;
  timezone: string;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes', exact: true });
const conflictDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Changed since you opened it' });
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The dialog's rows as [field, theirs, yours]. */
async function conflictRows(dialog: Locator): Promise<string[][]> {
  return dialog.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
  );
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * From now on, records every moment focus is on <body> (checked after each focus change and every
 * 20 ms). `stop()` returns what was seen.
 */
async function watchFocus(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  // A string, not a function: the test runner's transform would name the function's inner arrows
  // with a helper the page does not have.
  await page.evaluate(`(() => {
    const seen = [];
    const check = (when) => {
      const active = document.activeElement;
      if (!active || active === document.body) seen.push(when + ' at ' + Math.round(performance.now()) + ' ms');
    };
    const onFocusOut = () => setTimeout(() => check('after a focusout'), 0);
    document.addEventListener('focusout', onFocusOut, true);
    const timer = setInterval(() => check('poll'), 20);
    window.stopFocusWatch = () => {
      clearInterval(timer);
      document.removeEventListener('focusout', onFocusOut, true);
      return seen;
    };
  })()`);
  return { stop: () => page.evaluate(() => (window as unknown as { stopFocusWatch: () => string[] }).stopFocusWatch()) };
}

async function setLatency(mockUrl: string, latencyMs: number): Promise<void> {
  await api(mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: latencyMs, error_rate: 0, rules: [] } });
}

describe('No lost update', () => {
  journey('Overview: a name changed through the API meanwhile asks first; Escape saves nothing, Keep mine saves mine', async ({ page, stack }) => {
    await openConnected(page, overviewPath, 'Product overview');
    const name = textbox(page, 'Name');
    await eventually(async () => assert.equal(await name.inputValue(), 'Product overview'));
    // Tomás, a member, renames it through the API while the page is open.
    await api(stack.mockUrl, dashboardApi, { method: 'PATCH', key: 'phx_demo_member', body: { name: 'Product overview (Tomás)' } });
    await name.fill('Product overview (Priya)');

    const dialog = conflictDialog(page);
    // Opened from Save changes with the keyboard: focus is trapped inside, Escape (= Cancel) closes it
    // and gives focus back to Save changes.
    await expectDialogKeyboard(page, saveButton(page), dialog);
    assert.equal(await name.inputValue(), 'Product overview (Priya)', 'Cancel keeps what was typed');
    assert.equal((await api<DashboardAnswer>(stack.mockUrl, dashboardApi)).name, 'Product overview (Tomás)', 'Escape saved nothing');

    await saveButton(page).click();
    await dialog.waitFor();
    assert.deepEqual(await conflictRows(dialog), [['Name', 'Product overview (Tomás)', 'Product overview (Priya)']]);
    await checkA11y(page, 'lost-update-overview-dialog');
    await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
    await toasts(page).getByText('Changes saved.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await isFocused(saveButton(page)), 'focus is back on Save changes');
    assert.equal((await api<DashboardAnswer>(stack.mockUrl, dashboardApi)).name, 'Product overview (Priya)', 'Keep mine saved mine');
  });

  journey('Overview: Take theirs keeps their name, saves the other changes, and the form shows theirs', async ({ page, stack }) => {
    await openConnected(page, overviewPath, 'Product overview');
    const name = textbox(page, 'Name');
    const description = textbox(page, 'Description');
    await eventually(async () => assert.equal(await name.inputValue(), 'Product overview'));
    await api(stack.mockUrl, dashboardApi, { method: 'PATCH', key: 'phx_demo_member', body: { name: 'Product overview (Tomás)' } });
    await name.fill('Product overview (Priya)');
    await description.fill('Edited in the console.');

    await saveButton(page).click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    assert.deepEqual(await conflictRows(dialog), [['Name', 'Product overview (Tomás)', 'Product overview (Priya)']]);
    await dialog.getByRole('button', { name: 'Take theirs', exact: true }).click();
    await toasts(page).getByText('Changes saved.', { exact: true }).waitFor();
    const stored = await api<DashboardAnswer>(stack.mockUrl, dashboardApi);
    assert.equal(stored.name, 'Product overview (Tomás)', 'their name stays');
    assert.equal(stored.description, 'Edited in the console.', 'the field nobody else changed is saved');
    await eventually(async () => assert.equal(await name.inputValue(), 'Product overview (Tomás)', 'the form shows theirs'));
    assert.ok(await isFocused(saveButton(page)), 'focus is back on Save changes');
  });

  journey('Project settings: a name changed through the API meanwhile asks first; Take theirs, then the rest is saved', async ({ page, stack }) => {
    await openConnected(page, settingsPath, 'Project settings');
    const name = textbox(page, 'Project name');
    await eventually(async () => assert.equal(await name.inputValue(), 'Hedgebox App'));
    await api(stack.mockUrl, projectApi, { method: 'PATCH', body: { name: 'Hedgebox (renamed by Olivia)' } });
    await name.fill('Hedgebox Files');
    await textbox(page, 'Product description').fill('Edited in the console.');

    await saveButton(page).click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    assert.deepEqual(await conflictRows(dialog), [['Project name', 'Hedgebox (renamed by Olivia)', 'Hedgebox Files']]);
    await checkA11y(page, 'lost-update-settings-dialog');
    await dialog.getByRole('button', { name: 'Take theirs', exact: true }).click();
    await toasts(page).getByText('Project settings saved.', { exact: true }).waitFor();
    const stored = await api<ProjectAnswer>(stack.mockUrl, projectApi);
    assert.equal(stored.name, 'Hedgebox (renamed by Olivia)');
    assert.equal(stored.product_description, 'Edited in the console.');
    await eventually(async () => assert.equal(await name.inputValue(), 'Hedgebox (renamed by Olivia)'));
    assert.ok(await isFocused(saveButton(page)), 'focus is back on Save changes');

    // Keep mine, the other way round.
    await api(stack.mockUrl, projectApi, { method: 'PATCH', body: { timezone: 'America/New_York' } });
    const zone = page.getByRole('combobox', { name: 'Time zone', exact: true });
    await zone.fill('Asia/Tokyo');
    await zone.press('Tab');
    await saveButton(page).click();
    await dialog.waitFor();
    assert.deepEqual(await conflictRows(dialog), [['Time zone', 'America/New_York', 'Asia/Tokyo']]);
    await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
    await eventually(async () => assert.equal((await api<ProjectAnswer>(stack.mockUrl, projectApi)).timezone, 'Asia/Tokyo'));
  });
});

describe('Focus around Save changes, with 800 ms of latency', () => {
  journey('Overview: Save changes stays focusable and busy while saving; focus never falls to <body>', async ({ page, stack }) => {
    await openConnected(page, overviewPath, 'Product overview');
    const description = textbox(page, 'Description');
    await eventually(async () => assert.equal(await description.inputValue(), 'How Hedgebox is doing, at a glance.'));
    await setLatency(stack.mockUrl, 800);
    await description.fill('Saved slowly.');
    const save = saveButton(page);
    await save.focus();
    const watch = await watchFocus(page);
    await page.keyboard.press('Enter');
    await eventually(async () => assert.equal(await save.getAttribute('aria-busy'), 'true', 'busy while the request runs'));
    assert.equal(await save.getAttribute('aria-disabled'), 'true');
    assert.equal(await save.isDisabled(), true, 'it does nothing while busy');
    assert.ok(await isFocused(save), 'focus stays on Save changes while saving');
    await toasts(page).getByText('Changes saved.', { exact: true }).waitFor({ timeout: 15_000 });
    await eventually(async () => assert.equal(await save.getAttribute('aria-busy'), null));
    assert.deepEqual(await watch.stop(), [], 'focus was never on <body>');
    assert.ok(await isFocused(save), 'focus stays on Save changes after saving');
    assert.equal((await api<DashboardAnswer>(stack.mockUrl, dashboardApi)).description, 'Saved slowly.');
  }, { timeout: 90_000 });

  journey('Project settings: the same, and Discard changes keeps focus too', async ({ page, stack }) => {
    await openConnected(page, settingsPath, 'Project settings');
    const description = textbox(page, 'Product description');
    await eventually(async () => assert.equal(await description.inputValue(), 'File storage and sharing for small teams.'));
    await setLatency(stack.mockUrl, 800);
    await description.fill('Saved slowly.');
    const save = saveButton(page);
    const watch = await watchFocus(page);
    await save.click();
    await eventually(async () => assert.equal(await save.getAttribute('aria-busy'), 'true', 'busy while the request runs'));
    assert.ok(await isFocused(save), 'focus stays on Save changes while saving');
    await toasts(page).getByText('Project settings saved.', { exact: true }).waitFor({ timeout: 15_000 });
    await eventually(async () => assert.equal(await save.getAttribute('aria-busy'), null));
    assert.ok(await isFocused(save), 'focus stays on Save changes after saving');

    await description.fill('Typed, then discarded.');
    const discard = page.getByRole('button', { name: 'Discard changes', exact: true });
    await discard.click();
    assert.equal(await description.inputValue(), 'Saved slowly.');
    assert.ok(await isFocused(discard), 'focus stays on Discard changes');
    assert.deepEqual(await watch.stop(), [], 'focus was never on <body>');
    assert.equal((await api<ProjectAnswer>(stack.mockUrl, projectApi)).product_description, 'Saved slowly.');
  }, { timeout: 90_000 });
});
