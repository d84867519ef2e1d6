// /explorer/check: the contract check page against the bundled mock (msw).
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { operations } from '../../../src/contract/operations/operations.ts';
import { renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const readCount = operations().filter((operation) => operation.reads).length;
const allCount = operations().length;

/** The files the page hands to the browser. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}

const rowOf = (label: string) => {
  const table = screen.getByRole('table', { name: 'Contract check' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByRole('rowheader').some((cell) => cell.textContent?.startsWith(label)));
  if (!row) throw new Error(`no row ${label}`);
  return row;
};

describe('Contract check', () => {
  it('checks every reading operation with real ids: a table of verdicts and a summary, every row Matches on the mock', async () => {
    const { user, runtime } = renderApp('/explorer/check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contract check' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check this backend' }));
    expect(await screen.findByText(`${readCount} operations: ${readCount} match, 0 differs, 0 refused, 0 failed`, { exact: false })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Contract check' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Operation', 'Status', 'Result', 'Differences']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(readCount);
    for (const row of rows) expect(within(row).getByText('Matches')).toBeInTheDocument();
    const me = rowOf('GET /api/users/@me/');
    expect(within(me).getByRole('cell', { name: '200' })).toBeInTheDocument();
    expect(within(me).getByRole('link', { name: 'GET /api/users/@me/' })).toHaveAttribute('href', '/explorer/usersMe');
    // Through the pages' client: each in the API log.
    expect(runtime.requestLog.get().filter((entry) => entry.path.startsWith('/api/') && entry.method === 'GET').length).toBeGreaterThanOrEqual(readCount);
    expect(screen.getByRole('button', { name: 'Check this backend' })).toBeEnabled();
  });

  it('shows progress while checking and stops on Stop: the rest not checked, focus back on the button', async () => {
    const { user, server } = renderApp('/explorer/check');
    server.use(http.get('*/api/projects/:projectId/activity_log/', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    await user.click(await screen.findByRole('button', { name: 'Check this backend' }));
    expect(await screen.findByRole('progressbar', { name: 'Checking operations' })).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('GET /api/projects/:project_id/activity_log/')).getByText('Checking…')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(/not checked \(stopped\)/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Checking operations' })).not.toBeInTheDocument();
    expect(within(rowOf('GET /api/projects/:project_id/activity_log/')).getByText('Not checked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check this backend' })).toHaveFocus());
  });

  it('says where an answer differs, one line each, and names a refusal with its reason', async () => {
    const { user, server } = renderApp('/explorer/check', { key: 'phx_demo_readonly' });
    server.use(
      http.get('*/api/organizations/:organizationId/members/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [{ id: 'x', user: { id: 1, uuid: 'u', email: 'a@b.c' }, level: 'admin', joined_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', extra: 1 }] }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Check this backend' }));
    await screen.findByText(/operations: \d+ match, 1 differs, 2 refused, 0 failed/);
    const members = rowOf('GET /api/organizations/:organization_id/members/');
    expect(within(members).getByText('Differs')).toBeInTheDocument();
    expect(within(members).getByText('results[0].level: expected a number, got a string')).toBeInTheDocument();
    expect(within(members).getByText('1 field the contract does not name')).toBeInTheDocument();
    const access = rowOf('GET /api/projects/:project_id/dashboards/:dashboard_id/access_controls/');
    expect(within(access).getByText('Refused')).toBeInTheDocument();
    expect(within(access).getByText('needs access_control:read')).toBeInTheDocument();
  });

  it('on the mock, runs every change in a scratch world that it drops; both exports hold the table and never the key', async () => {
    const blobs = captureDownloads();
    const { user, mock } = renderApp('/explorer/check');
    const before = JSON.stringify(mock.worlds.default.store.snapshot().dashboards.map((d) => [d.id, d.name, d.pinned, d.deleted]));
    await user.click(await screen.findByRole('checkbox', { name: 'Include changes' }));
    await user.click(screen.getByRole('button', { name: 'Check this backend' }));
    expect(await screen.findByText(`${allCount} operations: ${allCount} match, 0 differs, 0 refused, 0 failed`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/the scratch world contract-check-\w+ was dropped/)).toBeInTheDocument();
    expect(mock.worlds.list().map((world) => world.name)).toEqual(['default']);
    expect(JSON.stringify(mock.worlds.default.store.snapshot().dashboards.map((d) => [d.id, d.name, d.pinned, d.deleted]))).toBe(before);
    expect(within(rowOf('PATCH /api/projects/:project_id/dashboards/:dashboard_id/')).getByText('change')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export report' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(blobs).toHaveLength(2);
    const markdown = await blobs[0]!.text();
    const json = await blobs[1]!.text();
    expect(markdown).toContain('# Contract check');
    expect(markdown).toContain('| `GET /api/users/@me/` | 200 | Matches |');
    expect(markdown).toContain(`${allCount} operations: ${allCount} match`);
    const parsed = JSON.parse(json) as { rows: Array<{ operation: string; result: string }>; backend: string };
    expect(parsed.backend).toBe('Bundled mock');
    expect(parsed.rows).toHaveLength(allCount);
    expect(parsed.rows.every((row) => row.result === 'matches')).toBe(true);
    for (const text of [markdown, json]) {
      expect(text).not.toContain('phx_demo_admin');
      expect(text).not.toContain('Bearer');
    }
  });

  it('off the mock, offers no changes: only the reading operations run', async () => {
    server.use(http.get('*/__mock/info', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    renderApp('/explorer/check');
    expect(await screen.findByText(`Only the ${readCount} reading operations run here: nothing is changed on this backend.`)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Include changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export report' })).toBeDisabled();
  });
});
