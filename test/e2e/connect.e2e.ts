// Connecting, by the names of ../shared/CONSOLE.md: a refused key, a demo key, deep links, Disconnect.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  allowHttpStatus,
  checkA11y,
  connect,
  expectHeading,
  expectPath,
  expectTabOrder,
  heading,
  screenshot,
  setupE2E,
} from './support/harness.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const refusedKeyDetail = 'Personal API key found in request Authorization header is invalid.';

/** Everything the page keeps in web storage, as one string. */
const storedText = (page: Page) =>
  page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));

describe('Connect', () => {
  journey('a refused key shows the API error and stays on Connect', async ({ page, errors }) => {
    allowHttpStatus(errors, 401);
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    await page.getByLabel('Personal API key', { exact: true }).fill('phx_not_a_key_anyone_has');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: refusedKeyDetail }).waitFor();
    await expectPath(page, '/connect');
    await expectHeading(page, 'Connect');
    assert.doesNotMatch(await storedText(page), /phx_not_a_key_anyone_has/, 'a refused key must not be stored');
  });

  journey('the Connect page passes axe and Tab reaches its controls in order', async ({ page }) => {
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    await expectTabOrder(page, [
      page.getByRole('textbox', { name: 'API host', exact: true }),
      page.getByLabel('Personal API key', { exact: true }),
      page.getByRole('checkbox', { name: 'Remember this key on this device', exact: true }),
      page.getByRole('button', { name: 'Connect', exact: true }),
    ]);
    await checkA11y(page, 'connect');
    await screenshot(page, 'connect');
  });

  journey('at 1440×900 the demo keys are seen first, and the page does not claim a connection before a key', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    const demoKeys = page.getByRole('button', { name: /^Use demo key / });
    await demoKeys.first().waitFor();
    assert.equal(await demoKeys.count(), 3);
    for (const button of await demoKeys.all()) {
      const box = await button.boundingBox();
      assert.ok(box, `${await button.textContent()} has a box`);
      assert.ok(box.y >= 0 && box.y + box.height <= 900, `${await button.textContent()} is within the first viewport (bottom at ${box.y + box.height} px)`);
    }
    await page.getByText(/This console is served with the bundled mock/).waitFor();
    assert.equal(await page.getByText(/You are connected/).count(), 0, 'nothing says "connected" before a key is given');
    await checkA11y(page, 'connect-1440');
  });

  journey('a demo key connects in one click and lands on Projects', async ({ page }) => {
    await page.goto('/');
    await expectHeading(page, 'Connect');
    await expectPath(page, /^\/connect/);
    await page.getByRole('button', { name: 'Use demo key phx_demo_admin', exact: true }).click();
    await expectPath(page, '/projects');
    await expectHeading(page, 'Projects');
  });

  journey('a deep link opened without a key returns there after connecting and survives a reload', async ({ page, stack }) => {
    const projects = await api<{ results: Array<{ id: number }> }>(stack.mockUrl, '/api/projects/');
    const projectId = projects.results[0]?.id;
    assert.ok(projectId, 'the seed has a project');
    const deepLink = `/projects/${projectId}/dashboards?search=sales`;
    await page.goto(deepLink);
    await expectHeading(page, 'Connect');
    await connect(page, 'phx_demo_admin');
    await expectPath(page, deepLink);
    await expectHeading(page, 'Dashboards');
    await page.reload();
    await expectPath(page, deepLink);
    await expectHeading(page, 'Dashboards');
  });

  journey('Disconnect returns to Connect and forgets the key', async ({ page }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');
    assert.match(await storedText(page), /phx_demo_admin/, 'a remembered key is kept on the device');
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectHeading(page, 'Connect');
    await expectPath(page, /^\/connect/);
    assert.doesNotMatch(await storedText(page), /phx_demo_admin/, 'Disconnect must forget the key');
    await page.goto('/projects');
    await expectHeading(page, 'Connect');
    assert.equal(await heading(page, 'Projects').count(), 0);
  });
});
