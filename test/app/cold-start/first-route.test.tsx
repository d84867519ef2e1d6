/**
 * A full page load waits for the router's first navigation (each matched route's loader and `lazy`:
 * its first data and its code) before the first render (src/app/cold-start/first-route.ts), so the page renders once, with its rows, instead of a loading page, a
 * loading state and then the rows. A slow API does not hold the first render back for long.
 */
import { render, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { dashboardQueries } from '../../../src/api/resources/dashboards/dashboards.ts';
import { App } from '../../../src/app/app.tsx';
import { firstRouteReady } from '../../../src/app/cold-start/first-route.ts';
import { createAppRoutes } from '../../../src/app/routes/routes.tsx';
import type { DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { freshConsole } from '../../console.ts';
import { apiGet } from '../../render.tsx';
import { server } from '../../setup.ts';

const { projects } = seedIds;

/** Boots `path` as main.tsx does (a fresh console, connected with `key` unless null), then renders the console there. */
async function bootAndRender(path: string, waitMs?: number, key: string | null = 'phx_demo_admin') {
  const { queryClient, runtime } = freshConsole({ key });
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  await firstRouteReady(router, waitMs);
  render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { queryClient, runtime };
}

describe('the first render of a full page load', () => {
  it('shows the dashboards list with its rows at once: code and data were in before it', async () => {
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projects.app}/dashboards/?limit=1`);
    const first = expected.results[0]!;

    // A generous wait: this test checks what the boot waits for, not how long it takes.
    const { runtime } = await bootAndRender(`/projects/${projects.app}/dashboards`, 10_000);

    // getBy, not findBy: nothing is awaited between the render and these checks.
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: first.name ?? 'Untitled dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading dashboards…')).not.toBeInTheDocument();
    const listRequests = runtime.requestLog.get().filter((entry) => entry.path.startsWith(`/api/projects/${projects.app}/dashboards/?`));
    expect(listRequests).toHaveLength(1);
  });

  it('shows a dashboard’s name as the heading at once on a deep link', async () => {
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projects.app}/dashboards/?limit=1`);
    const dashboard = expected.results[0]!;

    await bootAndRender(`/projects/${projects.app}/dashboards/${dashboard.id}`, 10_000);

    expect(screen.getByRole('heading', { level: 1, name: dashboard.name ?? 'Untitled dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
  });

  it('does not wait for a tab’s code on a deep link: the dashboard’s name draws while the tab loads', async () => {
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projects.app}/dashboards/?limit=1`);
    const dashboard = expected.results[0]!;
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    // The Overview tab's code never comes; every other page's does.
    const routes = createAppRoutes(queryClient, {
      loadPage: (entry) => (entry.index ? new Promise(() => {}) : entry.page()),
    });
    const router = createMemoryRouter(routes, { initialEntries: [`/projects/${projects.app}/dashboards/${dashboard.id}`] });
    // The first render's wait would outlast the test: it must not be what ends it.
    await firstRouteReady(router, 60_000);
    render(<App router={router} queryClient={queryClient} />);

    expect(screen.getByRole('heading', { level: 1, name: dashboard.name ?? 'Untitled dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
  });

  it('asks for a tab’s code once the first screen is painted, not beside the page’s own code and data', async () => {
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${projects.app}/dashboards/?limit=1`);
    const dashboard = expected.results[0]!;
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    const asked: string[] = [];
    const afterPaint: Array<() => void> = [];
    const routes = createAppRoutes(queryClient, {
      loadPage: (entry) => {
        asked.push(entry.index ? 'tab' : (entry.label ?? String(entry.path)));
        return entry.page();
      },
      afterFirstPaint: (work) => void afterPaint.push(work),
    });
    const router = createMemoryRouter(routes, { initialEntries: [`/projects/${projects.app}/dashboards/${dashboard.id}`] });
    await firstRouteReady(router, 10_000);

    expect(asked).not.toContain('tab');
    expect(asked.length).toBeGreaterThan(0);
    // The cold start runs this once the first screen is painted.
    afterPaint.splice(0).forEach((work) => work());
    expect(asked).toContain('tab');
  });

  it('without a key boots Connect and asks the API nothing', async () => {
    const { runtime } = await bootAndRender(`/projects/${projects.app}/dashboards`, 10_000, null);
    expect(screen.getByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(runtime.requestLog.get()).toHaveLength(0);
  });

  it('renders after the wait when the API is slow, with the loading state, and the rows follow', async () => {
    server.use(
      http.get(`*/api/projects/${projects.app}/dashboards/`, async () => {
        await delay(400);
        return undefined;
      }),
    );

    const { queryClient } = await bootAndRender(`/projects/${projects.app}/dashboards`, 20);

    const listKey = dashboardQueries.list(String(projects.app)).queryKey;
    expect(queryClient.getQueryState(listKey)?.status).toBe('pending');
    expect(screen.getByText('Loading dashboards…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();
    expect((await screen.findAllByRole('row')).length).toBeGreaterThan(1);
  });
});
