import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { details } from '../../../../src/contract/errors.ts';
import type { Dashboard } from '../../../../src/contract/schemas.ts';
import type { Collaborator } from '../../../../src/contract/dashboard-sharing.ts';
import {
  apiDashboardPath,
  apiSend,
  dashboardPath,
  dashboards,
  preloadDashboardDetail,
  sentRequests,
} from '../dashboard-detail-helpers.ts';
import { accessKnown, apiGet, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

// Generous waits: the page's lazy chunks and the mock share two cores with other test runs.
beforeAll(preloadDashboardDetail, 30_000);

const optionNames = (combobox: HTMLElement) => within(combobox).getAllByRole('option').map((option) => option.textContent);

/** The User combobox once the members have loaded. */
async function userCombobox(): Promise<HTMLElement> {
  const combobox = await screen.findByRole('combobox', { name: 'User' });
  await waitFor(() => expect(within(combobox).getAllByRole('option').length).toBeGreaterThan(1));
  return combobox;
}

describe('dashboard detail: collaborators', () => {
  it('lists the collaborators and offers only members who can still be added', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Board metrics' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Collaborators of this dashboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Jonas Becker');
    expect(rows[0]).toHaveTextContent('jonas.becker@hedgebox.net');
    expect(rows[0]).toHaveTextContent('Can edit');
    expect(within(rows[0]!).getByRole('button', { name: 'Remove jonas.becker@hedgebox.net' })).toBeEnabled();

    // Not Olivia (the creator and owner), not the admins Priya, Grace and Lena, not Jonas (already added).
    expect(optionNames(await userCombobox())).toEqual([
      'Choose a member…',
      'Mei Tanaka (mei.tanaka@hedgebox.net)',
      'Samuel Adeyemi (samuel.adeyemi@hedgebox.net)',
      'Tomás García (tomas.garcia@hedgebox.net)',
    ]);
    const add = screen.getByRole('button', { name: 'Add collaborator' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Choose a member to add.');
  });

  it('adds a collaborator', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    const combobox = await userCombobox();
    await user.selectOptions(combobox, 'Mei Tanaka (mei.tanaka@hedgebox.net)');
    await user.click(screen.getByRole('button', { name: 'Add collaborator' }));

    expect(await screen.findByRole('button', { name: 'Remove mei.tanaka@hedgebox.net' })).toBeInTheDocument();
    expect(await screen.findByText('Added Mei Tanaka as a collaborator.')).toBeInTheDocument();
    expect(optionNames(screen.getByRole('combobox', { name: 'User' }))).not.toContain('Mei Tanaka (mei.tanaka@hedgebox.net)');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('');
    const [post] = sentRequests(runtime, 'POST', apiDashboardPath(dashboards.boardMetrics, 'collaborators/'));
    expect(post?.requestBody).toEqual({ user_uuid: expect.any(String), level: 37 });
    const stored = await apiGet<Collaborator[]>(apiDashboardPath(dashboards.boardMetrics, 'collaborators/'));
    expect(stored.map((c) => c.user.email)).toEqual(['jonas.becker@hedgebox.net', 'mei.tanaka@hedgebox.net']);
  });

  it('removes a collaborator, who can then be added again', async () => {
    const { user } = renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    await userCombobox();
    await user.click(await screen.findByRole('button', { name: 'Remove jonas.becker@hedgebox.net' }));
    expect(await screen.findByText('No collaborators yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove jonas.becker@hedgebox.net' })).not.toBeInTheDocument();
    expect(optionNames(screen.getByRole('combobox', { name: 'User' }))).toContain('Jonas Becker (jonas.becker@hedgebox.net)');
    expect(await apiGet<Collaborator[]>(apiDashboardPath(dashboards.boardMetrics, 'collaborators/'))).toEqual([]);
  });

  it('shows the API’s refusal of an add under the field, and refreshes the stale list', async () => {
    const { user } = renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    const combobox = await userCombobox();
    // Someone else invites Samuel while this page still offers him.
    const samuel = (await apiGet<{ results: Array<{ user: { uuid: string; email: string } }> }>('/api/organizations/@current/members/'))
      .results.find((m) => m.user.email === 'samuel.adeyemi@hedgebox.net')!;
    const response = await apiSend('POST', apiDashboardPath(dashboards.boardMetrics, 'collaborators/'), {
      user_uuid: samuel.user.uuid,
      level: 37,
    });
    expect(response.status).toBe(201);

    await user.selectOptions(combobox, 'Samuel Adeyemi (samuel.adeyemi@hedgebox.net)');
    await user.click(screen.getByRole('button', { name: 'Add collaborator' }));
    expect(await screen.findByText(details.userAlreadyCollaborator)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveAccessibleDescription(
      new RegExp(details.userAlreadyCollaborator.replace('.', '\\.')),
    );
    expect(await screen.findByRole('button', { name: 'Remove samuel.adeyemi@hedgebox.net' })).toBeInTheDocument();
    expect(optionNames(screen.getByRole('combobox', { name: 'User' }))).not.toContain('Samuel Adeyemi (samuel.adeyemi@hedgebox.net)');
  });

  it('shows a forced refusal of an add and of a remove with the API’s detail', async () => {
    const { user, mock } = renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    const combobox = await userCombobox();
    mock.setFaults({
      latency_ms: 0,
      error_rate: 0,
      rules: [
        { method: 'POST', path: '/api/projects/*/dashboards/*/collaborators/', status: 403, retry_after: null },
        { method: 'DELETE', path: '/api/projects/*/dashboards/*/collaborators/*/', status: 500, retry_after: null },
      ],
    });
    await user.selectOptions(combobox, 'Tomás García (tomas.garcia@hedgebox.net)');
    await user.click(screen.getByRole('button', { name: 'Add collaborator' }));
    expect(await screen.findByText('Could not add the collaborator:')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeInTheDocument();
    // Nothing chosen is lost.
    expect(screen.getByRole('combobox', { name: 'User' })).not.toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove jonas.becker@hedgebox.net' }));
    expect(await screen.findByText('Could not remove the collaborator:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove jonas.becker@hedgebox.net' })).toBeInTheDocument();
  });

  it('explains collaborators on a dashboard everyone can edit, and restricts it', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.activationFunnel, 'collaborators'));
    expect(await screen.findByText(/so collaborators have no effect here: collaborators apply only to restricted dashboards/)).toBeInTheDocument();
    const add = await screen.findByRole('button', { name: 'Add collaborator' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'Restrict editing to invited collaborators first: collaborators apply only to restricted dashboards.',
    );

    await user.click(screen.getByRole('button', { name: 'Restrict editing to invited collaborators' }));
    expect(await screen.findByText('Only invited collaborators can edit this dashboard now.')).toBeInTheDocument();
    expect(screen.getByText('Restricted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restrict editing to invited collaborators' })).not.toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.activationFunnel));
    expect(patch?.requestBody).toEqual({ restriction_level: 37 });
    expect((await apiGet<Dashboard>(apiDashboardPath(dashboards.activationFunnel))).restriction_level).toBe(37);

    await user.selectOptions(await userCombobox(), 'Mei Tanaka (mei.tanaka@hedgebox.net)');
    expect(screen.getByRole('button', { name: 'Add collaborator' })).toBeEnabled();
  });

  it('says why a member may not restrict someone else’s dashboard', async () => {
    renderApp(dashboardPath(dashboards.productOverview, 'collaborators'), { key: 'phx_demo_member' });
    const restrict = await screen.findByRole('button', { name: 'Restrict editing to invited collaborators' });
    // Who the person is (a member may restrict only their own dashboards) is not among what the
    // connected routes' loader waits for: until it is in, the answer is "Checking access…".
    await accessKnown();
    expect(restrict).toBeDisabled();
    expect(restrict).toHaveAccessibleDescription("Only the dashboard's creator and organization admins can change who can edit it.");
  });

  it('shows the API’s refusal when restricting could not be foreseen', async () => {
    server.use(
      http.get('*/api/users/@me/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: "API key missing required scope 'user:read'", attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.productOverview, 'collaborators'), { key: 'phx_demo_member' });
    const restrict = await screen.findByRole('button', { name: 'Restrict editing to invited collaborators' });
    await accessKnown();
    expect(restrict).toBeEnabled();
    await user.click(restrict);
    expect(await screen.findByText(details.restrictionRights)).toBeInTheDocument();
    expect(screen.getByText('Could not restrict editing:')).toBeInTheDocument();
  });

  it('shows a restricted dashboard’s collaborators read-only to a member who was not invited', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'), { key: 'phx_demo_member' });
    const remove = await screen.findByRole('button', { name: 'Remove jonas.becker@hedgebox.net' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Only invited collaborators can edit this dashboard. You can view it, but not change it.');
    expect(screen.getByRole('button', { name: 'Add collaborator' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'User' })).toBeDisabled();
  });

  it('refreshes the dashboard when invited members remove themselves: they may only view it afterwards', async () => {
    const { user } = renderApp(dashboardPath(dashboards.pricingExperiment, 'collaborators'), { key: 'phx_demo_member' });
    await screen.findByRole('heading', { level: 1, name: 'Q3 pricing experiment' });
    expect(screen.queryByText('View only')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove tomas.garcia@hedgebox.net' }));
    expect(await screen.findByText('View only')).toBeInTheDocument();
    const remaining = screen.getByRole('button', { name: 'Remove mei.tanaka@hedgebox.net' });
    // Focus moved to the next row's Remove, which keeps it while unavailable (aria-disabled, not disabled).
    expect(remaining).toHaveFocus();
    expect(remaining).toHaveAttribute('aria-disabled', 'true');
    expect(remaining).toHaveAccessibleDescription('Only invited collaborators can edit this dashboard. You can view it, but not change it.');
  });

  it('tells a read-only key why collaborators cannot be changed', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'), { key: 'phx_demo_readonly' });
    const remove = await screen.findByRole('button', { name: 'Remove jonas.becker@hedgebox.net' });
    await accessKnown();
    await waitFor(() => expect(remove).toBeDisabled());
    expect(remove).toHaveAccessibleDescription('This API key cannot change dashboards: it lacks the dashboard:write scope.');
  });

  it('keeps the collaborators usable when the members cannot be read', async () => {
    server.use(
      http.get('*/api/organizations/:organizationId/members/', () =>
        HttpResponse.json(
          {
            type: 'authentication_error',
            code: 'permission_denied',
            detail: "API key missing required scope 'organization_member:read'",
            attr: null,
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.boardMetrics, 'collaborators'));
    expect(await screen.findByText("API key missing required scope 'organization_member:read'")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add collaborator' })).toHaveAccessibleDescription(
      'The organization’s members could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Remove jonas.becker@hedgebox.net' }));
    expect(await screen.findByText('No collaborators yet')).toBeInTheDocument();
  });
});
