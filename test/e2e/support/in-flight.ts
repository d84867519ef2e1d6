import type { Page, Request } from 'playwright-core';

/** Counts the page's requests that `counts` picks while they are in flight, and the most at once so far. */
export function watchInFlight(page: Page, counts: (request: Request) => boolean): { peak: () => number } {
  let inFlight = 0;
  let peak = 0;
  page.on('request', (request) => {
    if (!counts(request)) return;
    inFlight += 1;
    peak = Math.max(peak, inFlight);
  });
  const settled = (request: Request) => {
    if (counts(request)) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return { peak: () => peak };
}

/** A request to the API itself (`/api/…`), wherever the API is served. */
export const isApiRequest = (request: Request): boolean => new URL(request.url()).pathname.startsWith('/api/');
