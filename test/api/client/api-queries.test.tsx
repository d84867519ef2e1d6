import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { activityQueries, cursorOf, fetchActivityLogPage, flattenActivity, noActivityFilters } from '../../../src/api/resources/activity.ts';
import { changedFields } from '../../../src/api/client/changed-fields.ts';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { dashboardDisplayName, dashboardQueries } from '../../../src/api/resources/dashboards/dashboards.ts';
import { useDeleteDashboard, usePinDashboard, useRestoreDashboard } from '../../../src/api/resources/dashboards/dashboard-mutations.ts';
import { fetchMockInfo } from '../../../src/api/resources/mock.ts';
import { fetchAllMembers } from '../../../src/api/organization/organization.ts';
import { flattenPages, nextOffset } from '../../../src/api/client/pagination.ts';
import { projectQueries } from '../../../src/api/resources/projects.ts';
import { useUpdateProject } from '../../../src/api/resources/project-mutations.ts';
import type { ProjectUpdateInput } from '../../../src/contract/inputs.ts';
import { freshConsole, type TestConsole, withQueryClient } from '../../console.ts';
import { server } from '../../setup.ts';


/** A fresh console connected with the admin key, and a wrapper that provides its query client. */
function setup(): TestConsole & { wrapper: (props: { children: ReactNode }) => ReactNode } {
  const fresh = freshConsole({ key: 'phx_demo_admin' });
  const wrapper = withQueryClient(fresh.queryClient);
  return { ...fresh, wrapper };
}

const pinnedIn = (queryClient: QueryClient, search: string, id: number) =>
  queryClient
    .getQueryData(dashboardQueries.list(1, { search, pinned: null }).queryKey)
    ?.pages.flatMap((p) => p.results)
    .find((d) => d.id === id)?.pinned;

