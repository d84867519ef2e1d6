// A phone, 390×844 (issue 12, item 3): every page fits the width (no sideways page scroll) and passes
// axe, and a dashboard row with badges keeps its name visible (badges wrap below it when short of room).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const WIDTH = 390;
const HEIGHT = 844;

/**
 * The page never scrolls sideways (`document.documentElement.scrollWidth <= innerWidth`), and neither
 * does `main`. On failure the message names the elements that reach past the window's edge.
 */
async function expectFitsWidth(page: Page, where: string): Promise<void> {
  await eventually(async () => {
    const found = await page.evaluate(() => {
      const main = document.querySelector('main');
      const edge = window.innerWidth + 0.5;
      const beyond = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right + window.scrollX > edge)
        // A table's own scroll box may hold wide rows: only what escapes it counts.
        .filter((element) => !element.parentElement?.closest('.table-scroll') || getComputedStyle(element).position === 'absolute')
        .slice(0, 5)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.tagName.toLowerCase()}.${String((element as HTMLElement).className)} (to ${Math.round(box.right + window.scrollX)} px)`;
        });
      return {
        beyond,
        scrollWidth: document.documentElement.scrollWidth,
        mainScrollWidth: main?.scrollWidth ?? 0,
        mainWidth: main?.clientWidth ?? 0,
        innerWidth: window.innerWidth,
      };
    });
    assert.ok(found.mainWidth > 0, `${where}: no main`);
    assert.ok(found.mainScrollWidth <= found.mainWidth, `${where}: main scrolls sideways (${found.mainScrollWidth} > ${found.mainWidth} px)`);
    assert.ok(
      found.scrollWidth <= found.innerWidth,
      `${where}: the page is ${found.scrollWidth} px wide in a ${found.innerWidth} px window; past the edge: ${found.beyond.join(', ')}`,
    );
  });
}

async function checkPageAt(page: Page, where: string): Promise<void> {
  await expectFitsWidth(page, where);
  await checkA11y(page, `pages-${where}`);
}

/** Connect, Projects, Dashboards, All dashboards, Public links, a dashboard's four tabs, Settings, Activity and Not found at one size. */
async function everyPage({ page, stack }: { page: Page; stack: { mockUrl: string } }, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  const checkPage = (target: Page, where: string) => checkPageAt(target, `${where}-${width}`);
    // Connect, before a key.
  await page.goto('/connect');
  await expectHeading(page, 'Connect');
  await page.getByRole('button', { name: /^Use demo key / }).first().waitFor();
  await checkPage(page, 'connect');

  await openConnected(page, '/projects', 'Projects');
  await tableRows(page.getByRole('table', { name: 'Projects', exact: true })).nth(1).waitFor();
  await checkPage(page, 'projects');

  await page.goto('/projects/1/dashboards');
  await expectHeading(page, 'Dashboards');
  await tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).nth(1).waitFor();
  await checkPage(page, 'dashboards');

  for (const [path, name] of [
    ['/organization/dashboards', 'All dashboards'],
    ['/organization/public-links', 'Public links'],
  ] as const) {
    await page.goto(path);
    await expectHeading(page, name);
    await page.getByRole('main').locator('table tbody tr[data-index]').first().waitFor({ timeout: 30_000 });
    await page.getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
    await checkPage(page, name.toLowerCase().replace(' ', '-'));
  }

  const list = await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=1');
  const dashboard = list.results[0];
  assert.ok(dashboard, 'the seed has a dashboard');
  const base = `/projects/1/dashboards/${dashboard.id}`;
  for (const [tab, path] of [
    ['Overview', base],
    ['Collaborators', `${base}/collaborators`],
    ['Sharing', `${base}/sharing`],
    ['History', `${base}/history`],
  ] as const) {
    await page.goto(path);
    await expectHeading(page, dashboard.name);
    await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
    await page.getByRole('tabpanel').waitFor();
    // Wait for the tab's own content, not its loading state.
    await eventually(async () => assert.equal(await page.getByRole('tabpanel').getByText(/^Loading/).count(), 0));
    await checkPage(page, `dashboard-${tab.toLowerCase()}`);
  }

  await page.goto('/projects/1/settings');
  await expectHeading(page, 'Project settings');
  await page.getByRole('button', { name: 'Save changes', exact: true }).waitFor();
  await checkPage(page, 'settings');

  await page.goto('/projects/1/activity');
  await expectHeading(page, 'Activity');
  await page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li').first().waitFor();
  await checkPage(page, 'activity');

  await page.goto('/no/such/page');
  await expectHeading(page, 'Page not found');
  await checkPage(page, 'not-found');
}


describe('A phone at 390×844', () => {
  journey('a dashboard row with badges keeps its name visible', async ({ page, stack }) => {
    const name = 'Leadership revenue overview for the quarterly board meeting';
    const created = await api<{ id: number }>(stack.mockUrl, '/api/projects/1/dashboards/', {
      body: { name, restriction_level: 37 },
    });
    await api(stack.mockUrl, `/api/projects/1/dashboards/${created.id}/sharing/`, { method: 'PATCH', body: { enabled: true } });
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await openConnected(page, '/projects/1/dashboards?search=Leadership', 'Dashboards');
    const row = tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).filter({ hasText: 'Leadership' });
    await row.first().waitFor();
    await row.first().getByText('Shared', { exact: true }).waitFor();
    await row.first().getByText('Restricted', { exact: true }).waitFor();
    const link = row.first().getByRole('link', { name, exact: true });
    const firstWord = await eventually(async () => {
      const measured = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const text = element.firstChild;
        const range = document.createRange();
        const word = (element.textContent ?? '').split(' ')[0] ?? '';
        if (text) {
          range.setStart(text, 0);
          range.setEnd(text, word.length);
        }
        const wordBox = range.getBoundingClientRect();
        return { link: { left: box.left, right: box.right, width: box.width }, word: { left: wordBox.left, right: wordBox.right, width: wordBox.width } };
      });
      assert.ok(measured.link.width > 0, `the name link is ${measured.link.width} px wide`);
      assert.ok(measured.word.width > 0, 'the first word has a box');
      assert.ok(
        measured.word.left >= measured.link.left - 0.5 && measured.word.right <= measured.link.right + 0.5,
        `the first word (${JSON.stringify(measured.word)}) is cut off by the link's box (${JSON.stringify(measured.link)})`,
      );
      return measured;
    });
    // The name is visible on screen: the link is not cut by the table's box (on a phone the page scrolls, not the box).
    const tableBox = await page.getByRole('table', { name: 'Dashboards', exact: true }).boundingBox();
    assert.ok(tableBox, 'the table is on screen');
    assert.ok(firstWord.word.right <= tableBox.x + tableBox.width + 0.5, 'the first word is within the table’s box');
    assert.ok(firstWord.word.right <= WIDTH, 'the first word is within the window');
  });

  journey('every page fits the width and passes axe', (context) => everyPage(context, WIDTH, HEIGHT), { timeout: 120_000 });
});

// The same pages on a wide screen (issue 12: axe clean on every page at 1440 px and at 390 px).
describe('Every page at 1440×900', () => {
  journey('every page fits the width and passes axe, wide', (context) => everyPage(context, 1440, 900), { timeout: 120_000 });
});
