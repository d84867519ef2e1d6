/**
 * A pool for reads that fan out (every project's dashboards, every public link's configuration):
 * at most `concurrency` requests in flight in total, and after a 429 nothing new is sent for its
 * `Retry-After` seconds (`defaultRetryAfter` when the header cannot be read, as on a cross-origin
 * answer that does not expose it), then that request is sent again, at most `maxRetries` times.
 * `signal` cancels what waits and what is in flight. Pure TypeScript with the bulk runner's clock.
 */
import { realClock, type BulkClock } from './bulk-runner.ts';

export interface RequestPoolOptions {
  /** Default 4. */
  concurrency?: number;
  /** Default 5 (seconds). */
  defaultRetryAfter?: number;
  /** Default 5. */
  maxRetries?: number;
  clock?: BulkClock;
  signal?: AbortSignal;
}

export interface RequestPool {
  /** Runs `send` when a slot is free (and no 429 pause holds), retrying it after a 429. */
  run: <T>(send: (signal: AbortSignal) => Promise<T>) => Promise<T>;
  /** Requests in flight now, and the most at once so far. */
  inFlight: () => number;
  peak: () => number;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;

const retryAfterOf = (error: unknown) => {
  const value = typeof error === 'object' && error !== null ? (error as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof value === 'number' && value >= 0 ? value : null;
};

export function createRequestPool(options: RequestPoolOptions = {}): RequestPool {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const clock = options.clock ?? realClock;
  const maxRetries = options.maxRetries ?? 5;
  const signal = options.signal ?? new AbortController().signal;
  let inFlight = 0;
  let peak = 0;
  let pausedUntil = 0;
  const waiting: Array<() => void> = [];
  // One listener wakes every waiter when the pool is cancelled (they then see the abort).
  signal.addEventListener('abort', () => waiting.splice(0).forEach((wake) => wake()), { once: true });

  const release = () => {
    inFlight -= 1;
    const next = waiting.shift();
    next?.();
  };

  /** Resolves once a slot is taken (and no pause holds); rejects when the pool's signal aborts. */
  const acquire = async (): Promise<void> => {
    for (;;) {
      signal.throwIfAborted();
      const wait = pausedUntil - clock.now();
      if (wait > 0) {
        await clock.sleep(wait, signal);
        continue;
      }
      if (inFlight < concurrency) {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  const run = async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      await acquire();
      try {
        return await send(signal);
      } catch (error) {
        if (statusOf(error) !== 429 || attempt >= maxRetries || signal.aborted) throw error;
        const seconds = retryAfterOf(error) ?? options.defaultRetryAfter ?? 5;
        pausedUntil = Math.max(pausedUntil, clock.now() + seconds * 1000);
      } finally {
        release();
      }
    }
  };

  return { run, inFlight: () => inFlight, peak: () => peak };
}
