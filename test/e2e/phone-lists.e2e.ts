// Phones (../shared/CONSOLE.md, "Look"): at 390×844 the list pages (a project's Dashboards, All
// dashboards, Public links) let the page scroll, not a box inside it. Once the table is scrolled to,
// 8 or more rows are wholly on screen, the header row stays in view at the window's top, the DOM keeps
// few rows however far the page scrolls (the window is the virtualizer's scroll element), nothing
// reaches past the screen's edge, and the organization's scrolling tab row shows that it scrolls.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { eventually, setupE2E } from './support/harness.ts';
import { openConnected, projectWithMostDashboards, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const WIDTH = 390;
const HEIGHT = 844;
/** The virtualized table's rows in the DOM stay about a screenful plus overscan (the 1280 px journeys allow 80). */
const MAX_ROWS_IN_DOM = 80;

/** Scrolls the window so that the table's top is at the window's top. */
async function scrollToTable(table: Locator): Promise<void> {
  await table.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY));
}

/** What the window shows of `table`: its header row's box, and how many body rows are wholly on screen. */
function onScreen(table: Locator) {
  return table.evaluate((element) => {
    // The header cells stick (their row keeps its place in the table).
    const header = element.querySelector('thead th')!.getBoundingClientRect();
    const rows = [...element.querySelectorAll('tbody tr[data-index]')].map((row) => row.getBoundingClientRect());
    return {
      headerTop: header.top,
      headerBottom: header.bottom,
      whole: rows.filter((row) => row.height > 0 && row.top >= header.bottom - 1 && row.bottom <= window.innerHeight + 1).length,
      rowsInDom: rows.length,
      scrollY: window.scrollY,
      pageWidth: document.documentElement.scrollWidth,
      // A box of its own that scrolls the rows (what the phone layout does away with).
      innerScroller: (() => {
        const box = element.closest('.table-scroll');
        return box ? box.scrollHeight > box.clientHeight + 1 : false;
      })(),
    };
  });
}

/** The list page's table, scrolled to: 8+ rows on screen, the header in view, the page (not a box) scrolling. */
async function expectPhoneList(page: Page, table: Locator, name: string): Promise<void> {
  await tableRows(table).nth(8).waitFor();
  await scrollToTable(table);
  const shown = await eventually(async () => {
    const measured = await onScreen(table);
    assert.ok(measured.whole >= 8, `${name}: ${measured.whole} rows wholly on screen at ${WIDTH}×${HEIGHT} (at least 8)`);
    return measured;
  });
  assert.equal(shown.innerScroller, false, `${name}: the rows scroll inside a box of their own`);
  assert.ok(shown.scrollY > 0, `${name}: the page itself scrolled to the table`);
  assert.ok(shown.pageWidth <= WIDTH, `${name}: the page is ${shown.pageWidth} px wide in a ${WIDTH} px window`);
  assert.equal(await page.getByRole('region', { name: `${name}, scrollable` }).count(), 0, `${name}: no scrolling region`);

  // Further down, the header row stays at the window's top.
  await page.mouse.move(WIDTH / 2, HEIGHT / 2);
  await page.mouse.wheel(0, 600);
  await eventually(async () => {
    const measured = await onScreen(table);
    assert.ok(measured.scrollY > shown.scrollY + 300, `${name}: the page scrolled on (${measured.scrollY})`);
    assert.ok(Math.abs(measured.headerTop) <= 1, `${name}: the header row is at ${measured.headerTop} px, not at the window's top`);
    assert.ok(measured.whole >= 8, `${name}: ${measured.whole} rows wholly on screen further down`);
  });
}

describe('List pages on a phone at 390×844', () => {
  journey('a project’s Dashboards: the page scrolls, 8+ rows on screen, the header stays, few rows in the DOM', async ({ page, stack }) => {
    const project = await projectWithMostDashboards(stack.mockUrl);
    assert.ok(project.count > 250, `the seed's largest project has ${project.count} dashboards`);
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await openConnected(page, `/projects/${project.id}/dashboards`, 'Dashboards');
    const table = page.getByRole('main').getByRole('table', { name: 'Dashboards', exact: true });
    await expectPhoneList(page, table, 'Dashboards');

    // Scrolling the window down the whole list: pages load, the DOM keeps few rows.
    let mostRows = 0;
    for (let step = 0; step < 60; step += 1) {
      await page.mouse.wheel(0, 2_000);
      await page.waitForTimeout(60);
      mostRows = Math.max(mostRows, (await onScreen(table)).rowsInDom);
    }
    const deep = await eventually(async () => {
      const measured = await onScreen(table);
      assert.ok(measured.whole >= 8, `${measured.whole} rows wholly on screen deep in the list`);
      return measured;
    });
    assert.ok(deep.scrollY > 5_000, `the window scrolled far down (${deep.scrollY} px)`);
    assert.ok(mostRows <= MAX_ROWS_IN_DOM, `${mostRows} rows in the DOM while scrolling (at most ${MAX_ROWS_IN_DOM})`);
    assert.ok(Math.abs(deep.headerTop) <= 1, `the header row is at ${deep.headerTop} px deep in the list`);
    const lastShown = await tableRows(table).last().getAttribute('aria-rowindex');
    assert.ok(Number(lastShown) > 100, `rows far down the list are drawn (row ${lastShown})`);
  });

  journey('All dashboards and Public links: the page scrolls, 8+ rows on screen, the header stays', async ({ page, stack }) => {
    // Public links needs rows: share a dozen of the first project's dashboards.
    const list = await api<{ results: Array<{ id: number }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=12');
    for (const dashboard of list.results) {
      await api(stack.mockUrl, `/api/projects/1/dashboards/${dashboard.id}/sharing/`, { method: 'PATCH', body: { enabled: true } });
    }
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await openConnected(page, '/organization/dashboards', 'All dashboards');
    await expectPhoneList(page, page.getByRole('main').getByRole('table', { name: 'All dashboards', exact: true }), 'All dashboards');
    await page.goto('/organization/public-links');
    await expectPhoneList(page, page.getByRole('main').getByRole('table', { name: 'Public links', exact: true }), 'Public links');
  });

  journey('the organization’s tab row shows that it scrolls', async ({ page }) => {
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await openConnected(page, '/organization/dashboards', 'All dashboards');
    const tabs = page.getByRole('tablist').first();
    const state = () =>
      tabs.evaluate((element) => ({
        scrolls: element.scrollWidth > element.clientWidth + 1,
        right: element.getBoundingClientRect().right,
        // The cue: the row's edge fades where more tabs wait (src/components/layout/tabs.css, `.tab-list`).
        cue: getComputedStyle(element).backgroundImage,
      }));
    const before = await state();
    assert.ok(before.right <= WIDTH, `the tab row ends at ${before.right} px, inside the window`);
    assert.ok(before.scrolls, 'the tab row is wider than the phone (it scrolls)');
    assert.match(before.cue, /gradient/, 'the scrolling tab row draws its edge cue');
  });
});
