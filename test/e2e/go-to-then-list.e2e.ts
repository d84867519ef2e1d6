// Go to's searches and the list's cache side by side (issue 32): Go to once cached a plain page under
// the dashboard lists' key root, so after a search every pin, delete and bulk run of that project
// threw. Search in Go to, close it, then pin, bulk pin and delete: each reaches the API, and the page
// throws nothing (the harness fails a journey on any page error).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

interface Item {
  id: number;
  name: string;
  pinned: boolean;
  deleted?: boolean;
}

/** Ctrl+K, a search that finds `name` among the dashboards, then Enter (open it) or Escape (close). */
async function searchInGoTo(page: Page, name: string, then: 'Enter' | 'Escape') {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Go to', exact: true });
  await dialog.waitFor();
  await page.keyboard.type(name);
  await dialog.getByRole('group', { name: 'Dashboards', exact: true }).getByRole('option', { name, exact: false }).first().waitFor();
  await page.keyboard.press(then);
  await dialog.waitFor({ state: 'detached' });
}

describe('Go to, then the list', () => {
  journey('a search in Go to, then a pin, a bulk pin and a delete on the list: each done in the API, no page error', async ({ page, stack }) => {
    const made: Item[] = [];
    for (const n of ['one', 'two', 'three', 'four']) {
      made.push(await api<Item>(stack.mockUrl, '/api/projects/1/dashboards/', { body: { name: `Go to cache ${n}` } }));
    }
    const [toPin, bulkA, bulkB, toDelete] = made as [Item, Item, Item, Item];
    const getOne = (id: number) => api<Item>(stack.mockUrl, `/api/projects/1/dashboards/${id}/`);
    await openConnected(page, `/projects/1/dashboards?search=${encodeURIComponent('Go to cache')}`, 'Dashboards');
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    await table.getByRole('button', { name: `Pin ${toPin.name}`, exact: true }).waitFor();

    // 1. Go to's search is cached beside the list; then a pin on the list.
    await searchInGoTo(page, toPin.name, 'Escape');
    await table.getByRole('button', { name: `Pin ${toPin.name}`, exact: true }).click();
    await table.getByRole('button', { name: `Unpin ${toPin.name}`, exact: true }).waitFor();
    await eventually(async () => assert.equal((await getOne(toPin.id)).pinned, true, 'pinned in the API'));

    // 2. Another search, then a bulk pin of two rows.
    await searchInGoTo(page, bulkA.name, 'Escape');
    for (const dashboard of [bulkA, bulkB]) await table.getByRole('checkbox', { name: `Select ${dashboard.name}`, exact: true }).check();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByText('2 updated, 0 failed', { exact: true }).waitFor();
    for (const dashboard of [bulkA, bulkB]) {
      assert.equal((await getOne(dashboard.id)).pinned, true, `${dashboard.name} pinned in the API`);
      await table.getByRole('button', { name: `Unpin ${dashboard.name}`, exact: true }).waitFor();
    }

    // 3. Go to opens the dashboard (the same document, its search still cached), then Delete.
    await searchInGoTo(page, toDelete.name, 'Enter');
    await expectPath(page, `/projects/1/dashboards/${toDelete.id}`);
    await expectHeading(page, toDelete.name);
    await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    await eventually(async () => {
      const answer = await fetch(`${stack.mockUrl}/api/projects/1/dashboards/${toDelete.id}/`, {
        headers: { authorization: 'Bearer phx_demo_admin' },
      });
      assert.equal(answer.status, 404, 'deleted in the API');
    });
    await eventually(async () => assert.equal(await table.getByRole('link', { name: toDelete.name, exact: true }).count(), 0));
  });
});
