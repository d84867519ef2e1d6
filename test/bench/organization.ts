// The organization figures of `npm run bench` (issue 28): an organization with 20 more projects of
// 2,500 dashboards each (50,000, made through the API), then `All dashboards` in Chromium: time to
// the first row and to everything loaded, peak requests in flight, rows in the DOM at the middle,
// the JS heap after GC, and the longest main-thread task while sorting by Name and typing a search.
// Run alone with `BENCH_ONLY=organization npm run bench`.
import type { BrowserContext, Page } from 'playwright-core';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey } from '../e2e/support/stack.ts';
import { watchInFlight } from '../e2e/support/in-flight.ts';
import { createBigProject } from './console-figures.ts';
import { watchLongTasks } from './long-tasks.ts';

export interface OrganizationFigures {
  projects: number;
  dashboards: number;
  madeSeconds: number;
  firstRowMs: number;
  allLoadedMs: number;
  peakInFlight: number;
  rowsInDomAtMiddle: number;
  heapUsedBytes: number;
  longestSortTaskMs: number;
  longestSearchTaskMs: number;
}

/** Makes `projects` projects of `perProject` dashboards each, four projects at a time. */
export async function createBigOrganization(mockUrl: string, projects: number, perProject: number) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < projects) {
      next += 1;
      await createBigProject(mockUrl, perProject, 8);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * The organization's list requests the page keeps in its one pool (the organization's projects and
 * every project's dashboards), counted from Chromium's requests: the most in flight at once so far.
 */
export function watchListRequests(page: Page): { peak: () => number } {
  return watchInFlight(
    page,
    (request) => request.method() === 'GET' && /\/api\/(projects\/[^/]+\/dashboards|organizations\/[^/]+\/projects)\/$/.test(new URL(request.url()).pathname),
  );
}

/** Scrolls the table's region (`table`, scrollable) to its middle: the rows in the DOM there, then the JS heap after GC. */
export async function rowsAndHeapAtMiddle(context: BrowserContext, page: Page, table: string) {
  const region = page.getByRole('region', { name: `${table}, scrollable` });
  await region.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
  await page.waitForTimeout(300);
  const rowsInDomAtMiddle = await page.locator(`table[aria-label="${table}"] tbody tr[data-index]`).count();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return { rowsInDomAtMiddle, heapUsedBytes: heap.usedSize };
}

export async function organizationFigures(context: BrowserContext, made: { seconds: number }, dashboards: number, projects: number): Promise<OrganizationFigures> {
  const page = await context.newPage();
  try {
    await page.goto('/connect');
    await connect(page, adminKey);
    await expectHeading(page, 'Projects');

    const lists = watchListRequests(page);

    const started = performance.now();
    await page.getByRole('tab', { name: 'All dashboards' }).click();
    await page.locator('table[aria-label="All dashboards"] tbody tr[data-index]').first().waitFor({ timeout: 120_000 });
    const firstRowMs = performance.now() - started;
    await page.getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 600_000 });
    const allLoadedMs = performance.now() - started;

    const { rowsInDomAtMiddle, heapUsedBytes } = await rowsAndHeapAtMiddle(context, page, 'All dashboards');

    const longTasks = await watchLongTasks(page);
    const nameHeader = page.getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"] .sort-button')?.textContent?.startsWith('Name'));
    await page.waitForTimeout(500);
    const longestSortTaskMs = await longTasks.longest();

    await longTasks.reset();
    const search = page.getByRole('searchbox', { name: 'Search dashboards' });
    await search.click();
    await search.pressSequentially('Bench dashboard 01234', { delay: 60 });
    await page.getByText(/^\d+ dashboards? in \d+ projects?$/).filter({ hasText: / in 20 projects$/ }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    const longestSearchTaskMs = await longTasks.longest();

    return {
      projects,
      dashboards,
      madeSeconds: made.seconds,
      firstRowMs,
      allLoadedMs,
      peakInFlight: lists.peak(),
      rowsInDomAtMiddle,
      heapUsedBytes,
      longestSortTaskMs,
      longestSearchTaskMs,
    };
  } finally {
    await page.close();
  }
}
