/**
 * The list pages ask for their first page while their code is still loading: the page modules are
 * held back here (a gate on their import, handed to the routes) to show that the list request does not wait for them, nor
 * for the organization, the key owner or the mock's info.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_DETAIL } from '../../../src/api/runtime/request-log.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { RouteEntry } from '../../../src/app/routes/route-data.ts';
import type { DashboardListItem, Paginated, ProjectListItem } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';


/** A promise the test opens when it wants to. */
function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

type Gate = ReturnType<typeof createGate>;
/** The pages whose code is held back, by their route's path (src/app/routes/route-data.ts). */
let gates: Partial<Record<'projects' | 'projects/:projectId/dashboards' | 'projects/:projectId/activity', Gate>> = {};
/** How these tests' routes load a page's code: after its gate opens, when it has one. */
const loadPage = async (entry: RouteEntry) => {
  const gate = gates[entry.path as keyof typeof gates];
  if (gate) await gate.opened;
  return entry.page();
};

const { projects } = seedIds;

/** The console's GET requests of `pathPrefix` that were answered. */
const answered = (runtime: ConsoleRuntime, pathPrefix: string) =>
  runtime.requestLog.get().filter((entry) => entry.method === 'GET' && entry.path.startsWith(pathPrefix) && entry.status === 200);

const shellGates: Array<() => void> = [];
afterEach(() => {
  for (const open of shellGates.splice(0)) open();
  for (const gate of Object.values(gates)) gate.open();
  gates = {};
});

/** Holds back the shell's own requests (organization, key owner, mock info) until the test ends. */
function holdShellRequests() {
  const gate = createGate();
  shellGates.push(gate.open);
  // Returning nothing hands the request on to the mock's own handler once the gate opens.
  const wait = async () => {
    await gate.opened;
  };
  server.use(
    http.get('*/api/organizations/@current/', wait),
    http.get('*/api/organizations/', wait),
    http.get('*/api/users/@me/', wait),
    http.get('*/__mock/info', wait),
  );
}

describe('the first request of a list page', () => {
  it('asks for the dashboards while the page’s code loads, and the page then shows them without asking again', async () => {
    const gate = (gates['projects/:projectId/dashboards'] = createGate());
    holdShellRequests();
    const { runtime } = renderApp(`/projects/${projects.app}/dashboards`, { loadPage });

    const listPath = `/api/projects/${projects.app}/dashboards/?limit=100&offset=0`;
    await waitFor(() => expect(answered(runtime, listPath)).toHaveLength(1));
    // The page's code has not arrived: its loading state stands in, and the shell still waits for its own answers.
    expect(screen.getAllByRole('status').some((status) => status.textContent?.includes('Loading dashboards…'))).toBe(true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Loading organization…')).toBeInTheDocument();

    gate.open();
    const table = await screen.findByRole('table', { name: 'Dashboards' });
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projects.app}/dashboards/?limit=100`);
    const first = within(table).getAllByRole('rowheader')[0]!;
    expect(within(first).getByRole('link')).toHaveTextContent(expected.results[0]!.name ?? 'Untitled dashboard');
    expect(screen.getByText(`Showing 100 of ${expected.count} dashboards`)).toBeInTheDocument();
    expect(answered(runtime, `/api/projects/${projects.app}/dashboards/`)).toHaveLength(1);
  });

  it('asks for the projects while the page’s code loads, with the URL’s search', async () => {
    const gate = (gates.projects = createGate());
    holdShellRequests();
    const { runtime } = renderApp('/projects?search=app', { loadPage });

    await waitFor(() => expect(answered(runtime, '/api/organizations/@current/projects/?search=app')).toHaveLength(1));
    expect(screen.getAllByRole('status').some((status) => status.textContent?.includes('Loading projects…'))).toBe(true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    gate.open();
    const table = await screen.findByRole('table', { name: 'Projects' });
    const expected = await apiGet<Paginated<ProjectListItem>>('/api/organizations/@current/projects/?search=app');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(
      expected.results.map((project) => expect.stringContaining(project.name)),
    );
    expect(answered(runtime, '/api/organizations/@current/projects/')).toHaveLength(1);
  });
});

describe('leaving a page before its code arrives', () => {
  it('cancels the request its route started, as leaving the page would, and not before', async () => {
    gates['projects/:projectId/activity'] = createGate();
    const answer = createGate();
    shellGates.push(answer.open);
    const asked = createGate();
    server.use(
      http.get(`*/api/projects/${projects.app}/activity_log/`, async () => {
        asked.open();
        await answer.opened;
      }),
    );
    const { router, runtime } = renderApp(`/projects/${projects.app}/activity`, { loadPage });
    const activityLog = () => runtime.requestLog.get().filter((entry) => entry.path.startsWith(`/api/projects/${projects.app}/activity_log/`));
    await asked.opened;
    // React's development double effects left the route and started it again at once: the request
    // is still on its way (the log lists a request once it has ended).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activityLog()).toEqual([]);
    expect(screen.getAllByRole('status').some((status) => status.textContent?.includes('Loading activity…'))).toBe(true);

    await act(() => router.navigate('/projects'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    await waitFor(() =>
      expect(activityLog()).toEqual([expect.objectContaining({ method: 'GET', status: null, cancelled: true, errorDetail: CANCELLED_DETAIL })]),
    );
  });
});
