// What a mutation changed (changes.ts): applied to this tab's cache all or nothing, told to the other
// tabs as keys only, and applied there as refetches and removals.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyAndSend,
  applyChanges,
  changed,
  changesToSend,
  isPages,
  receiveChanges,
  receiveMessage,
  relist,
  type SentChange,
} from '../../../src/api/client/changes.ts';

const page = (...results: number[]) => ({ count: 9, next: null, previous: null, results });
const pages = (...loaded: number[][]) => ({ pages: loaded.map((results) => page(...results)), pageParams: loaded.map((_, i) => i * 3) });

const unsubscribers: Array<() => void> = [];
afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
});

function clientWith(entries: Array<[QueryKey, unknown]>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

/** Puts `key` on screen (an observer), answering `data` when it fetches; returns how many fetches ran. */
function onScreen(client: QueryClient, key: QueryKey, data: unknown): () => number {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: () => {
      fetches++;
      return data;
    },
  });
  unsubscribers.push(observer.subscribe(() => {}));
  return () => fetches;
}

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated;

describe('isPages', () => {
  it('knows an infinite query’s data by its pages and page params', () => {
    expect(isPages(pages([1]))).toBe(true);
    expect(isPages({ pages: [], pageParams: [] })).toBe(true);
    const fn = Object.assign(() => {}, { pages: [], pageParams: [] });
    for (const other of [undefined, null, 0, 'pages', [], fn, page(1), { pages: [] }, { pageParams: [] }, { pages: {}, pageParams: [] }, { pages: [], pageParams: 0 }]) {
      expect(isPages(other)).toBe(false);
    }
  });
});

describe('relist', () => {
  it('keeps only the first page of every list under the key, and marks them stale', async () => {
    const client = clientWith([
      [['dashboards', '1', 'list', { search: '' }], pages([1, 2, 3], [4, 5, 6], [7])],
      [['dashboards', '1', 'list', { search: 'a' }], pages([1])],
      // A plain page (one request, not an infinite list) under the same prefix stays as it is.
      [['dashboards', '1', 'list', 'plain'], page(1, 2)],
      [['dashboards', '1', 'detail', '1'], { id: 1 }],
      [['dashboards', '2', 'list', { search: '' }], pages([1], [2])],
    ]);
    const single = client.getQueryData(['dashboards', '1', 'list', { search: 'a' }]);
    await relist(client, ['dashboards', '1', 'list']);
    expect(client.getQueryData(['dashboards', '1', 'list', { search: '' }])).toEqual({ pages: [page(1, 2, 3)], pageParams: [0] });
    expect(client.getQueryData(['dashboards', '1', 'list', { search: 'a' }])).toBe(single);
    expect(client.getQueryData(['dashboards', '1', 'list', 'plain'])).toEqual(page(1, 2));
    expect(invalidated(client, ['dashboards', '1', 'list', { search: '' }])).toBe(true);
    expect(invalidated(client, ['dashboards', '1', 'list', { search: 'a' }])).toBe(true);
    expect(client.getQueryData(['dashboards', '1', 'detail', '1'])).toEqual({ id: 1 });
    expect(invalidated(client, ['dashboards', '1', 'detail', '1'])).toBe(false);
    expect(client.getQueryData(['dashboards', '2', 'list', { search: '' }])).toEqual(pages([1], [2]));
    expect(invalidated(client, ['dashboards', '2', 'list', { search: '' }])).toBe(false);
  });

  it('cancels a page still loading, so it cannot append to the dropped pages', async () => {
    const client = clientWith([[['projects', 'list'], pages([1], [2])]]);
    let release: (value: unknown) => void = () => {};
    const loading = client.fetchQuery({ queryKey: ['projects', 'list'], staleTime: 0, queryFn: () => new Promise((resolve) => (release = resolve)) });
    expect(client.getQueryState(['projects', 'list'])?.fetchStatus).toBe('fetching');
    await relist(client, ['projects', 'list']);
    release(pages([1], [2], [3]));
    await loading;
    expect(client.getQueryData(['projects', 'list'])).toEqual({ pages: [page(1)], pageParams: [0] });
  });
});

