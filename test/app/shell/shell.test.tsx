import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Organization } from '../../../src/contract/schemas.ts';
import { apiGet, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const STORAGE_KEY = 'analytics-console:connection';

describe('shell', () => {
  it('shows the organization and links for the project in the URL', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    renderApp('/projects/2/settings');

    // The admin demo key sees two organizations: the name is the Organization combobox's value.
    expect(await screen.findByRole('combobox', { name: 'Organization' })).toHaveValue(organization.name);
    const project = organization.projects.find((p) => p.id === 2)!;
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue(project.name));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(nav).getByRole('link', { name: 'Dashboards' })).toHaveAttribute('href', '/projects/2/dashboards');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/projects/2/settings');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/projects/2/activity');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('shows the organization’s name as text when the key sees only one', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/', 'phx_demo_readonly');
    renderApp('/projects/1/dashboards', { key: 'phx_demo_readonly' });
    expect(await screen.findByText(organization.name)).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Dashboards' });
    expect(screen.queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
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

  it('switches project by typing in the Project combobox, and keeps the section', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    const [first, second] = organization.projects;
    const { user, location } = renderApp(`/projects/${first!.id}/activity`);

    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(switcher).toHaveValue(first!.name));
    await user.click(switcher);
    expect(switcher).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox', { name: 'Project' })).getAllByRole('option')).toHaveLength(organization.projects.length);

    await user.keyboard(second!.name.slice(0, 4));
    const options = within(screen.getByRole('listbox', { name: 'Project' })).getAllByRole('option');
    expect(options[0]).toHaveTextContent(second!.name);
    expect(switcher).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe(`/projects/${second!.id}/activity`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    // The router's location changes before React renders the new page (a transition).
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue(second!.name));
  });

  it('goes from a dashboard to the other project’s dashboard list', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    const third = organization.projects.find((p) => p.id === 3)!;
    const { user, location } = renderApp('/projects/1/dashboards/3/sharing');
    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(switcher).not.toHaveValue(''));
    await user.click(switcher);
    await user.click(within(screen.getByRole('listbox', { name: 'Project' })).getByRole('option', { name: third.name }));
    await waitFor(() => expect(location().pathname).toBe('/projects/3/dashboards'));
  });

  it('Escape closes the list, then puts the project’s name back', async () => {
    const { user } = renderApp('/projects/1/dashboards');
    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(switcher).not.toHaveValue(''));
    const name = (switcher as HTMLInputElement).value;
    await user.click(switcher);
    await user.keyboard('zz');
    expect(screen.getByText('No project matches “zz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(switcher).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(switcher).toHaveValue(name);
  });

  it('does not invent a name for a project the organization does not list', async () => {
    renderApp('/projects/99/dashboards');
    const switcher = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(switcher).toHaveAttribute('placeholder', 'Unknown project'));
    expect(switcher).toHaveValue('');
    expect(screen.queryByDisplayValue(/Project 99/)).not.toBeInTheDocument();
  });

  it('searches the API for projects once the organization has more than one switcher page', async () => {
    const created: string[] = [];
    for (let index = 1; index <= 22; index += 1) {
      const name = `Bulk project ${String(index).padStart(2, '0')}`;
      const response = await fetch(new URL('/api/projects/', window.location.origin), {
        method: 'POST',
        headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(201);
      created.push(name);
    }
    const searches: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/projects/') && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    };
    server.events.on('request:start', onRequest);
    try {
      const { user, location } = renderApp('/projects/1/settings');
      const switcher = await screen.findByRole('combobox', { name: 'Project' });
      await waitFor(() => expect(switcher).not.toHaveValue(''));
      await user.click(switcher);
      const listbox = screen.getByRole('listbox', { name: 'Project' });
      expect(within(listbox).getAllByRole('option')).toHaveLength(20);
      expect(screen.getByText(/Type to search all 25 projects/)).toBeInTheDocument();

      await user.keyboard('project 22');
      const last = await within(listbox).findByRole('option', { name: 'Bulk project 22' });
      expect(searches).toContain('project 22');
      // Typing fast sends one search, not one per letter.
      expect(searches.filter((search) => search.startsWith('pro'))).toEqual(['project 22']);
      await user.click(last);
      const id = (await apiGet<{ results: Array<{ id: number; name: string }> }>('/api/projects/?search=Bulk%20project%2022')).results[0]!.id;
      await waitFor(() => expect(location().pathname).toBe(`/projects/${id}/settings`));
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('Organization lists the key’s organizations and shows the chosen one’s projects', async () => {
    const organizations = await apiGet<{ results: Organization[] }>('/api/organizations/');
    const labs = organizations.results.find((org) => org.name === 'Hedgebox Labs')!;
    const { user, location } = renderApp('/projects/1/dashboards');
    const orgSwitcher = await screen.findByRole('combobox', { name: 'Organization' });
    await user.click(orgSwitcher);
    const options = within(screen.getByRole('listbox', { name: 'Organization' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(organizations.results.map((org) => org.name));
    await user.keyboard('labs{Enter}');

    await waitFor(() => expect(location().pathname).toBe('/projects'));
    expect(new URLSearchParams(location().search).get('organization')).toBe(labs.id);
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(await within(table).findByRole('link', { name: labs.projects[0]!.name })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Hedgebox App' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('Hedgebox Labs');

    // The Project switcher now offers that organization's projects; picking one opens it.
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    const projectOptions = within(screen.getByRole('listbox', { name: 'Project' })).getAllByRole('option');
    expect(projectOptions.map((option) => option.textContent)).toEqual(labs.projects.map((p) => p.name));
    await user.click(projectOptions[0]!);
    await waitFor(() => expect(location().pathname).toBe(`/projects/${labs.projects[0]!.id}/dashboards`));
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('Hedgebox Labs');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue(labs.projects[0]!.name));
  });

  it('forgets the key on Disconnect', async () => {
    const { user, location, runtime } = renderApp('/projects/1/settings', { remember: true });
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(location().pathname).toBe('/connect');
    expect(location().search).toBe('');
    expect(runtime.connection.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('returns to Connect with the reason when the API refuses the key, then back to the page', async () => {
    const { user, location, runtime } = renderApp('/projects/1/settings', { key: 'phx_revoked_key' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(await screen.findByText(/The API refused the key/)).toHaveTextContent(
      'Personal API key found in request Authorization header is invalid.',
    );
    expect(runtime.connection.get()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(new URLSearchParams(location().search).get('next')).toBe('/projects/1/settings');

    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects/1/settings');
    expect(screen.queryByText(/The API refused the key/)).not.toBeInTheDocument();
  });

  it('disconnects on a 401 from any call made later', async () => {
    const { queryClient, location, runtime } = renderApp('/projects/1/dashboards');
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
    expect(runtime.connection.get()).toBeNull();
    expect(new URLSearchParams(location().search).get('next')).toBe('/projects/1/dashboards');
  });

  it('sends / to the projects, or to Connect without a key', async () => {
    const { location: connectedAt, unmount } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(connectedAt().pathname).toBe('/projects');
    unmount();

    const { location } = renderApp('/', { key: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(location().pathname).toBe('/connect');
    expect(location().search).toBe('');
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

  it('shows the mock controls only when /__mock/info answers', async () => {
    const { unmount } = renderApp('/projects');
    expect(await screen.findByRole('button', { name: 'Mock controls' })).toBeInTheDocument();
    unmount();

    server.use(http.get('*/__mock/info', () => HttpResponse.json({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }, { status: 404 })));
    renderApp('/projects');
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(await screen.findByRole('button', { name: 'API log' })).toBeInTheDocument();
    // Give the info request time to settle, then check nothing appeared.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Mock controls|^Key: /)).not.toBeInTheDocument();
  });

  it('folds the links and tools into Menu: a disclosure that Escape closes, focus back on Menu', async () => {
    const { user } = renderApp('/projects/1/dashboards');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // eslint-disable-next-line testing-library/no-node-access -- aria-controls names the disclosed region by id.
    const controlled = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(within(controlled).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(controlled).getByRole('button', { name: 'API log' })).toBeInTheDocument();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(controlled).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    within(controlled).getByRole('link', { name: 'Activity' }).focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('sets the document title of every page', async () => {
    const organization = await apiGet<Organization>('/api/organizations/@current/');
    const name = organization.projects.find((p) => p.id === 1)!.name;
    const dashboard = await apiGet<{ name: string | null }>('/api/projects/1/dashboards/2/');
    const cases: Array<[string, string]> = [
      ['/projects', 'Projects · Analytics Console'],
      ['/projects/1/dashboards', `Dashboards · ${name} · Analytics Console`],
      ['/projects/1/dashboards/2', `${dashboard.name ?? 'Untitled dashboard'} · ${name} · Analytics Console`],
      ['/projects/1/settings', `Project settings · ${name} · Analytics Console`],
      ['/projects/1/activity', `Activity · ${name} · Analytics Console`],
      ['/no/such/page', 'Page not found · Analytics Console'],
    ];
    for (const [path, title] of cases) {
      document.title = '';
      const view = renderApp(path);
      await waitFor(() => expect(document.title).toBe(title));
      view.unmount();
    }
    document.title = '';
    renderApp('/connect', { key: null });
    await waitFor(() => expect(document.title).toBe('Connect · Analytics Console'));
  });
});
