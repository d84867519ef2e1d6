/**
 * Dashboard detail, tab Access (CONSOLE.md "Who can do what, and why"): the verdicts of both layers
 * for every member, rules set from the table, the caller's key line, and the API's refusals shown
 * where the person acted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDashboardPath, apiSend, dashboardPath, dashboards, preloadDashboardDetail, sentRequests } from '../dashboard-detail-helpers.ts';
import { accessKnown, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

beforeAll(async () => {
  await preloadDashboardDetail();
  await import('../../../../src/features/dashboard-detail/access/access-tab.tsx');
}, 30_000);

/** A row's cells (the person's row header first), as text. */
const cellsOf = (row: HTMLElement) =>
  [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent ?? '');

/** The table's rows as [person, role, access, why]. */
async function accessRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: 'Who has access' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellsOf(row).slice(0, 4));
}

/** The row of the person with this e-mail. */
async function rowOf(email: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Who has access' });
  const row = within(table).getAllByRole('row').find((r) => r.textContent?.includes(email));
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}


describe('dashboard detail: access', () => {
  it('explains each member on a restricted dashboard: creator, admins, the invited collaborator and the restricted', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'access'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Board metrics' })).toBeInTheDocument();
    await accessKnown();
    const rows = await accessRows();
    const byEmail = (email: string) => rows.find((r) => r[0]!.includes(email))!;
    expect(byEmail('olivia')).toEqual([expect.stringContaining('Olivia'), 'Owner', 'Can manage', 'Created this dashboard']);
    expect(byEmail('priya')).toEqual([expect.stringContaining('Priya'), 'Admin', 'Can manage', 'Organization admin: manages every dashboard']);
    expect(byEmail('jonas')).toEqual([expect.stringContaining('Jonas'), 'Member', 'Can edit', 'Invited to edit']);
    expect(byEmail('mei')).toEqual([
      expect.stringContaining('Mei'),
      'Member',
      'Can view',
      'Can view: editing is restricted to invited people',
    ]);
    // Most access first.
    const order = rows.map((r) => r[2]);
    expect(order.indexOf('Can view')).toBeGreaterThan(order.lastIndexOf('Can edit'));
    const settings = within(screen.getByRole('region', { name: 'Access settings' }));
    expect(settings.getByRole('term')).toHaveTextContent('Who can edit');
    expect(settings.getByRole('definition')).toHaveTextContent('Only invited collaborators');
    expect(screen.getByRole('combobox', { name: 'Everyone else' })).toHaveDisplayValue('Can edit');
    expect(screen.getByText('Your key can edit this dashboard and change who has access to it.')).toBeInTheDocument();
    expect(within(await rowOf('jonas.becker@')).getByRole('button', { name: 'Remove jonas.becker@hedgebox.net' })).toBeEnabled();
    expect(within(await rowOf('mei.tanaka@')).getByRole('button', { name: 'Invite mei.tanaka@hedgebox.net to edit' })).toBeEnabled();
    // Admins and the creator have no invitation to give or take.
    expect(within(await rowOf('priya')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('priya')).getByRole('combobox', { name: /^Access for priya/ })).toBeDisabled();
  });

  it('invites a restricted member, and the row says so at once', async () => {
    const { user } = renderApp(dashboardPath(dashboards.boardMetrics, 'access'));
    await accessKnown();
    await user.click(within(await rowOf('mei.tanaka@')).getByRole('button', { name: 'Invite mei.tanaka@hedgebox.net to edit' }));
    await waitFor(async () => expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can edit', 'Invited to edit']));
    expect(within(await rowOf('mei.tanaka@')).getByRole('button', { name: 'Remove mei.tanaka@hedgebox.net' })).toBeInTheDocument();
  });

  it('shows the rule for everyone at viewer, and raises one person to editor', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.hiringPlan, 'access'));
    await accessKnown();
    const everyone = await screen.findByRole('combobox', { name: 'Everyone else' });
    await waitFor(() => expect(everyone).toHaveDisplayValue('Can view'));
    expect(cellsOf(await rowOf('jonas.becker@')).slice(2, 4)).toEqual(['Can edit', 'Can edit by their own rule']);
    expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can view', 'Can view by the rule for everyone']);
    expect(cellsOf(await rowOf('lena')).slice(2, 4)).toEqual(['Can manage', 'Created this dashboard']);

    const mei = within(await rowOf('mei.tanaka@')).getByRole('combobox', { name: 'Access for mei.tanaka@hedgebox.net' });
    expect(mei).toHaveDisplayValue('Default');
    expect(mei).toHaveAccessibleDescription(/can raise them above Everyone else \(Can view\) but never lower them below it/);
    await user.selectOptions(mei, 'Can edit');
    await waitFor(async () => expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can edit', 'Can edit by their own rule']));
    const puts = sentRequests(runtime, 'PUT', apiDashboardPath(dashboards.hiringPlan, 'access_controls/'));
    expect(puts).toHaveLength(1);

    // Back to Default: the rule for everyone decides again.
    await user.selectOptions(
      within(await rowOf('mei.tanaka@')).getByRole('combobox', { name: 'Access for mei.tanaka@hedgebox.net' }),
      'Default',
    );
    await waitFor(async () => expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can view', 'Can view by the rule for everyone']));
  });

  it('filters the people with Search people', async () => {
    const { user } = renderApp(dashboardPath(dashboards.hiringPlan, 'access'));
    await accessKnown();
    await accessRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'tanaka');
    await waitFor(async () => expect((await accessRows()).map((r) => r[0])).toEqual([expect.stringContaining('Mei Tanaka')]));
  });

  it('shows the API’s sentence under Everyone else and keeps the level the API has', async () => {
    server.use(
      http.put('*/api/projects/:projectId/dashboards/:dashboardId/access_controls/', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'invalid_input', detail: 'Invalid access level. Must be one of: none, viewer, editor, manager', attr: 'access_level' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.hiringPlan, 'access'));
    await accessKnown();
    const everyone = await screen.findByRole('combobox', { name: 'Everyone else' });
    await waitFor(() => expect(everyone).toHaveDisplayValue('Can view'));
    await user.selectOptions(everyone, 'No access');
    expect(await screen.findByText('Invalid access level. Must be one of: none, viewer, editor, manager')).toBeInTheDocument();
    expect(everyone).toHaveAccessibleDescription(/Invalid access level/);
    expect(everyone).toHaveDisplayValue('Can view');
    expect(cellsOf(await rowOf('mei.tanaka@'))[2]).toBe('Can view');
  });

  it('shows a 403 on the row where the person acted', async () => {
    server.use(
      http.put('*/api/projects/:projectId/dashboards/:dashboardId/access_controls/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: 'Must be manager to modify dashboard permissions.', attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.hiringPlan, 'access'));
    await accessKnown();
    const mei = within(await rowOf('mei.tanaka@')).getByRole('combobox', { name: 'Access for mei.tanaka@hedgebox.net' });
    await user.selectOptions(mei, 'Can manage');
    const row = await rowOf('mei.tanaka@');
    expect(await within(row).findByText('Must be manager to modify dashboard permissions.')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Access for mei.tanaka@hedgebox.net' })).toHaveDisplayValue('Default');
    expect(cellsOf(row)[2]).toBe('Can view');
    expect(within(await rowOf('jonas.becker@')).queryByText('Must be manager to modify dashboard permissions.')).toBeNull();
  });

  it('holds the member key to viewing, with the reason in words on Overview and on Access', async () => {
    renderApp(dashboardPath(dashboards.hiringPlan), { key: 'phx_demo_member' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Year-end hiring plan' })).toBeInTheDocument();
    await accessKnown();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeDisabled();
    const note = await screen.findByRole('note');
    await waitFor(() => expect(note).toHaveTextContent('You can view this dashboard by the rule for everyone.'));
    expect(screen.getByRole('button', { name: 'Delete dashboard' })).toBeDisabled();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });

  it('tells the member key on Access what it may do, and keeps the rules’ controls disabled', async () => {
    renderApp(dashboardPath(dashboards.hiringPlan, 'access'), { key: 'phx_demo_member' });
    await accessKnown();
    await accessRows();
    expect(
      await screen.findByText('Your key can view this dashboard but not change it. Can view by the rule for everyone.'),
    ).toBeInTheDocument();
    const everyone = screen.getByRole('combobox', { name: 'Everyone else' });
    expect(everyone).toBeDisabled();
    expect(everyone).toHaveAccessibleDescription(/people who can manage it can change its rules/);
  });

  it('works the table out without rules for the read-only key, and says so above it', async () => {
    const { runtime } = renderApp(dashboardPath(dashboards.hiringPlan, 'access'), { key: 'phx_demo_readonly' });
    await accessKnown();
    expect(
      await screen.findByText(/This key cannot read the dashboard’s access rules \(it lacks access_control:read\)/),
    ).toHaveTextContent('assuming there are no rules');
    expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can edit', 'Can edit, assuming there are no rules']);
    expect(screen.getByText('Your key can view this dashboard but not change it: it lacks dashboard:write.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Everyone else' })).toBeDisabled();
    expect(sentRequests(runtime, 'GET', apiDashboardPath(dashboards.hiringPlan, 'access_controls/'))).toEqual([]);
  });

  it('shows production’s users_with_access sources as production gives them', async () => {
    const members = (await (await apiSend('GET', '/api/organizations/@current/members/?limit=100', undefined)).json()) as {
      results: Array<{ id: string; level: number; user: { uuid: string; email: string } }>;
    };
    const mei = members.results.find((m) => m.user.email.startsWith('mei.'))!;
    const jonas = members.results.find((m) => m.user.email.startsWith('jonas.'))!;
    server.use(
      http.get('*/api/projects/:projectId/dashboards/:dashboardId/users_with_access/', () =>
        HttpResponse.json({
          users: [
            { user_id: jonas.user.uuid, access_level: 'manager', access_source: 'project_admin', organization_membership_id: jonas.id, organization_membership_level: 'member' },
            { user_id: mei.user.uuid, access_level: 'editor', access_source: 'explicit_role', organization_membership_id: mei.id, organization_membership_level: 'member' },
          ],
          total_count: 2,
        }),
      ),
    );
    renderApp(dashboardPath(dashboards.hiringPlan, 'access'));
    await accessKnown();
    await waitFor(async () => expect(cellsOf(await rowOf('mei.tanaka@')).slice(2, 4)).toEqual(['Can edit', 'Can edit by a role']));
    expect(cellsOf(await rowOf('jonas.becker@')).slice(2, 4)).toEqual(['Can manage', 'Can manage as a project admin']);
  });
});
