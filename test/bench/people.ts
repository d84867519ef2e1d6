// The People figures of `npm run bench` (issue 34, "Scale and speed"): an organization of 200
// members and 50,000 dashboards in 20 projects, read by the mock from a `--data` file that
// src/mock/store/scale.ts writes (members have no API that makes them), then `People` in Chromium: the
// first row after the members' answer, peak requests in flight, rows in the DOM at the middle, the
// JS heap after GC once every project's rows are counted, and the longest main-thread task while
// sorting by Dashboards created and typing in Search people.
// Run alone with `BENCH_ONLY=people npm run bench`.
import { writeFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { scaledStoreData } from '../../src/mock/store/scale.ts';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey } from '../e2e/support/stack.ts';
import { watchLongTasks } from './long-tasks.ts';
import { rowsAndHeapAtMiddle, watchListRequests } from './organization.ts';

export const PEOPLE_MEMBERS = 200;

export interface PeopleFigures {
  members: number;
  dashboards: number;
  /** The organization's projects and dashboard lists in flight at once, at most. */
  peakInFlight: number;
  /** From the members' last page answered to the first row of `Members` in the DOM. */
  firstRowAfterMembersMs: number;
  allCountedMs: number;
  rowsInDomAtMiddle: number;
  heapUsedBytes: number;
  longestSortTaskMs: number;
  longestSearchTaskMs: number;
}

/** Writes the bench's organization (as docs/mock.md gives it) to `file`; what it holds. */
export function writePeopleData(file: string, projects: number, perProject: number) {
  const data = scaledStoreData({ members: PEOPLE_MEMBERS, projects, dashboardsPerProject: perProject, rulesEvery: 50 });
  writeFileSync(file, `${JSON.stringify(data)}\n`);
  return { dashboards: data.dashboards.length, projects: data.projects.length };
}

export async function peopleFigures(context: BrowserContext, dashboards: number): Promise<PeopleFigures> {
  const page = await context.newPage();
  try {
    await page.goto('/connect');
    await connect(page, adminKey);
    await expectHeading(page, 'Projects');

    // The requests the page keeps in its pool, as the organization's figure counts them.
    const lists = watchListRequests(page);
    let membersAnsweredAt = 0;
    const isMembers = (url: string) => /\/api\/organizations\/[^/]+\/members\/$/.test(new URL(url).pathname);
    page.on('requestfinished', (request) => {
      if (isMembers(request.url())) membersAnsweredAt = performance.now();
    });

    const started = performance.now();
    await page.getByRole('tab', { name: 'People' }).click();
    const rows = page.locator('table[aria-label="Members"] tbody tr[data-index]');
    await rows.first().waitFor({ timeout: 120_000 });
    const firstRowAt = performance.now();
    if (!membersAnsweredAt) throw new Error('the first row came before any members answer was seen');
    await page.getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 600_000 });
    const allCountedMs = performance.now() - started;

    const { rowsInDomAtMiddle, heapUsedBytes } = await rowsAndHeapAtMiddle(context, page, 'Members');

    const longTasks = await watchLongTasks(page);
    await page.getByRole('columnheader', { name: /^Dashboards created/ }).getByRole('button').click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"] .sort-button')?.textContent?.startsWith('Dashboards created'));
    await page.waitForTimeout(500);
    const longestSortTaskMs = await longTasks.longest();

    await longTasks.reset();
    const search = page.getByRole('searchbox', { name: 'Search people' });
    await search.click();
    await search.pressSequentially('maya', { delay: 60 });
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table[aria-label="Members"] tbody tr[data-index] th, table[aria-label="Members"] tbody tr[data-index] td:first-child')];
      return cells.length > 0 && cells.every((cell) => /maya/i.test(cell.textContent ?? ''));
    }, undefined, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const longestSearchTaskMs = await longTasks.longest();

    return {
      members: PEOPLE_MEMBERS,
      dashboards,
      firstRowAfterMembersMs: firstRowAt - membersAnsweredAt,
      allCountedMs,
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
