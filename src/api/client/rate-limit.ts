/**
 * The one rule for a 429 (API.md §2), read by the query client's retry, the bulk runner and the
 * request pool: an error's status, the wait its `Retry-After` asks for, and how many times one
 * request is sent again before it counts as failed.
 */

/**
 * The wait assumed for a 429 whose `Retry-After` the page cannot read: an API on another origin
 * exposes no response headers to the page (API.md §1.5), so the header is there but unreadable.
 */
export const UNREADABLE_RETRY_AFTER_SECONDS = 5;

/** How many times one request is sent again after a 429. */
export const MAX_429_RETRIES = 3;

/** The HTTP status an error carries (ApiError, or a test's plain object), else null. */
export function statusOf(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}

/** The seconds a 429 asks to wait: its `Retry-After`, else `fallback`. */
export function retryAfterSeconds(error: unknown, fallback: number = UNREADABLE_RETRY_AFTER_SECONDS): number {
  const value = typeof error === 'object' && error !== null ? (error as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof value === 'number' && value >= 0 ? value : fallback;
}
