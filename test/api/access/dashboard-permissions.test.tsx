/**
 * dashboard-permissions.ts: a dashboard page's answers (edit, restrict, share, move tiles), with the
 * rule that holds the caller to viewing named in the verdict's words.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useDashboardPermissions } from '../../../src/api/access/dashboard-permissions.ts';
import { fetchDashboard } from '../../../src/api/resources/dashboards/dashboards.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { freshConsole, withQueryClient } from '../../console.ts';
import { server } from '../../setup.ts';

const { projects: P, dashboards: D } = seedIds;
const LOAD = { timeout: 10_000 };

async function permissions(key: string, dashboardId: number) {
  const { queryClient, call } = freshConsole({ key });
  const dashboard = await fetchDashboard(P.app, dashboardId, call);
  const wrapper = withQueryClient(queryClient);
  return renderHook(() => useDashboardPermissions(P.app, dashboard), { wrapper }).result;
}

describe('useDashboardPermissions', () => {
  it('a member held to viewing by the rule for everyone is told so on every change', async () => {
    const result = await permissions('phx_demo_member', D.hiringPlan);
    const why = 'You can view this dashboard by the rule for everyone.';
    await waitFor(() => expect(result.current.edit).toBe(why), LOAD);
    expect(result.current).toEqual({ edit: why, restrict: why, share: why, moveTile: why });
  });

  it('an admin may do all four', async () => {
    const result = await permissions('phx_demo_admin', D.hiringPlan);
    await waitFor(() => expect(result.current).toEqual({ edit: null, restrict: null, share: null, moveTile: null }), LOAD);
  });

  it('a read-only key is refused each change for its scope', async () => {
    const result = await permissions('phx_demo_readonly', D.productOverview);
    await waitFor(() => expect(result.current.edit).toBe('This API key cannot change dashboards: it lacks the dashboard:write scope.'), LOAD);
    expect(result.current.share).toBe('This API key cannot change sharing: it lacks the sharing_configuration:write scope.');
    expect(result.current.moveTile).toBe('This API key cannot move tiles: it lacks the dashboard:write scope.');
  });

  it("where the key's scopes cannot be learnt, the rules are still read and their reason given", async () => {
    server.use(
      http.get('*/api/personal_api_keys/@current/', () =>
        HttpResponse.json({ type: 'server_error', code: 'error', detail: 'Down.', attr: null }, { status: 500 }),
      ),
    );
    const result = await permissions('phx_demo_member', D.hiringPlan);
    await waitFor(() => expect(result.current.edit).toBe('You can view this dashboard by the rule for everyone.'), LOAD);
  });

  it('while the scopes load, the rules are not read: the generic sentence for the level', async () => {
    server.use(http.get('*/api/personal_api_keys/@current/', () => new Promise<Response>(() => undefined)));
    const result = await permissions('phx_demo_member', D.hiringPlan);
    expect(result.current.edit).toBe('You can view this dashboard by its access rules, but not change it.');
  });
});
