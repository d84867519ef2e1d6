import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkClock } from '../../../src/api/bulk/request-pool.ts';
import { ApiError } from '../../../src/api/client/http.ts';
import { createRequestPool, realClock, retryAfterSeconds, statusOf } from '../../../src/api/bulk/request-pool.ts';

/** A clock the test moves: sleepers wake when it passes their time. */
function fakeClock() {
  let now = 0;
  const sleepers: { at: number; wake: () => void }[] = [];
  const clock: BulkClock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        sleepers.push({ at: now + ms, wake: resolve });
        signal.addEventListener('abort', () => resolve());
      }),
  };
  return {
    clock,
    advance: async (ms: number) => {
      now += ms;
      for (const sleeper of sleepers.splice(0)) {
        if (sleeper.at <= now) sleeper.wake();
        else sleepers.push(sleeper);
      }
      await flush();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const target = { endpoint: 'dashboards.update', method: 'PATCH' as const, path: '/api/projects/1/dashboards/1/' };
/** A 429 (with its Retry-After seconds when readable), or another status. */
const refusal = (status: number, retryAfter?: number) =>
  new ApiError({ status, type: status === 429 ? 'throttled_error' : 'server_error', code: 'x', detail: 'No.', retryAfter, target });

/** The abort listeners a signal holds now (a pool's signal lives as long as the pool: nothing may pile up on it). */
function listenersOn(signal: AbortSignal): () => number {
  const live = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === 'abort') live.add(listener);
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener) => {
    if (type === 'abort') live.delete(listener);
    remove(type, listener);
  }) as typeof signal.removeEventListener;
  return () => live.size;
}

/** A request that is refused with `refusals` in turn (an error to throw, or a 429's seconds), then answers `answer`. */
function refusedThen(sent: string[], name: string, ...refusals: Array<number | Error>) {
  return async () => {
    sent.push(name);
    const next = refusals.shift();
    if (next === undefined) return name;
    throw typeof next === 'number' ? refusal(429, next) : next;
  };
}

describe('the 429 rule', () => {
  it('waits the Retry-After a 429 carries, 0 included, else the fallback (5 seconds unless told)', () => {
    expect(retryAfterSeconds(refusal(429, 30))).toBe(30);
    expect(retryAfterSeconds({ retryAfter: 0 })).toBe(0);
    expect(retryAfterSeconds(refusal(429))).toBe(5);
    expect(retryAfterSeconds(refusal(429), 2)).toBe(2);
    expect(retryAfterSeconds({ retryAfter: -1 }, 2)).toBe(2);
    expect(retryAfterSeconds({ retryAfter: '7' }, 2)).toBe(2);
    expect(retryAfterSeconds(null)).toBe(5);
    expect(retryAfterSeconds(undefined)).toBe(5);
  });

  it('reads the status of an ApiError or a plain object, else null', () => {
    expect(statusOf(refusal(429))).toBe(429);
    expect(statusOf({ status: 503 })).toBe(503);
    expect(statusOf({ status: '429' })).toBeNull();
    expect(statusOf({})).toBeNull();
    expect(statusOf(new Error('offline'))).toBeNull();
    expect(statusOf(null)).toBeNull();
    expect(statusOf(undefined)).toBeNull();
    expect(statusOf('429')).toBeNull();
  });
});

