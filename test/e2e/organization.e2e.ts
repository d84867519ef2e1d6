// The organization's pages (All dashboards, Public links), the names whole at 390 px on the three
// dashboard tables, and the CSV formula defence: each checked through the API or the file itself.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

interface Item {
  id: number;
  name: string | null;
  pinned: boolean;
}

const create = (mockUrl: string, projectId: number, name: string) =>
  api<Item>(mockUrl, `/api/projects/${projectId}/dashboards/`, { body: { name } });
const getOne = (mockUrl: string, projectId: number, id: number) => api<Item>(mockUrl, `/api/projects/${projectId}/dashboards/${id}/`);
const sharing = (mockUrl: string, projectId: number, id: number) =>
  api<{ enabled: boolean; password_required: boolean; access_token: string }>(mockUrl, `/api/projects/${projectId}/dashboards/${id}/sharing/`);
const share = (mockUrl: string, projectId: number, id: number, body: Record<string, unknown>) =>
  api(mockUrl, `/api/projects/${projectId}/dashboards/${id}/sharing/`, { method: 'PATCH', body });

const main = (page: Page) => page.getByRole('main');
/** The table is up (its rows arriving), then everything arrived. */
async function loaded(page: Page) {
  await main(page).locator('table tbody tr[data-index]').first().waitFor({ timeout: 30_000 });
  await main(page).getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
}

/** Scrolls a virtualized table's region down, a screen at a time, until `target` is rendered. */
async function scrollTo(page: Page, region: string, target: Locator) {
  // The table's own scroll box; on a phone the page itself scrolls (no such region).
  const scroller = main(page).getByRole('region', { name: `${region}, scrollable` });
  for (let step = 0; step < 40 && (await target.count()) === 0; step++) {
    if ((await scroller.count()) === 0) await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
    else await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight * 0.8));
    await page.waitForTimeout(50);
  }
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
}

/** Every name link of `table` in view shows whole: nothing cut, inside its cell. */
async function namesWhole(table: Locator, label: string) {
  const cut = await table.locator('tbody a.name-link').evaluateAll((links) =>
    links
      .filter((link) => {
        const cell = link.closest('th, td')!.getBoundingClientRect();
        const box = link.getBoundingClientRect();
        return link.scrollWidth > link.clientWidth + 1 || box.right > cell.right + 1 || box.left < cell.left - 1;
      })
      .map((link) => `${link.textContent} (${link.scrollWidth} > ${link.clientWidth})`),
  );
  assert.deepEqual(cut, [], `${label}: names cut`);
  assert.ok((await table.locator('tbody a.name-link').count()) > 0, `${label}: no names rendered`);
}

describe('The whole organization', () => {
  journey('All dashboards across three projects: a bulk Pin, checked through the API', async ({ page, stack }) => {
    const made = [await create(stack.mockUrl, 1, 'Orgwide pin one'), await create(stack.mockUrl, 2, 'Orgwide pin two'), await create(stack.mockUrl, 3, 'Orgwide pin three')];
    await openConnected(page, '/organization/dashboards?search=orgwide%20pin', 'All dashboards');
    await loaded(page);
    await main(page).getByText('3 dashboards in 3 projects', { exact: true }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'All dashboards' }).getAttribute('aria-selected'), 'true');
    await checkA11y(page, 'All dashboards at 1440 px');
    await main(page).getByRole('checkbox', { name: 'Select all loaded dashboards' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('3 selected', { exact: true }).waitFor();
    await toolbar.getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByText('3 updated, 0 failed', { exact: true }).waitFor({ timeout: 30_000 });
    const projects = [1, 2, 3];
    for (const [index, dashboard] of made.entries()) {
      assert.equal((await getOne(stack.mockUrl, projects[index]!, dashboard.id)).pinned, true, `${dashboard.name} pinned`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'All dashboards at 390 px');
  });

  journey('Public links: a password-protected link says so, and Stop sharing turns it off, checked through the API', async ({ page, stack }) => {
    const dashboard = await create(stack.mockUrl, 2, 'Orgwide guarded link');
    await share(stack.mockUrl, 2, dashboard.id, { enabled: true });
    await share(stack.mockUrl, 2, dashboard.id, { password_required: true });
    const config = await sharing(stack.mockUrl, 2, dashboard.id);
    await openConnected(page, '/organization/public-links', 'Public links');
    await loaded(page);
    const table = main(page).getByRole('table', { name: 'Public links' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Orgwide guarded link', exact: true }) });
    await scrollTo(page, 'Public links', row);
    await row.getByText(`/shared/${config.access_token}`).waitFor();
    assert.equal(await row.getByRole('cell', { name: 'Yes', exact: true }).count(), 1, 'Password required: Yes');
    assert.equal(
      await row.getByRole('link', { name: 'Orgwide guarded link', exact: true }).getAttribute('href'),
      `/projects/2/dashboards/${dashboard.id}/sharing`,
    );
    await row.getByRole('button', { name: 'Copy link Orgwide guarded link' }).waitFor();
    await checkA11y(page, 'Public links at 1440 px');
    await row.getByRole('checkbox', { name: 'Select Orgwide guarded link' }).click();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Stop sharing', exact: true }).click();
    await page.getByText('1 updated, 0 failed', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal((await sharing(stack.mockUrl, 2, dashboard.id)).enabled, false);
    await eventually(async () => assert.equal(await table.getByRole('link', { name: 'Orgwide guarded link', exact: true }).count(), 0));
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'Public links at 390 px');
  });

  journey('names show whole at 390 px on the three dashboard tables', async ({ page, stack }) => {
    // First of its project by name, so it is the first row of Public links (no scrolling needed).
    const long = 'Aaa quarterly revenue by region and plan, reviewed weekly by the finance team';
    const dashboard = await create(stack.mockUrl, 1, long);
    await share(stack.mockUrl, 1, dashboard.id, { enabled: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await openConnected(page, '/projects/1/dashboards?search=quarterly%20revenue', 'Dashboards');
    const projectTable = main(page).getByRole('table', { name: 'Dashboards', exact: true });
    await projectTable.getByRole('link', { name: long, exact: true }).waitFor();
    await namesWhole(projectTable, 'Dashboards');
    // Selection and the pin stay usable.
    await projectTable.getByRole('checkbox', { name: `Select ${long}` }).click();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByText('1 selected', { exact: true }).waitFor();

    await page.goto('/organization/dashboards');
    await loaded(page);
    await namesWhole(main(page).getByRole('table', { name: 'All dashboards' }), 'All dashboards');
    await page.goto('/organization/dashboards?search=quarterly%20revenue');
    await loaded(page);
    await namesWhole(main(page).getByRole('table', { name: 'All dashboards' }), 'All dashboards, the long name');

    await page.goto('/organization/public-links');
    await loaded(page);
    const links = main(page).getByRole('table', { name: 'Public links' });
    await scrollTo(page, 'Public links', links.getByRole('link', { name: long, exact: true }));
    await namesWhole(links, 'Public links');
  });

  journey('Export CSV defends spreadsheets: a name that is a formula is written as text', async ({ page, stack }) => {
    const formula = '=HYPERLINK("http://example.com","x")';
    await create(stack.mockUrl, 3, formula);
    await openConnected(page, '/projects/3/dashboards?search=hyperlink', 'Dashboards');
    await main(page).getByRole('link', { name: formula, exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    const text = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
    const [header, row] = text.split('\r\n');
    assert.equal(header, 'id,name,description,tags,pinned,shared,restricted,created_by,created_at');
    assert.match(row!, /^\d+,"'=HYPERLINK\(""http:\/\/example\.com"",""x""\)",/);
  });
});
