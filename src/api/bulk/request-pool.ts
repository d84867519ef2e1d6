/**
 * A pool for reads that fan out (every project's dashboards, every public link's configuration):
 * at most `concurrency` requests in flight in total, and after a 429 nothing new is sent for its
 * `Retry-After` seconds (`defaultRetryAfter` when the header cannot be read, as on a cross-origin
 * answer that does not expose it), then that request is sent again, at most `maxRetries` times.
 * `signal` cancels what waits and what is in flight. Pure TypeScript with the bulk runner's clock.
 */
import { MAX_429_RETRIES, UNREADABLE_RETRY_AFTER_SECONDS } from '../client/rate-limit.ts';
import { realClock, retryAfterSeconds, statusOf, type BulkClock } from './runner.ts';

export interface RequestPoolOptions {
  /** Default 4. */
  concurrency?: number;
  /** Default UNREADABLE_RETRY_AFTER_SECONDS (5 seconds). */
  defaultRetryAfter?: number;
  /** Default MAX_429_RETRIES (3). */
  maxRetries?: number;
  clock?: BulkClock;
  signal?: AbortSignal;
}

export interface RequestPool {
  /** Runs `send` when a slot is free (and no 429 pause holds), retrying it after a 429. */
  run: <T>(send: (signal: AbortSignal) => Promise<T>, taskSignal?: AbortSignal) => Promise<T>;
  /** Requests in flight now, and the most at once so far. */
  inFlight: () => number;
  peak: () => number;
}

/** A signal that aborts when either does (one task of a pool shared by several loads). */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  if (a.aborted || b.aborted) return { signal: a.aborted ? a : b, dispose: () => {} };
  const controller = new AbortController();
  const dispose = () => {
    a.removeEventListener('abort', fromA);
    b.removeEventListener('abort', fromB);
  };
  const fromA = () => {
    dispose();
    controller.abort(a.reason);
  };
  const fromB = () => {
    dispose();
    controller.abort(b.reason);
  };
  a.addEventListener('abort', fromA, { once: true });
  b.addEventListener('abort', fromB, { once: true });
  return { signal: controller.signal, dispose };
}

export function createRequestPool(options: RequestPoolOptions = {}): RequestPool {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const clock = options.clock ?? realClock;
  const maxRetries = options.maxRetries ?? MAX_429_RETRIES;
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

  /** Resolves once a slot is taken (and no pause holds); rejects when `until` (the pool's or the task's) aborts. */
  const acquire = async (until: AbortSignal): Promise<void> => {
    for (;;) {
      until.throwIfAborted();
      const wait = pausedUntil - clock.now();
      if (wait > 0) {
        await clock.sleep(wait, until);
        continue;
      }
      if (inFlight < concurrency) {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        return;
      }
      await new Promise<void>((resolve) => {
        // A task cancelled while it waits leaves the queue (and sees its abort on the next turn).
        const wake = () => {
          until.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          const at = waiting.indexOf(wake);
          if (at >= 0) waiting.splice(at, 1);
          resolve();
        };
        until.addEventListener('abort', leave, { once: true });
        waiting.push(wake);
      });
    }
  };

  const run = async <T>(send: (signal: AbortSignal) => Promise<T>, taskSignal?: AbortSignal): Promise<T> => {
    const { signal: until, dispose } = taskSignal ? eitherSignal(signal, taskSignal) : { signal, dispose: () => {} };
    try {
      for (let attempt = 0; ; attempt++) {
        await acquire(until);
        try {
          return await send(until);
        } catch (error) {
          if (statusOf(error) !== 429 || attempt >= maxRetries || until.aborted) throw error;
          const seconds = retryAfterSeconds(error, options.defaultRetryAfter ?? UNREADABLE_RETRY_AFTER_SECONDS);
          pausedUntil = Math.max(pausedUntil, clock.now() + seconds * 1000);
        } finally {
          release();
        }
      }
    } finally {
      dispose();
    }
  };

  return { run, inFlight: () => inFlight, peak: () => peak };
}
