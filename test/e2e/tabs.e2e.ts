// Tabs agree (../shared/CONSOLE.md, "Safety"): two pages of one browser context are two tabs of the
// console. Disconnect, a key switch, a connect with another key, a saved change and Reset demo data
// in one reach the other, and no message between them carries the key.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { api } from './support/stack.ts';
import { allowHttpStatus, collectPageErrors, connect, eventually, expectHeading, expectPath, setupE2E, type PageErrors } from './support/harness.ts';

const { journey } = setupE2E();

/** Everything a page keeps in web storage, as one string. */
const storedText = (page: Page) => page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));

/** A second tab of the same browser context, its errors checked by the journey. */
async function openSecondTab(context: BrowserContext): Promise<{ page: Page; errors: PageErrors }> {
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}

/** Records, in `page`, every message the console's tabs send each other (to check none holds a key). */
async function spyOnTabMessages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as { __tabMessages?: string[] }).__tabMessages = seen;
    new BroadcastChannel('analytics-console:tabs').onmessage = (event: MessageEvent) => void seen.push(JSON.stringify(event.data));
  });
}

const tabMessages = (page: Page) => page.evaluate(() => (window as { __tabMessages?: string[] }).__tabMessages ?? []);

/** Waits until the spy in `page` has seen a message of `type`, then lets the console's own handler finish. */
async function awaitTabMessage(page: Page, type: string): Promise<void> {
  await eventually(async () => assert.ok((await tabMessages(page)).some((text) => JSON.parse(text).type === type), `no ${type} message yet`));
  await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
}

describe('Tabs agree', () => {
  journey('Disconnect in one tab disconnects the other and wipes the key from both storages', async ({ page, context }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');

    const second = await openSecondTab(context);
    await second.page.goto('/projects/1/dashboards');
    await expectHeading(second.page, 'Dashboards'); // read the remembered key from localStorage
    await spyOnTabMessages(second.page);

    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectHeading(page, 'Connect');
    await expectHeading(second.page, 'Connect');
    await second.page.getByRole('alert').filter({ hasText: 'You disconnected in another tab of the console.' }).waitFor();
    // Back to where it was, once connected again.
    await expectPath(second.page, `/connect?next=${encodeURIComponent('/projects/1/dashboards')}`);
    for (const tab of [page, second.page]) assert.doesNotMatch(await storedText(tab), /phx_/, 'a key is left in storage');
    for (const text of await tabMessages(second.page)) assert.doesNotMatch(text, /phx_/, 'a message between tabs holds a key');
    second.errors.assertNone();
  });

  journey('a key kept for one tab only: another key sends the other tab to Connect; the same key changes nothing', async ({ page, context }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin');
    await expectHeading(page, 'Projects');
    const second = await openSecondTab(context);
    await second.page.goto('/projects/1/dashboards');
    await expectHeading(second.page, 'Connect'); // sessionStorage is the first tab's own
    await connect(second.page, 'phx_demo_admin');
    await expectHeading(second.page, 'Dashboards');
    await spyOnTabMessages(second.page);

    // The same key again in the first tab: the second stays where it is, connected.
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin');
    await awaitTabMessage(second.page, 'connect');
    await expectHeading(second.page, 'Dashboards');
    await second.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expectHeading(second.page, 'Project settings');

    // Another key, not remembered: the second tab cannot read it, so it goes to Connect and says why.
    await page.goto('/connect');
    await connect(page, 'phx_demo_member');
    await expectHeading(second.page, 'Connect');
    await second.page.getByRole('alert').filter({ hasText: 'Another tab connected with another key.' }).waitFor();
    assert.doesNotMatch(await storedText(second.page), /phx_/, 'the second tab keeps no key');
    for (const text of await tabMessages(second.page)) assert.doesNotMatch(text, /phx_/, 'a message between tabs holds a key');
    second.errors.assertNone();
  });

  journey('a key switch with a remembered key reaches the other tab, which reads it from storage', async ({ page, context }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');
    const second = await openSecondTab(context);
    await second.page.goto('/projects');
    await expectHeading(second.page, 'Projects');
    await spyOnTabMessages(second.page);

    await page.getByRole('button', { name: 'Mock controls', exact: true }).click();
    const controls = page.getByRole('dialog', { name: 'Mock controls' });
    await controls.getByRole('button', { name: 'Switch to phx_demo_member', exact: true }).click();
    await controls.getByText('phx_demo_member is in use', { exact: true }).waitFor();

    await second.page.getByRole('button', { name: 'Mock controls', exact: true }).click();
    const secondControls = second.page.getByRole('dialog', { name: 'Mock controls' });
    await secondControls.getByText('phx_demo_member is in use', { exact: true }).waitFor();
    await expectHeading(second.page, 'Projects');
    for (const text of await tabMessages(second.page)) assert.doesNotMatch(text, /phx_/, 'a message between tabs holds a key');
    second.errors.assertNone();
  });

  journey('a change saved in one tab and Reset demo data refresh what the other shows', async ({ page, context, stack }) => {
    const found = await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, '/api/projects/1/dashboards/?search=aha');
    const aha = found.results.find((dashboard) => dashboard.name === 'aha moments');
    assert.ok(aha, 'the seed has the dashboard "aha moments"');
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await page.goto(`/projects/1/dashboards/${aha.id}`);
    await expectHeading(page, 'aha moments');
    const second = await openSecondTab(context);
    await second.page.goto('/projects/1/dashboards?search=aha');
    await expectHeading(second.page, 'Dashboards');
    const otherTable = second.page.getByRole('table', { name: 'Dashboards', exact: true });
    await otherTable.getByRole('link', { name: 'aha moments', exact: true }).waitFor();

    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await eventually(async () => assert.equal(await name.inputValue(), 'aha moments'));
    await name.fill('aha moments, renamed in another tab');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectHeading(page, 'aha moments, renamed in another tab');
    await otherTable.getByRole('link', { name: 'aha moments, renamed in another tab', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Mock controls', exact: true }).click();
    const controls = page.getByRole('dialog', { name: 'Mock controls' });
    await controls.getByRole('button', { name: 'Reset demo data', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Reset demo data?' }).getByRole('button', { name: 'Reset', exact: true }).click();
    await otherTable.getByRole('link', { name: 'aha moments', exact: true }).waitFor();
    second.errors.assertNone();
  });

  journey('a key the API refuses in one tab returns both tabs to Connect, each saying why', async ({ page, context, errors, stack }) => {
    allowHttpStatus(errors, 401);
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');
    const second = await openSecondTab(context);
    await second.page.goto('/projects/1/settings');
    await expectHeading(second.page, 'Project settings');

    await api(stack.mockUrl, '/__mock/faults', {
      method: 'PUT',
      key: null,
      body: { rules: [{ method: 'GET', path: '/api/projects/*/dashboards/', status: 401 }] },
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expectHeading(page, 'Connect');
    await page.getByRole('alert').filter({ hasText: 'The API refused the key' }).waitFor();
    await expectHeading(second.page, 'Connect');
    await second.page
      .getByRole('alert')
      .filter({ hasText: 'The API refused the key in another tab of the console.' })
      .waitFor();
    for (const tab of [page, second.page]) assert.doesNotMatch(await storedText(tab), /phx_/, 'a key is left in storage');
    second.errors.assertNone();
  });
});
