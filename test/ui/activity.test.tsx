import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { getRequestLog } from '../../src/api/request-log.ts';
import type { ActivityPage } from '../../src/contract/schemas.ts';
import { seedIds } from '../../src/mock/seed.ts';
import { apiGet, renderApp } from './render.tsx';
import { mock, server } from './setup.ts';

const APP = seedIds.projects.app;
const MOBILE = seedIds.projects.mobile;
const MARKETING = seedIds.projects.marketing;

beforeAll(async () => {
  await import('../../src/features/activity/activity-page.tsx');
  await import('../../src/features/project-settings/project-settings-page.tsx');
}, 60_000);

const entryList = () => screen.findByRole('list', { name: 'Activity entries' });
/** The list's own entries (not the nested lists of changes). */
const entries = (list: HTMLElement) => [...list.children] as HTMLElement[];
const times = (list: HTMLElement) => entries(list).map((li) => li.querySelector('time')!.getAttribute('datetime')!);

describe('Activity', () => {
  it('shows a loading state, then the entries newest first with who, what, when and the changes', async () => {
    const page = await apiGet<ActivityPage>(`/api/projects/${APP}/activity/?limit=50&page=1`);
    renderApp(`/projects/${APP}/activity`);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading activity…'))).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();

    const list = await entryList();
    expect(entries(list)).toHaveLength(50);
    expect(times(list)).toEqual(page.results.map((entry) => entry.created_at));
    const sorted = [...times(list)].sort().reverse();
    expect(times(list)).toEqual(sorted);
    expect(screen.getByText(`Showing 50 of ${page.total_count} entries`)).toBeInTheDocument();

    const newest = page.results[0]!;
    expect(newest).toMatchObject({ activity: 'created', scope: 'Dashboard' });
    const first = entries(list)[0]!;
    expect(first).toHaveTextContent(`${newest.user!.first_name} (${newest.user!.email}) created the dashboard ${newest.detail!.name}`);
    expect(within(first).getByRole('link', { name: newest.detail!.name! })).toHaveAttribute(
      'href',
      `/projects/${APP}/dashboards/${newest.item_id}`,
    );
    expect(first.querySelector('time')).toHaveAttribute('title', newest.created_at);
  });

  it('words each kind of change, with the field changes as before → after', async () => {
    renderApp(`/projects/${MARKETING}/activity`);
    const list = await entryList();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const collaborator = entries(list).find((li) => li.textContent?.includes('added a collaborator'))!;
    expect(collaborator).toHaveTextContent('Lena (lena.novak@hedgebox.net) added a collaborator to the dashboard Paid ads ROI');
    expect(within(collaborator).getByRole('list', { name: 'Changes' })).toHaveTextContent('collaborators: none → mei.tanaka@hedgebox.net');
    const shared = entries(list).find((li) => li.textContent?.includes('Launch week 2024'))!;
    expect(shared).toHaveTextContent('Olivia (olivia.chen@hedgebox.net) shared the dashboard Launch week 2024 publicly');
    expect(within(shared).getByRole('list', { name: 'Changes' })).toHaveTextContent('enabled: false → true');
  });

  it('pages by `page`: Load more adds the next entries, and says how many of how many', async () => {
    const { user } = renderApp(`/projects/${APP}/activity`);
    const list = await entryList();
    const total = (await apiGet<ActivityPage>(`/api/projects/${APP}/activity/`)).total_count!;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries(list)).toHaveLength(100));
    expect(screen.getByText(`Showing 100 of ${total} entries`)).toBeInTheDocument();
    const paths = getRequestLog().filter((entry) => entry.path.startsWith(`/api/projects/${APP}/activity/`)).map((e) => e.path);
    expect(paths.some((path) => path.includes('page=2'))).toBe(true);
    expect([...times(list)].sort().reverse()).toEqual(times(list));
  });

  it('shows the changes made in the console, newest first', async () => {
    const { user } = renderApp(`/projects/${MOBILE}/settings`);
    const name = await screen.findByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, 'Mobile');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    await user.click(within(danger).getByRole('button', { name: 'Reset project API key' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset project API key' })).getByRole('button', { name: 'Reset key' }));
    await within(danger).findByRole('textbox', { name: 'New project API key' });

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Activity' }));
    const list = await entryList();
    await waitFor(() => expect(entries(list)[0]).toHaveTextContent('reset the project API key of the project Mobile'));
    const [reset, renamed] = entries(list);
    expect(reset).toHaveTextContent('Priya (priya.raman@hedgebox.net)');
    expect(renamed).toHaveTextContent('Priya (priya.raman@hedgebox.net) updated the project Mobile');
    expect(within(renamed!).getByRole('list', { name: 'Changes' })).toHaveTextContent('name: Mobile Apps → Mobile');
    expect(times(list)[0]! >= times(list)[1]!).toBe(true);
  });

  it('links dashboards that still exist, and not deleted ones', async () => {
    const newest = (await apiGet<ActivityPage>(`/api/projects/${APP}/activity/?limit=1`)).results[0]!;
    const deleted = await fetch(new URL(`/api/projects/${APP}/dashboards/${newest.item_id}/`, window.location.origin), {
      method: 'PATCH',
      headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ deleted: true }),
    });
    expect(deleted.status).toBe(200);

    renderApp(`/projects/${APP}/activity`);
    const list = await entryList();
    const name = newest.detail!.name!;
    const [deletion, creation] = entries(list);
    expect(deletion).toHaveTextContent(`Priya (priya.raman@hedgebox.net) deleted the dashboard ${name}`);
    expect(creation).toHaveTextContent(`created the dashboard ${name}`);
    expect(within(deletion!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(creation!).queryByRole('link')).not.toBeInTheDocument();

    const links = within(list).getAllByRole('link');
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const id = Number(link.getAttribute('href')!.split('/').pop());
      expect(link.getAttribute('href')).toBe(`/projects/${APP}/dashboards/${id}`);
      expect(mock.store.dashboard(id)?.deleted).toBe(false);
    }
  });

  it('says when there is no activity yet', async () => {
    server.use(
      http.get('*/api/projects/:id/activity/', () => HttpResponse.json({ results: [], next: null, previous: null, total_count: 0 })),
    );
    renderApp(`/projects/${APP}/activity`);
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads the published document’s project-shaped answer as no entries', async () => {
    server.use(http.get('*/api/projects/:id/activity/', () => HttpResponse.json({ id: APP, name: 'Hedgebox App' })));
    renderApp(`/projects/${APP}/activity`);
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });

  it('shows the API’s error with Try again, and recovers', async () => {
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: '/api/projects/*/activity/', status: 500, retry_after: null }] });
    const { user } = renderApp(`/projects/${APP}/activity`);
    const alert = await screen.findByRole('alert', {});
    expect(within(alert).getByRole('heading', { name: 'Could not load the activity' })).toBeInTheDocument();
    expect(within(alert).getByText(/HTTP 500/)).toBeInTheDocument();
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(entries(await entryList())).toHaveLength(50);
  });

  it('keeps the loaded entries when the next page fails, and retries it', async () => {
    const { user } = renderApp(`/projects/${APP}/activity`);
    const list = await entryList();
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: '/api/projects/*/activity/', status: 503, retry_after: null }] });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load more: Service temporarily unavailable, try again later.');
    expect(entries(list)).toHaveLength(50);
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries(list)).toHaveLength(100));
  });

  it('says when the project does not exist', async () => {
    renderApp('/projects/9999/activity');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Project not found.');
  });
});
