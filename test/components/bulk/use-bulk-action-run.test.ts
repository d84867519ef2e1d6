// One bulk action as a hook: gathering its items, leaving out what the key may not change, the
// runner's progress once per ~frame, Cancel, the summary, Retry failed. The runner is the test's.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  useBulkActionRun,
  type BulkCollect,
  type BulkRunner,
  type UseBulkRunOptions,
} from '../../../src/components/bulk/use-bulk-action-run.ts';

interface Item {
  id: string;
  name: string;
  locked?: boolean;
}
type Action = 'pin' | 'unpin';
type Outcome = { updated: Array<{ item: Item }>; failed: Array<{ item: Item; reason: string }>; notSent: Item[] };

interface Run {
  items: ReadonlyArray<Item>;
  send: (item: Item, signal: AbortSignal) => Promise<unknown>;
  onProgress: (progress: { done: number; total: number; pausedUntil: number | null }) => void;
  finish: (outcome: Outcome) => Promise<void>;
  cancelled: boolean;
}

/** A runner the test drives: it records each run and ends it when told. */
function fakeRunner() {
  const runs: Run[] = [];
  const runner = ((run: Omit<Run, 'finish' | 'cancelled'>) => {
    let resolve!: (outcome: Outcome) => void;
    const done = new Promise<Outcome>((r) => (resolve = r));
    const entry: Run = {
      ...run,
      cancelled: false,
      finish: async (outcome) => {
        await act(async () => resolve(outcome));
      },
    };
    runs.push(entry);
    return { done, cancel: () => (entry.cancelled = true) };
  }) as unknown as BulkRunner;
  return { runner, runs };
}

const items: Item[] = [
  { id: '1', name: 'Revenue' },
  { id: '2', name: 'Growth', locked: true },
  { id: '3', name: 'Churn' },
];

function setup(overrides: Partial<UseBulkRunOptions<Action, Item>> = {}) {
  const { runner, runs } = fakeRunner();
  const send = vi.fn(async () => ({ ok: true }));
  const finish = vi.fn();
  const prepare = vi.fn(() => ({ send, finish }));
  const options: UseBulkRunOptions<Action, Item> = {
    runner,
    verb: (action) => (action === 'pin' ? 'Pin' : 'Unpin'),
    itemKey: (item) => item.id,
    itemName: (item) => item.name,
    refusal: (_action, item) => (item.locked ? 'You may not change this dashboard.' : null),
    prepare,
    ...overrides,
  };
  const hook = renderHook((props: UseBulkRunOptions<Action, Item>) => useBulkActionRun(props), { initialProps: options });
  return { ...hook, runs, send, finish, prepare, options };
}

afterEach(() => vi.useRealTimers());

