/**
 * The bulk runner: one request per item, at most `concurrency` in flight, a 429's `Retry-After`
 * honoured (nothing new is sent for that many seconds, then that request is retried, at most
 * `maxRetries` times before it counts as failed), `cancel()` (requests in flight finish, no new one
 * starts), and one result per item reported the moment it arrives. Pure TypeScript: the transport
 * (`send`) and the clock are given, so tests drive it with fakes.
 */
import { errorSentence } from '../../contract/error-body.ts';
import { MAX_429_RETRIES, UNREADABLE_RETRY_AFTER_SECONDS } from '../client/rate-limit.ts';

/** The seconds a 429 asks to wait: its `Retry-After`, else `fallback`. */
export function retryAfterSeconds(error: unknown, fallback: number = UNREADABLE_RETRY_AFTER_SECONDS): number {
  const value = (error as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof value === 'number' && value >= 0 ? value : fallback;
}

/** The HTTP status an error carries (ApiError, or a test's plain object), else null. */
export function statusOf(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}

export interface BulkClock {
  now: () => number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const realClock: BulkClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
    }),
};

export type BulkResult<T, R> =
  | { item: T; ok: true; value: R; attempts: number }
  | { item: T; ok: false; reason: string; status: number | null; attempts: number };

export interface BulkProgress {
  /** Items with a final result (updated or failed). */
  done: number;
  /** Items this run is about. */
  total: number;
  updated: number;
  failed: number;
  inFlight: number;
  /** Until when (clock time) nothing new is sent after a 429, else null. */
  pausedUntil: number | null;
}

export interface BulkSummary<T, R> {
  /** One per item that got an answer, in the order the answers arrived. */
  results: BulkResult<T, R>[];
  updated: BulkResult<T, R>[];
  failed: Extract<BulkResult<T, R>, { ok: false }>[];
  /** Items never sent because the run was cancelled. */
  notSent: T[];
  cancelled: boolean;
  /** Most requests in flight at once. */
  peakInFlight: number;
}

export interface BulkRunOptions<T, R> {
  items: ReadonlyArray<T>;
  /** Sends the item's request; resolves with its answer, rejects with the API's error. */
  send: (item: T, signal: AbortSignal) => Promise<R>;
  /** Default 4. */
  concurrency?: number;
  /** Retries of one request after a 429 before it counts as failed. Default MAX_429_RETRIES (3). */
  maxRetries?: number;
  /**
   * Wait after a 429 without a readable `Retry-After`, in seconds. Default 5, as for any request
   * (src/api/client/rate-limit.ts UNREADABLE_RETRY_AFTER_SECONDS: another origin's headers are unreadable).
   */
  defaultRetryAfter?: number;
  clock?: BulkClock;
  onResult?: (result: BulkResult<T, R>) => void;
  onProgress?: (progress: BulkProgress) => void;
}

export interface BulkRun<T, R> {
  /** Settles once every started request answered (never rejects). */
  done: Promise<BulkSummary<T, R>>;
  /** No new request starts; those in flight finish and report. */
  cancel: () => void;
  progress: () => BulkProgress;
}

interface Pending<T> {
  item: T;
  attempts: number;
}

export function runBulk<T, R>(options: BulkRunOptions<T, R>): BulkRun<T, R> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxRetries = options.maxRetries ?? MAX_429_RETRIES;
  const clock = options.clock ?? realClock;
  const items = options.items;
  const total = items.length;

  // Requests to retry after a 429 go first; then the items in order.
  const retries: Pending<T>[] = [];
  let nextIndex = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let pausedUntil: number | null = null;
  let cancelled = false;
  const results: BulkResult<T, R>[] = [];
  const updated: BulkResult<T, R>[] = [];
  const failed: Extract<BulkResult<T, R>, { ok: false }>[] = [];
  // Wakes the scheduler: a request settled, a pause ended, or the run was cancelled.
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const cancelSleep = new AbortController();
  // Aborts only the pause's timer, so cancel() wakes a paused run at once.
  let pauseController: AbortController | null = null;

  const progress = (): BulkProgress => ({
    done: updated.length + failed.length,
    total,
    updated: updated.length,
    failed: failed.length,
    inFlight,
    pausedUntil,
  });
  const report = () => options.onProgress?.(progress());

  const finish = (result: BulkResult<T, R>) => {
    results.push(result);
    if (result.ok) updated.push(result);
    else failed.push(result);
    options.onResult?.(result);
  };

  const start = (pending: Pending<T>) => {
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    const attempts = pending.attempts + 1;
    // Requests are never aborted: a cancelled run lets them finish and report.
    options.send(pending.item, new AbortController().signal).then(
      (value) => {
        inFlight -= 1;
        finish({ item: pending.item, ok: true, value, attempts });
        report();
        wakeUp();
      },
      (error: unknown) => {
        inFlight -= 1;
        const status = statusOf(error);
        if (status === 429 && attempts <= maxRetries) {
          const wait = retryAfterSeconds(error, options.defaultRetryAfter ?? UNREADABLE_RETRY_AFTER_SECONDS) * 1000;
          pausedUntil = Math.max(pausedUntil ?? 0, clock.now() + wait);
          retries.push({ item: pending.item, attempts });
        } else {
          finish({ item: pending.item, ok: false, reason: errorSentence(error), status, attempts });
        }
        report();
        wakeUp();
      },
    );
  };

  const hasWork = () => retries.length > 0 || nextIndex < items.length;

  const loop = async (): Promise<BulkSummary<T, R>> => {
    // Let the caller attach to `done` before the first result is reported.
    await Promise.resolve();
    report();
    for (;;) {
      if (cancelled || !hasWork()) {
        if (inFlight === 0) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (pausedUntil !== null) {
        const wait = pausedUntil - clock.now();
        if (wait > 0) {
          pauseController = new AbortController();
          const pause = clock.sleep(wait, AbortSignal.any([pauseController.signal, cancelSleep.signal]));
          await pause;
          pauseController = null;
          continue;
        }
        pausedUntil = null;
        report();
      }
      if (inFlight < concurrency) {
        const pending = retries.shift() ?? { item: items[nextIndex++]!, attempts: 0 };
        start(pending);
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const notSent = [...retries.map((r) => r.item), ...items.slice(nextIndex)];
    return { results, updated, failed, notSent, cancelled: cancelled && notSent.length > 0, peakInFlight };
  };

  return {
    done: loop(),
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      cancelSleep.abort();
      pauseController?.abort();
      wakeUp();
    },
    progress,
  };
}
