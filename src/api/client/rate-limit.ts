/**
 * The one rule for a 429 (API.md §2), read by the query client's retry and the one scheduler of
 * fan-out requests (bulk/request-pool.ts, which also holds `statusOf`, off the first page): the wait
 * its `Retry-After` asks for, and how many times one request is sent again before it counts as failed.
 */

/**
 * The wait assumed for a 429 whose `Retry-After` the page cannot read: an API on another origin
 * exposes no response headers to the page (API.md §1.5), so the header is there but unreadable.
 */
export const UNREADABLE_RETRY_AFTER_SECONDS = 5;

/** How many times one request is sent again after a 429. */
export const MAX_429_RETRIES = 3;
