import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { accessKnown, apiGet, renderApp } from '../../render.tsx';
import { mock, server } from '../../setup.ts';

const { projects } = seedIds;
const noFaults = { latency_ms: 0, error_rate: 0, rules: [] };

// Generous limits: the machine runs several suites at once, and each test drives the whole console.
beforeAll(async () => {
  // Load the lazy page chunk once, so the first test does not pay for its transform.
  await import('../../../src/features/dashboards/dashboards-page.tsx');
});

/** Every URL the console requested in this test (a spy on msw's server). */
let requestedUrls: URL[] = [];
const recordRequest = ({ request }: { request: Request }) => {
  requestedUrls.push(new URL(request.url));
};
beforeEach(() => {
  requestedUrls = [];
  server.events.on('request:start', recordRequest);
});
afterEach(() => {
  server.events.removeListener('request:start', recordRequest);
});

/** The console's list requests (page size 100) for the project; the tests' own reads ask for more. */
const listRequests = (projectId: number) =>
  requestedUrls.filter(
    (url) => url.pathname === `/api/projects/${projectId}/dashboards/` && url.searchParams.get('limit') === '100',
  );

async function findTable() {
  return screen.findByRole('table', { name: 'Dashboards' });
}

/** The table row whose name link is exactly `name`. */
function rowOf(name: string): HTMLElement {
  const link = within(screen.getByRole('table', { name: 'Dashboards' })).getByRole('link', { name });
  const row = screen.getAllByRole('row').find((r) => r.contains(link));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function dashboardsOf(projectId: number, query = ''): Promise<Paginated<DashboardListItem>> {
  return apiGet<Paginated<DashboardListItem>>(`/api/projects/${projectId}/dashboards/?limit=1000${query}`);
}

async function openNewDashboard(user: ReturnType<typeof renderApp>['user']) {
  await findTable();
  await user.click(screen.getByRole('button', { name: 'New dashboard' }));
  return screen.findByRole('dialog', { name: 'New dashboard' });
}

/** The id of the dashboard whose page the console opened. */
function openedDashboardId(pathname: string, projectId: number): number {
  const match = new RegExp(`^/projects/${projectId}/dashboards/(\\d+)$`).exec(pathname);
  if (!match) throw new Error(`not a dashboard page: ${pathname}`);
  return Number(match[1]);
}

describe('Dashboards list', () => {
  it('shows loading, then the dashboards with their columns, pinned first', async () => {
    // The route asks for the list as it starts, before the first render: the list is held until the
    // loading state has been seen (then the mock answers it).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/projects/:projectId/dashboards/', async () => {
        await held;
      }),
    );
    renderApp(`/projects/${projects.marketing}/dashboards`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();
    expect(screen.getByText('Loading dashboards…')).toBeInTheDocument();
    release();

    const table = await findTable();
    for (const header of ['Pinned', 'Name', 'Description', 'Tags', 'Created by', 'Created']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const expected = await dashboardsOf(projects.marketing);
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => within(cell).getByRole('link').textContent);
    expect(names).toEqual(expected.results.map((d) => d.name ?? 'Untitled dashboard'));
    expect(names[0]).toBe('Campaign performance');
    expect(screen.getByText(`Showing ${expected.count} of ${expected.count} dashboards`)).toBeInTheDocument();

    const campaign = rowOf('Campaign performance');
    expect(within(campaign).getByRole('button', { name: 'Unpin Campaign performance' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(campaign).getByText('Sign-ups by campaign and channel.')).toBeInTheDocument();
    expect(within(campaign).getByRole('listitem')).toHaveTextContent('marketing');
    expect(within(campaign).getByText('Mei Tanaka')).toBeInTheDocument();
    expect(within(rowOf('Blog traffic')).getByRole('button', { name: 'Pin Blog traffic' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(rowOf('Campaign performance')).getByRole('link', { name: 'Campaign performance' })).toHaveAttribute(
      'href',
      `/projects/${projects.marketing}/dashboards/${expected.results[0]!.id}`,
    );
  });

  it('shows a null name as Untitled dashboard, in the link and the pin button', async () => {
    renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const row = rowOf('Untitled dashboard');
    expect(within(row).getByRole('button', { name: 'Pin Untitled dashboard' })).toBeInTheDocument();
    expect(within(row).getByText('Scratch space.')).toBeInTheDocument();
  });

  it('marks shared and restricted dashboards with badges', async () => {
    renderApp(`/projects/${projects.app}/dashboards?search=storage%20usage%20by%20plan`);
    await waitFor(() => expect(within(rowOf('Storage usage by plan')).getByText('Shared')).toBeInTheDocument());
    expect(within(rowOf('Storage usage by plan')).getByText('Restricted')).toBeInTheDocument();
  });

  it('badges only what applies', async () => {
    renderApp(`/projects/${projects.app}/dashboards`);
    await findTable();
    const overview = rowOf('Product overview');
    expect(within(overview).getByText('Shared')).toBeInTheDocument();
    expect(within(overview).queryByText('Restricted')).not.toBeInTheDocument();
    const website = rowOf('Website traffic');
    expect(within(website).queryByText('Shared')).not.toBeInTheDocument();
    expect(within(website).queryByText('Restricted')).not.toBeInTheDocument();
  });

  it('keeps the DOM small with a long list and loads the next page with Load more', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards`);
    const table = await findTable();
    const total = (await dashboardsOf(projects.app)).count;
    expect(total).toBeGreaterThan(250);
    expect(screen.getByText(`Showing 100 of ${total} dashboards`)).toBeInTheDocument();
    // 100 loaded, but only the rows in view (plus overscan) are rendered.
    expect(within(table).getAllByRole('rowheader').length).toBeLessThanOrEqual(40);
    expect(table).toHaveAttribute('aria-rowcount', String(total + 1));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Showing 200 of ${total} dashboards`)).toBeInTheDocument();
    const offsets = new Set(listRequests(projects.app).map((url) => url.searchParams.get('offset')));
    expect([...offsets]).toEqual(['0', '100']);
  });

  it('says when a project has no dashboards yet', async () => {
    const response = await fetch(new URL('/api/organizations/@current/projects/', window.location.origin), {
      method: 'POST',
      headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Empty project' }),
    });
    const project = (await response.json()) as { id: number };
    renderApp(`/projects/${project.id}/dashboards`);
    expect(await screen.findByRole('heading', { name: 'No dashboards yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Dashboards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New dashboard' })).toBeInTheDocument();
  });

  it('says when nothing matches, and clears the search', async () => {
    const { user, location } = renderApp(`/projects/${projects.marketing}/dashboards?search=no-such-dashboard`);
    expect(await screen.findByRole('heading', { name: 'No dashboards match' })).toBeInTheDocument();
    expect(screen.getByText(/No dashboard has “no-such-dashboard” in its name or description/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await findTable();
    expect(location().search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search dashboards' })).toHaveValue('');
  });

  it('shows the API error with Try again, and recovers', async () => {
    mock.setFaults({ ...noFaults, rules: [{ method: 'GET', path: '/api/projects/*/dashboards/', status: 503, retry_after: null }] });
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the dashboards' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Service temporarily unavailable, try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();

    mock.setFaults(noFaults);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findTable()).toBeInTheDocument();
  });

  it('puts the search in the URL and sends it to the API, debounced', async () => {
    const { user, location } = renderApp(`/projects/${projects.app}/dashboards`);
    await findTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'funnel');
    await waitFor(() => expect(new URLSearchParams(location().search).get('search')).toBe('funnel'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Product overview' })).not.toBeInTheDocument());

    const searches = new Set(listRequests(projects.app).map((url) => url.searchParams.get('search')));
    // Requests for the whole word only, not one per key.
    expect([...searches]).toEqual([null, 'funnel']);
    const names = within(screen.getByRole('table', { name: 'Dashboards' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent ?? '');
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.startsWith('Activation funnel'))).toBe(true);
  });

  it('filters Pinned only through the URL and the API', async () => {
    const { user, location } = renderApp(`/projects/${projects.app}/dashboards`);
    await findTable();
    await user.click(screen.getByRole('checkbox', { name: 'Pinned only' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('pinned')).toBe('true'));
    const pinned = await dashboardsOf(projects.app, '&pinned=true');
    expect(await screen.findByText(`Showing ${pinned.count} of ${pinned.count} dashboards`)).toBeInTheDocument();
    expect(listRequests(projects.app).at(-1)!.searchParams.get('pinned')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Board metrics' })).not.toBeInTheDocument();
    for (const button of within(screen.getByRole('table', { name: 'Dashboards' })).getAllByRole('button', { pressed: true })) {
      expect(button).toHaveAccessibleName(/^Unpin /);
    }
  });

  it('restores search and Pinned only from a bookmark', async () => {
    renderApp(`/projects/${projects.app}/dashboards?search=release&pinned=true`);
    await findTable();
    expect(screen.getByRole('searchbox', { name: 'Search dashboards' })).toHaveValue('release');
    expect(screen.getByRole('checkbox', { name: 'Pinned only' })).toBeChecked();
    const first = listRequests(projects.app)[0]!;
    expect(first.searchParams.get('search')).toBe('release');
    expect(first.searchParams.get('pinned')).toBe('true');
    expect(rowOf('Release health')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 dashboard')).toBeInTheDocument();
  });
});

describe('Pinning', () => {
  it('flips at once, before the API answers', async () => {
    const { user, runtime } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const blog = (await dashboardsOf(projects.marketing)).results.find((d) => d.name === 'Blog traffic')!;
    // Long enough that the flip is seen before the answer even on a busy machine.
    mock.setFaults({ ...noFaults, latency_ms: 2000 });

    await user.click(screen.getByRole('button', { name: 'Pin Blog traffic' }));
    expect(await screen.findByRole('button', { name: 'Unpin Blog traffic' })).toHaveAttribute('aria-pressed', 'true');
    // The PATCH has not been answered yet.
    expect(runtime.requestLog.get().some((entry) => entry.method === 'PATCH')).toBe(false);
    expect(requestedUrls.some((url) => url.pathname === `/api/projects/${projects.marketing}/dashboards/${blog.id}/`)).toBe(true);

    await waitFor(() => expect(runtime.requestLog.get().find((entry) => entry.method === 'PATCH')?.status).toBe(200));
    mock.setFaults(noFaults);
    expect((await apiGet<Dashboard>(`/api/projects/${projects.marketing}/dashboards/${blog.id}/`)).pinned).toBe(true);
    // After the refetch the API's order holds: pinned first.
    await waitFor(() => {
      const names = within(screen.getByRole('table', { name: 'Dashboards' }))
        .getAllByRole('rowheader')
        .map((cell) => within(cell).getByRole('link').textContent);
      expect(names.slice(0, 2)).toEqual(['Blog traffic', 'Campaign performance']);
    });
  });

  it('rolls back with a toast carrying the API detail when the API refuses', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    mock.setFaults({
      latency_ms: 800,
      error_rate: 0,
      rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*/', status: 500, retry_after: null }],
    });

    await user.click(screen.getByRole('button', { name: 'Unpin Campaign performance' }));
    expect(await screen.findByRole('button', { name: 'Pin Campaign performance' })).toHaveAttribute('aria-pressed', 'false');

    const toasts = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(toasts).findByText('Could not unpin “Campaign performance”: A server error occurred.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpin Campaign performance' })).toHaveAttribute('aria-pressed', 'true');
    mock.setFaults(noFaults);
    const campaign = (await dashboardsOf(projects.marketing)).results.find((d) => d.name === 'Campaign performance')!;
    expect(campaign.pinned).toBe(true);
  });
});

describe('Pinning several rows in quick succession', () => {
  it('rolls back and reports only the refused one', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const campaign = (await dashboardsOf(projects.marketing)).results.find((d) => d.name === 'Campaign performance')!;
    mock.setFaults({
      latency_ms: 600,
      error_rate: 0,
      rules: [{ method: 'PATCH', path: `/api/projects/*/dashboards/${campaign.id}/`, status: 500, retry_after: null }],
    });

    await user.click(screen.getByRole('button', { name: 'Unpin Campaign performance' }));
    await user.click(screen.getByRole('button', { name: 'Pin Blog traffic' }));
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(toasts).findByText('Could not unpin “Campaign performance”: A server error occurred.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unpin Campaign performance' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: 'Unpin Blog traffic' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toasts).queryByText(/Blog traffic/)).not.toBeInTheDocument();
  });
});

describe('New dashboard', () => {
  it('creates a blank dashboard with normalized tags and opens it', async () => {
    const { user, location } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'Blank' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Everyone in the project' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Quarterly goals');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'OKRs for the team.');
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    await user.type(tags, ' Growth, weekly,, growth ');
    expect(tags).toHaveAccessibleDescription(/Separate tags with commas.*Saved as: growth, weekly$/);

    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(location().pathname).toMatch(/^\/projects\/2\/dashboards\/\d+$/));
    const id = openedDashboardId(location().pathname, projects.marketing);
    const created = await apiGet<Dashboard>(`/api/projects/${projects.marketing}/dashboards/${id}/`);
    expect(created).toMatchObject({
      name: 'Quarterly goals',
      description: 'OKRs for the team.',
      tags: ['growth', 'weekly'],
      restriction_level: 21,
      creation_mode: 'default',
    });
    expect(created.tiles).toEqual([]);
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    expect(within(toasts).getByText('Created the dashboard “Quarterly goals”.')).toBeInTheDocument();
  });

  it('creates one from a template, restricted to invited collaborators', async () => {
    const { user, location } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    expect(within(dialog).getByRole('radio', { name: 'Product analytics (DEFAULT_APP)' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Traffic (team)');
    await user.click(within(dialog).getByRole('radio', { name: 'Website traffic (WEBSITE_TRAFFIC)' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only invited collaborators' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));

    await waitFor(() => expect(location().pathname).toMatch(/^\/projects\/2\/dashboards\/\d+$/));
    const id = openedDashboardId(location().pathname, projects.marketing);
    const created = await apiGet<Dashboard>(`/api/projects/${projects.marketing}/dashboards/${id}/`);
    expect(created).toMatchObject({ name: 'Traffic (team)', creation_mode: 'template', restriction_level: 37 });
    expect(created.tiles.length).toBeGreaterThanOrEqual(3);
    expect(created.tiles.every((tile) => tile.insight?.name)).toBe(true);
  });

  it('creates a copy of a dashboard picked through a server search', async () => {
    const { user, location, runtime } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Blog traffic, again');
    await user.click(within(dialog).getByRole('radio', { name: 'Copy of an existing dashboard' }));

    // Nothing picked yet: the error sits under Start from, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(within(dialog).getByRole('radiogroup', { name: 'Start from' })).toHaveAccessibleDescription('Choose the dashboard to copy.');
    expect(runtime.requestLog.get().some((entry) => entry.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search dashboards to copy' }), 'blog');
    await waitFor(() => expect(listRequests(projects.marketing).some((url) => url.searchParams.get('search') === 'blog')).toBe(true));
    const picker = within(dialog).getByRole('radiogroup', { name: 'Dashboard to copy' });
    await waitFor(() => expect(within(picker).getAllByRole('radio')).toHaveLength(1));
    const source = (await dashboardsOf(projects.marketing, '&search=blog')).results[0]!;
    await user.click(within(picker).getByRole('radio', { name: `Blog traffic #${source.id}` }));
    expect(within(dialog).getByText(/^Copying:/)).toHaveTextContent(`Copying: Blog traffic (#${source.id})`);
    expect(within(dialog).getByRole('radiogroup', { name: 'Start from' })).not.toHaveAccessibleDescription();

    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(location().pathname).toMatch(/^\/projects\/2\/dashboards\/\d+$/));
    const id = openedDashboardId(location().pathname, projects.marketing);
    const [created, original] = await Promise.all([
      apiGet<Dashboard>(`/api/projects/${projects.marketing}/dashboards/${id}/`),
      apiGet<Dashboard>(`/api/projects/${projects.marketing}/dashboards/${source.id}/`),
    ]);
    expect(created).toMatchObject({ name: 'Blog traffic, again', creation_mode: 'duplicate' });
    expect(created.tiles.map((tile) => tile.insight?.name)).toEqual(original.tiles.map((tile) => tile.insight?.name));
    const post = runtime.requestLog.get().find((entry) => entry.method === 'POST');
    expect(post?.requestBody).toMatchObject({ use_dashboard: source.id });
  });

  it('shows a name over 400 characters under Name, without sending it', async () => {
    const { user, runtime } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(401));
    expect(name).toHaveAccessibleDescription(/401 of 400 characters/);
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Ensure this field has no more than 400 characters\./);
    expect(name).toHaveFocus();
    expect(name).toHaveValue('x'.repeat(401));
    expect(runtime.requestLog.get().some((entry) => entry.method === 'POST')).toBe(false);
  });

  it('shows the API field error under the field it names, keeping the input', async () => {
    server.use(
      http.post('*/api/projects/:projectId/dashboards/', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'invalid_input', detail: 'Invalid template provided: DEFAULT_APP', attr: 'use_template' },
          { status: 400 },
        ),
      ),
    );
    const { user, location } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'From the template');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'a, b');
    await user.click(within(dialog).getByRole('radio', { name: 'Product analytics (DEFAULT_APP)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));

    const startFrom = within(dialog).getByRole('radiogroup', { name: 'Start from' });
    await waitFor(() => expect(startFrom).toHaveAccessibleDescription('Invalid template provided: DEFAULT_APP'));
    expect(within(dialog).getByRole('radio', { name: 'Product analytics (DEFAULT_APP)' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('From the template');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('a, b');
    expect(location().pathname).toBe(`/projects/${projects.marketing}/dashboards`);
  });

  it('shows every invalid field after one Create dashboard: a long name and a copy with no source', async () => {
    const { user, runtime } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'x'.repeat(401) } });
    await user.click(within(dialog).getByRole('radio', { name: 'Copy of an existing dashboard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));

    expect(name).toHaveAccessibleDescription(/Ensure this field has no more than 400 characters\./);
    expect(within(dialog).getByRole('radiogroup', { name: 'Start from' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose the dashboard to copy.'),
    );
    expect(name).toHaveFocus();
    expect(runtime.requestLog.get().some((entry) => entry.method === 'POST')).toBe(false);
  });

  it('places an API error on a nested attr (tags__1) under Tags', async () => {
    server.use(
      http.post('*/api/projects/:projectId/dashboards/', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'invalid_input', detail: 'Not a valid string.', attr: 'tags__1' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    await user.type(tags, 'a, b');
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(tags).toHaveAccessibleDescription(expect.stringContaining('Not a valid string.')));
    expect(tags).toHaveFocus();
  });

  it('asks before closing with typed input', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Half typed');
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog', { name: 'New dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New dashboard' })).toHaveFocus();
  });

  it('asks before leaving the page (Back) with typed input', async () => {
    const { user, router, location } = renderApp(`/projects/${projects.marketing}/dashboards`);
    const dialog = await openNewDashboard(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Half typed');
    void router.navigate('/projects');
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(location().pathname).toBe(`/projects/${projects.marketing}/dashboards`);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');

    void router.navigate('/projects');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave page' }),
    );
    await waitFor(() => expect(location().pathname).toBe('/projects'));
  });

  it('closes without asking when nothing was typed', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await openNewDashboard(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'New dashboard' })).not.toBeInTheDocument();
  });
});

describe('A read-only key', () => {
  it('disables New dashboard and pinning up front, naming the missing scope', async () => {
    const { runtime } = renderApp(`/projects/${projects.marketing}/dashboards`, { key: 'phx_demo_readonly' });
    await findTable();
    const pin = screen.getByRole('button', { name: 'Pin Blog traffic' });
    await accessKnown();
    await waitFor(() => expect(pin).toBeDisabled());
    expect(pin).toHaveAccessibleDescription(/^This API key cannot change dashboards: it lacks the dashboard:write scope\./);
    const create = screen.getByRole('button', { name: 'New dashboard' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('This API key cannot create dashboards: it lacks the dashboard:write scope.');
    // Searching and browsing still work, and nothing was sent that the key may not do.
    expect(screen.getByRole('searchbox', { name: 'Search dashboards' })).toBeEnabled();
    expect(runtime.requestLog.get().some((entry) => entry.method === 'PATCH' || entry.method === 'POST')).toBe(false);
  });

  it('shows the 403 where the person acted when the key’s scopes are unknown', async () => {
    // A backend that does not say which scopes the key holds: the console lets the API decide.
    server.use(
      http.get('*/api/personal_api_keys/@current/', () =>
        HttpResponse.json({ type: 'invalid_request', code: 'not_found', detail: 'Endpoint not found.', attr: null }, { status: 404 }),
      ),
    );
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`, { key: 'phx_demo_readonly' });
    await findTable();
    expect(screen.getByRole('button', { name: 'New dashboard' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Pin Blog traffic' }));
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    expect(
      await within(toasts).findByText("Could not pin “Blog traffic”: API key missing required scope 'dashboard:write'"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin Blog traffic' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Pin Blog traffic' })).toHaveAccessibleDescription(/This API key cannot change dashboards/);
    expect(screen.getByRole('button', { name: 'New dashboard' })).toHaveAccessibleDescription(/dashboard:write/);

    const dialog = await openNewDashboard(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Not allowed');
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("Not allowed: API key missing required scope 'dashboard:write'");
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Not allowed');
    // The rest of the page still works.
    expect(screen.getByRole('table', { name: 'Dashboards', hidden: true })).toBeInTheDocument();
  });
});