describe('applyChanges (this tab)', () => {
  it('stores a set answer under its exact key', () => {
    const client = clientWith([[['project', '1'], { id: 1, name: 'Old' }], [['project', '1', 'activity-log'], ['a']]]);
    applyChanges(client, [changed.set(['project', '1'] as never, { id: 1, name: 'New' })]);
    expect(client.getQueryData(['project', '1'])).toEqual({ id: 1, name: 'New' });
    expect(client.getQueryData(['project', '1', 'activity-log'])).toEqual(['a']);
  });

  it('rewrites every entry under an update’s prefix, over what the changes before it wrote', () => {
    const client = clientWith([
      [['dashboards', '1', 'rows'], [1, 2]],
      [['dashboards', '1', 'rows', 'x'], [3]],
      [['dashboards', '2', 'rows'], [4]],
    ]);
    const seen: unknown[] = [];
    applyChanges(client, [
      changed.set(['dashboards', '1', 'rows'] as never, [10] as never),
      changed.update<number[]>(['dashboards', '1', 'rows'], (data) => {
        seen.push(data);
        return data && [...data, 0];
      }),
    ]);
    expect(seen).toEqual([[10], [3]]);
    expect(client.getQueryData(['dashboards', '1', 'rows'])).toEqual([10, 0]);
    expect(client.getQueryData(['dashboards', '1', 'rows', 'x'])).toEqual([3, 0]);
    expect(client.getQueryData(['dashboards', '2', 'rows'])).toEqual([4]);
  });

  it('chains two updates of the same entry', () => {
    const client = clientWith([[['n'], 1]]);
    applyChanges(client, [changed.update<number>(['n'], (n) => n! + 1), changed.update<number>(['n'], (n) => n! * 10)]);
    expect(client.getQueryData(['n'])).toBe(20);
  });

  it('writes nothing when an update hands the entry back unchanged', () => {
    const client = clientWith([[['n'], { n: 1 }]]);
    const before = client.getQueryState(['n'])!.dataUpdatedAt;
    vi.useFakeTimers({ now: before + 60_000 });
    try {
      applyChanges(client, [changed.update<unknown>(['n'], (data) => data)]);
      expect(client.getQueryState(['n'])!.dataUpdatedAt).toBe(before);
      applyChanges(client, [changed.update<unknown>(['n'], () => ({ n: 2 }))]);
      expect(client.getQueryState(['n'])!.dataUpdatedAt).toBe(before + 60_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is all or nothing: an update that throws leaves the cache as it was', () => {
    const client = clientWith([[['project', '1'], { id: 1 }], [['project', '2'], { id: 2 }]]);
    expect(() =>
      applyChanges(client, [
        changed.set(['project', '1'] as never, { id: 1, name: 'New' }),
        changed.remove(['project', '2']),
        changed.update(['project', '1'], () => {
          throw new Error('unexpected shape');
        }),
      ]),
    ).toThrow('unexpected shape');
    expect(client.getQueryData(['project', '1'])).toEqual({ id: 1 });
    expect(client.getQueryData(['project', '2'])).toEqual({ id: 2 });
  });

  it('marks a refresh’s prefix (or exact key) stale; one for the other tabs only, not here', () => {
    const client = clientWith([[['project', '1'], 1], [['project', '1', 'activity-log'], 2], [['project', '2'], 3]]);
    applyChanges(client, [changed.refresh(['project', '1'], { exact: true })]);
    expect([invalidated(client, ['project', '1']), invalidated(client, ['project', '1', 'activity-log'])]).toEqual([true, false]);
    applyChanges(client, [changed.refresh(['project', '2'], { otherTabsOnly: true })]);
    expect(invalidated(client, ['project', '2'])).toBe(false);
    applyChanges(client, [changed.refresh(['project'])]);
    expect([invalidated(client, ['project', '1', 'activity-log']), invalidated(client, ['project', '2'])]).toEqual([true, true]);
  });

  it('drops a removed record’s entries', () => {
    const client = clientWith([[['dashboards', '1', 'detail', '5'], 1], [['dashboards', '1', 'detail', '5', 'sharing'], 2], [['dashboards', '1', 'detail', '6'], 3]]);
    applyChanges(client, [changed.remove(['dashboards', '1', 'detail', '5'])]);
    expect(client.getQueryData(['dashboards', '1', 'detail', '5'])).toBeUndefined();
    expect(client.getQueryData(['dashboards', '1', 'detail', '5', 'sharing'])).toBeUndefined();
    expect(client.getQueryData(['dashboards', '1', 'detail', '6'])).toBe(3);
  });

  it('relists here unless the relist is for the other tabs only', async () => {
    const client = clientWith([[['a', 'list'], pages([1], [2])], [['b', 'list'], pages([1], [2])]]);
    applyChanges(client, [changed.relist(['a']), changed.relist(['b'], { otherTabsOnly: true })]);
    await vi.waitFor(() => expect(client.getQueryData(['a', 'list'])).toEqual({ pages: [page(1)], pageParams: [0] }));
    expect(invalidated(client, ['a', 'list'])).toBe(true);
    expect(client.getQueryData(['b', 'list'])).toEqual(pages([1], [2]));
  });

  it('on everything: forgets what is off screen and refetches what is on it', async () => {
    const client = clientWith([[['off'], 1]]);
    const fetches = onScreen(client, ['on'], 'fresh');
    await vi.waitFor(() => expect(client.getQueryData(['on'])).toBe('fresh'));
    applyChanges(client, [changed.everything()]);
    expect(client.getQueryState(['off'])).toBeUndefined();
    await vi.waitFor(() => expect(fetches()).toBe(2));
  });
});

describe('changesToSend (what the other tabs are told)', () => {
  it('turns stored answers and updates into refetches, keys only', () => {
    expect(
      changesToSend([
        changed.set(['project', '1'] as never, { token: 'phc_secret' }),
        changed.update(['dashboards', '1'], () => 'x'),
        changed.refresh(['a'], { exact: true }),
        changed.refresh(['b'], { otherTabsOnly: true }),
        changed.remove(['c']),
        changed.relist(['d'], { otherTabsOnly: true }),
        changed.everything(),
      ]),
    ).toStrictEqual([
      { kind: 'refresh', queryKey: ['project', '1'], exact: true },
      { kind: 'refresh', queryKey: ['dashboards', '1'] },
      { kind: 'refresh', queryKey: ['a'], exact: true },
      { kind: 'refresh', queryKey: ['b'] },
      { kind: 'remove', queryKey: ['c'] },
      { kind: 'relist', queryKey: ['d'] },
      { kind: 'everything' },
    ]);
  });

  it('tells nothing of a change for this tab only', () => {
    expect(
      changesToSend([changed.update(['a'], () => 1, { thisTabOnly: true }), changed.remove(['b'], { thisTabOnly: true }), changed.relist(['c'])]),
    ).toStrictEqual([{ kind: 'relist', queryKey: ['c'] }]);
    expect(changesToSend([changed.update(['a'], () => 1, { thisTabOnly: false }), changed.remove(['b'], { thisTabOnly: false })])).toStrictEqual([
      { kind: 'refresh', queryKey: ['a'] },
      { kind: 'remove', queryKey: ['b'] },
    ]);
  });
});

describe('applyAndSend', () => {
  it('applies here, then sends what the other tabs need, never a change naming the key', () => {
    const client = clientWith([[['a'], 1]]);
    const send = vi.fn<(changes: SentChange[]) => void>();
    applyAndSend(client, [changed.remove(['a']), changed.refresh(['phx_secret']), changed.relist(['b'])], send, 'phx_secret');
    expect(client.getQueryData(['a'])).toBeUndefined();
    expect(send).toHaveBeenCalledExactlyOnceWith([
      { kind: 'remove', queryKey: ['a'] },
      { kind: 'relist', queryKey: ['b'] },
    ]);
  });

  it('sends every change when there is no key, and nothing when nothing is for the other tabs', () => {
    const client = clientWith([]);
    const send = vi.fn<(changes: SentChange[]) => void>();
    applyAndSend(client, [changed.refresh(['x'])], send);
    expect(send).toHaveBeenCalledExactlyOnceWith([{ kind: 'refresh', queryKey: ['x'] }]);
    send.mockClear();
    applyAndSend(client, [changed.remove(['x'], { thisTabOnly: true })], send, 'phx_secret');
    applyAndSend(client, [], send, 'phx_secret');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('receiveMessage and receiveChanges (from another tab)', () => {
  it('applies only well-formed changes', () => {
    const client = clientWith([[['a'], 1], [['b'], 2], [['c'], 3]]);
    receiveMessage(client, [
      null,
      'refresh',
      { kind: 'set', queryKey: ['b'], data: 9 },
      { kind: 'refresh' },
      { kind: 'refresh', queryKey: 'b' },
      { kind: 'remove', queryKey: { 0: 'c' } },
      { kind: 'refresh', queryKey: ['a'] },
    ]);
    expect(invalidated(client, ['a'])).toBe(true);
    expect(client.getQueryData(['b'])).toBe(2);
    expect(invalidated(client, ['b'])).toBe(false);
    expect(client.getQueryData(['c'])).toBe(3);
    receiveMessage(client, { kind: 'everything' });
    receiveMessage(client, 'everything');
    expect(client.getQueryData(['c'])).toBe(3);
  });

  it('knows every kind it is sent, everything without a key', async () => {
    const client = clientWith([[['gone'], 1], [['list'], pages([1], [2])], [['off'], 2]]);
    receiveMessage(client, [{ kind: 'remove', queryKey: ['gone'] }, { kind: 'relist', queryKey: ['list'] }]);
    expect(client.getQueryData(['gone'])).toBeUndefined();
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toEqual({ pages: [page(1)], pageParams: [0] }));
    receiveMessage(client, [{ kind: 'everything' }]);
    expect(client.getQueryState(['off'])).toBeUndefined();
  });

  it('refreshes a prefix or an exact key', () => {
    const client = clientWith([[['p', '1'], 1], [['p', '1', 'log'], 2], [['q'], 3]]);
    receiveChanges(client, [{ kind: 'refresh', queryKey: ['p', '1'], exact: true }]);
    expect([invalidated(client, ['p', '1']), invalidated(client, ['p', '1', 'log']), invalidated(client, ['q'])]).toEqual([true, false, false]);
    receiveChanges(client, [{ kind: 'refresh', queryKey: ['p'] }]);
    expect(invalidated(client, ['p', '1', 'log'])).toBe(true);
  });

  it('a removed record leaves what is off screen; what is on screen refetches and learns it is gone', async () => {
    const client = clientWith([[['dashboards', '5', 'sharing'], 'off screen'], [['other'], 1]]);
    const fetches = onScreen(client, ['dashboards', '5'], 'refetched');
    await vi.waitFor(() => expect(client.getQueryData(['dashboards', '5'])).toBe('refetched'));
    receiveChanges(client, [{ kind: 'remove', queryKey: ['dashboards', '5'] }]);
    expect(client.getQueryState(['dashboards', '5', 'sharing'])).toBeUndefined();
    await vi.waitFor(() => expect(fetches()).toBe(2));
    expect(client.getQueryData(['other'])).toBe(1);
    expect(invalidated(client, ['other'])).toBe(false);
  });

  it('on everything: forgets what is off screen and refetches what is on it', async () => {
    const client = clientWith([[['off'], 1]]);
    const fetches = onScreen(client, ['on'], 'fresh');
    await vi.waitFor(() => expect(client.getQueryData(['on'])).toBe('fresh'));
    receiveChanges(client, [{ kind: 'everything' }]);
    expect(client.getQueryState(['off'])).toBeUndefined();
    await vi.waitFor(() => expect(fetches()).toBe(2));
  });
});
