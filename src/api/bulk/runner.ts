/**
 * A bulk run: one request per item, each a task of its own request pool (./request-pool.ts, the one
 * scheduler: at most `concurrency` in flight, a 429's `Retry-After` honoured and that request sent
 * again first, at most `maxRetries` times before it counts as failed), `cancel()` (requests in flight
 * finish, no new one starts), and one result per item reported the moment it arrives.
 */
import { errorSentence } from '../../contract/error-body.ts';
import { createRequestPool, statusOf, type RequestPoolOptions } from './request-pool.ts';

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

/** The pool's options (`concurrency` 4, `maxRetries` MAX_429_RETRIES, …) but its signal: `cancel()` is the run's. */
export interface BulkRunOptions<T, R> extends Omit<RequestPoolOptions, 'signal' | 'onPauseChange'> {
  items: ReadonlyArray<T>;
  /** Sends the item's request; resolves with its answer, rejects with the API's error. */
  send: (item: T, signal: AbortSignal) => Promise<R>;
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

export function runBulk<T, R>(options: BulkRunOptions<T, R>): BulkRun<T, R> {
  const { items, send, onResult, onProgress, ...poolOptions } = options;
  const stop = new AbortController();
  const pool = createRequestPool({ ...poolOptions, signal: stop.signal, onPauseChange: () => report() });
  // Requests are never aborted: a cancelled run lets them finish and report.
  const unaborted = new AbortController().signal;
  const results: BulkResult<T, R>[] = [];
  const updated: BulkResult<T, R>[] = [];
  const failed: Extract<BulkResult<T, R>, { ok: false }>[] = [];
  const notSent: T[] = [];
  let next = 0;

  const progress = (): BulkProgress => ({
    done: updated.length + failed.length,
    total: items.length,
    updated: updated.length,
    failed: failed.length,
    inFlight: pool.inFlight(),
    pausedUntil: pool.pausedUntil(),
  });
  const report = () => onProgress?.(progress());

  const sendItem = async (item: T) => {
    let attempts = 0;
    let result: BulkResult<T, R>;
    try {
      const value = await pool.run(() => {
        attempts += 1;
        return send(item, unaborted);
      });
      result = { item, ok: true, value, attempts };
    } catch (error) {
      if (error === stop.signal.reason) {
        // Cancelled before it was sent (or sent again, after a 429).
        notSent.push(item);
        return;
      }
      result = { item, ok: false, reason: errorSentence(error), status: statusOf(error), attempts };
    }
    results.push(result);
    if (result.ok) updated.push(result);
    else failed.push(result);
    onResult?.(result);
    report();
  };

  // As many senders as slots, each taking the next item once its own is answered: what waits for a
  // slot is never more than the pool's concurrency, however many items the run has.
  const sender = async () => {
    while (!stop.signal.aborted && next < items.length) await sendItem(items[next++]!);
  };

  const run = async (): Promise<BulkSummary<T, R>> => {
    // Let the caller attach to `done` before the first result is reported.
    await Promise.resolve();
    report();
    await Promise.all(Array.from({ length: Math.min(items.length, pool.concurrency) }, sender));
    notSent.push(...items.slice(next));
    return { results, updated, failed, notSent, cancelled: stop.signal.aborted && notSent.length > 0, peakInFlight: pool.peak() };
  };

  return { done: run(), cancel: () => stop.abort(), progress };
}
