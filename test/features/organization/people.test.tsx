/**
 * `People`, the person page and All dashboards' `Someone who left` (CONSOLE.md "Who can do what,
 * and why"), against the bundled mock's seed (API.md §9).
 */
import { act, configure, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useRemoveCollaborator } from '../../../src/api/resources/collaborators.ts';
import { useSetAccessRule } from '../../../src/api/access/access-controls.ts';
import { freshConsole, withQueryClient } from '../../console.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardListItem, Member, Paginated, ProjectListItem } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../render.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });
beforeAll(async () => {
  await import('../../../src/features/organization/people-page.tsx');
  await import('../../../src/features/organization/person-page.tsx');
  await import('../../../src/features/organization/all-dashboards-page.tsx');
});

const members = async () => (await apiGet<Paginated<Member>>('/api/organizations/@current/members/?limit=100')).results;
async function everyDashboard(): Promise<DashboardListItem[]> {
  const projects = (await apiGet<Paginated<ProjectListItem>>('/api/organizations/@current/projects/?limit=100')).results;
  const all: DashboardListItem[] = [];
  for (const project of projects) {
    all.push(...(await apiGet<Paginated<DashboardListItem>>(`/api/projects/${project.id}/dashboards/?limit=1000`)).results);
  }
  return all;
}

const cellsOf = (row: HTMLElement) =>
  [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent ?? '');

const loaded = async (name: string) => {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
  return table;
};

