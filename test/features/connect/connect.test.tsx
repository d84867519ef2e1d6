import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { personalApiKeyQueries } from '../../../src/api/access/key-access-queries.ts';
import { organizationQueries, userQueries } from '../../../src/api/organization/organization.ts';
import { renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const STORAGE_KEY = 'analytics-console:connection';

describe('Connect', () => {
  it('shows the API detail when the key is refused, and stores nothing', async () => {
    const { user, location, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_not_a_real_key');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API refused the key:');
    expect(within(alert).getByText('Personal API key found in request Authorization header is invalid.')).toBeInTheDocument();
    expect(location().pathname).toBe('/connect');
    expect(runtime.connection.get()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('shows the detail of a 403 as well', async () => {
    server.use(
      http.get('*/api/organizations/@current/', () =>
        HttpResponse.json(
          {
            type: 'authentication_error',
            code: 'permission_denied',
            detail: "API key missing required scope 'organization:read'",
            attr: null,
          },
          { status: 403 },
        ),
      ),
    );
    const { user, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText("API key missing required scope 'organization:read'")).toBeInTheDocument();
    expect(runtime.connection.get()).toBeNull();
  });

  it('recognises the bundled mock and connects with a demo key in one click', async () => {
    const { user, location, runtime } = renderApp('/connect', { key: null });
    expect(await screen.findByText(/This console is served with the bundled mock backend/)).toBeInTheDocument();
    expect(screen.queryByText(/You are connected/)).not.toBeInTheDocument();
    // The demo keys come before the form (seen first, without scrolling).
    const demo = screen.getByRole('button', { name: 'Use demo key phx_demo_admin' });
    expect(demo.compareDocumentPosition(screen.getByLabelText('Personal API key')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use demo key phx_demo_member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use demo key phx_demo_readonly' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use demo key phx_demo_admin' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects');
    expect(runtime.connection.get()).toMatchObject({ host: '', key: 'phx_demo_admin', remembered: false });
  });

  it('keeps the key in sessionStorage only, unless asked to remember it', async () => {
    const { user: firstUser, unmount } = renderApp('/connect', { key: null });
    await firstUser.type(await screen.findByLabelText('Personal API key'), 'phx_demo_member');
    expect(screen.getByRole('checkbox', { name: 'Remember this key on this device' })).not.toBeChecked();
    await firstUser.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toMatchObject({ key: 'phx_demo_member' });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    unmount();

    const { user, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this key on this device' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ key: 'phx_demo_admin', host: '' });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(runtime.connection.get()?.remembered).toBe(true);
  });

  it('says clearly when the API cannot be reached', async () => {
    server.use(http.get('*/api/organizations/@current/', () => HttpResponse.error()));
    const { user, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    // One sentence under API host, naming the host (the whole host fails: the no-cors probe too).
    const hostField = screen.getByRole('textbox', { name: 'API host' });
    await waitFor(() =>
      expect(hostField).toHaveAccessibleDescription(
        expect.stringContaining(`${window.location.origin} does not answer: check the address, your network, and that the server is running.`),
      ),
    );
    expect(runtime.connection.get()).toBeNull();
  });

  it('checks the key against the host typed, and explains a host that is not an address', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    const hostField = await screen.findByRole('textbox', { name: 'API host' });
    await user.type(hostField, 'http://exa mple');
    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/is not a valid address/)).toBeInTheDocument();
    expect(hostField).toHaveAttribute('aria-invalid', 'true');

    await user.clear(hostField);
    await user.type(hostField, 'api.example.test/');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(runtime.connection.get()?.host).toBe('https://api.example.test');
    const check = runtime.requestLog.get().find((entry) => entry.path === '/api/organizations/@current/');
    expect(check?.url).toBe('https://api.example.test/api/organizations/@current/');
  });

  it('returns to the deep link the person asked for', async () => {
    const { user, location } = renderApp('/projects/2/activity?from=bookmark', { key: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(location().pathname).toBe('/connect');
    expect(new URLSearchParams(location().search).get('next')).toBe('/projects/2/activity?from=bookmark');

    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_readonly');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects/2/activity');
    expect(location().search).toBe('?from=bookmark');
  });

  it('ignores a next= that leaves the console', async () => {
    const { user, location } = renderApp('/connect?next=%2F%2Fevil.example%2Fsteal', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(location().pathname).toBe('/projects');
  });

  it('hides the key until asked to show it', async () => {
    const { user } = renderApp('/connect', { key: null });
    const keyField = await screen.findByLabelText('Personal API key');
    expect(keyField).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show key' });
    await user.click(toggle);
    expect(keyField).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Connect: checking and saving a key is one mutation with declared changes', () => {
  it('the page it goes to asks for the organization, the user and the key no more, and the other tabs hear keys only', async () => {
    const otherTab = new BroadcastChannel('analytics-console:tabs');
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => void heard.push(event.data);
    try {
      const { user, runtime } = renderApp('/connect', { key: null });
      await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
      await user.click(screen.getByRole('button', { name: 'Connect' }));
      await screen.findByRole('heading', { level: 1, name: 'Projects' });
      expect(await screen.findByRole('combobox', { name: 'Organization' })).toHaveValue('Hedgebox Inc.');

      // Each asked once, by the check: the check's answers are what Projects and the top bar draw from.
      const asked = (path: string) => runtime.requestLog.get().filter((entry) => entry.path === path).length;
      expect(asked('/api/organizations/@current/')).toBe(1);
      expect(asked('/api/users/@me/')).toBe(1);
      expect(asked('/api/personal_api_keys/@current/')).toBe(1);
      const exact = (queryKey: readonly unknown[]) => ({ kind: 'refresh', queryKey, exact: true });
      await waitFor(() =>
        expect(heard).toContainEqual({
          type: 'changes',
          changes: [
            exact(organizationQueries.current().queryKey),
            exact(userQueries.me().queryKey),
            exact(personalApiKeyQueries.current().queryKey),
          ],
        }),
      );
      expect(JSON.stringify(heard)).not.toContain('phx_');
    } finally {
      otherTab.close();
    }
  });
});
