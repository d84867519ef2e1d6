/**
 * dashboard-actions.ts: the bulk actions on a project's dashboards: what each is called and sends,
 * which authorization question it asks, every dashboard matching fetched page by page, the answers
 * written into this tab's cache in batches, and what a run's end tells this tab and the others.
 */
import { QueryClient, QueryClientProvider, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  batchAnswers,
  bulkActionVerb,
  bulkAnswersChanged,
  bulkAuthorizationAction,
  bulkChange,
  bulkItemName,
  fetchAllMatching,
  restrictsEditing,
  sendBulkChange,
  useBulkAnswers,
  useBulkRun,
  type BulkActionKind,
} from '../../../src/api/bulk/dashboard-actions.ts';
import { applyChanges, changesToSend } from '../../../src/api/client/changes.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { fetchDashboard, fetchDashboardPage } from '../../../src/api/resources/dashboards/dashboards.ts';
import { organizationDashboardKey, type OrganizationDashboard, type ProjectRows } from '../../../src/api/resources/dashboards/dashboard-rows.ts';
import type { TabMessage } from '../../../src/api/runtime/tab-channel.ts';
import type { Dashboard, DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

const { projects: P, dashboards: D } = seedIds;
const everything = { search: '', pinned: null };

describe('what each action is called, sends and asks', () => {
  const kinds: Array<[BulkActionKind, string, object]> = [
    ['pin', 'Pin', { pinned: true }],
    ['unpin', 'Unpin', { pinned: false }],
    ['restrict', 'Restrict editing', { restriction_level: 37 }],
    ['allowEveryone', 'Allow everyone to edit', { restriction_level: 21 }],
    ['delete', 'Delete', { deleted: true }],
    ['restore', 'Restore', { deleted: false }],
  ];

  it.each(kinds)('%s: “%s”, sends %j', (kind, verb, body) => {
    expect(bulkActionVerb({ kind })).toBe(verb);
    expect(bulkChange({ kind }, { tags: ['a'] })).toEqual(body);
  });

  it('the tag actions name the tag, and send the whole list: added once, normalized; removed whatever its case or spaces', () => {
    expect(bulkActionVerb({ kind: 'addTag', tag: 'q3' })).toBe('Add the tag “q3”');
    expect(bulkActionVerb({ kind: 'removeTag', tag: 'q3' })).toBe('Remove the tag “q3”');
    expect(bulkActionVerb({ kind: 'addTag' })).toBe('Add the tag “”');
    expect(bulkActionVerb({ kind: 'removeTag' })).toBe('Remove the tag “”');
    expect(bulkChange({ kind: 'addTag', tag: ' Q3 ' }, { tags: ['exec'] })).toEqual({ tags: ['exec', 'q3'] });
    expect(bulkChange({ kind: 'addTag', tag: 'exec' }, { tags: ['exec'] })).toEqual({ tags: ['exec'] });
    expect(bulkChange({ kind: 'addTag' }, { tags: ['exec'] })).toEqual({ tags: ['exec'] });
    expect(bulkChange({ kind: 'removeTag', tag: ' EXEC ' }, { tags: ['exec', 'Finance ', 'q3'] })).toEqual({ tags: ['Finance ', 'q3'] });
    expect(bulkChange({ kind: 'removeTag', tag: 'finance' }, { tags: ['exec', ' Finance '] })).toEqual({ tags: ['exec'] });
    expect(bulkChange({ kind: 'removeTag' }, { tags: ['exec'] })).toEqual({ tags: ['exec'] });
  });

  it("asks the question of the single control: who can edit is the creator's and admins', restoring is its own", () => {
    expect(bulkAuthorizationAction('restrict')).toBe('restrictDashboard');
    expect(bulkAuthorizationAction('allowEveryone')).toBe('restrictDashboard');
    expect(bulkAuthorizationAction('restore')).toBe('restoreDashboard');
    for (const kind of ['pin', 'unpin', 'addTag', 'removeTag', 'delete'] as const) expect(bulkAuthorizationAction(kind)).toBe('editDashboard');
    expect(['restrict', 'allowEveryone', 'pin', 'delete', 'restore'].map(restrictsEditing)).toEqual([true, true, false, false, false]);
  });

  it('a summary names a dashboard by its name, an unnamed one as Untitled dashboard', () => {
    expect(bulkItemName({ name: 'Board metrics' })).toBe('Board metrics');
    expect(bulkItemName({ name: '  ' })).toBe('Untitled dashboard');
    expect(bulkItemName({ name: null })).toBe('Untitled dashboard');
  });
});

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

describe('bulkAnswersChanged: a batch of answers in this tab’s cache', () => {
  const item = (id: number, fields: Partial<DashboardListItem> = {}) => ({ id, name: `D${id}`, pinned: false, tags: [], deleted: false, ...fields }) as DashboardListItem;
  const answerFor = (id: number, fields: Partial<Dashboard> = {}) =>
    ({
      id,
      name: `D${id} renamed`,
      description: 'new',
      pinned: true,
      tags: ['t'],
      deleted: false,
      is_shared: true,
      restriction_level: 37,
      effective_restriction_level: 37,
      effective_privilege_level: 37,
      user_access_level: 'editor',
      last_accessed_at: null,
      tiles: [],
      ...fields,
    }) as unknown as Dashboard;
  const list = (...pages: DashboardListItem[][]): InfiniteData<Paginated<DashboardListItem>, unknown> => {
    const count = pages.reduce((n, p) => n + p.length, 0);
    return {
      pages: pages.map((results) => ({ count, next: null, previous: null, results })),
      pageParams: pages.map((_, i) => pages.slice(0, i).reduce((n, p) => n + p.length, 0)),
    };
  };
  const row = (id: number): OrganizationDashboard =>
    ({ key: organizationDashboardKey(P.app, id), projectId: P.app, id, name: `D${id}`, pinned: false, tags: [] }) as unknown as OrganizationDashboard;

  it('merges the answers into every cached list, drops a deleted one and re-bases the later pages', () => {
    const client = new QueryClient();
    const listKey: QueryKey = [...keyRoots.dashboardLists(P.app), { search: '' }];
    const before = list([item(1), item(2)], [item(3), item(4)], [item(5)]);
    client.setQueryData(listKey, before);
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(2, { deleted: true }), answerFor(3)]));
    const after = client.getQueryData<typeof before>(listKey)!;
    expect(after.pages.map((p) => p.results.map((d) => d.id))).toEqual([[1], [3, 4], [5]]);
    expect(after.pages.map((p) => p.count)).toEqual([4, 4, 4]);
    expect(after.pageParams).toEqual([0, 1, 3]);
    // The list's fields of the answer, and nothing else of it.
    const merged = after.pages[1]!.results[0]!;
    expect(merged).toEqual({
      ...item(3),
      name: 'D3 renamed',
      description: 'new',
      pinned: true,
      tags: ['t'],
      deleted: false,
      is_shared: true,
      restriction_level: 37,
      effective_restriction_level: 37,
      effective_privilege_level: 37,
    });
  });

  it('a batch that touches no cached row leaves each list as it was; a list of another shape is left alone', () => {
    const client = new QueryClient();
    const listKey: QueryKey = [...keyRoots.dashboardLists(P.app), 'a'];
    const other: QueryKey = [...keyRoots.dashboardLists(P.app), 'plain'];
    const before = list([item(1)]);
    client.setQueryData(listKey, before);
    client.setQueryData(other, { results: [item(9)] });
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(9, { deleted: true })]));
    expect(client.getQueryData(listKey)).toBe(before);
    expect(client.getQueryData(other)).toEqual({ results: [item(9)] });
    // Without a deletion, a page the batch did not touch stays the same object.
    const twoPages = list([item(1)], [item(2)]);
    client.setQueryData(listKey, twoPages);
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(1)]));
    const merged = client.getQueryData(listKey) as typeof twoPages;
    expect(merged.pages[0]!.results[0]!.name).toBe('D1 renamed');
    expect(merged.pages[1]).toBe(twoPages.pages[1]);
    // A deleted row leaves.
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(1, { deleted: true })]));
    expect((client.getQueryData(listKey) as typeof before).pages[0]!.results).toEqual([]);
  });

  it("changes the organization's rows of the project, removes a deleted dashboard's entries, replaces a cached detail only", () => {
    const client = new QueryClient();
    const rows: ProjectRows = { rows: [row(1), row(2), row(3)], count: 3, complete: true };
    client.setQueryData(keyRoots.dashboardRows(P.app), rows);
    client.setQueryData(keyRoots.dashboard(P.app, 1), answerFor(1, { name: 'old' }));
    const collaborators: QueryKey = [...keyRoots.dashboard(P.app, 1), 'collaborators'];
    client.setQueryData(collaborators, [{ id: 'c' }]);
    client.setQueryData(keyRoots.dashboard(P.app, 2), answerFor(2));
    const sharing: QueryKey = [...keyRoots.dashboard(P.app, 3), 'sharing'];
    client.setQueryData(sharing, { restriction_level: 1, id: 'other' });
    const changes = bulkAnswersChanged(P.app, [answerFor(1), answerFor(2, { deleted: true }), answerFor(3)]);
    applyChanges(client, changes);
    const after = client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.app))!;
    expect(after.rows.map((r) => [r.id, r.name, r.pinned])).toEqual([
      [1, 'D1 renamed', true],
      [3, 'D3 renamed', true],
    ]);
    expect(after.count).toBe(2);
    expect(client.getQueryData(keyRoots.dashboard(P.app, 1))).toEqual(answerFor(1));
    expect(client.getQueryData(collaborators)).toEqual([{ id: 'c' }]);
    expect(client.getQueryData(sharing)).toEqual({ restriction_level: 1, id: 'other' });
    expect(client.getQueryData(keyRoots.dashboard(P.app, 2))).toBeUndefined();
    // This tab only: the run tells the other tabs once, at its end.
    expect(changesToSend(changes)).toEqual([]);
  });

  it("leaves rows of another shape, and another dashboard's detail, alone", () => {
    const client = new QueryClient();
    client.setQueryData(keyRoots.dashboardRows(P.app), { rows: 'not rows' });
    // The detail cached under 1's key is 4's (never so, but the check is by id).
    client.setQueryData(keyRoots.dashboard(P.app, 1), answerFor(4));
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(1, { name: 'x' })]));
    expect(client.getQueryData(keyRoots.dashboardRows(P.app))).toEqual({ rows: 'not rows' });
    expect(client.getQueryData(keyRoots.dashboard(P.app, 1))).toEqual(answerFor(4));
  });
});

