import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { Paginated, ProjectListItem } from '../../../src/contract/schemas.ts';
import { newProjectRecord } from '../../../src/mock/rules/projects.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { accessKnown, apiGet, renderApp } from '../../render.tsx';
import { mock, server } from '../../setup.ts';


// The page is a lazily loaded chunk: compile it once before the first test waits for it.
beforeAll(async () => {
  await import('../../../src/features/projects/projects-page.tsx');
}, 60_000);

/** The projects table, once the key's access is known too (the page may draw before it: its write controls wait). */
const projectsTable = async () => {
  const table = await screen.findByRole('table', { name: 'Projects' });
  await accessKnown();
  return table;
};
const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
const projectListRequests = (runtime: ConsoleRuntime) => runtime.requestLog.get().filter((entry) => entry.method === 'GET' && entry.path.startsWith('/api/organizations/@current/projects/'));

describe('Projects', () => {
  it('shows a loading state, then one row per project with its link, id and time zone', async () => {
    const seeded = await apiGet<Paginated<ProjectListItem>>('/api/organizations/@current/projects/');
    renderApp('/projects');

    expect(screen.getAllByRole('status').some((status) => status.textContent?.includes('Loading projects…'))).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    const table = await projectsTable();
    expect(rowNames(table)).toEqual(seeded.results.map((p) => p.name));
    const app = seeded.results.find((p) => p.id === seedIds.projects.app)!;
    const row = within(table).getByRole('row', { name: new RegExp(app.name) });
    expect(within(row).getByRole('link', { name: app.name })).toHaveAttribute('href', `/projects/${app.id}/dashboards`);
    expect(within(row).getByRole('cell', { name: String(app.id) })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: app.timezone })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `Settings of ${app.name}` })).toHaveAttribute('href', `/projects/${app.id}/settings`);
    expect(screen.getByText(`Showing ${seeded.count} of ${seeded.count} projects`)).toBeInTheDocument();
  });

  it('marks demo projects with a Demo badge', async () => {
    mock.store.updateProject(mock.store.project(seedIds.projects.mobile)!, { is_demo: true });
    renderApp('/projects');
    const table = await projectsTable();
    const demoRow = within(table).getByRole('row', { name: /Mobile Apps/ });
    expect(within(demoRow).getByText('Demo')).toBeInTheDocument();
    const appRow = within(table).getByRole('row', { name: /Hedgebox App/ });
    expect(within(appRow).queryByText('Demo')).not.toBeInTheDocument();
  });

  it('keeps the search in the URL, sends it to the API, and tells a non-match from no projects', async () => {
    const { user, location, runtime } = renderApp('/projects');
    await projectsTable();

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'market');
    await waitFor(() => expect(location().search).toBe('?search=market'));
    await waitFor(() => expect(rowNames(screen.getByRole('table', { name: 'Projects' }))).toEqual(['Marketing Site']));
    expect(projectListRequests(runtime).some((entry) => entry.path.includes('search=market'))).toBe(true);
    // Debounced: no request for the partial words typed on the way.
    expect(projectListRequests(runtime).some((entry) => /search=m(&|$)/.test(entry.path))).toBe(false);

    await user.clear(screen.getByRole('searchbox', { name: 'Search projects' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'zebra');
    expect(await screen.findByRole('heading', { name: 'No projects match “zebra”' })).toBeInTheDocument();
    expect(location().search).toBe('?search=zebra');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location().search).toBe(''));
    // The router's location changes before React renders the page for it (a transition).
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search projects' })).toHaveValue(''));
    await waitFor(() => expect(rowNames(screen.getByRole('table', { name: 'Projects' }))).toHaveLength(3));
  });

  it('opens with the search from the URL', async () => {
    const { runtime } = renderApp('/projects?search=mobile');
    expect(await screen.findByRole('searchbox', { name: 'Search projects' })).toHaveValue('mobile');
    await waitFor(async () => expect(rowNames(await projectsTable())).toEqual(['Mobile Apps']));
    expect(projectListRequests(runtime)[0]!.path).toContain('search=mobile');
  });

  it('says when the organization has no projects at all', async () => {
    server.use(
      http.get('*/api/organizations/:org/projects/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
    );
    renderApp('/projects');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('shows the API’s error with Try again, and recovers', async () => {
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: '/api/organizations/*/projects/', status: 503, retry_after: null }] });
    const { user } = renderApp('/projects');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the projects' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Service temporarily unavailable, try again later.');

    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(rowNames(await projectsTable())).toHaveLength(3);
  });

  it('pages: the first 100, then more by Load more, saying how many of how many', async () => {
    mock.store.mutate(() => {
      for (let i = 1; i <= 105; i += 1) {
        const id = mock.store.nextId('project');
        mock.store.insertProject(newProjectRecord(id, seedIds.organization, `Extra project ${String(i).padStart(3, '0')}`, '2024-07-01T00:00:00.000Z'));
      }
    });
    const { user, runtime } = renderApp('/projects');
    await projectsTable();
    expect(await screen.findByText('Showing 100 of 108 projects')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 108 of 108 projects')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(projectListRequests(runtime).some((entry) => entry.path.includes('offset=100'))).toBe(true);
  });
});

