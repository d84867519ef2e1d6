import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../src/contract/schemas.ts';
import type { SharingConfiguration } from '../../../../src/contract/dashboard-sharing.ts';
import {
  apiDashboardPath,
  dashboardPath,
  dashboards,
  preloadDashboardDetail,
  sentRequests,
} from '../dashboard-detail-helpers.ts';
import { accessKnown, apiGet, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

// Generous waits: the page's lazy chunks and the mock share two cores with other test runs.
beforeAll(preloadDashboardDetail, 30_000);

const originalClipboard = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
afterEach(() => {
  if (originalClipboard) Object.defineProperty(window.navigator, 'clipboard', originalClipboard);
});

/** Replaces navigator.clipboard (after userEvent.setup installed its own) with a spy. */
function mockClipboard() {
  const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const sharingOf = (id: number) => apiGet<SharingConfiguration>(apiDashboardPath(id, 'sharing/'));
const linkFor = (token: string) => `${window.location.origin}/shared/${token}`;

describe('dashboard detail: sharing', () => {
  it('turns public sharing on and shows the public link with the token', async () => {
    const before = await sharingOf(dashboards.websiteTraffic);
    expect(before.enabled).toBe(false);
    const { user, runtime } = renderApp(dashboardPath(dashboards.websiteTraffic, 'sharing'));
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
    expect(screen.queryByText('Shared')).not.toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Share publicly' })).toHaveAttribute('aria-checked', 'true'));
    // Turning sharing on issues a new token (API.md §5.6): the link shows the one the PATCH answered.
    const issued = (await sharingOf(dashboards.websiteTraffic)).access_token!;
    expect(issued).not.toBe(before.access_token);
    expect(await screen.findByRole('textbox', { name: 'Public link' })).toHaveValue(linkFor(issued));
    expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Open the public link in a new tab' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/^Shared since/)).toBeInTheDocument();
    // The dashboard's is_shared follows, and the header's badge with it.
    expect(await screen.findByText('Shared')).toBeInTheDocument();
    expect(sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.websiteTraffic, 'sharing/'))[0]?.requestBody).toEqual({ enabled: true });
    expect((await sharingOf(dashboards.websiteTraffic)).enabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Share publicly' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Share publicly' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(/^Sharing was first set up on/)).toBeInTheDocument();
    expect((await apiGet<Dashboard>(apiDashboardPath(dashboards.websiteTraffic))).is_shared).toBe(false);
  });

  it('copies the public link', async () => {
    const { access_token: token } = await sharingOf(dashboards.productOverview);
    const { user } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    await screen.findByRole('textbox', { name: 'Public link' });
    const writeText = mockClipboard();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(linkFor(token!));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('hides the token until asked, and copies it', async () => {
    const { access_token: token } = await sharingOf(dashboards.productOverview);
    const { user } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    await screen.findByRole('textbox', { name: 'Public link' });
    expect(screen.queryByRole('textbox', { name: 'Access token' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show token' }));
    const field = screen.getByRole('textbox', { name: 'Access token' });
    expect(field).toHaveValue(token);
    // Said plainly: the token is no second secret, it ends the public link shown above.
    expect(field).toHaveAccessibleDescription(/^The token is the last part of the public link above, after \/shared\/, so the link shows it too/);
    expect((screen.getByRole('textbox', { name: 'Public link' }) as HTMLInputElement).value.endsWith(`/shared/${token}`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(screen.queryByRole('textbox', { name: 'Access token' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show token' })).toBeInTheDocument();

    const writeText = mockClipboard();
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(token);
  });

  it('rotates the link after a confirmation that says the old one works for 5 more minutes', async () => {
    const { access_token: oldToken } = await sharingOf(dashboards.productOverview);
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    const field = await screen.findByRole('textbox', { name: 'Public link' });
    expect(field).toHaveValue(linkFor(oldToken!));

    await user.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate the public link?' });
    expect(within(dialog).getByText(/The old link keeps working for 5 more minutes, then stops/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests(runtime, 'POST', apiDashboardPath(dashboards.productOverview, 'sharing/refresh/'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate link' }));
    const again = await screen.findByRole('alertdialog', { name: 'Rotate the public link?' });
    await user.click(within(again).getByRole('button', { name: 'Rotate link' }));
    expect(await screen.findByText('The public link was rotated. The old link works for 5 more minutes, then stops.')).toBeInTheDocument();
    const { access_token: newToken } = await sharingOf(dashboards.productOverview);
    expect(newToken).not.toBe(oldToken);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveValue(linkFor(newToken!)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refused rotation inside the dialog', async () => {
    const { user, mock } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    await screen.findByRole('textbox', { name: 'Public link' });
    mock.setFaults({
      latency_ms: 0,
      error_rate: 0,
      rules: [{ method: 'POST', path: '/api/projects/*/dashboards/*/sharing/refresh/', status: 503, retry_after: null }],
    });
    await user.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate the public link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));
    expect(await within(dialog).findByText('Service temporarily unavailable, try again later.')).toBeInTheDocument();
  });

  it('tells a read-only key why sharing cannot be changed', async () => {
    renderApp(dashboardPath(dashboards.productOverview, 'sharing'), { key: 'phx_demo_readonly' });
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' });
    const reason = 'This API key cannot change sharing: it lacks the sharing_configuration:write scope.';
    await accessKnown();
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Rotate link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rotate link' })).toHaveAccessibleDescription(reason);
    // Reading stays possible.
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  });

  it('shows the API’s 403 when a read-only key tries and its scopes were unknown', async () => {
    // A backend that cannot say which key this is (no personal_api_keys/@current): the API decides.
    server.use(http.get('*/api/personal_api_keys/@current/', () => new HttpResponse(null, { status: 404 })));
    const { user } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'), { key: 'phx_demo_readonly' });
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(await screen.findByText("API key missing required scope 'sharing_configuration:write'")).toBeInTheDocument();
    expect(screen.getByText('Could not turn sharing off:')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Share publicly' })).toHaveAttribute('aria-checked', 'true');
  });

  it('disables sharing for a member who may only view the dashboard', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'sharing'), { key: 'phx_demo_member' });
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('Only invited collaborators can edit this dashboard. You can view it, but not change it.');
  });

  it('shows a failed load of the sharing settings with the API detail', async () => {
    server.use(
      http.get('*/api/projects/:projectId/dashboards/:dashboardId/sharing/', () =>
        HttpResponse.json(
          {
            type: 'authentication_error',
            code: 'permission_denied',
            detail: "API key missing required scope 'sharing_configuration:read'",
            attr: null,
          },
          { status: 403 },
        ),
      ),
    );
    renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    expect(await screen.findByText("API key missing required scope 'sharing_configuration:read'")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Could not load the sharing settings' })).toBeInTheDocument();
    // The rest of the page keeps working.
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
  });

  it('requires a password, adds a generated one shown once with Copy password, and deletes it', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    const requirePassword = await screen.findByRole('switch', { name: 'Require a password' });
    expect(requirePassword).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('button', { name: 'Add password' })).not.toBeInTheDocument();
    await user.click(requirePassword);
    await waitFor(() => expect(requirePassword).toHaveAttribute('aria-checked', 'true'));
    expect(sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview, 'sharing/'))[0]?.requestBody).toEqual({ password_required: true });
    expect(screen.getByText(/No passwords yet/)).toBeInTheDocument();

    // Blank: the API generates one.
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Board');
    await user.click(screen.getByRole('button', { name: 'Add password' }));
    const shown = await screen.findByRole('textbox', { name: 'New password (Board)' });
    const [post] = sentRequests(runtime, 'POST', apiDashboardPath(dashboards.productOverview, 'sharing/passwords/'));
    expect(post?.requestBody).toEqual({ note: 'Board' });
    const generated = (shown as HTMLInputElement).value;
    expect(generated).toHaveLength(22);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith(generated);

    const list = await screen.findByRole('list', { name: 'Share passwords' });
    expect(within(list).getByText('Board')).toBeInTheDocument();
    // Listed without the secret, which is shown only once.
    expect(list).not.toHaveTextContent(generated);
    const config = await sharingOf(dashboards.productOverview);
    expect(config.share_passwords.map((p) => p.note)).toEqual(['Board']);

    await user.click(within(list).getByRole('button', { name: 'Delete password Board' }));
    expect(await screen.findByText(/Deleted the password “Board”/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Share passwords' })).not.toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'New password (Board)' })).not.toBeInTheDocument();
    expect((await sharingOf(dashboards.productOverview)).share_passwords).toEqual([]);
  });

  it('checks a chosen password’s length before sending, then names a password without a note by its id', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    await user.click(await screen.findByRole('switch', { name: 'Require a password' }));
    const password = await screen.findByRole('textbox', { name: 'Password' });
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Add password' }));
    expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters long\./);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(sentRequests(runtime, 'POST', apiDashboardPath(dashboards.productOverview, 'sharing/passwords/'))).toHaveLength(0);

    await user.type(password, '-and-long');
    await user.click(screen.getByRole('button', { name: 'Add password' }));
    expect(await screen.findByRole('textbox', { name: 'New password' })).toHaveValue('short-and-long');
    const [created] = (await sharingOf(dashboards.productOverview)).share_passwords;
    expect(screen.getByRole('button', { name: `Delete password ${created!.id}` })).toBeInTheDocument();
  });

  it('shows the API’s sentence where the organization lacks the password feature', async () => {
    server.use(
      http.patch('*/api/projects/:project/dashboards/:id/sharing/', () =>
        HttpResponse.json({ error: 'Sharing with password requires the Advanced Permissions feature' }, { status: 403 }),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    const requirePassword = await screen.findByRole('switch', { name: 'Require a password' });
    await user.click(requirePassword);
    expect(await screen.findByText('Sharing with password requires the Advanced Permissions feature')).toBeInTheDocument();
    expect(screen.getByText('Could not require a password:')).toBeInTheDocument();
    expect(requirePassword).toHaveAttribute('aria-checked', 'false');
  });

  it('disables the password controls for a member who may only view the dashboard', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics, 'sharing'), { key: 'phx_demo_member' });
    const requirePassword = await screen.findByRole('switch', { name: 'Require a password' });
    await accessKnown();
    await waitFor(() => expect(requirePassword).toBeDisabled());
    expect(requirePassword).toHaveAccessibleDescription('Only invited collaborators can edit this dashboard. You can view it, but not change it.');
  });
});