describe('useBulkActionRun', () => {
  it('is idle at first', () => {
    const { result } = setup();
    expect(result.current.phase).toEqual({ kind: 'idle' });
    expect(result.current.busy).toBe(false);
  });

  it('leaves out what the key may not change, sends the rest and sums the run up', async () => {
    const { result, runs, send, finish, prepare } = setup();
    let started!: Promise<void>;
    act(() => {
      started = result.current.start('pin', items);
    });
    expect(prepare).toHaveBeenCalledWith('pin');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.items).toEqual([items[0], items[2]]);
    expect(result.current.phase).toEqual({ kind: 'running', verb: 'Pin', done: 0, total: 2, paused: false });
    expect(result.current.busy).toBe(true);

    // Each item goes to the page's send; the run keeps no answer.
    const signal = new AbortController().signal;
    await expect(runs[0]!.send(items[0]!, signal)).resolves.toBeNull();
    expect(send).toHaveBeenCalledWith(items[0], signal);

    await runs[0]!.finish({ updated: [{ item: items[0]! }], failed: [{ item: items[2]!, reason: 'HTTP 500' }], notSent: [] });
    await act(() => started);
    expect(result.current.phase).toEqual({
      kind: 'done',
      summary: {
        verb: 'Pin',
        updated: 1,
        failed: [{ id: '3', name: 'Churn', reason: 'HTTP 500' }],
        leftOut: [{ id: '2', name: 'Growth', reason: 'You may not change this dashboard.' }],
        notSent: 0,
        retryItems: [items[2]],
        note: undefined,
      },
    });
    expect(result.current.busy).toBe(false);
    expect(finish).toHaveBeenCalledWith([items[0]]);
  });

  it('needs no finish from the page', async () => {
    const send = vi.fn(async () => null);
    const { result, runs } = setup({ prepare: () => ({ send }) });
    let started!: Promise<void>;
    act(() => {
      started = result.current.start('pin', [items[0]!]);
    });
    await runs[0]!.finish({ updated: [{ item: items[0]! }], failed: [], notSent: [] });
    await act(() => started);
    expect(result.current.phase).toMatchObject({ kind: 'done', summary: { updated: 1 } });
  });

  it('shows progress at most once per ~frame, with the latest figures and a 429 pause', async () => {
    vi.useFakeTimers();
    const { result, runs } = setup();
    act(() => void result.current.start('unpin', items));
    act(() => {
      runs[0]!.onProgress({ done: 1, total: 2, pausedUntil: null });
      runs[0]!.onProgress({ done: 1, total: 2, pausedUntil: 5000 });
    });
    act(() => vi.advanceTimersByTime(49));
    expect(result.current.phase).toMatchObject({ kind: 'running', done: 0 });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.phase).toEqual({ kind: 'running', verb: 'Unpin', done: 1, total: 2, paused: true });
    act(() => runs[0]!.onProgress({ done: 2, total: 2, pausedUntil: null }));
    act(() => vi.advanceTimersByTime(50));
    expect(result.current.phase).toEqual({ kind: 'running', verb: 'Unpin', done: 2, total: 2, paused: false });
  });

  it('drops a progress still waiting for its frame once the run has ended', async () => {
    vi.useFakeTimers();
    const { result, runs } = setup();
    act(() => void result.current.start('pin', items));
    act(() => runs[0]!.onProgress({ done: 2, total: 2, pausedUntil: null }));
    await runs[0]!.finish({ updated: [{ item: items[0]! }, { item: items[2]! }], failed: [], notSent: [] });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.phase).toMatchObject({ kind: 'done', summary: { updated: 2 } });
  });

  it('runs one action at a time', async () => {
    const { result, runs } = setup();
    act(() => void result.current.start('pin', items));
    await act(() => result.current.start('unpin', items));
    expect(runs).toHaveLength(1);
    await runs[0]!.finish({ updated: [], failed: [], notSent: [] });
    act(() => void result.current.start('unpin', items));
    expect(runs).toHaveLength(2);
  });

  it('Cancel stops the run; what was never sent is counted', async () => {
    const { result, runs } = setup();
    act(() => void result.current.start('pin', items, { note: 'Undoes the delete.' }));
    act(() => result.current.cancel());
    expect(runs[0]!.cancelled).toBe(true);
    await runs[0]!.finish({ updated: [], failed: [], notSent: [items[0]!, items[2]!] });
    expect(result.current.phase).toMatchObject({ kind: 'done', summary: { notSent: 2, updated: 0, note: 'Undoes the delete.' } });
    act(() => result.current.dismiss());
    expect(result.current.phase).toEqual({ kind: 'idle' });
  });

  it('Retry failed runs the last action again, with its note, over the items given', async () => {
    const { result, runs, prepare } = setup();
    act(() => result.current.retry([items[0]!]));
    expect(runs).toHaveLength(0);
    act(() => void result.current.start('unpin', items, { note: 'An undo.' }));
    await runs[0]!.finish({ updated: [], failed: [{ item: items[0]!, reason: 'x' }], notSent: [] });
    act(() => result.current.retry([items[0]!]));
    expect(runs).toHaveLength(2);
    expect(runs[1]!.items).toEqual([items[0]]);
    expect(prepare).toHaveBeenLastCalledWith('unpin');
    await runs[1]!.finish({ updated: [{ item: items[0]! }], failed: [], notSent: [] });
    expect(result.current.phase).toMatchObject({ kind: 'done', summary: { verb: 'Unpin', updated: 1, note: 'An undo.' } });
  });

  it('uses the options of the latest render', async () => {
    const { result, rerender, options, runs } = setup();
    rerender({ ...options, verb: () => 'Add the tag “x”', refusal: () => null });
    act(() => void result.current.start('pin', items));
    expect(runs[0]!.items).toEqual(items);
    expect(result.current.phase).toMatchObject({ kind: 'running', verb: 'Add the tag “x”', total: 3 });
  });

  it('leaving the page mid-run cancels it', () => {
    const { result, runs, unmount } = setup();
    act(() => void result.current.start('pin', items));
    unmount();
    expect(runs[0]!.cancelled).toBe(true);
  });
});

