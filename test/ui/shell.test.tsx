import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getConnection } from '../../src/api/connection.ts';
import type { Organization } from '../../src/contract/schemas.ts';
import { apiGet, renderApp } from './render.tsx';
import { server } from './setup.ts';

const STORAGE_KEY = 'analytics-console:connection';

describe('shell', () => {
  it('shows the organization and links for the project in the URL', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    renderApp('/projects/2/settings');

    expect(await screen.findByText(organization.name)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(nav).getByRole('link', { name: 'Dashboards' })).toHaveAttribute('href', '/projects/2/dashboards');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/projects/2/settings');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/projects/2/activity');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('points the links at the key owner’s current project outside a project URL', async () => {
    const me = await apiGet<{ team: { id: number } | null }>('/api/users/@me/');
    renderApp('/projects');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Dashboards' })).toHaveAttribute(
      'href',
      `/projects/${me.team!.id}/dashboards`,
    );
  });

  it('switches project and keeps the section', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    const [, second] = organization.projects;
    const { user, location } = renderApp('/projects/1/activity');

    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(within(switcher).getAllByRole('option')).toHaveLength(organization.projects.length));
    expect(switcher).toHaveValue('1');

    await user.selectOptions(switcher, second!.name);
    await waitFor(() => expect(location().pathname).toBe(`/projects/${second!.id}/activity`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue(String(second!.id));
  });

  it('goes from a dashboard to the other project’s dashboard list', async () => {
    const { user, location } = renderApp('/projects/1/dashboards/3/sharing');
    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(within(switcher).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(switcher, '3');
    await waitFor(() => expect(location().pathname).toBe('/projects/3/dashboards'));
  });

  it('forgets the key on Disconnect', async () => {
    const { user, location } = renderApp('/projects/1/settings', { remember: true });
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(location().pathname).toBe('/connect');
    expect(location().search).toBe('');
    expect(getConnection()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('returns to Connect with the reason when the API refuses the key, then back to the page', async () => {
    const { user, location } = renderApp('/projects/1/settings', { key: 'phx_revoked_key' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(await screen.findByText(/The API refused the key/)).toHaveTextContent(
      'Personal API key found in request Authorization header is invalid.',
    );
    expect(getConnection()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(new URLSearchParams(location().search).get('next')).toBe('/projects/1/settings');

    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects/1/settings');
    expect(screen.queryByText(/The API refused the key/)).not.toBeInTheDocument();
  });

  it('disconnects on a 401 from any call made later', async () => {
    const { queryClient, location } = renderApp('/projects/1/dashboards');
    await screen.findByRole('combobox', { name: 'Project' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboards' });

    server.use(
      http.get('*/api/*', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'authentication_failed', detail: 'Personal API key found in request Authorization header is invalid.', attr: null },
          { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } },
        ),
      ),
    );
    await act(() => queryClient.invalidateQueries());

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(screen.getByText(/The API refused the key/)).toBeInTheDocument();
    expect(getConnection()).toBeNull();
    expect(new URLSearchParams(location().search).get('next')).toBe('/projects/1/dashboards');
  });

  it('sends / to the projects, or to Connect without a key', async () => {
    const connected = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(connected.location().pathname).toBe('/projects');
    connected.unmount();

    const disconnected = renderApp('/', { key: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(disconnected.location().pathname).toBe('/connect');
    expect(disconnected.location().search).toBe('');
  });

  it('shows Page not found with a link home', async () => {
    const { user, location } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects');
  });

  it('routes the dashboard tabs to their own URLs', async () => {
    renderApp('/projects/1/dashboards/2/collaborators');
    expect(await screen.findByRole('heading', { level: 2, name: 'Collaborators' })).toBeInTheDocument();
  });

  it('toggles the API log panel', async () => {
    const { user } = renderApp('/projects');
    const toggle = await screen.findByRole('button', { name: 'API log' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('complementary', { name: 'API log panel' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('complementary', { name: 'API log panel' })).not.toBeInTheDocument();
  });

  it('shows the mock slot only when /__mock/info answers', async () => {
    const withMock = renderApp('/projects');
    expect(await screen.findByText(/^Mock /)).toBeInTheDocument();
    withMock.unmount();

    server.use(http.get('*/__mock/info', () => HttpResponse.json({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }, { status: 404 })));
    renderApp('/projects');
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'API log' })).toBeInTheDocument());
    // Give the info request time to settle, then check nothing appeared.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^Mock /)).not.toBeInTheDocument();
  });
});
