import { describe, expect, it } from 'vitest';
import type { BulkClock } from '../../../src/api/bulk/request-pool.ts';
import { ApiError } from '../../../src/api/client/http.ts';
import { createRequestPool } from '../../../src/api/bulk/request-pool.ts';

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
});
