// Dashboards (/projects/:id/dashboards): scrolling the 250+ dashboard project with the DOM staying
// small, search and `Pinned only` in the URL (and back after a reload), New dashboard, pin/unpin,
// the dialog by keyboard, and axe.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectDialogKeyboard, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import {
  dashboardNamed,
  docScreenshot,
  nextApiRequest,
  openConnected,
  projectWithMostDashboards,
  shownCount,
  tableRows,
} from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

/** Rows in the DOM may never exceed this, whatever is loaded (a page is 100 dashboards). */
const MAX_ROWS_IN_DOM = 100;

const listPath = (projectId: number, query = '') => `/projects/${projectId}/dashboards${query}`;
const dashboardsTable = (page: Page) => page.getByRole('table', { name: 'Dashboards', exact: true });

interface DashboardAnswer {
  id: number;
  name: string | null;
  pinned: boolean;
  tags: string[];
  description: string;
}

describe('Dashboards', () => {
  journey('scrolling the 250+ dashboards loads every page while the DOM keeps few rows; the list passes axe', async ({ page, stack }) => {
    const project = await projectWithMostDashboards(stack.mockUrl);
    assert.ok(project.count > 250, `the seed's largest project has ${project.count} dashboards`);
    await openConnected(page, listPath(project.id), 'Dashboards');
    const table = dashboardsTable(page);
    await tableRows(table).nth(1).waitFor();
    await checkA11y(page, 'dashboards');
    await docScreenshot(page, 'dashboards');

    const first = await shownCount(page, 'dashboards');
    assert.equal(first.total, project.count, 'the count line says how many the API has');
    assert.ok(first.shown < first.total, `only the first page is loaded at first (${first.shown})`);

    const scroller = page.getByRole('region', { name: 'Dashboards, scrollable' });
    await scroller.hover();
    const shownSeen = new Set<number>([first.shown]);
    let mostRows = 0;
    let last = first;
    for (let step = 0; step < 80 && last.shown < last.total; step += 1) {
      await page.mouse.wheel(0, 1_500);
      await page.waitForTimeout(60);
      const rows = await tableRows(table).count();
      mostRows = Math.max(mostRows, rows);
      assert.ok(rows <= MAX_ROWS_IN_DOM, `${rows} rows in the DOM after ${step + 1} wheel steps (at most ${MAX_ROWS_IN_DOM})`);
      last = await shownCount(page, 'dashboards');
      shownSeen.add(last.shown);
    }
    assert.equal(last.shown, last.total, `scrolling loaded every dashboard (counts seen: ${[...shownSeen].join(', ')})`);
    assert.ok(shownSeen.size >= 3, `the count grew page by page: ${[...shownSeen].join(' → ')}`);

    // The end of the list is really there: the API's last dashboard is a rendered row.
    const lastPage = await api<{ results: DashboardAnswer[] }>(stack.mockUrl, `/api/projects/${project.id}/dashboards/?limit=1&offset=${project.count - 1}`);
    const lastName = lastPage.results[0]?.name ?? 'Untitled dashboard';
    await eventually(async () => {
      await page.mouse.wheel(0, 3_000);
      await table.getByRole('link', { name: lastName, exact: true }).last().waitFor({ timeout: 500 });
    });
    const rows = await tableRows(table).count();
    assert.ok(rows <= MAX_ROWS_IN_DOM, `${rows} rows in the DOM at the end of ${project.count}`);
    assert.equal(await table.getAttribute('aria-rowcount'), String(project.count + 1), 'aria-rowcount tells the true size');
    process.stderr.write(`[dashboards] most rows in the DOM while scrolling ${project.count}: ${Math.max(mostRows, rows)}\n`);
  });

  journey('search and Pinned only live in the URL, are sent to the API and come back after a reload', async ({ page }) => {
    await openConnected(page, listPath(1), 'Dashboards');
    const table = dashboardsTable(page);
    await tableRows(table).nth(1).waitFor();

    await Promise.all([
      nextApiRequest(page, /^\/api\/projects\/1\/dashboards\/\?(.*&)?search=release(&|$)/),
      page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('release'),
    ]);
    await expectPath(page, listPath(1, '?search=release'));
    await table.getByRole('link', { name: 'Release health', exact: true }).waitFor();
    await eventually(async () => {
      // The API matches the name or the description.
      const rows = (await tableRows(table).allInnerTexts()).slice(1);
      assert.ok(rows.length > 0 && rows.every((row) => /release/i.test(row)), `rows: ${JSON.stringify(rows)}`);
    });

    const pinnedOnly = page.getByRole('checkbox', { name: 'Pinned only', exact: true });
    await Promise.all([nextApiRequest(page, /search=release.*pinned=true|pinned=true.*search=release/), pinnedOnly.check()]);
    await expectPath(page, listPath(1, '?search=release&pinned=true'));
    await eventually(async () => {
      const toggles = table.getByRole('button', { name: /^(Pin|Unpin) / });
      const labels = await toggles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
      assert.ok(labels.length > 0, 'some pinned dashboard matches');
      assert.ok(labels.every((label) => label.startsWith('Unpin ')), `only pinned rows: ${JSON.stringify(labels)}`);
    });
    const before = await table.getByRole('rowheader').allInnerTexts();

    await Promise.all([nextApiRequest(page, /pinned=true/), page.reload()]);
    await expectHeading(page, 'Dashboards');
    await expectPath(page, listPath(1, '?search=release&pinned=true'));
    assert.equal(await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).inputValue(), 'release');
    assert.ok(await pinnedOnly.isChecked(), 'Pinned only is still ticked');
    await eventually(async () => assert.deepEqual(await table.getByRole('rowheader').allInnerTexts(), before));

    await pinnedOnly.uncheck();
    await expectPath(page, listPath(1, '?search=release'));
  });

  journey('New dashboard creates one and opens it', async ({ page, stack }) => {
    await openConnected(page, listPath(1), 'Dashboards');
    await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E signup funnel');
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Made by the end-to-end journey.');
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).fill('Growth, weekly, growth');
    await checkA11y(page, 'new-dashboard-dialog-filled');
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click();

    await expectHeading(page, 'E2E signup funnel');
    await expectPath(page, /^\/projects\/1\/dashboards\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await api<DashboardAnswer>(stack.mockUrl, `/api/projects/1/dashboards/${id}/`);
    assert.equal(created.name, 'E2E signup funnel');
    assert.equal(created.description, 'Made by the end-to-end journey.');
    assert.deepEqual(created.tags, ['growth', 'weekly']);
    await page.getByRole('status', { name: 'Notifications' }).getByText('Created the dashboard “E2E signup funnel”.').waitFor();

    await page.getByRole('link', { name: 'All dashboards' }).click();
    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('E2E signup');
    await dashboardsTable(page).getByRole('link', { name: 'E2E signup funnel', exact: true }).waitFor();
  });

  journey('Pin and Unpin apply at once and the API keeps them', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'aha moments');
    await openConnected(page, listPath(1, '?search=aha'), 'Dashboards');
    const table = dashboardsTable(page);
    const pin = table.getByRole('button', { name: 'Pin aha moments', exact: true });
    await pin.waitFor();
    assert.equal(await pin.getAttribute('aria-pressed'), 'false');
    await pin.click();
    const unpin = table.getByRole('button', { name: 'Unpin aha moments', exact: true });
    await unpin.waitFor();
    assert.equal(await unpin.getAttribute('aria-pressed'), 'true');
    await eventually(async () => assert.equal((await api<DashboardAnswer>(stack.mockUrl, `/api/projects/1/dashboards/${id}/`)).pinned, true));

    await unpin.click();
    await table.getByRole('button', { name: 'Pin aha moments', exact: true }).waitFor();
    await eventually(async () => assert.equal((await api<DashboardAnswer>(stack.mockUrl, `/api/projects/1/dashboards/${id}/`)).pinned, false));
  });

  journey('the New dashboard dialog passes axe and its keyboard path', async ({ page }) => {
    await openConnected(page, listPath(1), 'Dashboards');
    await tableRows(dashboardsTable(page)).nth(1).waitFor();
    const opener = page.getByRole('button', { name: 'New dashboard', exact: true });
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await expectDialogKeyboard(page, opener, dialog);
    await opener.click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await checkA11y(page, 'new-dashboard-dialog');
    await docScreenshot(page, 'new-dashboard');
  });
});
