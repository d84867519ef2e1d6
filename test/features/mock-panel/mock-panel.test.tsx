import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src/api/runtime/request-log.ts';
import { describeFaults, faultsBodyFromForm, formFromFaults } from '../../../src/features/mock-panel/faults.ts';
import { accessKnown, renderApp } from '../../render.tsx';
import { mock, server } from '../../setup.ts';

type User = ReturnType<typeof renderApp>['user'];

async function openControls(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Mock controls' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Mock controls' }, { timeout: 5000 });
}

/** POSTs to the mock as the admin would, outside the console (so the console's cache knows nothing of it). */
async function createProjectBehindTheConsole(name: string) {
  const response = await fetch(new URL('/api/organizations/@current/projects/', window.location.origin), {
    method: 'POST',
    headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
}

describe('fault settings as a form', () => {
  it('turns the form into the PUT body, and back', () => {
    const result = faultsBodyFromForm({
      latency: '100-300',
      errorRate: '0.1',
      rules: [
        { method: 'PATCH', path: '/api/projects/*/dashboards/*', status: '429', retryAfter: '7' },
        { method: '*', path: '', status: '', retryAfter: '' },
      ],
    });
    expect(result).toEqual({
      ok: true,
      rowOfRule: [0],
      body: {
        latency_ms: [100, 300],
        error_rate: 0.1,
        rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*', status: 429, retry_after: 7 }],
      },
    });
    expect(formFromFaults({ latency_ms: 500, error_rate: 0, rules: [] })).toEqual({
      latency: '500',
      errorRate: '',
      rules: [{ method: '*', path: '', status: '', retryAfter: '' }],
    });
  });

  it('reports problems per field, with the mock’s own rules', () => {
    expect(faultsBodyFromForm({ latency: 'soon', errorRate: 'x', rules: [] })).toEqual({
      ok: false,
      errors: {
        latency_ms: 'Enter milliseconds, such as 500, or a range such as 100-500.',
        error_rate: 'Enter a number from 0 to 1, such as 0.1 for 10% of requests.',
      },
    });
    expect(faultsBodyFromForm({ latency: '300-100', errorRate: '', rules: [] })).toEqual({
      ok: false,
      errors: { latency_ms: 'The first latency must not exceed the second.' },
    });
    expect(faultsBodyFromForm({ latency: '', errorRate: '1.5', rules: [] })).toEqual({
      ok: false,
      errors: { error_rate: 'Ensure this value is less than or equal to 1.' },
    });
    // Blank rows are skipped, so the API's `rules.0` is the form's second row.
    expect(
      faultsBodyFromForm({
        latency: '',
        errorRate: '',
        rules: [
          { method: '*', path: '', status: '', retryAfter: '' },
          { method: 'GET', path: '/api/**', status: '42', retryAfter: '' },
        ],
      }),
    ).toEqual({ ok: false, errors: { 'rules.1.status': 'Ensure this value is greater than or equal to 200.' } });
    // Every problem at once: the mock's rules too, not only the first.
    expect(
      faultsBodyFromForm({
        latency: '300-100',
        errorRate: '1.5',
        rules: [{ method: 'GET', path: '', status: '42', retryAfter: 'x' }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        latency_ms: 'The first latency must not exceed the second.',
        error_rate: 'Ensure this value is less than or equal to 1.',
        'rules.0.path': 'Enter a path pattern, such as /api/projects/*/dashboards/**.',
        'rules.0.status': 'Ensure this value is greater than or equal to 200.',
        'rules.0.retry_after': 'Enter a whole number of seconds, or leave it empty.',
      },
    });
  });

  it('describes active faults in a few words', () => {
    expect(
      describeFaults({
        latency_ms: 500,
        error_rate: 0.1,
        rules: [{ method: '*', path: '/api/projects/**', status: 503, retry_after: null }],
      }),
    ).toEqual(['500 ms latency', '10% errors', '503 on any method /api/projects/**']);
    expect(describeFaults({ latency_ms: [0, 0], error_rate: 0, rules: [] })).toEqual([]);
  });
});

describe('mock controls', () => {
  it('shows the key in use and switches keys in one click, keeping the page and refreshing it', async () => {
    const { user, location, runtime } = renderApp('/projects');
    // The top bar's placeholder shows the key first, then the panel itself: either may be the one on screen.
    // Its text, not its node: the placeholder's badge may be replaced by the panel's right after.
    expect((await screen.findByText('Key: phx_demo_admin')).textContent).toBe('Key: phx_demo_admin');
    // Enabled once the key's access is known (`Checking access…` until then).
    await waitFor(() => expect(screen.getByRole('button', { name: 'New project' })).toBeEnabled(), { timeout: 5000 });

    const dialog = await openControls(user);
    expect(within(dialog).getByText('phx_demo_admin')).toBeInTheDocument();
    const before = runtime.requestLog.get()[0]!.id;
    await user.click(within(dialog).getByRole('button', { name: 'Switch to phx_demo_readonly' }));

    expect(await screen.findByText(/^Now using phx_demo_readonly/)).toBeInTheDocument();
    expect(runtime.connection.get()?.key).toBe('phx_demo_readonly');
    expect(location().pathname).toBe('/projects');
    expect(screen.getByText('Key: phx_demo_readonly')).toBeInTheDocument();
    expect(within(dialog).getByText('phx_demo_readonly is in use')).toBeInTheDocument();
    // The read-only key may not create projects: the page says so.
    await accessKnown();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New project' })).toBeDisabled());
    // The project list on screen was fetched again with the new key.
    await waitFor(() =>
      expect(
        runtime.requestLog.get().some((entry) => entry.id > before && entry.method === 'GET' && entry.path.startsWith('/api/organizations/@current/projects/')),
      ).toBe(true),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Switch to phx_demo_admin' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'New project' })).toBeEnabled());
    expect(runtime.connection.get()?.key).toBe('phx_demo_admin');
  });

  it('fetches again every query on screen after a switch, on any page', async () => {
    const { user, runtime } = renderApp('/projects/1/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const isActivityLoad = (entry: RequestLogEntry) =>
      entry.method === 'GET' && entry.path.startsWith('/api/projects/1/activity_log/') && entry.status === 200;
    await waitFor(() => expect(runtime.requestLog.get().some(isActivityLoad)).toBe(true));
    const before = runtime.requestLog.get()[0]!.id;

    const dialog = await openControls(user);
    await user.click(within(dialog).getByRole('button', { name: 'Switch to phx_demo_member' }));
    expect(await screen.findByText(/^Now using phx_demo_member/)).toBeInTheDocument();
    await waitFor(() => expect(runtime.requestLog.get().some((entry) => entry.id > before && isActivityLoad(entry))).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
  });

  it('applies faults with a PUT of exactly what was typed, shows them in the top bar, and clears them', async () => {
    const { user, runtime } = renderApp('/projects');
    const dialog = await openControls(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Latency (ms)' }), '1-3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Error rate' }), '0.25');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'PATCH');
    await user.type(within(dialog).getByRole('textbox', { name: 'Path pattern' }), '/api/projects/*/dashboards/*');
    await user.type(within(dialog).getByRole('textbox', { name: 'Status' }), '429');
    await user.type(within(dialog).getByRole('textbox', { name: 'Retry after (s)' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Apply faults' }));

    const indicator = await screen.findByRole('button', {
      name: 'Faults on: 1–3 ms latency, 25% errors, 429 on PATCH /api/projects/*/dashboards/* (Retry-After 7 s)',
    });
    expect(indicator).toBeInTheDocument();
    const put = runtime.requestLog.get().find((entry) => entry.method === 'PUT' && entry.path === '/__mock/faults')!;
    expect(put.requestBody).toEqual({
      latency_ms: [1, 3],
      error_rate: 0.25,
      rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*', status: 429, retry_after: 7 }],
    });
    expect(put.authenticated).toBe(false);
    expect(mock.getFaults()).toEqual({
      latency_ms: [1, 3],
      error_rate: 0.25,
      rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*', status: 429, retry_after: 7 }],
      production_key_rules: false,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Clear faults' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Faults on:/ })).not.toBeInTheDocument());
    expect(mock.getFaults()).toEqual({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: false });
    expect(within(dialog).getByRole('textbox', { name: 'Latency (ms)' })).toHaveValue('');
  });

  it('shows every invalid field after one Apply faults, and sends nothing invalid', async () => {
    const { user, runtime } = renderApp('/projects');
    const dialog = await openControls(user);
    const latency = within(dialog).getByRole('textbox', { name: 'Latency (ms)' });
    await user.type(latency, 'soon');
    await user.type(within(dialog).getByRole('textbox', { name: 'Error rate' }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Path pattern' }), '/api/**');
    await user.click(within(dialog).getByRole('button', { name: 'Apply faults' }));

    // Unreadable text, a missing value and the mock's own rule (error rate ≤ 1), all in one round.
    expect(latency).toHaveAccessibleDescription(/Enter milliseconds, such as 500, or a range such as 100-500\./);
    expect(latency).toHaveAttribute('aria-invalid', 'true');
    expect(latency).toHaveFocus();
    const status = within(dialog).getByRole('textbox', { name: 'Status' });
    expect(status).toHaveAccessibleDescription('Enter the HTTP status to answer, such as 429 or 503.');
    expect(within(dialog).getByRole('textbox', { name: 'Error rate' })).toHaveAccessibleDescription(
      /Ensure this value is less than or equal to 1\./,
    );
    expect(runtime.requestLog.get().some((entry) => entry.method === 'PUT')).toBe(false);
    expect(mock.getFaults().rules).toEqual([]);

    // The typed values stay; fixing a field clears its message only.
    await user.clear(latency);
    await user.type(latency, '5');
    expect(latency).not.toHaveAttribute('aria-invalid');
    expect(status).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Path pattern' })).toHaveValue('/api/**');
  });

  it('shows the mock’s error under the rule field its attr names (rules__0__status is the second row)', async () => {
    server.use(
      http.put('*/__mock/faults', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'max_value', detail: 'Ensure this value is less than or equal to 599.', attr: 'rules__0__status' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/projects');
    const dialog = await openControls(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add another rule' }));
    const second = within(dialog).getByRole('group', { name: 'Forced status rule 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Path pattern' }), '/api/**');
    await user.type(within(second).getByRole('textbox', { name: 'Status' }), '503');
    await user.click(within(dialog).getByRole('button', { name: 'Apply faults' }));
    const status = within(second).getByRole('textbox', { name: 'Status' });
    await waitFor(() => expect(status).toHaveAccessibleDescription('Ensure this value is less than or equal to 599.'));
    expect(status).toHaveFocus();
  });

  it('keeps the fault reminder in the top bar whenever a fault is on', async () => {
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'DELETE', path: '/api/nothing/**', status: 503, retry_after: null }] });
    const { user } = renderApp('/projects');
    const indicator = await screen.findByRole('button', { name: 'Faults on: 503 on DELETE /api/nothing/**' }, { timeout: 5000 });
    await user.click(indicator);
    const dialog = await screen.findByRole('dialog', { name: 'Mock controls' });
    expect(within(dialog).getByRole('textbox', { name: 'Status' })).toHaveValue('503');
    expect(within(dialog).getByRole('combobox', { name: 'Method' })).toHaveValue('DELETE');
  });

  it('resets the demo data after confirming, refetching what is on screen', async () => {
    await createProjectBehindTheConsole('Made during the demo');
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'DELETE', path: '/api/nothing/**', status: 503, retry_after: null }] });
    const { user, runtime } = renderApp('/projects');
    expect(await screen.findByRole('link', { name: 'Made during the demo' }, { timeout: 5000 })).toBeInTheDocument();

    const dialog = await openControls(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset demo data?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Demo data reset: everything is back to the seed, and faults are off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Made during the demo' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Faults on:/ })).not.toBeInTheDocument());
    expect(runtime.requestLog.get().some((entry) => entry.method === 'POST' && entry.path === '/__mock/reset' && entry.status === 204)).toBe(true);
  });

  it('is not shown when the backend is not the bundled mock', async () => {
    server.use(http.get('*/__mock/info', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { runtime } = renderApp('/projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    await waitFor(() => expect(runtime.requestLog.get().some((entry) => entry.path === '/__mock/info' && entry.status === 404)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Mock controls' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Key: /)).not.toBeInTheDocument();
  });
});
