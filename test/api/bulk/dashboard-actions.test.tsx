/**
 * dashboard-actions.ts against the mock and a query client in a page: what each bulk request sends,
 * every dashboard matching fetched page by page, and what the mutations of a run change in this tab
 * and tell the others. Its functions of no page (names, bodies, the cache changes of a batch, the
 * batching per frame) are tested in node: dashboard-actions.test.ts.
 */
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAllMatching, sendBulkChange, useBulkAnswers, useBulkRun } from '../../../src/api/bulk/dashboard-actions.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { fetchDashboard, fetchDashboardPage } from '../../../src/api/resources/dashboards/dashboards.ts';
import type { Dashboard, DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { anotherTab, freshConsole, withQueryClient } from '../../console.ts';
import { server } from '../../setup.ts';

const { projects: P, dashboards: D } = seedIds;
const everything = { search: '', pinned: null };

describe('sendBulkChange', () => {
  it("the tag actions read the dashboard's tags right before their PATCH: a tag added since the list was read is kept", async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const stale = { id: D.boardMetrics, tags: ['exec'] };
    const answer = await sendBulkChange(P.app, { kind: 'addTag', tag: 'q3' }, stale, call);
    expect(answer.tags).toEqual(['exec', 'finance', 'q3']);
    const removed = await sendBulkChange(P.app, { kind: 'removeTag', tag: 'exec' }, stale, call);
    expect(removed.tags).toEqual(['finance', 'q3']);
    const sent = runtime.requestLog.get().map((entry) => entry.method).reverse();
    expect(sent).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
  });

  it('the other actions send their PATCH alone', async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const answer = await sendBulkChange(P.app, { kind: 'pin' }, { id: D.boardMetrics, tags: [] }, call);
    expect(answer.pinned).toBe(true);
    expect(runtime.requestLog.get()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, requestBody: { pinned: true } }),
    ]);
  });
});

describe('fetchAllMatching', () => {
  it('every dashboard matching, page by page, in the API’s order, telling how many of how many', async () => {
    const { call } = freshConsole({ key: 'phx_demo_admin' });
    const expected = await fetchDashboardPage(P.app, { search: 'experiment', limit: 1000 }, call);
    expect(expected.results.length).toBeGreaterThan(2);
    const heard: Array<[number, number]> = [];
    const all = await fetchAllMatching(P.app, { search: 'experiment', pinned: null }, { ...call, pageSize: 2, onPage: (loaded, total) => heard.push([loaded, total]) });
    expect(all.map((d) => d.id)).toEqual(expected.results.map((d) => d.id));
    const n = expected.count;
    expect(heard).toEqual(Array.from({ length: Math.ceil(n / 2) }, (_, i) => [Math.min(n, (i + 1) * 2), n]));
  });

  describe('against pages the test writes', () => {
    let items: DashboardListItem[];
    beforeEach(async () => {
      const { call } = freshConsole({ key: 'phx_demo_admin' });
      items = (await fetchDashboardPage(P.app, { limit: 6 }, call)).results;
    });

    function pages(answer: (offset: number, limit: number) => Paginated<DashboardListItem>) {
      const asked: Array<[number, number]> = [];
      server.use(
        http.get(`*/api/projects/${P.app}/dashboards/`, ({ request }) => {
          const url = new URL(request.url);
          const offset = Number(url.searchParams.get('offset'));
          const limit = Number(url.searchParams.get('limit'));
          asked.push([offset, limit]);
          return HttpResponse.json(answer(offset, limit));
        }),
      );
      return asked;
    }
    const page = (results: DashboardListItem[], count: number) => ({ count, next: null, previous: null, results });

    it('each id once, when a row moved between pages; the total never below what is loaded; 250 a page unless asked', async () => {
      const [a, b, c] = items as [DashboardListItem, DashboardListItem, DashboardListItem];
      // A row moved up while the pages were read: the second page repeats it.
      const asked = pages((offset) => (offset === 0 ? page([a, b], 2) : page([b, c], 2)));
      const heard: Array<[number, number]> = [];
      const { call } = freshConsole({ key: 'phx_demo_admin' });
      // The count says 2: the first page is the end.
      expect((await fetchAllMatching(P.app, everything, { ...call, onPage: (l, t) => heard.push([l, t]) })).map((d) => d.id)).toEqual([a.id, b.id]);
      expect(asked).toEqual([[0, 250]]);
      pages((offset) => (offset === 0 ? page([a, b], 6) : offset === 2 ? page([b, c], 6) : page([], 6)));
      heard.length = 0;
      expect((await fetchAllMatching(P.app, everything, { ...call, pageSize: 2, onPage: (l, t) => heard.push([l, t]) })).map((d) => d.id)).toEqual([
        a.id,
        b.id,
        c.id,
      ]);
      // An empty page ends it, below the count.
      expect(heard).toEqual([
        [2, 6],
        [3, 6],
        [3, 6],
      ]);
      pages(() => page([a, b, c], 1));
      heard.length = 0;
      await fetchAllMatching(P.app, everything, { ...call, onPage: (l, t) => heard.push([l, t]) });
      expect(heard).toEqual([[3, 3]]);
    });

    it('the pages ask at the offsets of what was loaded, with the filters', async () => {
      const asked = pages((offset, limit) => page(items.slice(offset, offset + limit), items.length));
      const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
      const all = await fetchAllMatching(P.app, { search: 'x', pinned: true }, { ...call, pageSize: 4 });
      expect(all).toHaveLength(items.length);
      expect(asked).toEqual([
        [0, 4],
        [4, 4],
      ]);
      expect(runtime.requestLog.get().at(-1)?.path).toContain('search=x');
    });

    it('a cancelled run stops before the next page', async () => {
      const controller = new AbortController();
      const asked = pages((offset, limit) => {
        controller.abort();
        return page(items.slice(offset, offset + limit), items.length);
      });
      const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
      await expect(fetchAllMatching(P.app, everything, { client: queryClient, signal: controller.signal, pageSize: 2 })).rejects.toThrow();
      expect(asked).toHaveLength(1);
    });
  });
});

