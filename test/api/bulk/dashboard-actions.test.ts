/**
 * dashboard-actions.ts, its functions of no page (in node): what each bulk action is called, sends
 * and asks; what a batch of a run's answers changes in this tab's cache; and the batching of answers
 * per animation frame. The requests, the pages of every match and the mutations of a run, against
 * the mock in a page: dashboard-actions.test.tsx.
 */
import { QueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  batchAnswers,
  bulkActionVerb,
  bulkAnswersChanged,
  bulkAuthorizationAction,
  bulkChange,
  bulkItemName,
  restrictsEditing,
  type BulkActionKind,
} from '../../../src/api/bulk/dashboard-actions.ts';
import { applyChanges, changesToSend } from '../../../src/api/client/changes.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { organizationDashboardKey, type OrganizationDashboard, type ProjectRows } from '../../../src/api/resources/dashboards/dashboard-rows.ts';
import type { Dashboard, DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';

const { projects: P } = seedIds;

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

  it('a list the batch does not touch is not written: it keeps its age (and refetches when it would have)', () => {
    const client = new QueryClient();
    const untouched: QueryKey = [...keyRoots.dashboardLists(P.app), 'untouched'];
    const touched: QueryKey = [...keyRoots.dashboardLists(P.app), 'touched'];
    client.setQueryData(untouched, list([item(1)], [item(2)]), { updatedAt: 1 });
    client.setQueryData(touched, list([item(3)], [item(4)]), { updatedAt: 1 });
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(3)]));
    expect(client.getQueryState(untouched)?.dataUpdatedAt).toBe(1);
    expect(client.getQueryState(touched)?.dataUpdatedAt).not.toBe(1);
  });

  it('a detail (or what sits beneath it) still loading its first answer is left loading', () => {
    const client = new QueryClient();
    const never = () => new Promise<never>(() => undefined);
    const detail = keyRoots.dashboard(P.app, 1);
    const collaborators: QueryKey = [...keyRoots.dashboard(P.app, 1), 'collaborators'];
    void client.prefetchQuery({ queryKey: detail, queryFn: never });
    void client.prefetchQuery({ queryKey: collaborators, queryFn: never });
    applyChanges(client, bulkAnswersChanged(P.app, [answerFor(1)]));
    expect(client.getQueryState(detail)).toMatchObject({ data: undefined, status: 'pending', fetchStatus: 'fetching' });
    expect(client.getQueryState(collaborators)).toMatchObject({ data: undefined, status: 'pending', fetchStatus: 'fetching' });
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

describe('batchAnswers: what a frame is', () => {
  /** requestAnimationFrame as a browser has it: the test runs the frame. */
  function frames() {
    let next = 1;
    const pending = new Map<number, () => void>();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      pending.set(next, callback);
      return next++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => pending.delete(id));
    return {
      pending: () => pending.size,
      run: () => {
        const due = [...pending.values()];
        pending.clear();
        for (const callback of due) callback();
      },
    };
  }
  const page = (visibilityState: DocumentVisibilityState) => vi.stubGlobal('document', { visibilityState });

  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('on a page in view, the next animation frame; closing cancels it', () => {
    const frame = frames();
    page('visible');
    const batches: number[][] = [];
    const batcher = batchAnswers<number>((batch) => batches.push(batch));
    batcher.write(1);
    batcher.write(2);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([]);
    expect(frame.pending()).toBe(1);
    frame.run();
    expect(batches).toEqual([[1, 2]]);
    batcher.write(3);
    batcher.close();
    expect(batches).toEqual([[1, 2], [3]]);
    expect(frame.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on a hidden page (whose frames the browser holds back), 16 ms; closing clears the timer', () => {
    const frame = frames();
    page('hidden');
    const batches: number[][] = [];
    const batcher = batchAnswers<number>((batch) => batches.push(batch));
    batcher.write(1);
    expect(frame.pending()).toBe(0);
    vi.advanceTimersByTime(15);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[1]]);
    batcher.write(2);
    expect(vi.getTimerCount()).toBe(1);
    batcher.close();
    expect(batches).toEqual([[1], [2]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without a page (a worker with frames, or no frames at all), or a page without frames, 16 ms', () => {
    const cases = [
      () => frames(),
      () => undefined,
      () => page('visible'),
    ];
    for (const setUp of cases) {
      setUp();
      const batches: number[][] = [];
      batchAnswers<number>((batch) => batches.push(batch)).write(1);
      vi.advanceTimersByTime(16);
      expect(batches).toEqual([[1]]);
      vi.unstubAllGlobals();
    }
  });
});

