// The longest main-thread task of a page (the Long Tasks API), for the bench's "longest task" figures.
import type { Page } from 'playwright-core';

type Watched = Window & { __longest: number };

export interface LongTasks {
  /** The longest task since the watch started or was last reset, in milliseconds. */
  longest: () => Promise<number>;
  reset: () => Promise<void>;
}

/** Starts recording the page's long tasks from now on (not those already past). */
export async function watchLongTasks(page: Page): Promise<LongTasks> {
  await page.evaluate(() => {
    const w = window as unknown as Watched;
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  return {
    longest: () => page.evaluate(() => (window as unknown as Watched).__longest),
    reset: () =>
      page.evaluate(() => {
        (window as unknown as Watched).__longest = 0;
      }),
  };
}
