/**
 * The one scheduler of requests that fan out (bulk runs, every project's dashboards, every public
 * link's configuration, a person's exceptions): at most `concurrency` requests in flight, and after a
 * 429 nothing new is sent for its `Retry-After` seconds (`defaultRetryAfter` when the header cannot be
 * read), then that request goes again, before anything new, at most `maxRetries` times. `signal` and a
 * task's own signal cancel what waits and are handed to what is sent. Pure TypeScript: the clock is
 * given, so tests drive it with fakes. The 429 rule's numbers are src/api/client/rate-limit.ts's, which
 * the query client's retry reads too; the reader of an error's status is here, off the first page.
 */
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

export interface RequestPoolOptions {
  /** Default 4. */
  concurrency?: number;
  /** Default UNREADABLE_RETRY_AFTER_SECONDS (5 seconds). */
  defaultRetryAfter?: number;
  /** Default MAX_429_RETRIES (3). */
  maxRetries?: number;
  clock?: BulkClock;
  signal?: AbortSignal;
  /** A 429 paused the pool, or its pause ended. */
  onPauseChange?: () => void;
}

export interface RequestPool {
  /** Most requests in flight at once. */
  concurrency: number;
  /** Runs `send` when a slot is free (and no 429 pause holds), retrying it after a 429. */
  run: <T>(send: (signal: AbortSignal) => Promise<T>, taskSignal?: AbortSignal) => Promise<T>;
  /** Requests in flight now, and the most at once so far. */
  inFlight: () => number;
  peak: () => number;
  /** Until when (clock time) nothing new is sent after a 429, else null. */
  pausedUntil: () => number | null;
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
  a.addEventListener('abort', fromA);
  b.addEventListener('abort', fromB);
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
  // Who waits for a slot, in turn: requests sent again after a 429 (in the 429s' order) before new ones.
  const retries: Array<() => void> = [];
  const fresh: Array<() => void> = [];
  // The one timer that ends a 429 pause, kept while someone waits.
  let pause: AbortController | null = null;

  /** Hands free slots to those who wait, unless a 429 pause holds: then waits it out once for all. */
  const pump = () => {
    while (!pause && retries.length + fresh.length > 0 && inFlight < concurrency) {
      const wait = pausedUntil - clock.now();
      if (wait > 0) {
        const current = (pause = new AbortController());
        void clock.sleep(wait, current.signal).then(() => {
          if (pause !== current) return;
          pause = null;
          if (pausedUntil <= clock.now()) options.onPauseChange?.();
          pump();
        });
        return;
      }
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      (retries.shift() ?? fresh.shift())!();
    }
  };

  /** In `line` for a slot (see pump): resolves once it is taken, rejects when `until` (the pool's or the task's) aborts first. */
  const acquire = (until: AbortSignal, line: Array<() => void>) =>
    new Promise<void>((resolve, reject) => {
      const leave = () => {
        line.splice(line.indexOf(take), 1);
        if (retries.length + fresh.length === 0 && pause) {
          // Nobody waits for the pause's end any more.
          pause.abort();
          pause = null;
        }
        reject(until.reason);
      };
      const take = () => {
        until.removeEventListener('abort', leave);
        resolve();
      };
      if (until.aborted) return reject(until.reason);
      until.addEventListener('abort', leave);
      line.push(take);
    });

  const run = async <T>(send: (signal: AbortSignal) => Promise<T>, taskSignal?: AbortSignal): Promise<T> => {
    const { signal: until, dispose } = taskSignal ? eitherSignal(signal, taskSignal) : { signal, dispose: () => {} };
    try {
      let slot = acquire(until, fresh);
      pump();
      for (let attempt = 0; ; attempt++) {
        await slot;
        let again = false;
        try {
          return await send(until);
        } catch (error) {
          if (statusOf(error) !== 429 || attempt >= maxRetries) throw error;
          pausedUntil = Math.max(pausedUntil, clock.now() + retryAfterSeconds(error, options.defaultRetryAfter) * 1000);
          // In line again, before any new request and before the slot this attempt held is handed on.
          slot = acquire(until, retries);
          again = true;
        } finally {
          inFlight -= 1;
          if (again) options.onPauseChange?.();
          pump();
        }
      }
    } finally {
      dispose();
    }
  };

  return {
    concurrency,
    run,
    inFlight: () => inFlight,
    peak: () => peak,
    pausedUntil: () => (pausedUntil > clock.now() ? pausedUntil : null),
  };
}
