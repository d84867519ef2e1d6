// The bulk pin figure of `npm run bench`: select every dashboard of a project of N, Pin, and measure
// the wall time to the summary, the peak PATCH requests in flight, the longest main-thread task
// during the run, and the accounting (every id sent exactly once, every dashboard pinned after).
import type { BrowserContext } from 'playwright-core';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey, api } from '../e2e/support/stack.ts';
import { watchLongTasks } from './long-tasks.ts';

export interface BulkPinFigures {
  seconds: number;
  peakInFlight: number;
  longestTaskMs: number;
  patches: number;
  distinctIds: number;
  pinnedAfter: number;
}

export async function bulkPin(context: BrowserContext, mockUrl: string, projectId: number, count: number): Promise<BulkPinFigures> {
  const page = await context.newPage();
  try {
    await page.goto('/connect');
    await connect(page, adminKey);
    await page.goto(`/projects/${projectId}/dashboards`);
    await expectHeading(page, 'Dashboards');
    await page.getByRole('checkbox', { name: 'Select all loaded dashboards', exact: true }).click();
    await page.getByRole('button', { name: `Select all ${count} matching`, exact: true }).click();
    await page.getByText(`${count} selected`, { exact: true }).waitFor();

    let inFlight = 0;
    let peakInFlight = 0;
    const ids: string[] = [];
    const isPatch = (method: string, url: string) => method === 'PATCH' && /\/dashboards\/\d+\/$/.test(new URL(url).pathname);
    page.on('request', (request) => {
      if (!isPatch(request.method(), request.url())) return;
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      ids.push(new URL(request.url()).pathname.split('/').at(-2)!);
    });
    const settled = (request: { method(): string; url(): string }) => {
      if (isPatch(request.method(), request.url())) inFlight -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);

    const longTasks = await watchLongTasks(page);
    const started = performance.now();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByText(`${count} updated, 0 failed`, { exact: true }).waitFor({ timeout: 1_200_000 });
    const seconds = (performance.now() - started) / 1000;
    const longestTaskMs = await longTasks.longest();
    const pinned = await api<{ count: number }>(mockUrl, `/api/projects/${projectId}/dashboards/?limit=1&pinned=true`);
    return { seconds, peakInFlight, longestTaskMs, patches: ids.length, distinctIds: new Set(ids).size, pinnedAfter: pinned.count };
  } finally {
    await page.close();
  }
}