describe('infinite lists', () => {
  it('page by offset and count, never by following next', async () => {
    const { wrapper, runtime } = setup();
    const { result } = renderHook(() => useInfiniteQuery(dashboardQueries.list(1)), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const total = result.current.data!.pages[0]!.count;
    expect(total).toBeGreaterThanOrEqual(250);
    expect(result.current.hasNextPage).toBe(true);

    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage());
    }
    const { items, total: counted } = flattenPages(result.current.data);
    expect(items).toHaveLength(total);
    expect(counted).toBe(total);
    expect(new Set(items.map((d) => d.id)).size).toBe(total);
    const paths = runtime.requestLog.get().map((e) => e.path).reverse();
    expect(paths[0]).toBe('/api/projects/1/dashboards/?limit=100&offset=0');
    expect(paths[1]).toBe('/api/projects/1/dashboards/?limit=100&offset=100');
    expect(runtime.requestLog.get().every((e) => e.url.startsWith(window.location.origin))).toBe(true);
  });

  it('send search and pinned filters and stop on the last page', async () => {
    const { wrapper, runtime } = setup();
    const { result } = renderHook(() => useInfiniteQuery(dashboardQueries.list(1, { search: ' Product ', pinned: true })), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(runtime.requestLog.get()[0]!.path).toBe('/api/projects/1/dashboards/?search=Product&pinned=true&limit=100&offset=0');
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.data!.pages[0]!.results.every((d) => d.pinned)).toBe(true);
    expect(nextOffset({ count: 5, next: null, previous: null, results: [1, 2] }, 3)).toBeUndefined();
    expect(nextOffset({ count: 5, next: null, previous: null, results: [1, 2] }, 0)).toBe(2);
    expect(nextOffset({ count: 5, next: 'x', previous: null, results: [] }, 0)).toBeUndefined();
  });

  it('page the activity log by the cursor of next, keeping the filters', async () => {
    const entry = (id: string) => ({ id, user: null, activity: 'updated', scope: 'Dashboard', item_id: '7', detail: null, created_at: '2024-01-01T00:00:00Z' });
    server.use(
      http.get('*/api/projects/1/activity_log/', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === null
            ? { next: 'https://us.posthog.com/api/projects/1/activity_log/?cursor=cD0yMDI0&scope=Dashboard', previous: null, results: [entry('3'), entry('2')] }
            : { next: null, previous: 'https://us.posthog.com/api/projects/1/activity_log/?cursor=x', results: [entry('2'), entry('1')] },
        );
      }),
    );
    const { wrapper, runtime, call } = setup();
    const filters = { ...noActivityFilters, scope: 'Dashboard', itemId: '7' };
    const { result } = renderHook(() => useInfiniteQuery(activityQueries.log(1, filters)), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.hasNextPage).toBe(false);
    expect(flattenActivity(result.current.data).map((e) => e.id)).toEqual(['3', '2', '1']);
    const paths = runtime.requestLog.get().map((e) => e.path).reverse();
    expect(paths).toEqual([
      '/api/projects/1/activity_log/?scope=Dashboard&item_id=7',
      '/api/projects/1/activity_log/?scope=Dashboard&item_id=7&cursor=cD0yMDI0',
    ]);
    // Every request stays on the console's own host, whatever host `next` names.
    expect(runtime.requestLog.get().every((e) => e.url.startsWith(window.location.origin))).toBe(true);
    expect(cursorOf(null)).toBeUndefined();
    expect(cursorOf('/api/projects/1/activity_log/?limit=1')).toBeUndefined();
    expect((await fetchActivityLogPage(1, { ...noActivityFilters, user: '5' }, undefined, call)).results).toHaveLength(2);
  });

  it('type every cache write by the factory that owns the key', () => {
    const { queryClient } = setup();
    const detail = dashboardQueries.detail(1, 1);
    // @ts-expect-error a dashboard's entry holds a dashboard: `tsc` refuses a number (this line is the check)
    queryClient.setQueryData(detail.queryKey, 42);
    // @ts-expect-error the same for a project
    queryClient.setQueryData(projectQueries.detail(1).queryKey, { name: 'no id' });
    // Reads are typed too: `pinned` is known without a cast.
    const pinned: boolean | undefined = queryClient.getQueryData(detail.queryKey)?.pinned;
    expect(pinned).toBeUndefined();
  });

  it('fetch every page of the members', async () => {
    const { call } = setup();
    const everyone = await fetchAllMembers('@current', call);
    expect(everyone.length).toBeGreaterThanOrEqual(6);
    server.use(
      http.get('*/api/organizations/:org/members/', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
        const slice = everyone.slice(offset, offset + 2);
        return HttpResponse.json({ count: everyone.length, next: null, previous: null, results: slice });
      }),
    );
    const paged = await fetchAllMembers('@current', call);
    expect(paged.map((m) => m.id)).toEqual(everyone.map((m) => m.id));
  });
});

