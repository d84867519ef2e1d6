/**
 * access-controls.ts: a dashboard's access rules (API.md §5.7) read, set and removed against the
 * mock; what a rule change writes into the cache and marks stale; whether a key may read the rules;
 * and the sentence that says why the caller can only view a dashboard.
 */
import { type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  accessControlQueries,
  fetchAccessControls,
  fetchUsersWithAccess,
  mayReadRules,
  putAccessControl,
  useCallerAccessReason,
  useSetAccessRule,
} from '../../../src/api/access/access-controls.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { fetchDashboard } from '../../../src/api/resources/dashboards/dashboards.ts';
import { fetchAllMembers, fetchMe } from '../../../src/api/organization/organization.ts';
import type { AccessControl, AccessControls } from '../../../src/contract/access-control.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { freshConsole, withQueryClient } from '../../console.ts';
import { server } from '../../setup.ts';

const { projects: P, dashboards: D } = seedIds;
const LOAD = { timeout: 10_000 };

function renderWith<T>(hook: () => T, key = 'phx_demo_admin') {
  const console = freshConsole({ key });
  const wrapper = withQueryClient(console.queryClient);
  return { ...renderHook(hook, { wrapper }), ...console };
}

describe('mayReadRules', () => {
  it('undefined while the scopes load, true where they cannot be known, else the access_control:read scope (or a broader one)', () => {
    expect(mayReadRules(undefined)).toBeUndefined();
    expect(mayReadRules(null)).toBe(true);
    expect(mayReadRules(['access_control:read'])).toBe(true);
    expect(mayReadRules(['access_control:write'])).toBe(true);
    expect(mayReadRules(['*'])).toBe(true);
    expect(mayReadRules([])).toBe(false);
    expect(mayReadRules(['dashboard:read'])).toBe(false);
  });
});