describe('batchAnswers', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('hands over what arrived since the last frame, one batch a frame, and the rest on close', () => {
    const batches: number[][] = [];
    const batcher = batchAnswers<number>((batch) => batches.push(batch));
    batcher.write(1);
    batcher.write(2);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(batches).toEqual([[1, 2]]);
    batcher.write(3);
    batcher.close();
    expect(batches).toEqual([[1, 2], [3]]);
    // Closed with nothing queued: nothing handed over, and the frame it had asked for is cancelled.
    vi.advanceTimersByTime(20);
    batcher.close();
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('a frame with nothing queued hands nothing over', () => {
    const apply = vi.fn();
    const batcher = batchAnswers<number>(apply);
    batcher.write(1);
    batcher.close();
    vi.advanceTimersByTime(20);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});

describe('the mutations of a run', () => {
  let otherTab: BroadcastChannel;
  let received: TabMessage[];
  beforeEach(() => {
    otherTab = new BroadcastChannel('analytics-console:tabs');
    received = [];
    otherTab.onmessage = (event: MessageEvent) => void received.push(event.data as TabMessage);
  });
  afterEach(() => otherTab.close());

  const told = () => received.filter((message) => message.type === 'changes').flatMap((message) => message.changes);

  function render<T>(hook: () => T) {
    const console = freshConsole({ key: 'phx_demo_admin', syncTabs: true });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={console.queryClient}>{children}</QueryClientProvider>;
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

  it('useBulkRun: pin keeps only the first page of this tab’s lists; delete leaves them (this tab holds each answer)', async () => {
    const { result, client } = render(() => useBulkRun(P.app));
    const listKey: QueryKey = [...keyRoots.dashboardLists(P.app), 'l'];
    const twoPages = { pages: [{ count: 2, results: [{ id: 1 }] }, { count: 2, results: [{ id: 2 }] }], pageParams: [0, 1] };
    client.setQueryData(listKey, twoPages);
    await act(() => result.current.mutateAsync({ kind: 'delete', done: Promise.resolve() }));
    expect(client.getQueryData(listKey)).toEqual(twoPages);
    await act(() => result.current.mutateAsync({ kind: 'unpin', done: Promise.resolve() }));
    await vi.waitFor(() => expect((client.getQueryData(listKey) as typeof twoPages).pages).toHaveLength(1));
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
    const answer = { id: 1, deleted: true } as Dashboard;
    await act(() => result.current.mutateAsync([answer]));
    expect(client.getQueryState(loaded)?.fetchStatus).toBe('idle');
    expect(client.getQueryState(first)?.fetchStatus).toBe('fetching');
    // Without a deletion, nothing is stopped.
    void client.fetchQuery({ queryKey: loaded, queryFn: never, staleTime: 0 });
    await act(() => result.current.mutateAsync([{ id: 1, deleted: false } as Dashboard]));
    expect(client.getQueryState(loaded)?.fetchStatus).toBe('fetching');
  });
});
