import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardListItem, Paginated, ProjectListItem } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });
beforeAll(async () => {
  await import('../../../src/features/organization/all-dashboards-page.tsx');
  await import('../../../src/features/organization/public-links-page.tsx');
});

const { projects } = seedIds;
const displayName = (d: Pick<DashboardListItem, 'name'>) => (d.name?.trim() ? d.name : 'Untitled dashboard');
const dashboardsOf = async (projectId: number) =>
  (await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projectId}/dashboards/?limit=1000`)).results;
const orgProjects = async () => (await apiGet<Paginated<ProjectListItem>>('/api/organizations/@current/projects/?limit=100')).results;

/** Every dashboard of the organization, as the API lists them. */
async function everyDashboard() {
  const all: Array<DashboardListItem & { project: ProjectListItem }> = [];
  for (const project of await orgProjects()) for (const d of await dashboardsOf(project.id)) all.push({ ...d, project });
  return all;
}

/** The page's own controls (the top bar has a `Project` switcher too). */
const page = () => within(screen.getByRole('main'));
const projectFilter = () => page().getByRole('combobox', { name: 'Project' });

const loaded = async () => {
  const table = await screen.findByRole('table', { name: 'All dashboards' });
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
  return table;
};

async function createDashboard(projectId: number, name: string): Promise<DashboardListItem> {
  const response = await fetch(new URL(`/api/projects/${projectId}/dashboards/`, window.location.origin), {
    method: 'POST',
    headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await response.json()) as DashboardListItem;
}

/** Picks the option of `select` whose value or text is `option` (one change event, as a person's pick makes). */
function choose(select: HTMLElement, option: string) {
  const match = within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .find((candidate) => candidate.value === option || candidate.textContent === option);
  if (!match) throw new Error(`no option ${option}`);
  fireEvent.change(select, { target: { value: match.value } });
}

/** The CSV files the page hands to the browser. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}

describe('All dashboards', () => {
  it('streams every project’s dashboards behind Loading dashboards, then says how many in how many projects', async () => {
    const all = await everyDashboard();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { location, server } = renderApp('/organization/dashboards');
    // One project's list is held back: the others' rows show while it loads.
    server.use(
      http.get(`*/api/projects/${projects.marketing}/dashboards/`, async () => {
        await held;
        return undefined;
      }),
    );
    expect(await screen.findByRole('heading', { name: 'All dashboards', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All dashboards' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('progressbar', { name: 'Loading dashboards' })).toBeInTheDocument();
    const others = all.filter((d) => d.project.id !== projects.marketing);
    expect(await screen.findByText(`${others.length} dashboards in ${new Set(others.map((d) => d.project.id)).size} projects`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading dashboards' })).toBeInTheDocument();
    release();
    await loaded();
    const projectsWithDashboards = new Set(all.map((d) => d.project.id)).size;
    expect(await screen.findByText(`${all.length} dashboards in ${projectsWithDashboards} projects`)).toBeInTheDocument();
    // The name links into its project (the first rows are the first project's, by name).
    const firstProject = [...new Set(all.map((d) => d.project.name))].sort((a, b) => a.localeCompare(b))[0];
    const first = all.find((d) => d.project.name === firstProject)!;
    const link = (await screen.findAllByRole('link', { name: displayName(first) }))[0]!;
    expect(link).toHaveAttribute('href', `/projects/${first.project.id}/dashboards/${first.id}`);
    // The Projects tab keeps ?organization=.
    expect(location().pathname).toBe('/organization/dashboards');
  });

  it('stops when asked: what arrived stays, and what was in flight is cancelled', async () => {
    let aborted = 0;
    const { server, user } = renderApp('/organization/dashboards');
    server.use(
      http.get('*/api/projects/:projectId/dashboards/', async ({ params, request }) => {
        if (String(params.projectId) === String(projects.app)) return undefined;
        request.signal.addEventListener('abort', () => (aborted += 1));
        await delay('infinite');
        return undefined;
      }),
    );
    const app = await dashboardsOf(projects.app);
    expect(await screen.findByText(`${app.length} dashboards in 1 project`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Stopped:/)).toBeInTheDocument();
    await waitFor(() => expect(aborted).toBeGreaterThan(0));
    expect(screen.getByText(`${app.length} dashboards in 1 project`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load again' })).toBeInTheDocument();
  });

  it('names a project that fails under Could not load, with the API’s sentence, and loads the rest', async () => {
    const rest = (await everyDashboard()).filter((d) => d.project.id !== projects.marketing);
    const restProjects = new Set(rest.map((d) => d.project.id)).size;
    const { server } = renderApp('/organization/dashboards');
    server.use(
      http.get(`*/api/projects/${projects.marketing}/dashboards/`, () =>
        HttpResponse.json({ type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }, { status: 500 }),
      ),
    );
    await loaded();
    const list = screen.getByRole('list', { name: 'Could not load' });
    const marketing = (await orgProjects()).find((p) => p.id === projects.marketing)!;
    expect(within(list).getByText(marketing.name)).toBeInTheDocument();
    expect(within(list).getByText(/A server error occurred\./)).toBeInTheDocument();
    expect(await screen.findByText(`${rest.length} dashboards in ${restProjects} projects`)).toBeInTheDocument();
  });

  it('keeps each filter in the URL and sorts by a header button with aria-sort', async () => {
    const all = await everyDashboard();
    const { user, location } = renderApp('/organization/dashboards');
    await loaded();
    const count = () => screen.getByText(/ dashboards? in \d+ projects?$/).textContent;

    choose(projectFilter(), String(projects.mobile));
    expect(new URLSearchParams(location().search).get('project')).toBe(String(projects.mobile));
    const mobile = all.filter((d) => d.project.id === projects.mobile);
    // The router's location changes before React renders the page for it (a transition).
    await waitFor(() => expect(count()).toBe(`${mobile.length} dashboards in 1 project`));
    choose(projectFilter(), 'All projects');

    await user.click(screen.getByRole('checkbox', { name: 'Shared publicly' }));
    expect(new URLSearchParams(location().search).get('shared')).toBe('true');
    await waitFor(() => expect(count()).toMatch(new RegExp(`^${all.filter((d) => d.is_shared).length} dashboards? in`)));
    await user.click(screen.getByRole('checkbox', { name: 'Shared publicly' }));

    choose(screen.getByRole('combobox', { name: 'Not opened in' }), '90 days');
    expect(new URLSearchParams(location().search).get('notOpened')).toBe('90d');
    const cutoff = Date.now() - 90 * 86_400_000;
    const notOpened = all.filter((d) => d.last_accessed_at === null || Date.parse(d.last_accessed_at) < cutoff);
    await waitFor(() => expect(count()).toMatch(new RegExp(`^${notOpened.length} dashboards? in`)));
    choose(screen.getByRole('combobox', { name: 'Not opened in' }), 'Any time');

    const creator = all.find((d) => d.created_by)!.created_by!;
    const createdBy = screen.getByRole('combobox', { name: 'Created by' });
    expect(within(createdBy).getAllByRole('option')[0]).toHaveTextContent('Anyone');
    choose(createdBy, creator.email);
    expect(new URLSearchParams(location().search).get('createdBy')).toBe(creator.email);
    await waitFor(() => expect(count()).toMatch(new RegExp(`^${all.filter((d) => d.created_by?.email === creator.email).length} dashboards? in`)));
    choose(createdBy, 'Anyone');

    const needle = 'funnel';
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search dashboards' }), { target: { value: needle } });
    await waitFor(() => expect(new URLSearchParams(location().search).get('search')).toBe(needle));
    const found = all.filter((d) => `${d.name ?? ''} ${d.description ?? ''}`.toLowerCase().includes(needle));
    await waitFor(() => expect(count()).toMatch(new RegExp(`^${found.length} dashboards? in`)));

    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /^Project/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(new URLSearchParams(location().search).get('sort')).toBe('name');
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(new URLSearchParams(location().search).get('sort')).toBe('-name');
    const names = within(screen.getByRole('table', { name: 'All dashboards' }))
      .getAllByRole('rowheader')
      .map((cell) => within(cell).getByRole('link').textContent!);
    const expected = found.map(displayName).sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base', numeric: true }));
    expect(names).toEqual(expected.slice(0, names.length));
  });

  it('pins dashboards of two projects, each request to its own project, and exports the header row', async () => {
    const a = await createDashboard(projects.marketing, 'Org bulk target one');
    const b = await createDashboard(projects.mobile, 'Org bulk target two');
    const sent: string[] = [];
    const { user, server } = renderApp('/organization/dashboards?search=org%20bulk%20target');
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') sent.push(new URL(request.url).pathname);
    });
    await loaded();
    await screen.findByRole('checkbox', { name: 'Select Org bulk target one' });
    await screen.findByRole('checkbox', { name: 'Select Org bulk target two' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded dashboards' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('2 updated, 0 failed')).toBeInTheDocument();
    expect(sent.sort()).toEqual(
      [`/api/projects/${projects.marketing}/dashboards/${a.id}/`, `/api/projects/${projects.mobile}/dashboards/${b.id}/`].sort(),
    );
    expect((await dashboardsOf(projects.marketing)).find((d) => d.id === a.id)!.pinned).toBe(true);
    expect((await dashboardsOf(projects.mobile)).find((d) => d.id === b.id)!.pinned).toBe(true);

    const blobs = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await blobs[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'project_id,project_name,id,name,description,tags,pinned,shared,restricted,last_accessed_at,created_by,created_at',
    );
  });

  it('tells a key that cannot read dashboards so, up front', async () => {
    const key = await apiGet<Record<string, unknown>>('/api/personal_api_keys/@current/');
    // Before the render: the connected routes' loader asks for the key's scopes as the router starts.
    server.use(
      http.get('*/api/personal_api_keys/@current/', () =>
        HttpResponse.json({ ...key, scopes: ['organization:read', 'user:read', 'project:read'] }),
      ),
    );
    renderApp('/organization/dashboards');
    expect(await screen.findByText('This API key cannot read dashboards: it lacks the dashboard:read scope.')).toBeInTheDocument();
  });
});

describe('Public links', () => {
  it('lists every shared dashboard with its link, password and since; rotates links; exports the header row', async () => {
    const shared = (await everyDashboard()).filter((d) => d.is_shared);
    const { user } = renderApp('/organization/public-links');
    expect(await screen.findByRole('heading', { name: 'Public links', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Public links' });
    for (const name of ['Project', 'Dashboard', 'Public link', 'Password required', 'Shared since', 'Last opened']) {
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const first = shared[0]!;
    const sharing = await apiGet<{ access_token: string; password_required: boolean }>(
      `/api/projects/${first.project.id}/dashboards/${first.id}/sharing/`,
    );
    const link = `${window.location.origin}/shared/${sharing.access_token}`;
    expect(await within(table).findByText(link)).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: `Copy link ${displayName(first)}` }).length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('link', { name: displayName(first) })[0]).toHaveAttribute(
      'href',
      `/projects/${first.project.id}/dashboards/${first.id}/sharing`,
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(shared.length + 1));

    await user.click(within(table).getAllByRole('checkbox', { name: `Select ${displayName(first)}` })[0]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Rotate links' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Rotate 1 public link/ });
    expect(within(dialog).getByText(/each old link keeps working for 5 more minutes/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate links' }));
    expect(await screen.findByText('1 updated, 0 failed')).toBeInTheDocument();
    const rotated = await apiGet<{ access_token: string }>(`/api/projects/${first.project.id}/dashboards/${first.id}/sharing/`);
    expect(rotated.access_token).not.toBe(sharing.access_token);
    expect(await within(table).findByText(`${window.location.origin}/shared/${rotated.access_token}`)).toBeInTheDocument();

    const blobs = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await blobs[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'project_id,project_name,dashboard_id,dashboard_name,public_link,password_required,shared_since',
    );
  });

  it('ends its progress only once every shared row has its configuration: then no row says Loading…', async () => {
    const shared = (await everyDashboard()).filter((d) => d.is_shared);
    const { server } = renderApp('/organization/public-links');
    server.use(
      http.get('*/api/projects/:projectId/dashboards/:dashboardId/sharing/', async () => {
        await delay(200);
        return undefined;
      }),
    );
    const table = await screen.findByRole('table', { name: 'Public links' });
    // While the configurations arrive, the bar says so.
    expect(await screen.findByText(/^Loading public links: \d+ of \d+$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
    expect(within(table).queryByText('Loading…')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(shared.length + 1);
  });
});

describe('The organization’s rows in the cache', () => {
  it('going back shows the rows at once (no progress), then refreshes in the background', async () => {
    const all = await everyDashboard();
    const { router } = renderApp('/organization/dashboards');
    await loaded();
    const count = `${all.length} dashboards in ${new Set(all.map((d) => d.project.id)).size} projects`;
    expect(await screen.findByText(count)).toBeInTheDocument();
    await router.navigate('/projects');
    expect(await screen.findByRole('heading', { name: 'Projects', level: 1 })).toBeInTheDocument();
    await router.navigate('/organization/dashboards');
    expect(await screen.findByRole('heading', { name: 'All dashboards', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(count)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument();
  });

  it('shows a pin and a delete made on another page of this tab, reading again at most the project they touched', async () => {
    const made = await createDashboard(projects.app, 'Cache reach pinned');
    const gone = await createDashboard(projects.app, 'Cache reach deleted');
    const { router, user, runtime } = renderApp(`/organization/dashboards?search=${encodeURIComponent('Cache reach')}`);
    await loaded();
    expect(await screen.findByText('2 dashboards in 1 project')).toBeInTheDocument();

    await router.navigate(`/projects/${projects.app}/dashboards?search=${encodeURIComponent('Cache reach')}`);
    await user.click(await screen.findByRole('button', { name: 'Pin Cache reach pinned' }));
    expect(await screen.findByRole('button', { name: 'Unpin Cache reach pinned' })).toBeInTheDocument();
    await router.navigate(`/projects/${projects.app}/dashboards/${gone.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete dashboard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Dashboards', level: 1 })).toBeInTheDocument();

    const before = runtime.requestLog.get().length;
    await router.navigate(`/organization/dashboards?search=${encodeURIComponent('Cache reach')}`);
    const table = await screen.findByRole('table', { name: 'All dashboards' });
    expect(await screen.findByText('1 dashboard in 1 project')).toBeInTheDocument();
    const row = within(table).getAllByRole('row').find((candidate) => within(candidate).queryByRole('link', { name: made.name! }));
    expect(within(row!).getByText('Pinned')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: gone.name! })).not.toBeInTheDocument();
    // Only the touched project's list is read again, never every project's.
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading dashboards' })).not.toBeInTheDocument());
    const lists = runtime.requestLog
      .get()
      .slice(0, runtime.requestLog.get().length - before)
      .map((entry) => entry.path)
      .filter((path) => /^\/api\/projects\/\d+\/dashboards\/\?/.test(path));
    expect(new Set(lists.map((path) => path.split('/')[3]))).toEqual(new Set(lists.length ? [String(projects.app)] : []));
  });
  it('reads the project’s rows again when members remove themselves as collaborators: its bulk actions then leave that dashboard out', async () => {
    const name = 'Q3 pricing experiment';
    const { router, user } = renderApp(`/organization/dashboards?search=${encodeURIComponent(name)}`, { key: 'phx_demo_member' });
    await loaded();
    expect(await screen.findByText('1 dashboard in 1 project')).toBeInTheDocument();

    await router.navigate(`/projects/${projects.app}/dashboards/${seedIds.dashboards.pricingExperiment}/collaborators`);
    await user.click(await screen.findByRole('button', { name: 'Remove tomas.garcia@hedgebox.net' }));
    expect(await screen.findByText('View only')).toBeInTheDocument();

    await router.navigate(`/organization/dashboards?search=${encodeURIComponent(name)}`);
    const table = await loaded();
    await user.click(within(table).getByRole('checkbox', { name: `Select ${name}` }));
    await user.click(page().getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText(/1 dashboard was left out up front, since this key may not change it/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Left out' })).getByText(new RegExp(name))).toBeInTheDocument();
    const [dashboard] = (await dashboardsOf(projects.app)).filter((candidate) => candidate.name === name);
    expect(dashboard?.pinned).toBe(false);
  });
});
