// Selection and bulk actions on the dashboard list, and Export CSV: each checked through the API.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, eventually, setupE2E } from './support/harness.ts';
import { describedText, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

interface Item {
  id: number;
  name: string | null;
  pinned: boolean;
  tags: string[];
  restriction_level: number;
}
interface ListPage {
  count: number;
  results: Item[];
}

const shown = (d: Pick<Item, 'name'>) => (d.name?.trim() ? d.name : 'Untitled dashboard');
const list = (mockUrl: string, projectId: number, query = '') =>
  api<ListPage>(mockUrl, `/api/projects/${projectId}/dashboards/?limit=1000${query}`);
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Bulk actions' });
const table = (page: Page) => page.getByRole('table', { name: 'Dashboards', exact: true });
const select = (page: Page, name: string) => table(page).getByRole('checkbox', { name: `Select ${name}`, exact: true });
const summary = (page: Page, text: string, timeout = 30_000) => page.getByText(text, { exact: true }).waitFor({ timeout });

async function setFaults(mockUrl: string, rules: unknown[]) {
  await api(mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 0, error_rate: 0, rules } });
}

describe('Bulk actions', () => {
  journey('select three and pin them', async ({ page, stack }) => {
    const three = (await list(stack.mockUrl, 2, '&pinned=false')).results.slice(0, 3);
    await openConnected(page, '/projects/2/dashboards', 'Dashboards');
    await select(page, shown(three[0]!)).click();
    await select(page, shown(three[1]!)).click();
    await select(page, shown(three[2]!)).click();
    await toolbar(page).getByText('3 selected', { exact: true }).waitFor();
    await checkA11y(page, 'bulk-selected');
    await toolbar(page).getByRole('button', { name: 'Pin', exact: true }).click();
    await summary(page, '3 updated, 0 failed');
    for (const d of three) await table(page).getByRole('button', { name: `Unpin ${shown(d)}`, exact: true }).waitFor();
    const after = (await list(stack.mockUrl, 2)).results;
    for (const d of three) assert.equal(after.find((x) => x.id === d.id)?.pinned, true);
    assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    await checkA11y(page, 'bulk-summary');
  });

  journey('select all matching after a search, then add a tag', async ({ page, stack }) => {
    const matching = await list(stack.mockUrl, 1, '&search=e');
    assert.ok(matching.count > 100, 'more match than one page holds');
    await openConnected(page, '/projects/1/dashboards?search=e', 'Dashboards');
    await page.getByRole('checkbox', { name: 'Select all loaded dashboards', exact: true }).click();
    await toolbar(page).getByRole('button', { name: `Select all ${matching.count} matching`, exact: true }).click();
    await toolbar(page).getByText(`${matching.count} selected`, { exact: true }).waitFor();
    await toolbar(page).getByRole('button', { name: 'Add tag', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    await dialog.getByRole('textbox', { name: 'Tag', exact: true }).fill('Reorg 2026');
    await checkA11y(page, 'bulk-add-tag');
    await dialog.getByRole('button', { name: 'Add tag', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Bulk progress' }).waitFor();
    // Each tag change reads the dashboard first (its tags now), then sends the PATCH: two requests each.
    await summary(page, `${matching.count} updated, 0 failed`, 120_000);
    const tagged = await list(stack.mockUrl, 1, '&tags=reorg%202026');
    assert.deepEqual(tagged.results.map((d) => d.id).sort(), matching.results.map((d) => d.id).sort());
  });

  journey('a forced 500 on one dashboard, then Retry failed', async ({ page, stack, errors }) => {
    allowHttpStatus(errors, 500);
    const three = (await list(stack.mockUrl, 2)).results.slice(0, 3);
    await openConnected(page, '/projects/2/dashboards', 'Dashboards');
    for (const d of three) await select(page, shown(d)).click();
    await setFaults(stack.mockUrl, [{ method: 'PATCH', path: `/api/projects/*/dashboards/${three[1]!.id}/`, status: 500 }]);
    await toolbar(page).getByRole('button', { name: 'Unpin', exact: true }).click();
    await summary(page, '2 updated, 1 failed');
    const failures = page.getByRole('list', { name: 'Failures' });
    await failures.getByText(shown(three[1]!), { exact: true }).waitFor();
    await checkA11y(page, 'bulk-partial-failure');
    await setFaults(stack.mockUrl, []);
    await page.getByRole('button', { name: 'Retry failed', exact: true }).click();
    await summary(page, '1 updated, 0 failed');
    const after = (await list(stack.mockUrl, 2)).results;
    for (const d of three) assert.equal(after.find((x) => x.id === d.id)?.pinned, false);
  });

  journey('bulk delete asks first, and Undo restores every one', async ({ page, stack }) => {
    const before = await list(stack.mockUrl, 2);
    const two = before.results.slice(-2);
    await openConnected(page, '/projects/2/dashboards', 'Dashboards');
    for (const d of two) await select(page, shown(d)).click();
    await toolbar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 dashboards' });
    await checkA11y(page, 'bulk-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await summary(page, '2 updated, 0 failed');
    assert.equal((await list(stack.mockUrl, 2)).count, before.count - 2);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('(undo of the delete)', { exact: false }).waitFor();
    await eventually(async () => assert.equal((await list(stack.mockUrl, 2)).count, before.count));
    await table(page).getByRole('link', { name: shown(two[0]!), exact: true }).waitFor();
  });

  journey('two pages loaded, a bulk delete of 10, then Load more shows every row still listed', async ({ page, stack }) => {
    const before = await list(stack.mockUrl, 1);
    assert.ok(before.count > 200 && before.count - 10 <= 300, `project 1 has more than two pages, less than three after the delete (${before.count})`);
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    const count = (text: string) => page.getByText(text, { exact: true });
    await count(`Showing 100 of ${before.count} dashboards`).waitFor();
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await count(`Showing 200 of ${before.count} dashboards`).waitFor();
    const ten = before.results.slice(0, 10);
    await page.getByRole('region', { name: 'Dashboards, scrollable' }).evaluate((region) => region.scrollTo({ top: 0 }));
    for (const d of ten) await select(page, shown(d)).click();
    await toolbar(page).getByText('10 selected', { exact: true }).waitFor();
    await toolbar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete 10 dashboards' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await summary(page, '10 updated, 0 failed');
    const left = before.count - 10;
    assert.equal((await list(stack.mockUrl, 1)).count, left);
    await count(`Showing 190 of ${left} dashboards`).waitFor();
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    // The rows that followed the deleted ones are loaded too, none skipped.
    await count(`Showing ${left} of ${left} dashboards`).waitFor();
    const region = page.getByRole('region', { name: 'Dashboards, scrollable' });
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const names = before.results.map(shown);
    const last = before.results.findLast((d) => names.indexOf(shown(d)) === names.lastIndexOf(shown(d)))!;
    await table(page).getByRole('link', { name: shown(last), exact: true }).waitFor();
  });

  journey('Export CSV of a search, with a tricky name', async ({ page, stack }) => {
    const tricky = 'Café, "Zürich" board';
    await api(stack.mockUrl, '/api/projects/3/dashboards/', { body: { name: tricky, description: 'two\nlines', tags: ['Ops'] } });
    await openConnected(page, '/projects/3/dashboards?search=z%C3%BCrich', 'Dashboards');
    await table(page).getByRole('link', { name: tricky, exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    assert.match(download.suggestedFilename(), /-dashboards-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, row] = text.split('\r\n');
    assert.equal(header, 'id,name,description,tags,pinned,shared,restricted,created_by,created_at');
    assert.match(row!, /^\d+,"Café, ""Zürich"" board","two\nlines",ops,false,false,false,priya\.[^,]+,\d{4}-/);
    assert.ok(!text.includes('phx_'), 'no key in the file');
  });

  journey('a read-only key changes nothing: the write actions are disabled up front, with the reason', async ({ page, stack }) => {
    const first = (await list(stack.mockUrl, 2)).results[0]!;
    await openConnected(page, '/projects/2/dashboards', 'Dashboards', 'phx_demo_readonly');
    await select(page, shown(first)).click();
    // The key's scopes are known (personal_api_keys/@current): each write action says why it cannot run.
    const reason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    for (const name of ['Pin', 'Unpin', 'Add tag', 'Remove tag', 'Delete']) {
      const button = toolbar(page).getByRole('button', { name, exact: true });
      assert.equal(await button.isDisabled(), true, `${name} is disabled`);
      assert.ok((await describedText(button)).includes(reason), `${name} says why`);
    }
    assert.equal((await list(stack.mockUrl, 2)).results.find((d) => d.id === first.id)?.pinned, first.pinned);
    await checkA11y(page, 'bulk-read-only');
  });
});
