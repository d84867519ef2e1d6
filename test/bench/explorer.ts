// The API explorer's figure of `npm run bench` (issue 44): opening /explorer warm, from the first
// click on the top bar's `API explorer` to the first frame painted with the operations' list (the
// page's code already in the browser's cache from a first visit, as a person returning to it).
// Run alone with `BENCH_ONLY=explorer npm run bench`.
import type { Browser } from 'playwright-core';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey } from '../e2e/support/stack.ts';
import { median, newContext } from './console-figures.ts';

export interface ExplorerFigures {
  /** Median of the runs, ms. */
  firstPaintMs: number;
  runs: number[];
}

const RUNS = 7;

export async function explorerFigures(browser: Browser, baseUrl: string): Promise<ExplorerFigures> {
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto('/connect');
    await connect(page, adminKey);
    await page.goto('/projects');
    await expectHeading(page, 'Projects');
    const runs: number[] = [];
    // The first visit loads the code (not counted); each next one opens it warm from Projects.
    for (let run = 0; run <= RUNS; run++) {
      // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
      const took = await page.evaluate<number>(`new Promise((resolve, reject) => {
        const link = [...document.querySelectorAll('header a')].find((a) => a.textContent.trim() === 'API explorer');
        if (!link) return reject(new Error('no API explorer link in the top bar'));
        const start = performance.now();
        const check = () => {
          if (document.querySelector('nav[aria-label="Operations"] a')) requestAnimationFrame(() => resolve(performance.now() - start));
          else requestAnimationFrame(check);
        };
        link.click();
        requestAnimationFrame(check);
      })`);
      if (run > 0) runs.push(took);
      await page.goBack();
      await expectHeading(page, 'Projects');
    }
    return { firstPaintMs: median(runs), runs };
  } finally {
    await context.close();
  }
}