describe('useBulkActionRun: every match, gathered first', () => {
  /** A collect the test drives. */
  function collecting(total: number) {
    let resolve!: (all: Item[]) => void;
    let reject!: (error: unknown) => void;
    let seen!: { signal: AbortSignal; onPage: (loaded: number, total: number) => void };
    const source: BulkCollect<Item> = {
      total,
      collect: (options) => {
        seen = options;
        return new Promise<Item[]>((res, rej) => {
          resolve = res;
          reject = rej;
        });
      },
    };
    return { source, resolve: (all: Item[]) => resolve(all), reject: (e: unknown) => reject(e), seen: () => seen };
  }

  it('says how many are gathered, then runs them', async () => {
    const { result, runs } = setup();
    const gather = collecting(30);
    act(() => void result.current.start('pin', gather.source));
    expect(result.current.phase).toEqual({ kind: 'collecting', verb: 'Pin', loaded: 0, total: 30 });
    expect(result.current.busy).toBe(true);
    act(() => gather.seen().onPage(10, 31));
    expect(result.current.phase).toEqual({ kind: 'collecting', verb: 'Pin', loaded: 10, total: 31 });
    // A second action waits for this one.
    await act(() => result.current.start('unpin', items));
    expect(runs).toHaveLength(0);
    await act(async () => gather.resolve(items));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.items).toEqual([items[0], items[2]]);
    expect(result.current.phase).toMatchObject({ kind: 'running', total: 2 });
  });

  it('a failure to gather is an error, and the next action may start', async () => {
    const { result, runs } = setup();
    const gather = collecting(5);
    act(() => void result.current.start('pin', gather.source));
    await act(async () => gather.reject({ detail: 'The search failed.' }));
    expect(result.current.phase).toEqual({ kind: 'error', verb: 'Pin', message: 'The search failed.' });
    expect(result.current.busy).toBe(false);
    act(() => void result.current.start('pin', items));
    expect(runs).toHaveLength(1);
  });

  it('Cancel while gathering sends nothing and counts every match as not sent', async () => {
    const { result, runs } = setup();
    const gather = collecting(12);
    act(() => void result.current.start('pin', gather.source, { note: 'n' }));
    act(() => result.current.cancel());
    expect(gather.seen().signal.aborted).toBe(true);
    await act(async () => gather.reject(new DOMException('aborted', 'AbortError')));
    expect(result.current.phase).toEqual({
      kind: 'done',
      summary: { verb: 'Pin', updated: 0, failed: [], leftOut: [], notSent: 12, retryItems: [], note: 'n' },
    });
    expect(runs).toHaveLength(0);
    act(() => void result.current.start('pin', items));
    expect(runs).toHaveLength(1);
  });

  it('leaving the page while gathering stops it', () => {
    const { result, unmount } = setup();
    const gather = collecting(12);
    act(() => void result.current.start('pin', gather.source));
    unmount();
    expect(gather.seen().signal.aborted).toBe(true);
  });
});