describe('the real clock', () => {
  afterEach(() => vi.useRealTimers());

  it("tells the time, and sleeps `ms`, leaving no timer and no listener on the signal once it wakes", async () => {
    vi.useFakeTimers({ now: 1_000 });
    expect(realClock.now()).toBe(1_000);
    const signal = new AbortController().signal;
    const listeners = listenersOn(signal);
    let woke = false;
    void realClock.sleep(100, signal).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(woke).toBe(false);
    expect(listeners()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);
    expect(listeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes at once when the signal aborts, or has aborted, leaving no timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let woke = false;
    void realClock.sleep(60_000, controller.signal).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(false);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    let wokeAgain = false;
    void realClock.sleep(60_000, controller.signal).then(() => (wokeAgain = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(wokeAgain).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('request pool', () => {
  it('keeps at most 4 requests in flight across every caller', async () => {
    const pool = createRequestPool();
    const gates = Array.from({ length: 10 }, gate);
    let started = 0;
    const all = gates.map((g, i) =>
      pool.run(async () => {
        started += 1;
        await g.opened;
        return i;
      }),
    );
    await flush();
    expect(started).toBe(4);
    expect(pool.inFlight()).toBe(4);
    for (const g of gates) g.open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pool.peak()).toBe(4);
  });

  it('after a 429 sends nothing for Retry-After seconds (5 when unreadable), then retries', async () => {
    const { clock, advance } = fakeClock();
    const pool = createRequestPool({ clock });
    const sent: string[] = [];
    let refused = false;
    const first = pool.run(async () => {
      sent.push('a');
      if (!refused) {
        refused = true;
        throw new ApiError({
          status: 429,
          type: 'throttled_error',
          code: 'throttled',
          detail: 'Request was throttled.',
          target: { endpoint: 'dashboards.list', method: 'GET', path: '/api/projects/1/dashboards/' },
        });
      }
      return 'a';
    });
    await flush();
    const second = pool.run(async () => {
      sent.push('b');
      return 'b';
    });
    await flush();
    expect(sent).toEqual(['a']);
    await advance(4_999);
    expect(sent).toEqual(['a']);
    await advance(1);
    expect(await first).toBe('a');
    expect(await second).toBe('b');
    expect(sent).toEqual(['a', 'a', 'b']);
  });

  it('sends the throttled requests again before any new one, in the order their 429s came', async () => {
    const { clock, advance } = fakeClock();
    const pool = createRequestPool({ clock, concurrency: 2 });
    const sent: string[] = [];
    const throttled = (seconds: number) =>
      new ApiError({
        status: 429,
        type: 'throttled_error',
        code: 'throttled',
        detail: 'Request was throttled.',
        retryAfter: seconds,
        target: { endpoint: 'dashboards.list', method: 'GET', path: '/api/projects/1/dashboards/' },
      });
    const refusedOnce = (name: string, seconds: number, answer: Promise<void>) => {
      let refused = false;
      return async () => {
        sent.push(name);
        if (refused) return name;
        refused = true;
        await answer;
        throw throttled(seconds);
      };
    };
    const [a, b] = [gate(), gate()];
    const all = [pool.run(refusedOnce('a', 60, a.opened)), pool.run(refusedOnce('b', 5, b.opened))];
    await flush();
    all.push(
      pool.run(async () => {
        sent.push('c');
        return 'c';
      }),
    );
    await flush();
    a.open();
    await flush();
    b.open();
    await flush();
    expect(sent).toEqual(['a', 'b']);
    // b's shorter Retry-After does not shorten a's pause.
    await advance(59_999);
    expect(sent).toEqual(['a', 'b']);
    await advance(1);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c']);
    expect(sent).toEqual(['a', 'b', 'a', 'b', 'c']);
  });

  it('cancels what waits when its signal aborts', async () => {
    const controller = new AbortController();
    const pool = createRequestPool({ signal: controller.signal, concurrency: 1 });
    const g = gate();
    const running = pool.run(() => g.opened);
    const waiting = pool.run(async () => 'never');
    controller.abort();
    g.open();
    await running;
    await expect(waiting).rejects.toThrow();
  });

  it('sends a throttled request again at most 3 times (maxRetries when given), then fails with its 429', async () => {
    const { clock, advance } = fakeClock();
    const sent: string[] = [];
    const pool = createRequestPool({ clock });
    const failed = pool.run(refusedThen(sent, 'a', 1, 1, 1, 1)).catch((error: unknown) => error);
    for (let i = 0; i < 5; i++) await advance(1_000);
    expect(sent).toEqual(['a', 'a', 'a', 'a']);
    expect(statusOf(await failed)).toBe(429);

    const once = createRequestPool({ clock, maxRetries: 1 });
    sent.length = 0;
    const failedOnce = once.run(refusedThen(sent, 'b', 1, 1, 1)).catch((error: unknown) => error);
    for (let i = 0; i < 5; i++) await advance(1_000);
    expect(sent).toEqual(['b', 'b']);
    expect(statusOf(await failedOnce)).toBe(429);

    const never = createRequestPool({ clock, maxRetries: 0 });
    sent.length = 0;
    await expect(never.run(refusedThen(sent, 'c', 1))).rejects.toMatchObject({ status: 429 });
    expect(sent).toEqual(['c']);
  });

  it('fails at once on an error other than a 429, without a pause', async () => {
    const { clock } = fakeClock();
    const onPauseChange = vi.fn();
    const pool = createRequestPool({ clock, onPauseChange });
    const sent: string[] = [];
    await expect(pool.run(refusedThen(sent, 'a', refusal(503)))).rejects.toMatchObject({ status: 503 });
    await expect(pool.run(refusedThen(sent, 'b', new Error('offline')))).rejects.toThrow('offline');
    expect(sent).toEqual(['a', 'b']);
    expect(pool.pausedUntil()).toBeNull();
    expect(onPauseChange).not.toHaveBeenCalled();
  });

  it('waits defaultRetryAfter seconds after a 429 whose Retry-After is unreadable', async () => {
    const { clock, advance } = fakeClock();
    const pool = createRequestPool({ clock, defaultRetryAfter: 2 });
    const sent: string[] = [];
    const answer = pool.run(refusedThen(sent, 'a', refusal(429)));
    await flush();
    expect(pool.pausedUntil()).toBe(2_000);
    await advance(1_999);
    expect(sent).toEqual(['a']);
    await advance(1);
    expect(await answer).toBe('a');
  });

  it('tells when a 429 pauses the pool and when the pause ends (once, after a later, longer 429 too)', async () => {
    const { clock, advance } = fakeClock();
    const onPauseChange = vi.fn();
    const pool = createRequestPool({ clock, onPauseChange });
    const sent: string[] = [];
    const [a, b] = [gate(), gate()];
    const [sendA, sendB] = [refusedThen(sent, 'a', 5), refusedThen(sent, 'b', 10)];
    const first = pool.run(async () => {
      await a.opened;
      return sendA();
    });
    const second = pool.run(async () => {
      await b.opened;
      return sendB();
    });
    await flush();
    expect(pool.pausedUntil()).toBeNull();
    a.open();
    await flush();
    expect(onPauseChange).toHaveBeenCalledTimes(1);
    expect(pool.pausedUntil()).toBe(5_000);
    await advance(1_000);
    b.open();
    await flush();
    // b's 429 at 1 s asks for 10 s: the pause now ends at 11 s.
    expect(onPauseChange).toHaveBeenCalledTimes(2);
    expect(pool.pausedUntil()).toBe(11_000);
    await advance(4_000);
    expect(onPauseChange).toHaveBeenCalledTimes(2);
    expect(pool.pausedUntil()).toBe(11_000);
    await advance(5_999);
    expect(sent).toEqual(['a', 'b']);
    expect(pool.pausedUntil()).toBe(11_000);
    await advance(1);
    expect(pool.pausedUntil()).toBeNull();
    expect(onPauseChange).toHaveBeenCalledTimes(3);
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(sent).toEqual(['a', 'b', 'a', 'b']);
    // Answers without a 429 tell nothing.
    expect(onPauseChange).toHaveBeenCalledTimes(3);
  });

  it('runs at least one request at a time, and says how many', async () => {
    const pool = createRequestPool({ concurrency: 0 });
    expect(pool.concurrency).toBe(1);
    expect(createRequestPool().concurrency).toBe(4);
    const g = gate();
    const started: string[] = [];
    const first = pool.run(async () => {
      started.push('a');
      await g.opened;
    });
    const second = pool.run(async () => void started.push('b'));
    await flush();
    expect(started).toEqual(['a']);
    expect(pool.inFlight()).toBe(1);
    g.open();
    await Promise.all([first, second]);
    expect(started).toEqual(['a', 'b']);
    expect(pool.inFlight()).toBe(0);
  });
});

describe('cancelling', () => {
  it("rejects with the pool's or the task's reason, sending nothing, when either has aborted already", async () => {
    const stopped = new AbortController();
    stopped.abort('pool stopped');
    const send = vi.fn(async () => 'sent');
    await expect(createRequestPool({ signal: stopped.signal }).run(send)).rejects.toBe('pool stopped');
    await expect(createRequestPool({ signal: stopped.signal }).run(send, new AbortController().signal)).rejects.toBe('pool stopped');
    const task = new AbortController();
    task.abort('task cancelled');
    await expect(createRequestPool().run(send, task.signal)).rejects.toBe('task cancelled');
    expect(send).not.toHaveBeenCalled();
  });

  it("a task's signal cancels it while it waits, and is handed to its request while in flight; the others go on", async () => {
    const pool = createRequestPool({ concurrency: 1 });
    const g = gate();
    let handed: AbortSignal | undefined;
    const running = new AbortController();
    const first = pool.run(async (signal) => {
      handed = signal;
      await g.opened;
      return 'a';
    }, running.signal);
    const waiting = new AbortController();
    const second = pool.run(async () => 'b', waiting.signal);
    const third = pool.run(async () => 'c', new AbortController().signal);
    await flush();
    waiting.abort('not needed');
    await expect(second).rejects.toBe('not needed');
    expect(handed?.aborted).toBe(false);
    running.abort('user cancelled');
    expect(handed?.aborted).toBe(true);
    expect(handed?.reason).toBe('user cancelled');
    g.open();
    // The request in flight was told; it answered anyway, and the one behind it still goes.
    expect(await first).toBe('a');
    expect(await third).toBe('c');
  });

  it("the pool's signal cancels what waits with its reason, and reaches a request in flight that has its own signal", async () => {
    const stop = new AbortController();
    const pool = createRequestPool({ signal: stop.signal, concurrency: 1 });
    const g = gate();
    let handed: AbortSignal | undefined;
    const first = pool.run(async (signal) => {
      handed = signal;
      await g.opened;
      return 'a';
    }, new AbortController().signal);
    const second = pool.run(async () => 'b', new AbortController().signal);
    await flush();
    stop.abort('run stopped');
    expect(handed?.reason).toBe('run stopped');
    await expect(second).rejects.toBe('run stopped');
    g.open();
    expect(await first).toBe('a');
  });

  it("leaves no listener on the pool's signal or a task's once its request is done", async () => {
    const stop = new AbortController();
    const onPool = listenersOn(stop.signal);
    const task = new AbortController();
    const onTask = listenersOn(task.signal);
    const pool = createRequestPool({ signal: stop.signal, concurrency: 1 });
    const g = gate();
    const first = pool.run(() => g.opened, task.signal);
    const second = pool.run(async () => 'b', task.signal);
    await flush();
    expect(onTask()).toBeGreaterThan(0);
    g.open();
    await Promise.all([first, second]);
    expect(onPool()).toBe(0);
    expect(onTask()).toBe(0);
  });

  it('a pause goes on for those still waiting when one of them is cancelled', async () => {
    const { clock, advance } = fakeClock();
    const pool = createRequestPool({ clock, concurrency: 1 });
    const sent: string[] = [];
    const throttled = pool.run(refusedThen(sent, 'a', 10));
    await flush();
    const fresh = pool.run(refusedThen(sent, 'b'));
    const leaving = new AbortController();
    const cancelled = pool.run(refusedThen(sent, 'c'), leaving.signal);
    leaving.abort('gone');
    await expect(cancelled).rejects.toBe('gone');
    await advance(10_000);
    expect(await throttled).toBe('a');
    expect(await fresh).toBe('b');
    expect(sent).toEqual(['a', 'a', 'b']);
  });

  it('cancelling a request in flight takes no other out of the line', async () => {
    const pool = createRequestPool({ concurrency: 1 });
    const g = gate();
    const running = new AbortController();
    const first = pool.run(() => g.opened, running.signal);
    const second = pool.run(async () => 'b');
    await flush();
    running.abort();
    g.open();
    await first;
    expect(await second).toBe('b');
  });

  it('when everyone waiting for a pause is cancelled, its timer stops (no timer outlives those who wait)', async () => {
    vi.useFakeTimers();
    try {
      const onPauseChange = vi.fn();
      const pool = createRequestPool({ onPauseChange });
      const sent: string[] = [];
      const task = new AbortController();
      const throttled = pool.run(refusedThen(sent, 'a', 10), task.signal).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(1);
      task.abort('gone');
      expect(await throttled).toBe('gone');
      expect(vi.getTimerCount()).toBe(0);
      expect(onPauseChange).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new request right after everyone left a pause waits it out, and its end is told once', async () => {
    const { clock, advance } = fakeClock();
    const onPauseChange = vi.fn();
    const pool = createRequestPool({ clock, onPauseChange });
    const sent: string[] = [];
    const task = new AbortController();
    const throttled = pool.run(refusedThen(sent, 'a', 10), task.signal).catch((error: unknown) => error);
    await flush();
    task.abort('gone');
    const next = pool.run(refusedThen(sent, 'b'));
    expect(await throttled).toBe('gone');
    await advance(9_999);
    expect(sent).toEqual(['a']);
    await advance(1);
    expect(await next).toBe('b');
    expect(onPauseChange).toHaveBeenCalledTimes(2);
  });
});
