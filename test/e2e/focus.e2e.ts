// Focus never falls to <body> (issue 12, item 2): with 800 ms of latency on every API answer, each
// async action of sharing, passwords, collaborators and deleting a dashboard keeps focus on its
// control while the request runs (busy, still focusable), and afterwards focus stays there or moves
// to where the result is said, never to the page's <body>.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { dashboardNamed, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const LATENCY_MS = 800;

async function setLatency(mockUrl: string, latencyMs: number): Promise<void> {
  await api(mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: latencyMs, error_rate: 0, rules: [] } });
}

/** The focused element, described for a failure message; null when focus is on <body> (or nowhere). */
async function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || !el.isConnected) return null;
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name.trim().slice(0, 60)}"`;
  });
}

async function expectFocusNotOnBody(page: Page, when: string): Promise<void> {
  const where = await focused(page);
  assert.ok(where, `${when}: focus fell to <body>`);
}

async function isFocused(control: Locator): Promise<boolean> {
  return control.evaluate((el) => el === document.activeElement);
}

/** Focus lands (or stays) on `control`; it never passes through <body> in between is checked by the callers. */
async function expectFocusOn(page: Page, control: Locator, when: string): Promise<void> {
  await eventually(async () => assert.ok(await isFocused(control), `${when}: focus is on ${(await focused(page)) ?? '<body>'}, not ${control}`));
}

/**
 * Activates `control` from the keyboard, then checks focus while its request runs (the control says
 * it is busy and keeps focus) and once `done` says the action finished.
 */
async function actAndCheck(page: Page, control: Locator, key: 'Enter' | 'Space', what: string, done: () => Promise<void>): Promise<void> {
  await control.focus();
  await page.keyboard.press(key);
  await eventually(async () => assert.equal(await control.getAttribute('aria-busy'), 'true', `${what}: the control says it is busy`));
  await expectFocusNotOnBody(page, `${what}, while the request runs`);
  assert.ok(await isFocused(control), `${what}: the busy control keeps focus`);
  assert.equal(await control.getAttribute('aria-disabled'), 'true', `${what}: the busy control is aria-disabled, not disabled`);
  await done();
  await expectFocusNotOnBody(page, `${what}, after it finished`);
}

