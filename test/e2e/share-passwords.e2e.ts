// Sharing, passwords: Require a password, Add password (a generated one, shown once) with Copy
// password, the public page asks for it, and Delete password; axe.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { checkA11y, eventually, setupE2E } from './support/harness.ts';
import { copyWith, dashboardNamed, grantClipboard, openConnected } from './support/pages.ts';

const { journey } = setupE2E();

describe('Share passwords', () => {
  journey('require a password, add one, copy it, and delete it', async ({ page, context, stack }) => {
    await grantClipboard(context, stack.baseUrl);
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Product overview');
    await openConnected(page, `/projects/1/dashboards/${id}/sharing`, 'Product overview');
    const link = await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue();

    const required = page.getByRole('switch', { name: 'Require a password', exact: true });
    await required.click();
    await eventually(async () => assert.equal(await required.getAttribute('aria-checked'), 'true'));
    const publicPage = await fetch(link);
    assert.doesNotMatch(await publicPage.text(), /Daily active users/i, 'the public page names no tile without a password');

    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Board');
    await page.getByRole('button', { name: 'Add password', exact: true }).click();
    const shown = page.getByRole('textbox', { name: 'New password (Board)', exact: true });
    await shown.waitFor();
    const password = await shown.inputValue();
    assert.equal(password.length, 22, 'a generated password of 22 characters');
    assert.equal(await copyWith(page, page.getByRole('button', { name: 'Copy password', exact: true })), password);
    const login = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) });
    assert.equal(login.status, 200, 'the copied password opens the public page');
    await checkA11y(page, 'share-passwords');

    const list = page.getByRole('list', { name: 'Share passwords', exact: true });
    await list.getByText('Board', { exact: true }).waitFor();
    assert.doesNotMatch(await list.innerText(), new RegExp(password), 'the list never shows the secret');
    await list.getByRole('button', { name: 'Delete password Board', exact: true }).click();
    await page.getByRole('status', { name: 'Notifications' }).getByText(/Deleted the password “Board”/).waitFor();
    await list.waitFor({ state: 'detached' });
    const again = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) });
    assert.equal(again.status, 401, 'a deleted password no longer opens the public page');
  });
});
