import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBulk, type BulkResult } from '../../../src/api/bulk/runner.ts';
import { ApiError } from '../../../src/api/client/http.ts';

/** A fake transport: every call waits until the test answers it. */
function fakeTransport() {
  const calls: { item: number; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  let peak = 0;
  const send = (item: number) =>
    new Promise<string>((resolve, reject) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      calls.push({
        item,
        resolve: (value) => {
          inFlight -= 1;
          resolve(value);
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  return {
    send,
    calls,
    inFlight: () => inFlight,
    peak: () => peak,
    /** Calls not answered yet, oldest first. */
    open: () => calls.filter((c) => !answered.has(c)),
    answer(call: (typeof calls)[number], outcome: { value?: string; error?: unknown }) {
      answered.add(call);
      if (outcome.error !== undefined) call.reject(outcome.error);
      else call.resolve(outcome.value ?? `ok ${call.item}`);
    },
  };
}
const answered = new WeakSet<object>();

const target = { endpoint: 'dashboards.update', method: 'PATCH' as const, path: '/api/projects/1/dashboards/1/' };
const apiError = (status: number, detail: string, retryAfter?: number) =>
  new ApiError({ status, type: status === 429 ? 'throttled_error' : 'server_error', code: 'x', detail, retryAfter, target });

/** Lets promise callbacks run (fake timers do not advance). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bulk runner', () => {
  it('keeps at most 4 requests in flight and reports every result as it arrives', async () => {
    const transport = fakeTransport();
    const seen: BulkResult<number, string>[] = [];
    const run = runBulk({ items: Array.from({ length: 10 }, (_, i) => i + 1), send: transport.send, onResult: (r) => seen.push(r) });
    await settle();
    expect(transport.calls.map((c) => c.item)).toEqual([1, 2, 3, 4]);
    transport.answer(transport.calls[1]!, {});
    await settle();
    expect(seen.map((r) => r.item)).toEqual([2]);
    expect(transport.calls.map((c) => c.item)).toEqual([1, 2, 3, 4, 5]);
    expect(transport.inFlight()).toBe(4);
    while (transport.open().length) {
      for (const call of transport.open()) transport.answer(call, {});
      await settle();
    }
    const summary = await run.done;
    expect(transport.peak()).toBe(4);
    expect(summary.peakInFlight).toBe(4);
    expect(summary.updated).toHaveLength(10);
    expect(new Set(summary.results.map((r) => r.item)).size).toBe(10);
    expect(seen).toHaveLength(10);
  });

  it('sends nothing new for Retry-After seconds after a 429, then retries that request', async () => {
    const transport = fakeTransport();
    const run = runBulk({ items: [1, 2, 3, 4, 5, 6], send: transport.send });
    await settle();
    transport.answer(transport.calls[0]!, { error: apiError(429, 'Request was throttled. Expected available in 5 seconds.', 5) });
    transport.answer(transport.calls[1]!, {});
    await settle();
    expect(transport.calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(transport.calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(100);
    // The throttled request goes first, then the next item.
    expect(transport.calls.slice(4).map((c) => c.item)).toEqual([1, 5]);
    while (transport.open().length) {
      for (const call of transport.open()) transport.answer(call, {});
      await settle();
    }
    const summary = await run.done;
    expect(summary.failed).toHaveLength(0);
    expect(summary.updated.map((r) => r.item).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(summary.updated.find((r) => r.item === 1)?.attempts).toBe(2);
  });

  it('counts a request failed after 3 retries that were all throttled', async () => {
    const transport = fakeTransport();
    const run = runBulk({ items: [1], send: transport.send });
    for (let attempt = 0; attempt < 4; attempt++) {
      await vi.advanceTimersByTimeAsync(2_000);
      expect(transport.calls).toHaveLength(attempt + 1);
      transport.answer(transport.calls[attempt]!, { error: apiError(429, 'Request was throttled. Expected available in 2 seconds.', 2) });
    }
    const summary = await run.done;
    expect(transport.calls).toHaveLength(4);
    expect(summary.failed).toEqual([
      expect.objectContaining({ item: 1, status: 429, attempts: 4, reason: 'Request was throttled. Expected available in 2 seconds.' }),
    ]);
  });

  it('on cancel lets requests in flight finish and starts no new one', async () => {
    const transport = fakeTransport();
    const run = runBulk({ items: [1, 2, 3, 4, 5, 6, 7], send: transport.send });
    await settle();
    transport.answer(transport.calls[0]!, {});
    await settle();
    expect(transport.calls).toHaveLength(5);
    run.cancel();
    for (const call of transport.open()) transport.answer(call, {});
    await settle();
    const summary = await run.done;
    expect(transport.calls).toHaveLength(5);
    expect(summary.cancelled).toBe(true);
    expect(summary.updated).toHaveLength(5);
    expect(summary.notSent).toEqual([6, 7]);
  });

  it('is not cancelled when it ran to its end, or was cancelled once every request was sent', async () => {
    const transport = fakeTransport();
    const whole = runBulk({ items: [1, 2], send: transport.send });
    await settle();
    for (const call of transport.open()) transport.answer(call, {});
    expect(await whole.done).toMatchObject({ cancelled: false, notSent: [] });
    const late = runBulk({ items: [3, 4], send: transport.send });
    await settle();
    late.cancel();
    for (const call of transport.open()) transport.answer(call, {});
    const summary = await late.done;
    expect(summary).toMatchObject({ cancelled: false, notSent: [] });
    expect(summary.updated).toHaveLength(2);
  });

  it('cancel during a Retry-After pause ends the run without waiting', async () => {
    const transport = fakeTransport();
    const run = runBulk({ items: [1, 2], send: transport.send, concurrency: 1 });
    await settle();
    transport.answer(transport.calls[0]!, { error: apiError(429, 'Request was throttled. Expected available in 60 seconds.', 60) });
    await settle();
    run.cancel();
    const summary = await run.done;
    expect(transport.calls).toHaveLength(1);
    expect(summary.notSent).toEqual([1, 2]);
  });

  it('reports a partial failure with the API reason, and Retry failed reruns only the failures', async () => {
    const transport = fakeTransport();
    const run = runBulk({ items: [1, 2, 3], send: transport.send });
    await settle();
    transport.answer(transport.calls[0]!, {});
    transport.answer(transport.calls[1]!, { error: apiError(500, 'A server error occurred.') });
    transport.answer(transport.calls[2]!, { error: { error: 'Sharing with password requires the Advanced Permissions feature' } });
    const summary = await run.done;
    expect(summary.updated.map((r) => r.item)).toEqual([1]);
    expect(summary.failed.map((f) => [f.item, f.status, f.reason])).toEqual([
      [2, 500, 'A server error occurred.'],
      [3, null, 'Sharing with password requires the Advanced Permissions feature'],
    ]);

    const retry = runBulk({ items: summary.failed.map((f) => f.item), send: transport.send });
    await settle();
    expect(transport.calls.slice(3).map((c) => c.item)).toEqual([2, 3]);
    for (const call of transport.open()) transport.answer(call, {});
    const second = await retry.done;
    expect(second.updated.map((r) => r.item)).toEqual([2, 3]);
    expect(second.failed).toEqual([]);
  });

  it('undo of a bulk delete sends the restore for exactly the items the batch deleted', async () => {
    const transport = fakeTransport();
    const sent: string[] = [];
    const send = (change: string) => (item: number) => {
      sent.push(`${change} ${item}`);
      return transport.send(item);
    };
    const run = runBulk({ items: [1, 2, 3, 4], send: send('delete') });
    await settle();
    transport.answer(transport.calls[0]!, {});
    transport.answer(transport.calls[1]!, { error: apiError(403, "You don't have edit permissions for this dashboard.") });
    transport.answer(transport.calls[2]!, {});
    transport.answer(transport.calls[3]!, {});
    const summary = await run.done;
    const undo = runBulk({ items: summary.updated.map((r) => r.item), send: send('restore') });
    await settle();
    for (const call of transport.open()) transport.answer(call, {});
    const restored = await undo.done;
    expect(sent.filter((s) => s.startsWith('restore'))).toEqual(['restore 1', 'restore 3', 'restore 4']);
    expect(restored.updated).toHaveLength(3);
  });

  it('reports the pause a 429 asks for, and its end', async () => {
    const transport = fakeTransport();
    const paused: boolean[] = [];
    const run = runBulk({ items: [1], send: transport.send, onProgress: (p) => paused.push(p.pausedUntil !== null) });
    await settle();
    transport.answer(transport.calls[0]!, { error: apiError(429, 'Request was throttled. Expected available in 2 seconds.', 2) });
    await settle();
    expect(paused.at(-1)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.calls).toHaveLength(2);
    expect(paused.at(-1)).toBe(false);
    transport.answer(transport.calls[1]!, {});
    expect((await run.done).updated).toHaveLength(1);
  });

  it('reports progress as done of total', async () => {
    const transport = fakeTransport();
    const seen: string[] = [];
    const run = runBulk({ items: [1, 2], send: transport.send, onProgress: (p) => seen.push(`${p.done}/${p.total}`) });
    await settle();
    transport.answer(transport.calls[0]!, {});
    await settle();
    transport.answer(transport.calls[1]!, { error: apiError(500, 'A server error occurred.') });
    await run.done;
    expect(seen[0]).toBe('0/2');
    expect(seen.at(-1)).toBe('2/2');
    expect(run.progress()).toMatchObject({ done: 2, updated: 1, failed: 1, inFlight: 0 });
  });
});
