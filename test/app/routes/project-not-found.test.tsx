// An unknown project (404) or another organization's project (403) is a not-found (or no-access)
// state with a link to Projects and no actions; a network failure or a 5xx keeps `Try again`.
// A deleted dashboard says "Dashboard not found" once.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const unknown = 99;
const outside = seedIds.projects.outside;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

/** The page offers nothing to do but going to Projects. */
function expectNoActions() {
  const main = screen.getByRole('main');
  expect(within(main).queryAllByRole('button')).toEqual([]);
  expect(within(main).queryByRole('searchbox')).not.toBeInTheDocument();
  expect(within(main).getByRole('link', { name: 'Go to projects' })).toHaveAttribute('href', '/projects');
  expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
}

describe('unknown project', () => {
  it.each([
    ['dashboards', `/projects/${unknown}/dashboards`],
    ['settings', `/projects/${unknown}/settings`],
    ['activity', `/projects/${unknown}/activity`],
    ['a dashboard', `/projects/${unknown}/dashboards/1`],
    ['a dashboard tab', `/projects/${unknown}/dashboards/1/sharing`],
  ])('%s: "Project not found", a link to Projects, no Try again and no New dashboard', async (_what, path) => {
    renderApp(path);
    expect(await heading('Project not found')).toBeInTheDocument();
    expect(screen.getByText(/There is no project with the ID/)).toHaveTextContent(`There is no project with the ID ${unknown} in your organization.`);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('HTTP 404', { exact: false })).not.toBeInTheDocument();
    expectNoActions();
    await waitFor(() => expect(document.title).toBe('Project not found · Analytics Console'));
  });

  it.each([
    ['dashboards', `/projects/${outside}/dashboards`],
    ['activity', `/projects/${outside}/activity`],
    ['a dashboard', `/projects/${outside}/dashboards/1`],
  ])("%s of another organization's project: the API's sentence, no actions", async (_what, path) => {
    renderApp(path);
    expect(await heading('No access to this project')).toBeInTheDocument();
    expect(screen.getByText("You don't have access to the project.")).toBeInTheDocument();
    expectNoActions();
  });

  it('keeps Try again for a server error on the dashboards page (not a missing project)', async () => {
    let fail = true;
    server.use(
      http.get('*/api/projects/:projectId/dashboards/', () =>
        fail ? HttpResponse.json({ type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp('/projects/1/dashboards');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the dashboards' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Project not found' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Dashboards' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('keeps Try again when the network fails on Settings', async () => {
    server.use(http.get('*/api/projects/:projectId/', () => HttpResponse.error()));
    renderApp('/projects/1/settings');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(within(alert).getByRole('heading', { name: 'Could not load the project' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('deleted dashboard', () => {
  it('says "Dashboard not found" once, with the way back and to Activity', async () => {
    renderApp(`/projects/1/dashboards/${seedIds.dashboards.legacyKpis}/collaborators`);
    expect(await heading('Dashboard not found')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.textContent?.match(/not found/gi)).toHaveLength(1);
    expect(within(main).getByRole('link', { name: 'Back to the dashboards' })).toHaveAttribute('href', '/projects/1/dashboards');
    expect(within(main).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/projects/1/activity?what=dashboards');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard not found · Analytics Console'));
  });
});
