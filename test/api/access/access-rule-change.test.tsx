// An access rule change is a declared change like the others (DESIGN.md rule 1): the dashboard's
// History, the project's Activity and the organization's rows (they carry `user_access_level`)
// follow it here, and the other tabs are told the same keys.
import { useInfiniteQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSetAccessRule } from '../../../src/api/access/access-controls.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { emptyProjectRows } from '../../../src/api/resources/dashboards/dashboard-rows.ts';
import { activityQueries, flattenActivity, noActivityFilters } from '../../../src/api/resources/activity.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { anotherTab, freshConsole, withQueryClient } from '../../console.ts';

const { projects: P, dashboards: D } = seedIds;
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 10_000 });

const { told } = anotherTab();

describe('An access rule change', () => {
  it("refreshes the dashboard's History, the project's Activity and the organization's rows, here and in the other tabs", async () => {
    const { queryClient: client } = freshConsole({ key: 'phx_demo_admin', syncTabs: true });
    const wrapper = withQueryClient(client);
    const history = { scope: 'Dashboard', itemId: String(D.boardMetrics), user: null };
    const { result } = renderHook(
      () => ({
        history: useInfiniteQuery(activityQueries.log(P.app, history)),
        activity: useInfiniteQuery(activityQueries.log(P.app, noActivityFilters)),
        setRule: useSetAccessRule(P.app, D.boardMetrics),
      }),
      { wrapper },
    );
    await eventually(() => expect(result.current.history.isSuccess && result.current.activity.isSuccess).toBe(true));
    const ruleChanges = (data: Parameters<typeof flattenActivity>[0]) =>
      flattenActivity(data).filter((entry) => entry.activity === 'access control changed' && entry.item_id === String(D.boardMetrics)).length;
    const before = { history: ruleChanges(result.current.history.data), activity: ruleChanges(result.current.activity.data) };
    // The organization's rows of the project, as All dashboards keeps them.
    client.setQueryData(keyRoots.dashboardRows(P.app), { ...emptyProjectRows, complete: true });

    await act(() => result.current.setRule.mutateAsync({ organizationMember: null, accessLevel: 'viewer' }));

    await eventually(() => expect(ruleChanges(result.current.history.data)).toBe(before.history + 1));
    await eventually(() => expect(ruleChanges(result.current.activity.data)).toBe(before.activity + 1));
    expect(client.getQueryState(keyRoots.dashboardRows(P.app))?.isInvalidated).toBe(true);
    await eventually(() => {
      const sent = told();
      expect(sent).toContainEqual({ kind: 'refresh', queryKey: keyRoots.activityLog(P.app) });
      expect(sent).toContainEqual({ kind: 'refresh', queryKey: keyRoots.dashboardRows(P.app) });
    });
  });
});
