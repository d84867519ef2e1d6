// The API explorer (CONSOLE.md "API explorer and contract check") against the bundled mock: the
// operations listed from the catalogue and searched, scopes against the key, a project picked from
// the live list, Send with Ctrl+Enter through the one client (in the API log), an invalid body
// refused then sent anyway (marked in the log), the confirmation before a change to a backend that
// is not the mock, the answer's verdict and id links, Copy link, Recent requests, Open in explorer.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../../../src/contract/operations/operations.ts';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const KEY = 'phx_demo_admin';

const operationsNav = () => screen.findByRole('navigation', { name: 'Operations' });

beforeEach(() => {
  sessionStorage.removeItem('analytics-console.explorer.recent');
});

describe('API explorer', () => {
  it('lists every operation of the catalogue as `<METHOD> <path>`, grouped, and Search operations filters them', async () => {
    const { user } = renderApp('/explorer');
    const nav = await operationsNav();
    expect(within(nav).getAllByRole('link')).toHaveLength(operations().length);
    expect(within(nav).getByRole('link', { name: 'GET /api/projects/:project_id/dashboards/' })).toBeInTheDocument();
    expect(within(nav).getByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();

    await user.type(within(nav).getByRole('searchbox', { name: 'Search operations' }), 'sharing_configuration:write');
    const links = within(nav).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(operations().length);
    for (const operation of operations().filter((o) => o.scope === 'sharing_configuration:write')) {
      expect(within(nav).getByRole('link', { name: `${operation.method} ${operation.path}` })).toBeInTheDocument();
    }
    await user.clear(within(nav).getByRole('searchbox', { name: 'Search operations' }));
    await user.type(within(nav).getByRole('searchbox', { name: 'Search operations' }), 'patch move_tile');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['PATCH /api/projects/:project_id/dashboards/:dashboard_id/move_tile/']);
  });

  it('marks an operation the key lacks the scope for, never disables it, and sends it to show the refusal', async () => {
    const { user, runtime } = renderApp('/explorer', { key: 'phx_demo_readonly' });
    const nav = await operationsNav();
    const name = 'PATCH /api/projects/:project_id/dashboards/:dashboard_id/';
    const link = within(nav).getByRole('link', { name });
    const item = within(nav)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('link', { name }))!;
    await waitFor(() => expect(item).toHaveTextContent('not in your key'));
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 2, name: 'Update, soft-delete or restore a dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Needs dashboard:write/)).toBeInTheDocument();
    expect(screen.getByText(/Your key does not have dashboard:write/)).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'project_id' }), '1');
    await user.type(screen.getByRole('combobox', { name: 'dashboard_id' }), '1');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    await user.click(send);
    const response = await screen.findByRole('region', { name: 'Response' });
    expect(within(response).getByText('403 Forbidden')).toBeInTheDocument();
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'PATCH', path: '/api/projects/1/dashboards/1/', status: 403 });
  });

  it('picks the project from the live list, sends with Ctrl+Enter through the one client, and checks the answer', async () => {
    const { user, runtime } = renderApp('/explorer/dashboardsList');
    expect(await screen.findByRole('heading', { level: 2, name: 'List dashboards' })).toBeInTheDocument();
    const project = screen.getByRole('combobox', { name: 'project_id' });
    await user.click(project);
    const listbox = await screen.findByRole('listbox', { name: 'project_id' });
    const option = await within(listbox).findByRole('option', { name: /\(1\)$/ });
    await user.click(option);
    expect(project).toHaveValue('1');
    await user.type(screen.getByRole('textbox', { name: 'limit' }), '2');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const response = await screen.findByRole('region', { name: 'Response' });
    expect(within(response).getByText('200 OK')).toBeInTheDocument();
    expect(within(response).getByText('Matches the contract')).toBeInTheDocument();
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'GET', path: '/api/projects/1/dashboards/?limit=2', status: 200 });
    // A dashboard's id links to the operation that reads it, filled in.
    const idLinks = within(response).getAllByRole('link', { name: /^Read dashboard \d+$/ });
    expect(idLinks.length).toBeGreaterThan(0);
    const id = idLinks[0]!.textContent!;
    expect(idLinks[0]).toHaveAttribute('href', `/explorer/dashboardsGet?path.project_id=1&path.dashboard_id=${id}`);
    await user.click(idLinks[0]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Get a dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'dashboard_id' })).toHaveValue(id);
    // Opening a link sends nothing.
    expect(runtime.requestLog.get().filter((entry) => entry.path.startsWith(`/api/projects/1/dashboards/${id}/`))).toEqual([]);
  });

  it('refuses an invalid body, naming the field, then sends it anyway as a negative test', async () => {
    const { user, runtime } = renderApp('/explorer/dashboardsCreate?path.project_id=1');
    const body = await screen.findByRole('textbox', { name: 'Request body' });
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toBeTypeOf('object');
    expect(screen.getByText('The body matches the contract’s input schema.')).toBeInTheDocument();
    await user.clear(body);
    await user.type(body, '{{"name": 5, "pinned": "sometimes"}');
    expect(await screen.findByText(/^pinned: /)).toBeInTheDocument();
    const before = runtime.requestLog.get().length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: the body does not match the contract.');
    expect(runtime.requestLog.get()).toHaveLength(before);

    await user.click(screen.getByRole('checkbox', { name: 'Send it anyway' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const response = await screen.findByRole('region', { name: 'Response' });
    expect(within(response).getByText('400 Bad Request')).toBeInTheDocument();
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'POST', status: 400, negativeTest: true });
  });

  it('asks before a change reaches a backend that is not the mock; Cancel sends nothing', async () => {
    // The backend does not answer /__mock/info: it is not the mock.
    server.use(http.get('*/__mock/info', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { user, runtime } = renderApp('/explorer/dashboardsUpdate?path.project_id=1&path.dashboard_id=1');
    await screen.findByRole('textbox', { name: 'Request body' });
    await waitFor(() => expect(runtime.requestLog.get().some((entry) => entry.path === '/__mock/info' && entry.status === 404)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(/^Send to .+\?$/);
    const before = runtime.requestLog.get().length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(runtime.requestLog.get()).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('Copy link and Recent requests never hold the key; a recent request opens again without sending', async () => {
    const { user, runtime } = renderApp('/explorer/projectsGetViaProjects');
    const project = await screen.findByRole('combobox', { name: 'project_id' });
    await user.type(project, '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'Response' });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const link = await navigator.clipboard.readText();
    expect(link).toBe(`${window.location.origin}/explorer/projectsGetViaProjects?path.project_id=1`);
    for (const kind of ['curl', 'fetch', 'Python', 'HTTPie']) {
      await user.click(screen.getByRole('button', { name: `Copy as ${kind}` }));
      const snippet = await navigator.clipboard.readText();
      expect(snippet).not.toContain(KEY);
      expect(snippet).toContain('/api/projects/1/');
      expect(snippet).toMatch(/POSTHOG_API_KEY/);
      expect(snippet).toMatch(/API_HOST/);
    }
    const stored = sessionStorage.getItem('analytics-console.explorer.recent') ?? '';
    expect(stored).toContain('/api/projects/1/');
    expect(stored).not.toContain(KEY);
    const recent = screen.getByRole('list', { name: 'Recent requests' });
    const entries = within(recent).getAllByRole('link');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveTextContent(/GET \/api\/projects\/1\/ 200/);
    const sent = runtime.requestLog.get().length;
    await user.click(screen.getByRole('link', { name: /^GET \/api\/projects\/:project_id\/$/ }));
    await user.click(within(screen.getByRole('list', { name: 'Recent requests' })).getAllByRole('link')[0]!);
    expect(await screen.findByRole('combobox', { name: 'project_id' })).toHaveValue('1');
    expect(runtime.requestLog.get()).toHaveLength(sent);
  });

  it('Open in explorer on an API log entry opens its operation with its parameters and body', async () => {
    const { user, location } = renderApp('/projects/1/dashboards');
    await screen.findByRole('heading', { name: 'Dashboards' });
    await user.click(screen.getByRole('button', { name: 'API log' }));
    const log = await screen.findByRole('region', { name: 'API log' });
    const open = await within(log).findAllByRole('link', { name: 'Open in explorer' });
    const entry = open.find((link) => decodeURIComponent(link.getAttribute('href') ?? '').includes('request=/api/projects/1/dashboards/?'))!;
    await user.click(entry);
    expect(await screen.findByRole('heading', { level: 2, name: 'List dashboards' })).toBeInTheDocument();
    expect(location().pathname).toBe('/explorer/dashboardsList');
    expect(screen.getByRole('combobox', { name: 'project_id' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'limit' })).not.toHaveValue('');
  });
});
