/**
 * organization-actions.ts: the bulk actions of All dashboards: each request sent to the dashboard's
 * own project, the answer as the change of its slim row (and its sharing), and what a run's end
 * marks stale in each project it touched, here and in the other tabs.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  organizationAnswersChanged,
  organizationBulkAuthorization,
  organizationBulkVerb,
  sendOrganizationBulk,
  useOrganizationBulkAnswers,
  useOrganizationBulkRun,
  type OrganizationBulkAction,
  type OrganizationBulkResult,
} from '../../../src/api/bulk/organization-actions.ts';
import { applyChanges, changesToSend } from '../../../src/api/client/changes.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { fetchDashboard } from '../../../src/api/resources/dashboards/dashboards.ts';
import { organizationDashboardKey, type OrganizationDashboard, type ProjectRows } from '../../../src/api/resources/dashboards/dashboard-rows.ts';
import { fetchSharing, sharingQueries } from '../../../src/api/resources/sharing.ts';
import type { SharingConfiguration } from '../../../src/contract/dashboard-sharing.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { anotherTab, freshConsole, withQueryClient } from '../../console.ts';

const { projects: P, dashboards: D } = seedIds;

const row = (projectId: number, id: number, fields: Partial<OrganizationDashboard> = {}): OrganizationDashboard =>
  ({
    key: organizationDashboardKey(projectId, id),
    projectId,
    projectName: `P${projectId}`,
    id,
    name: `D${id}`,
    tags: [],
    pinned: false,
    is_shared: false,
    ...fields,
  }) as OrganizationDashboard;

describe('what each action is called and asks', () => {
  it('the sharing actions have their own names and ask to change sharing; the others are the project list’s', () => {
    expect(organizationBulkVerb({ kind: 'stopSharing' })).toBe('Stop sharing');
    expect(organizationBulkVerb({ kind: 'rotateLinks' })).toBe('Rotate links');
    expect(organizationBulkVerb({ kind: 'addTag', tag: 'x' })).toBe('Add the tag “x”');
    expect(organizationBulkVerb({ kind: 'delete' })).toBe('Delete');
    expect(organizationBulkAuthorization({ kind: 'stopSharing' })).toBe('editSharing');
    expect(organizationBulkAuthorization({ kind: 'rotateLinks' })).toBe('editSharing');
    expect(organizationBulkAuthorization({ kind: 'restrict' })).toBe('restrictDashboard');
    expect(organizationBulkAuthorization({ kind: 'restore' })).toBe('restoreDashboard');
    expect(organizationBulkAuthorization({ kind: 'pin' })).toBe('editDashboard');
  });
});

describe('sendOrganizationBulk: one request to the dashboard’s own project', () => {
  it('Stop sharing turns sharing off; the row is no longer shared', async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const answer = await sendOrganizationBulk({ kind: 'stopSharing' }, row(P.app, D.productOverview, { is_shared: true }), call);
    expect(answer.row).toEqual({ is_shared: false });
    expect(answer.sharing?.enabled).toBe(false);
    expect(runtime.requestLog.get()[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/`,
      requestBody: { enabled: false },
    });
  });

  it('Rotate links gives a new link, sharing stays on', async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const before = await fetchSharing(P.app, D.productOverview, call);
    const answer = await sendOrganizationBulk({ kind: 'rotateLinks' }, row(P.app, D.productOverview, { is_shared: true }), call);
    expect(answer.row).toEqual({ is_shared: true });
    expect(answer.sharing?.enabled).toBe(true);
    expect(answer.sharing?.access_token).not.toBe(before.access_token);
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'POST', path: `/api/projects/${P.app}/dashboards/${D.productOverview}/sharing/refresh/` });
  });

  it('the project list’s actions send its PATCH: the row takes the answer’s fields; a deleted one leaves (null)', async () => {
    const { call } = freshConsole({ key: 'phx_demo_admin' });
    const pinned = await sendOrganizationBulk({ kind: 'pin' }, row(P.app, D.boardMetrics), call);
    expect(pinned.row).toMatchObject({ pinned: true, name: 'Board metrics' });
    expect(pinned.sharing).toBeUndefined();
    expect(await sendOrganizationBulk({ kind: 'delete' }, row(P.app, D.boardMetrics), call)).toEqual({ row: null });
    expect((await fetchDashboard(P.app, D.boardMetrics, call).catch(() => ({ deleted: true }))).deleted).toBe(true);
  });
});

describe('organizationAnswersChanged: a batch of answers in this tab', () => {
  const sharing = (enabled: boolean) => ({ enabled, access_token: 't' }) as SharingConfiguration;

  it("changes each project's rows in one pass, and sets each answered sharing configuration; tells the other tabs nothing", () => {
    const client = new QueryClient();
    client.setQueryData(keyRoots.dashboardRows(P.app), { rows: [row(P.app, 1, { is_shared: true }), row(P.app, 2)], count: 2, complete: true });
    client.setQueryData(keyRoots.dashboardRows(P.marketing), { rows: [row(P.marketing, 3, { is_shared: true })], count: 1, complete: true });
    // The sharing configurations this tab holds (an update writes what is cached).
    for (const [projectId, id] of [[P.app, 1], [P.marketing, 3], [P.app, 2]] as const) {
      client.setQueryData(sharingQueries.detail(projectId, id).queryKey, sharing(true));
    }
    const results: OrganizationBulkResult[] = [
      { row: row(P.app, 1), answer: { row: { is_shared: false }, sharing: sharing(false) } },
      { row: row(P.marketing, 3), answer: { row: { is_shared: false }, sharing: sharing(false) } },
      { row: row(P.app, 2), answer: { row: null } },
    ];
    const changes = organizationAnswersChanged(results, false);
    applyChanges(client, changes);
    const app = client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.app))!;
    expect(app.rows.map((r) => [r.id, r.is_shared])).toEqual([[1, false]]);
    expect(app.count).toBe(1);
    expect(client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.marketing))!.rows.map((r) => r.is_shared)).toEqual([false]);
    expect(client.getQueryData(sharingQueries.detail(P.app, 1).queryKey)).toEqual(sharing(false));
    expect(client.getQueryData(sharingQueries.detail(P.marketing, 3).queryKey)).toEqual(sharing(false));
    expect(client.getQueryData(sharingQueries.detail(P.app, 2).queryKey)).toEqual(sharing(true));
    expect(changesToSend(changes)).toEqual([]);
    // One change of rows per project, before the sharing ones.
    expect(changes.map((change) => change.kind === 'update' && change.queryKey)).toEqual([
      keyRoots.dashboardRows(P.marketing),
      keyRoots.dashboardRows(P.app),
      sharingQueries.detail(P.app, 1).queryKey,
      sharingQueries.detail(P.marketing, 3).queryKey,
    ]);
  });

  it('restoring brings absent rows back with the answer’s fields; a row answered null is not brought back', () => {
    const client = new QueryClient();
    client.setQueryData(keyRoots.dashboardRows(P.app), { rows: [row(P.app, 1)], count: 1, complete: true });
    const results: OrganizationBulkResult[] = [
      { row: row(P.app, 2, { name: 'Back' }), answer: { row: { pinned: true } } },
      { row: row(P.app, 3), answer: { row: null } },
    ];
    applyChanges(client, organizationAnswersChanged(results, true));
    const after = client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.app))!;
    expect(after.rows.map((r) => [r.id, r.name, r.pinned])).toEqual([
      [1, 'D1', false],
      [2, 'Back', true],
    ]);
    expect(after.count).toBe(2);
    // Not restoring: an absent row stays absent.
    applyChanges(client, organizationAnswersChanged([{ row: row(P.app, 4), answer: { row: { pinned: true } } }], false));
    expect(client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.app))!.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('rows of another shape are left alone', () => {
    const client = new QueryClient();
    client.setQueryData(keyRoots.dashboardRows(P.app), ['not', 'rows']);
    applyChanges(client, organizationAnswersChanged([{ row: row(P.app, 1), answer: { row: null } }], false));
    expect(client.getQueryData(keyRoots.dashboardRows(P.app))).toEqual(['not', 'rows']);
  });
});

describe('the mutations of a run across projects', () => {
  const { told } = anotherTab();

  function render<T>(hook: () => T) {
    const console = freshConsole({ key: 'phx_demo_admin', syncTabs: true });
    const wrapper = withQueryClient(console.queryClient);
    return { ...renderHook(hook, { wrapper }), client: console.queryClient };
  }

  const keysOf = (projectId: number): QueryKey[] => [
    keyRoots.project(projectId),
    [...keyRoots.activityLog(projectId), 'f'],
    [...keyRoots.dashboardDetails(projectId), 1],
    keyRoots.dashboardRows(projectId),
    [...keyRoots.dashboardLists(projectId), 'l'],
    [...keyRoots.project(projectId), 'beneath'],
  ];

  it.each([
    // project, activity, details, rows (held here already), lists, beneath the project; person access
    [{ kind: 'pin' }, [false, true, true, false, true, false], false],
    [{ kind: 'delete' }, [true, true, true, false, true, false], false],
    [{ kind: 'restore' }, [true, true, true, false, true, false], false],
    [{ kind: 'allowEveryone' }, [false, true, true, false, true, false], true],
    [{ kind: 'stopSharing' }, [false, true, true, false, true, false], false],
  ] as Array<[OrganizationBulkAction, boolean[], boolean]>)('useOrganizationBulkRun %j: what turns stale here, in every project it touched', async (action, stale, person) => {
    const { result, client } = render(() => useOrganizationBulkRun());
    const keys = [...keysOf(P.app), ...keysOf(P.marketing), ...keysOf(P.mobile), [...keyRoots.personAccess, 'p']];
    for (const key of keys) client.setQueryData(key, { held: true });
    await act(() => result.current.mutateAsync({ action, done: Promise.resolve([P.app, P.marketing, P.app]) }));
    const staleNow = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    // The mobile project was not touched.
    expect(staleNow).toEqual([...stale, ...stale, ...stale.map(() => false), person]);
  });

  it('useOrganizationBulkRun: the other tabs are told once per project, their rows too', async () => {
    const { result } = render(() => useOrganizationBulkRun());
    await act(() => result.current.mutateAsync({ action: { kind: 'restrict' }, done: Promise.resolve([P.app, P.app]) }));
    await vi.waitFor(() => expect(told().length).toBeGreaterThan(0));
    expect(told()).toEqual([
      { kind: 'relist', queryKey: keyRoots.dashboardLists(P.app) },
      { kind: 'refresh', queryKey: keyRoots.dashboardDetails(P.app) },
      { kind: 'refresh', queryKey: keyRoots.activityLog(P.app) },
      { kind: 'refresh', queryKey: keyRoots.dashboardRows(P.app) },
      { kind: 'refresh', queryKey: keyRoots.personAccess },
    ]);
  });

  it('useOrganizationBulkAnswers: the batch is written here, the other tabs told nothing', async () => {
    const { result, client } = render(() => useOrganizationBulkAnswers());
    client.setQueryData(keyRoots.dashboardRows(P.app), { rows: [row(P.app, 1)], count: 1, complete: true });
    const results: OrganizationBulkResult[] = [{ row: row(P.app, 2), answer: { row: {} } }];
    expect(await act(() => result.current.mutateAsync({ results, restoring: true }))).toBe(results);
    expect(client.getQueryData<ProjectRows>(keyRoots.dashboardRows(P.app))!.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(told()).toEqual([]);
  });
});