describe('People', () => {
  it('lists the members with role, last login, two-factor and the dashboards each created over every project', async () => {
    renderApp('/organization/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    const table = await loaded('Members');
    const expected = await members();
    const dashboards = await everyDashboard();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Person', 'Role', 'Joined', 'Last login', 'Two-factor', 'Dashboards created']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(expected.length);
    // Newest member first, as the API lists them.
    expect(cellsOf(rows[0]!)[0]).toContain(expected[0]!.user.email);
    for (const member of expected) {
      const row = rows.find((r) => r.textContent?.includes(member.user.email))!;
      const cells = cellsOf(row);
      expect(cells[1]).toBe(member.level >= 15 ? 'Owner' : member.level >= 8 ? 'Admin' : 'Member');
      if (member.last_login === null) expect(cells[3]).toBe('Never');
      expect(cells[4]).toBe(member.is_2fa_enabled ? 'On' : 'Off');
      await waitFor(() =>
        expect(cellsOf(rows.find((r) => r.textContent?.includes(member.user.email))!)[5]).toBe(
          String(dashboards.filter((d) => d.created_by?.uuid === member.user.uuid).length),
        ),
      );
    }
  });

  it('sorts by a column and searches people', async () => {
    const { user, location } = renderApp('/organization/people');
    const table = await loaded('Members');
    await user.click(within(table).getByRole('button', { name: /Dashboards created/ }));
    expect(location().search).toContain('sort=created');
    const counts = () => within(table).getAllByRole('row').slice(1).map((r) => Number(cellsOf(r)[5]));
    await waitFor(() => expect(counts()).toEqual([...counts()].sort((a, b) => a - b)));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'tanaka' } });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => cellsOf(r)[0])).toEqual([expect.stringContaining('Mei Tanaka')]));
  });

  it('opens a person: their role in words and the dashboards where they are an exception', async () => {
    const { user } = renderApp('/organization/people');
    await loaded('Members');
    await user.click(screen.getByRole('link', { name: 'Jonas Becker' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jonas Becker' })).toBeInTheDocument();
    expect(screen.getByText(/A member of the organization: can edit every dashboard/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Dashboards where Jonas is an exception' });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Reading access' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toContainEqual(['Board metrics', expect.any(String), 'Can edit', 'Invited to edit']);
    expect(rows).toContainEqual(['Year-end hiring plan', expect.any(String), 'Can edit', 'Can edit by their own rule']);
    expect(screen.getByRole('link', { name: 'Board metrics' })).toHaveAttribute(
      'href',
      `/projects/${seedIds.projects.app}/dashboards/${seedIds.dashboards.boardMetrics}/access`,
    );
  });

  it('lists a restricted-away member and the rule for everyone on the person page', async () => {
    const mei = (await members()).find((m) => m.user.email.startsWith('mei.'))!;
    renderApp(`/organization/people/${mei.user.uuid}`);
    const table = await screen.findByRole('table', { name: 'Dashboards where Mei is an exception' });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Reading access' })).not.toBeInTheDocument(), { timeout: 30_000 });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toContainEqual(['Board metrics', expect.any(String), 'Can view', 'Can view: editing is restricted to invited people']);
    expect(rows).toContainEqual(['Year-end hiring plan', expect.any(String), 'Can view', 'Can view by the rule for everyone']);
  });

  it('says an admin has no exceptions, without reading any rule', async () => {
    const priya = (await members()).find((m) => m.user.email.startsWith('priya.'))!;
    const { runtime } = renderApp(`/organization/people/${priya.user.uuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Priya/ })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing is an exception: an admin manages every dashboard/)).toBeInTheDocument();
    expect(runtime.requestLog.get().filter((entry) => entry.path.includes('access_controls'))).toEqual([]);
  });
});

describe('People and All dashboards share the organization’s rows', () => {
  const dashboardLists = (paths: ReadonlyArray<string>) => paths.filter((path) => /^\/api\/projects\/\d+\/dashboards\/\?/.test(path));

  it('going from People to All dashboards shows the rows at once, reading no project again', async () => {
    const all = await everyDashboard();
    const { router, runtime } = renderApp('/organization/people');
    await loaded('Members');
    const before = runtime.requestLog.get().length;
    await router.navigate('/organization/dashboards');
    expect(await screen.findByRole('heading', { level: 1, name: 'All dashboards' })).toBeInTheDocument();
    // Drawn from the cache People filled: the count and the rows, with no progress.
    expect(screen.getByText(new RegExp(`^${all.length} dashboards in \\d+ projects$`))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'All dashboards' })).getAllByRole('row').length).toBeGreaterThan(1);
    const paths = runtime.requestLog.get().slice(before).map((entry) => entry.path);
    expect(dashboardLists(paths)).toEqual([]);
  });

  it('going from All dashboards to People counts the dashboards created at once, reading no project again', async () => {
    const dashboards = await everyDashboard();
    const uuids = new Set((await members()).map((member) => member.user.uuid));
    const { router, runtime } = renderApp('/organization/dashboards');
    await loaded('All dashboards');
    const before = runtime.requestLog.get().length;
    await router.navigate('/organization/people');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument();
    const counts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(cellsOf(row)[5]));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(dashboards.filter((d) => d.created_by && uuids.has(d.created_by.uuid)).length);
    const paths = runtime.requestLog.get().slice(before).map((entry) => entry.path);
    expect(dashboardLists(paths)).toEqual([]);
  });
});

describe('All dashboards: Someone who left', () => {
  it('keeps the dashboards whose creator is no longer a member, or unknown', async () => {
    renderApp('/organization/dashboards?createdBy=left');
    const table = await loaded('All dashboards');
    const memberUuids = new Set((await members()).map((m) => m.user.uuid));
    const expected = (await everyDashboard()).filter((d) => !d.created_by || !memberUuids.has(d.created_by.uuid)).map((d) => d.name);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getByRole('link').textContent)
          .sort(),
      ).toEqual([...expected].sort()),
    );
    expect(within(screen.getByRole('main')).getByRole('combobox', { name: 'Created by' })).toHaveDisplayValue('Someone who left');
  });
});

describe('The person page lives in the cache', () => {
  /** Another tab of the console: its own client, telling this one what its mutations changed. */
  function otherTab() {
    const { queryClient } = freshConsole({ key: 'phx_demo_admin', syncTabs: true });
    const wrapper = withQueryClient(queryClient);
    return { wrapper };
  }
  const { projects: P, dashboards: D } = seedIds;
  const rowNamed = (table: HTMLElement, name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByRole('link', { name }) !== null)!;

  async function jonasPage() {
    const jonas = (await members()).find((m) => m.user.email.startsWith('jonas.becker@'))!;
    renderApp(`/organization/people/${jonas.user.uuid}`, { syncTabs: true });
    const table = await screen.findByRole('table', { name: 'Dashboards where Jonas is an exception' });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Reading access' })).not.toBeInTheDocument());
    return { jonas, table };
  }

  it('shows a collaborator removed in another tab within 2 s (the invalidated list is read again, not trusted)', async () => {
    const { jonas, table } = await jonasPage();
    expect(within(table).getByRole('link', { name: 'Board metrics' })).toBeInTheDocument();
    const { wrapper } = otherTab();
    const { result } = renderHook(() => useRemoveCollaborator(P.app, D.boardMetrics), { wrapper });
    await act(() => result.current.mutateAsync(jonas.user.uuid));
    // No longer invited, restricted away: an exception still, for another reason.
    await waitFor(
      () => {
        const row = rowNamed(table, 'Board metrics');
        expect(cellsOf(row)).toEqual(['Board metrics', expect.any(String), 'Can view', 'Can view: editing is restricted to invited people']);
      },
      { timeout: 2_000 },
    );
    // What did not change stays listed.
    expect(within(table).getByRole('link', { name: 'Year-end hiring plan' })).toBeInTheDocument();
  });

  it('shows a rule removed in another tab within 2 s', async () => {
    const { jonas, table } = await jonasPage();
    expect(within(table).getByRole('link', { name: 'Year-end hiring plan' })).toBeInTheDocument();
    const { wrapper } = otherTab();
    const { result } = renderHook(() => useSetAccessRule(P.app, D.hiringPlan), { wrapper });
    await act(() => result.current.mutateAsync({ organizationMember: jonas.id, accessLevel: null }));
    // Without his own rule, the rule for everyone (viewer) holds him: still an exception, for another reason.
    await waitFor(
      () => {
        const row = rowNamed(table, 'Year-end hiring plan');
        expect(cellsOf(row)).toEqual(['Year-end hiring plan', expect.any(String), 'Can view', expect.not.stringMatching(/own rule/)]);
      },
      { timeout: 2_000 },
    );
  });
});