describe('the mutations of a run', () => {
  const { told } = anotherTab();

  function render<T>(hook: () => T) {
    const console = freshConsole({ key: 'phx_demo_admin', syncTabs: true });
    const wrapper = withQueryClient(console.queryClient);
    return { ...renderHook(hook, { wrapper }), client: console.queryClient };
  }

  /** Marks a query of each key as held (data, not stale-marked) and reports which became stale. */
  function watch(client: QueryClient, keys: QueryKey[]) {
    for (const key of keys) client.setQueryData(key, { held: true });
    return () => keys.map((key) => client.getQueryState(key)?.isInvalidated ?? 'gone');
  }

  const keysOf = (projectId: number) => [
    keyRoots.project(projectId),
    [...keyRoots.activityLog(projectId), 'f'],
    [...keyRoots.dashboardDetails(projectId), 1],
    keyRoots.dashboardRows(projectId),
    [...keyRoots.dashboardSearches(projectId), 'q'],
    [...keyRoots.personAccess, 'p'],
    [...keyRoots.project(projectId), 'beneath'],
  ];

  it.each([
    // project, activity, details, rows, searches, person access, beneath the project
    ['pin', [false, true, false, false, true, false, false]],
    ['restore', [true, true, false, true, true, false, false]],
    ['delete', [true, true, false, false, true, false, false]],
    ['restrict', [false, true, false, false, true, true, false]],
    ['addTag', [false, true, false, false, true, false, false]],
  ] as const)('useBulkRun `%s`: what turns stale here', async (kind, stale) => {
    const { result, client } = render(() => useBulkRun(P.app));
    const staleNow = watch(client, keysOf(P.app));
    await act(() => result.current.mutateAsync({ kind, done: Promise.resolve() }));
    expect(staleNow()).toEqual(stale);
  });

  it.each([
    ['pin', false],
    ['delete', true],
    ['restore', true],
  ] as const)('useBulkRun `%s`: the other tabs refetch the first page of their lists, their details, rows, activity (and the project: %s)', async (kind, project) => {
    const { result } = render(() => useBulkRun(P.app));
    await act(() => result.current.mutateAsync({ kind, done: Promise.resolve() }));
    await vi.waitFor(() => expect(told().length).toBeGreaterThan(0));
    expect(told()).toEqual([
      { kind: 'relist', queryKey: keyRoots.dashboardLists(P.app) },
      { kind: 'refresh', queryKey: keyRoots.dashboardDetails(P.app) },
      ...(project ? [{ kind: 'refresh', queryKey: keyRoots.project(P.app), exact: true }] : []),
      { kind: 'refresh', queryKey: keyRoots.activityLog(P.app) },
      { kind: 'refresh', queryKey: keyRoots.dashboardRows(P.app) },
      { kind: 'refresh', queryKey: keyRoots.dashboardSearches(P.app) },
    ]);
  });

  it.each(['pin', 'unpin', 'restore'] as const)(
    'useBulkRun `%s` keeps only the first page of this tab’s lists (the order changed); delete leaves them (this tab holds each answer)',
    async (kind) => {
      const { result, client } = render(() => useBulkRun(P.app));
      const listKey: QueryKey = [...keyRoots.dashboardLists(P.app), 'l'];
      const twoPages = { pages: [{ count: 2, results: [{ id: 1 }] }, { count: 2, results: [{ id: 2 }] }], pageParams: [0, 1] };
      client.setQueryData(listKey, twoPages);
      await act(() => result.current.mutateAsync({ kind: 'delete', done: Promise.resolve() }));
      expect(client.getQueryData(listKey)).toEqual(twoPages);
      await act(() => result.current.mutateAsync({ kind, done: Promise.resolve() }));
      await vi.waitFor(() => expect((client.getQueryData(listKey) as typeof twoPages).pages).toHaveLength(1));
    },
  );

  it('useBulkRun settles when the run ends, with its outcome, and only then declares its changes', async () => {
    const { result, client } = render(() => useBulkRun(P.app));
    const staleNow = watch(client, [[...keyRoots.activityLog(P.app), 'f']]);
    let end = (_summary: string) => {};
    const done = new Promise<string>((resolve) => (end = resolve));
    let outcome: unknown;
    await act(async () => {
      void result.current.mutateAsync({ kind: 'pin', done }).then((value) => (outcome = value));
    });
    await vi.waitFor(() => expect(result.current.isPending).toBe(true));
    expect(staleNow()).toEqual([false]);
    expect(outcome).toBeUndefined();
    await act(async () => {
      end('summary');
      await done;
    });
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(outcome).toBe('summary');
    expect(staleNow()).toEqual([true]);
  });

  it('useBulkAnswers: writes the batch in this tab and tells the other tabs nothing', async () => {
    const { result, client } = render(() => useBulkAnswers(P.app));
    const { call } = freshConsole({ key: 'phx_demo_admin' });
    const dashboard = await fetchDashboard(P.app, D.boardMetrics, call);
    client.setQueryData(keyRoots.dashboard(P.app, D.boardMetrics), dashboard);
    const answers = [{ ...dashboard, name: 'Renamed' }];
    expect(await act(() => result.current.mutateAsync(answers))).toBe(answers);
    expect(client.getQueryData<Dashboard>(keyRoots.dashboard(P.app, D.boardMetrics))?.name).toBe('Renamed');
    await act(() => result.current.mutateAsync([{ ...dashboard, deleted: true }]));
    expect(client.getQueryData(keyRoots.dashboard(P.app, D.boardMetrics))).toBeUndefined();
    expect(told()).toEqual([]);
  });

  it('useBulkAnswers: a batch with a deletion stops a list loading its next page (asked at the old offsets), not a first load', async () => {
    const { result, client } = render(() => useBulkAnswers(P.app));
    const loaded: QueryKey = [...keyRoots.dashboardLists(P.app), 'loaded'];
    const first: QueryKey = [...keyRoots.dashboardLists(P.app), 'first'];
    client.setQueryData(loaded, { pages: [], pageParams: [] });
    const never = () => new Promise<never>(() => undefined);
    void client.fetchQuery({ queryKey: loaded, queryFn: never, staleTime: 0 });
    void client.fetchQuery({ queryKey: first, queryFn: never });
    expect([client.getQueryState(loaded)?.fetchStatus, client.getQueryState(first)?.fetchStatus]).toEqual(['fetching', 'fetching']);
    // One deletion in the batch is enough.
    await act(() => result.current.mutateAsync([{ id: 2, deleted: false } as Dashboard, { id: 1, deleted: true } as Dashboard]));
    expect(client.getQueryState(loaded)?.fetchStatus).toBe('idle');
    expect(client.getQueryState(first)?.fetchStatus).toBe('fetching');
    // Without a deletion (or with no answer at all), nothing is stopped.
    void client.fetchQuery({ queryKey: loaded, queryFn: never, staleTime: 0 });
    await act(() => result.current.mutateAsync([{ id: 1, deleted: false } as Dashboard]));
    await act(() => result.current.mutateAsync([]));
    expect(client.getQueryState(loaded)?.fetchStatus).toBe('fetching');
  });

  it('useBulkAnswers: offline, a batch is written at once (it sends nothing) and a deletion stops a next page waiting for the network (asked at the old offsets)', async () => {
    const { result, client } = render(() => useBulkAnswers(P.app));
    const waiting: QueryKey = [...keyRoots.dashboardLists(P.app), 'waiting'];
    client.setQueryData(waiting, { pages: [], pageParams: [] });
    onlineManager.setOnline(false);
    try {
      void client.fetchQuery({ queryKey: waiting, queryFn: () => new Promise<never>(() => undefined), staleTime: 0 });
      expect(client.getQueryState(waiting)?.fetchStatus).toBe('paused');
      const answers = [{ id: 1, deleted: true } as Dashboard];
      await act(async () => {
        await expect(result.current.mutateAsync(answers)).resolves.toBe(answers);
      });
      expect(client.getQueryState(waiting)?.fetchStatus).toBe('idle');
      await act(async () => {
        onlineManager.setOnline(true);
      });
      expect(client.getQueryState(waiting)?.fetchStatus).toBe('idle');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