describe('reading and setting rules', () => {
  it("reads a dashboard's rules and who has access, at the dashboard's paths", async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const rules = await fetchAccessControls(P.app, D.hiringPlan, call);
    expect(rules.access_controls).toContainEqual(expect.objectContaining({ organization_member: null, access_level: 'viewer' }));
    await fetchUsersWithAccess(P.app, D.hiringPlan, call);
    const paths = runtime.requestLog.get().map((entry) => `${entry.method} ${entry.path}`);
    // The log lists the newest first.
    expect(paths).toEqual([
      `GET /api/projects/${P.app}/dashboards/${D.hiringPlan}/users_with_access/`,
      `GET /api/projects/${P.app}/dashboards/${D.hiringPlan}/access_controls/`,
    ]);
  });

  it('PUTs a level (the answer is the rule) or null (the rule is removed, nothing answered)', async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const rule = await putAccessControl(P.app, D.hiringPlan, { organizationMember: null, accessLevel: 'editor' }, call);
    expect(rule).toMatchObject({ organization_member: null, access_level: 'editor' });
    const put = runtime.requestLog.get()[0];
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/api/projects/${P.app}/dashboards/${D.hiringPlan}/access_controls/`,
      requestBody: { access_level: 'editor', organization_member: null },
    });
    expect(await putAccessControl(P.app, D.hiringPlan, { organizationMember: null, accessLevel: null }, call)).toBeNull();
    expect(runtime.requestLog.get()[0]?.requestBody).toEqual({ access_level: null, organization_member: null });
    const after = await fetchAccessControls(P.app, D.hiringPlan, call);
    expect(after.access_controls.filter((r) => r.organization_member == null && !r.role)).toEqual([]);
  });

  it("the queries' keys sit under the dashboard's, apart from each other", () => {
    const rules = accessControlQueries.rules(P.app, D.hiringPlan).queryKey;
    const users = accessControlQueries.usersWithAccess(P.app, D.hiringPlan).queryKey;
    const dashboard = keyRoots.dashboard(P.app, D.hiringPlan);
    expect(rules.slice(0, dashboard.length)).toEqual([...dashboard]);
    expect(users.slice(0, dashboard.length)).toEqual([...dashboard]);
    expect(rules).not.toEqual(users);
  });
});

describe('useSetAccessRule: what a rule change writes and marks stale', () => {
  const rule = (fields: Partial<AccessControl>): AccessControl => ({ access_level: 'viewer', organization_member: null, ...fields }) as AccessControl;

  async function change(cached: AccessControls, organizationMember: string | null, accessLevel: 'viewer' | 'editor' | null) {
    // The PUT answers the rule sent (or 204); the cache is what the test put there.
    server.use(
      http.put('*/access_controls/', async ({ request }) => {
        const body = (await request.json()) as { access_level: string | null; organization_member: string | null };
        if (body.access_level === null) return new HttpResponse(null, { status: 204 });
        return HttpResponse.json(rule({ access_level: body.access_level as 'viewer', organization_member: body.organization_member, id: 'new' } as Partial<AccessControl>));
      }),
      // The refetch after the change answers what the cache was given, so the update is what shows.
      http.get('*/access_controls/', () => new Promise<Response>(() => undefined)),
    );
    const rendered = renderWith(() => useSetAccessRule(P.app, D.hiringPlan));
    const rulesKey = accessControlQueries.rules(P.app, D.hiringPlan).queryKey;
    rendered.queryClient.setQueryData(rulesKey, cached);
    const watched: QueryKey[] = [
      accessControlQueries.usersWithAccess(P.app, D.hiringPlan).queryKey,
      keyRoots.dashboard(P.app, D.hiringPlan),
      [...keyRoots.dashboardLists(P.app), 'some list'],
      keyRoots.dashboardRows(P.app),
      [...keyRoots.activityLog(P.app), 'some filter'],
      [...keyRoots.personAccess, 'someone'],
      // Beneath the dashboard, not the dashboard itself: refreshed by its own key only.
      [...keyRoots.dashboard(P.app, D.hiringPlan), 'collaborators'],
    ];
    for (const key of watched) rendered.queryClient.setQueryData(key, { kept: true });
    await act(() => rendered.result.current.mutateAsync({ organizationMember, accessLevel }));
    const stale = (key: QueryKey) => rendered.queryClient.getQueryState(key)?.isInvalidated;
    return { rules: rendered.queryClient.getQueryData<AccessControls>(rulesKey), stale: watched.map(stale), rulesStale: stale(rulesKey) };
  }

  it("replaces the member's rule in the cached answer, keeping the others and production's role rules, and marks the affected keys stale", async () => {
    const others = [rule({ organization_member: null }), rule({ organization_member: 'm-2', access_level: 'editor' })];
    const roleRule = rule({ organization_member: 'm-1', role: 'r-1' } as Partial<AccessControl>);
    const cached = { access_controls: [rule({ organization_member: 'm-1' }), ...others, roleRule] } as AccessControls;
    const { rules, stale, rulesStale } = await change(cached, 'm-1', 'editor');
    expect(rules?.access_controls).toEqual([...others, roleRule, expect.objectContaining({ organization_member: 'm-1', access_level: 'editor' })]);
    expect(rulesStale).toBe(true);
    expect(stale).toEqual([true, true, true, true, true, true, false]);
  });

  it('a removed rule (Default) leaves the cached answer; the rule for everyone is matched by a missing member too', async () => {
    const member = rule({ organization_member: 'm-1' });
    const cached = { access_controls: [{ access_level: 'viewer' } as AccessControl, member] } as AccessControls;
    const { rules } = await change(cached, null, null);
    expect(rules?.access_controls).toEqual([member]);
  });
});

describe('useCallerAccessReason', () => {
  it('a member held to viewing by the rule for everyone is told so, in the verdict’s words', async () => {
    const { call } = freshConsole({ key: 'phx_demo_member' });
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    expect(dashboard.user_access_level).toBe('viewer');
    const { result } = renderWith(() => useCallerAccessReason(P.app, dashboard, ['*']), 'phx_demo_member');
    await waitFor(() => expect(result.current).toBe('You can view this dashboard by the rule for everyone.'), LOAD);
  });

  it('null, and nothing fetched, where the level lets them edit, the scopes forbid reading rules or are not known, or there is no dashboard', async () => {
    const { call } = freshConsole({ key: 'phx_demo_member' });
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    for (const [subject, scopes] of [
      [{ ...dashboard, user_access_level: 'editor' }, ['*']],
      [{ ...dashboard, user_access_level: 'manager' }, ['*']],
      [{ ...dashboard, user_access_level: null }, ['*']],
      [dashboard, ['dashboard:read']],
      [dashboard, undefined],
      [null, ['*']],
    ] as const) {
      const { result, queryClient } = renderWith(() => useCallerAccessReason(P.app, subject, scopes), 'phx_demo_member');
      expect(result.current).toBeNull();
      // The rules' query stands idle: never asked.
      const rules = queryClient.getQueryCache().find({ queryKey: accessControlQueries.rules(P.app, subject?.id ?? '').queryKey });
      expect(rules?.state.fetchStatus).toBe('idle');
      expect(rules?.state.data).toBeUndefined();
    }
  });

  it("the caller's own rule names it, where the rule for everyone gives no access", async () => {
    const { call } = freshConsole({ key: 'phx_demo_member' });
    const me = await fetchMe(call);
    const mine = (await fetchAllMembers('@current', call)).find((m) => m.user.uuid === me.uuid)!;
    const admin = freshConsole({ key: 'phx_demo_admin' });
    await putAccessControl(P.app, D.hiringPlan, { organizationMember: null, accessLevel: 'none' }, admin.call);
    await putAccessControl(P.app, D.hiringPlan, { organizationMember: mine.id, accessLevel: 'viewer' }, admin.call);
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    const { result } = renderWith(() => useCallerAccessReason(P.app, dashboard, ['*']), 'phx_demo_member');
    await waitFor(() => expect(result.current).toBe('You can view this dashboard by your own rule.'), LOAD);
  });

  it('a caller not among the members (another organization’s person) gets no sentence', async () => {
    const { call } = freshConsole({ key: 'phx_demo_member' });
    const me = await fetchMe(call);
    server.use(http.get('*/api/users/@me/', () => HttpResponse.json({ ...me, uuid: '00000000-0000-4000-8000-000000000000' })));
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    const { result, queryClient } = renderWith(() => useCallerAccessReason(P.app, dashboard, ['*']), 'phx_demo_member');
    await waitFor(() => {
      expect(queryClient.getQueryData(accessControlQueries.rules(P.app, D.hiringPlan).queryKey)).toBeDefined();
      expect(queryClient.isFetching()).toBe(0);
    }, LOAD);
    expect(result.current).toBeNull();
  });

  it('a key that may not read rules gets no sentence, even with the rules already cached by the Access tab', async () => {
    const { call, queryClient } = freshConsole({ key: 'phx_demo_member' });
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    const wrapper = withQueryClient(queryClient);
    const { result } = renderHook(() => useCallerAccessReason(P.app, dashboard, ['*']), { wrapper });
    await waitFor(() => expect(result.current).not.toBeNull(), LOAD);
    const unreadable = renderHook(() => useCallerAccessReason(P.app, dashboard, ['dashboard:read']), { wrapper });
    expect(unreadable.result.current).toBeNull();
  });

  it('where the rules as read disagree with the level the dashboard gave, the generic sentence stands (null)', async () => {
    const { call } = freshConsole({ key: 'phx_demo_member' });
    const dashboard = await fetchDashboard(P.app, D.hiringPlan, call);
    const { result, queryClient } = renderWith(() => useCallerAccessReason(P.app, { ...dashboard, user_access_level: 'none' }, null), 'phx_demo_member');
    const rulesKey = accessControlQueries.rules(P.app, D.hiringPlan).queryKey;
    // Every fact is in: the rules, the members, the person.
    await waitFor(() => {
      expect(queryClient.getQueryData(rulesKey)).toBeDefined();
      expect(queryClient.isFetching()).toBe(0);
    }, LOAD);
    expect(result.current).toBeNull();
  });
});