describe('Focus after async actions (800 ms latency)', () => {
  journey('sharing: Share publicly, Rotate link, Require a password, Add and Delete password', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Product overview');
    await openConnected(page, `/projects/1/dashboards/${id}/sharing`, 'Product overview');
    await setLatency(stack.mockUrl, LATENCY_MS);

    const share = page.getByRole('switch', { name: 'Share publicly', exact: true });
    await actAndCheck(page, share, 'Space', 'Share publicly off', async () => {
      await eventually(async () => assert.equal(await share.getAttribute('aria-checked'), 'false'), 10_000);
    });
    await expectFocusOn(page, share, 'after turning sharing off');
    await actAndCheck(page, share, 'Space', 'Share publicly on', async () => {
      await eventually(async () => assert.equal(await share.getAttribute('aria-checked'), 'true'), 10_000);
    });
    await expectFocusOn(page, share, 'after turning sharing on');

    // Rotate link: the dialog's confirm button stays focused while it works; then focus returns to the opener.
    const link = page.getByRole('textbox', { name: 'Public link', exact: true });
    const before = await link.inputValue();
    const rotate = page.getByRole('button', { name: 'Rotate link', exact: true });
    await rotate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the public link?' });
    const confirm = dialog.getByRole('button', { name: 'Rotate link', exact: true });
    await actAndCheck(page, confirm, 'Enter', 'Rotate link (confirm)', async () => {
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await eventually(async () => assert.notEqual(await link.inputValue(), before, 'the link changed'), 10_000);
    });
    await expectFocusOn(page, rotate, 'after rotating the link');

    const required = page.getByRole('switch', { name: 'Require a password', exact: true });
    await actAndCheck(page, required, 'Space', 'Require a password', async () => {
      await eventually(async () => assert.equal(await required.getAttribute('aria-checked'), 'true'), 10_000);
    });
    await expectFocusOn(page, required, 'after requiring a password');

    const note = page.getByRole('textbox', { name: 'Note', exact: true });
    const add = page.getByRole('button', { name: 'Add password', exact: true });
    const list = page.getByRole('list', { name: 'Share passwords', exact: true });
    for (const name of ['Alpha', 'Beta']) {
      await note.fill(name);
      await actAndCheck(page, add, 'Enter', `Add password ${name}`, async () => {
        await list.getByRole('button', { name: `Delete password ${name}`, exact: true }).waitFor({ timeout: 10_000 });
      });
      await expectFocusOn(page, add, `after adding the password ${name}`);
    }
    await checkA11y(page, 'focus-sharing-busy-states');

    // Deleting a password removes its row: focus goes to the next one's Delete, then to the section's heading.
    const deleteAlpha = list.getByRole('button', { name: 'Delete password Alpha', exact: true });
    await actAndCheck(page, deleteAlpha, 'Enter', 'Delete password Alpha', async () => {
      await deleteAlpha.waitFor({ state: 'detached', timeout: 10_000 });
    });
    const deleteBeta = list.getByRole('button', { name: 'Delete password Beta', exact: true });
    await expectFocusOn(page, deleteBeta, 'after deleting Alpha');
    await actAndCheck(page, deleteBeta, 'Enter', 'Delete password Beta', async () => {
      await deleteBeta.waitFor({ state: 'detached', timeout: 10_000 });
    });
    await expectFocusOn(page, page.getByRole('heading', { name: 'Password protection', exact: true }), 'after deleting the last password');
  }, { timeout: 120_000 });

  journey('collaborators: Restrict editing, Add collaborator, Remove <email>', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Product overview');
    await openConnected(page, `/projects/1/dashboards/${id}/collaborators`, 'Product overview');
    await setLatency(stack.mockUrl, LATENCY_MS);

    const restrict = page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true });
    await actAndCheck(page, restrict, 'Enter', 'Restrict editing', async () => {
      await restrict.waitFor({ state: 'detached', timeout: 10_000 });
    });
    // The button is gone; focus is on the sentence that says who can edit now.
    await eventually(async () => assert.match((await focused(page)) ?? '<body>', /^p "Only invited collaborators/));

    const user = page.getByRole('combobox', { name: 'User', exact: true });
    const addButton = page.getByRole('button', { name: 'Add collaborator', exact: true });
    const emails: string[] = [];
    for (let added = 0; added < 2; added += 1) {
      await eventually(async () => assert.ok(await user.isEnabled(), 'members are listed'), 10_000);
      await user.selectOption({ index: 1 });
      const label = await user.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
      const email = /\(([^)]+)\)$/.exec(label)?.[1];
      assert.ok(email, `the option "${label}" names an email`);
      emails.push(email);
      await actAndCheck(page, addButton, 'Enter', `Add collaborator ${email}`, async () => {
        await page.getByRole('button', { name: `Remove ${email}`, exact: true }).waitFor({ timeout: 10_000 });
      });
      // The choice is cleared, so Add collaborator is unavailable now; it keeps focus and says why.
      await expectFocusOn(page, addButton, `after adding ${email}`);
    }
    await checkA11y(page, 'focus-collaborators');

    const [first, second] = emails as [string, string];
    const removeFirst = page.getByRole('button', { name: `Remove ${first}`, exact: true });
    await actAndCheck(page, removeFirst, 'Enter', `Remove ${first}`, async () => {
      await removeFirst.waitFor({ state: 'detached', timeout: 10_000 });
    });
    const removeSecond = page.getByRole('button', { name: `Remove ${second}`, exact: true });
    await expectFocusOn(page, removeSecond, `after removing ${first}`);
    await actAndCheck(page, removeSecond, 'Enter', `Remove ${second}`, async () => {
      await removeSecond.waitFor({ state: 'detached', timeout: 10_000 });
    });
    await expectFocusOn(page, page.getByRole('heading', { name: 'Invited collaborators', exact: true }), 'after removing the last collaborator');
  }, { timeout: 120_000 });

  journey('Delete dashboard and Undo: focus goes to the page, never to <body>', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Release health');
    await openConnected(page, `/projects/1/dashboards/${id}`, 'Release health');
    await setLatency(stack.mockUrl, LATENCY_MS);

    await page.getByRole('button', { name: 'Delete dashboard', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Release health”?' });
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await actAndCheck(page, confirm, 'Enter', 'Delete dashboard (confirm)', async () => {
      await expectPath(page, '/projects/1/dashboards', 10_000);
      await expectHeading(page, 'Dashboards');
    });
    // The page it was on is gone: focus is on the main region of the list (the skip link's target).
    await eventually(async () =>
      assert.ok(await page.evaluate(() => document.activeElement?.id === 'main'), `focus is on ${(await focused(page)) ?? '<body>'}`),
    );

    const toasts = page.getByRole('status', { name: 'Notifications' });
    const undo = toasts.getByRole('button', { name: 'Undo', exact: true });
    await undo.focus();
    await page.keyboard.press('Enter');
    await expectFocusNotOnBody(page, 'right after Undo');
    await toasts.getByText('Restored “Release health”.', { exact: true }).waitFor({ timeout: 10_000 });
    await expectFocusNotOnBody(page, 'after the dashboard was restored');
  }, { timeout: 120_000 });
});