describe('mutations', () => {
  async function loadTwoLists(queryClient: QueryClient) {
    await queryClient.fetchInfiniteQuery(dashboardQueries.list(1));
    await queryClient.fetchInfiniteQuery(dashboardQueries.list(1, { search: 'Product', pinned: null }));
  }

  it('pin at once in every cached list, and keep it when the API agrees', async () => {
    const { queryClient, wrapper } = setup();
    await loadTwoLists(queryClient);
    expect(pinnedIn(queryClient, '', 1)).toBe(true);
    expect(pinnedIn(queryClient, 'Product', 1)).toBe(true);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch('*/api/projects/1/dashboards/1/', async () => {
        await gate;
        return undefined;
      }),
    );
    const { result } = renderHook(() => usePinDashboard(1), { wrapper });
    act(() => result.current.mutate({ dashboardId: 1, pinned: false }));
    await waitFor(() => expect(pinnedIn(queryClient, '', 1)).toBe(false));
    expect(pinnedIn(queryClient, 'Product', 1)).toBe(false);
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(dashboardQueries.detail(1, 1).queryKey)?.pinned).toBe(false);
  });

  it('roll the pin back when the API refuses', async () => {
    const { queryClient, wrapper, runtime } = setup();
    saveConnection(runtime, { host: '', key: 'phx_demo_readonly', remember: false });
    await loadTwoLists(queryClient);
    const { result } = renderHook(() => usePinDashboard(1), { wrapper });
    act(() => result.current.mutate({ dashboardId: 1, pinned: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 403, detail: "API key missing required scope 'dashboard:write'" });
    expect(pinnedIn(queryClient, '', 1)).toBe(true);
    expect(pinnedIn(queryClient, 'Product', 1)).toBe(true);
  });

  it('a failed pin puts back the value it had, not the opposite of what was asked', async () => {
    const { queryClient, wrapper, runtime } = setup();
    saveConnection(runtime, { host: '', key: 'phx_demo_readonly', remember: false });
    await loadTwoLists(queryClient);
    // Already pinned (another tab's pin, or a second press before the list refetched): pinned again, refused.
    expect(pinnedIn(queryClient, '', 1)).toBe(true);
    const { result } = renderHook(() => usePinDashboard(1), { wrapper });
    act(() => result.current.mutate({ dashboardId: 1, pinned: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(pinnedIn(queryClient, '', 1)).toBe(true);
    expect(pinnedIn(queryClient, 'Product', 1)).toBe(true);
  });

  it('soft-delete with PATCH deleted=true, drop it from cached lists, and restore', async () => {
    const { queryClient, wrapper, runtime } = setup();
    await loadTwoLists(queryClient);
    const before = queryClient.getQueryData(dashboardQueries.list(1).queryKey)!.pages[0]!.count;
    const { result } = renderHook(() => ({ remove: useDeleteDashboard(1), restore: useRestoreDashboard(1) }), { wrapper });

    await act(() => result.current.remove.mutateAsync(2));
    const deleteCall = runtime.requestLog.get().find((e) => e.method === 'PATCH');
    expect(deleteCall).toMatchObject({ path: '/api/projects/1/dashboards/2/', requestBody: { deleted: true }, status: 200 });
    const list = queryClient.getQueryData(dashboardQueries.list(1).queryKey);
    expect(list?.pages.flatMap((p) => p.results).some((d) => d.id === 2)).toBe(false);

    const restored = await act(() => result.current.restore.mutateAsync(2));
    expect(restored.deleted).toBe(false);
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'PATCH', requestBody: { deleted: false }, status: 200 });
    expect(queryClient.getQueryData(dashboardQueries.list(1).queryKey)!.pages[0]!.count).toBe(before - 1);
    expect(queryClient.getQueryState(dashboardQueries.list(1).queryKey)?.isInvalidated).toBe(true);
    const refetched = await queryClient.fetchInfiniteQuery(dashboardQueries.list(1));
    expect(refetched.pages[0]!.count).toBe(before);
  });

  it('invalidate what meta.invalidates names, and PATCH only changed fields', async () => {
    const { queryClient, wrapper, runtime } = setup();
    const project = await queryClient.fetchQuery(projectQueries.detail(1));
    await queryClient.fetchInfiniteQuery(projectQueries.list(''));
    const draft: ProjectUpdateInput = { name: 'Hedgebox App (renamed)', app_urls: [...project.app_urls], timezone: project.timezone };
    const changes = changedFields(project, draft);
    expect(changes).toEqual({ name: 'Hedgebox App (renamed)' });
    expect(changedFields({ a: { x: 1, y: [1] } }, { a: { y: [1], x: 1 } })).toEqual({});

    const { result } = renderHook(() => useUpdateProject(1), { wrapper });
    await act(() => result.current.mutateAsync(changes));
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'PATCH', path: '/api/projects/1/', requestBody: { name: 'Hedgebox App (renamed)' } });
    expect(queryClient.getQueryData(projectQueries.detail(1).queryKey)?.name).toBe('Hedgebox App (renamed)');
    expect(queryClient.getQueryState(projectQueries.list('').queryKey)?.isInvalidated).toBe(true);
  });
});

describe('small helpers', () => {
  it('name untitled dashboards and detect the mock', async () => {
    const { call } = setup();
    expect(dashboardDisplayName({ name: null })).toBe('Untitled dashboard');
    expect(dashboardDisplayName({ name: '  ' })).toBe('Untitled dashboard');
    expect(dashboardDisplayName({ name: 'Sales' })).toBe('Sales');
    expect((await fetchMockInfo(call))?.mock).toBe(true);
    server.use(http.get('*/__mock/info', () => new HttpResponse('<html>Not found</html>', { status: 404 })));
    expect(await fetchMockInfo(call)).toBeNull();
  });
});