describe('New project', () => {
  it('shows a blank name under Name without calling the API, and a taken name (409) under Name too', async () => {
    const { user, runtime } = renderApp('/projects');
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();

    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByText('This field may not be blank.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(runtime.requestLog.get().some((entry) => entry.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'hedgebox app');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const conflict = 'There is already a project called "hedgebox app" in this organization. Choose a different name.';
    expect(await within(dialog).findByText(conflict)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(expect.stringContaining(conflict));
    // Nothing typed is lost.
    expect(name).toHaveValue('hedgebox app');
  });

  it('creates the project in the organization the page shows (?organization=), not the key\'s current one', async () => {
    const labs = seedIds.secondOrganization;
    const { user, runtime } = renderApp(`/projects?organization=${labs}`);
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Labs Sandbox');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New project' })).not.toBeInTheDocument());
    const post = runtime.requestLog.get().find((entry) => entry.method === 'POST');
    expect(post?.path).toBe(`/api/organizations/${labs}/projects/`);
    const listed = await apiGet<Paginated<ProjectListItem>>(`/api/organizations/${labs}/projects/?search=Labs%20Sandbox`);
    expect(listed.results.map((project) => project.name)).toEqual(['Labs Sandbox']);
  });

  it('creates a project in the picked time zone: a toast, and the new project in the list', async () => {
    const { user, location } = renderApp('/projects');
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Support Desk');

    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'paris');
    const listbox = within(dialog).getByRole('listbox', { name: 'Time zone' });
    await user.click(within(listbox).getByRole('option', { name: 'Europe/Paris' }));
    expect(zone).toHaveValue('Europe/Paris');
    expect(zone).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New project' })).not.toBeInTheDocument());
    const toast = await screen.findByRole('status', { name: 'Notifications' });
    expect(await within(toast).findByText('Project "Support Desk" created.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Projects' });
    const row = await within(table).findByRole('row', { name: /Support Desk/ });
    expect(within(row).getByRole('cell', { name: 'Europe/Paris' })).toBeInTheDocument();
    const created = [...mock.store.projectsOf(seedIds.organization)].find((p) => p.name === 'Support Desk')!;
    expect(created.timezone).toBe('Europe/Paris');
    expect(location().pathname).toBe('/projects');

    await user.click(within(toast).getByRole('button', { name: 'Open dashboards' }));
    await waitFor(() => expect(location().pathname).toBe(`/projects/${created.id}/dashboards`));
  });

  it('rejects a time zone that is not in the list, under Time zone', async () => {
    const { user } = renderApp('/projects');
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Somewhere');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    expect(within(dialog).getByText('No time zone matches “Mars/Olympus”.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByText('"Mars/Olympus" is not a valid choice.')).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a blank name and an unknown time zone together after one Create project, focusing Name', async () => {
    const { user, runtime } = renderApp('/projects');
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(zone).toHaveAccessibleDescription(expect.stringContaining('"Mars/Olympus" is not a valid choice.'));
    expect(name).toHaveFocus();
    expect(runtime.requestLog.get().filter((entry) => entry.method === 'POST')).toEqual([]);
  });

  it('shows the API’s 403 in the dialog when the role could not be foreseen', async () => {
    const sentence = 'You need to be an organization admin or above to create new projects.';
    server.use(
      http.post('*/api/organizations/@current/projects/', () =>
        HttpResponse.json({ type: 'authentication_error', code: 'permission_denied', detail: sentence, attr: null }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/projects');
    await projectsTable();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Not allowed here');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(sentence);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Not allowed here');
    // The rest of the page keeps working.
    expect(screen.getByRole('table', { name: 'Projects', hidden: true })).toBeInTheDocument();
  });

  it('disables New project for a key without project:write, and says why', async () => {
    renderApp('/projects', { key: 'phx_demo_readonly' });
    await projectsTable();
    const button = await screen.findByRole('button', { name: 'New project' });
    await accessKnown();
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('This API key cannot create projects: it lacks the project:write scope.');
  });

  it('closes on Escape and returns focus to New project', async () => {
    const { user } = renderApp('/projects');
    await projectsTable();
    const opener = screen.getByRole('button', { name: 'New project' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'New project' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'New project' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
