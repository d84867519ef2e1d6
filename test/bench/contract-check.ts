// The contract check's figure of `npm run bench` (issue 44): `/explorer/check` in Chromium against the
// mock with the admin key, reading operations only: the time from `Check this backend` to the
// summary line, the most /api/ requests in flight, and how many rows match.
// Run alone with `BENCH_ONLY=contract-check npm run bench`.
import type { BrowserContext } from 'playwright-core';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey } from '../e2e/support/stack.ts';
import { isApiRequest, watchInFlight } from '../e2e/support/in-flight.ts';

export interface ContractCheckFigures {
  operations: number;
  matching: number;
  completeMs: number;
  peakInFlight: number;
}


export async function contractCheckFigures(context: BrowserContext): Promise<ContractCheckFigures> {
  const page = await context.newPage();
  try {
    await page.goto('/connect');
    await connect(page, adminKey);
    await expectHeading(page, 'Projects');
    await page.goto('/explorer/check');
    await expectHeading(page, 'Contract check');
    // The page's code and the mock's info are in: only the check is timed.
    await page.getByRole('checkbox', { name: 'Include changes' }).waitFor();
    const watch = watchInFlight(page, isApiRequest);
    const started = performance.now();
    await page.getByRole('button', { name: 'Check this backend', exact: true }).click();
    const summary = page.getByRole('status').filter({ hasText: / operations: \d+ match/ });
    await summary.waitFor({ timeout: 60_000 });
    const completeMs = performance.now() - started;
    const text = (await summary.textContent()) ?? '';
    const [, operations, matching] = /(\d+) operations: (\d+) match/.exec(text) ?? [];
    return { operations: Number(operations), matching: Number(matching), completeMs, peakInFlight: watch.peak() };
  } finally {
    await page.close();
  }
}
