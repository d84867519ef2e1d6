// `Saved connections` on Connect: every host connected to successfully, newest first, at most 10,
// named as the top bar's badge names the backend, with organization, email and key label but never
// the key; `Use <name>` and `Forget <name>`; keys remembered per saved connection.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSavedConnections, recordSavedConnection } from '../../../src/api/connect/connect-with-key.ts';
import { SAVED_CONNECTIONS_STORAGE_KEY } from '../../../src/api/connect/connect-with-key.ts';
import { REMEMBERED_KEYS_STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { renderApp, type RenderAppResult } from '../../render.tsx';
import { server } from '../../setup.ts';

const savedList = () => screen.getByRole('region', { name: 'Saved connections' });

/** Connects through the form on Connect (the page must show it), then waits for Projects. */
async function connectThroughForm(user: RenderAppResult['user'], host: string, key: string, remember: boolean) {
  const hostField = await screen.findByRole('textbox', { name: 'API host' });
  await user.clear(hostField);
  if (host) await user.type(hostField, host);
  const keyField = screen.getByLabelText('Personal API key');
  await user.clear(keyField);
  await user.type(keyField, key);
  const rememberBox = screen.getByRole('checkbox', { name: 'Remember this key on this device' });
  if ((rememberBox as HTMLInputElement).checked !== remember) await user.click(rememberBox);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await screen.findByRole('heading', { level: 1, name: 'Projects' });
}

/** Disconnects with the top bar's button and waits for Connect. */
async function disconnectWithButton(user: RenderAppResult['user']) {
  await user.click(screen.getByRole('button', { name: 'Disconnect' }));
  await screen.findByRole('heading', { level: 1, name: 'Connect' });
}

describe('Saved connections', () => {
  it('lists a host connected to, with its organization, email and key label, never the key', async () => {
    const { user } = renderApp('/connect', { key: null });
    await connectThroughForm(user, '', 'phx_demo_admin', false);
    expect(await screen.findByText('Bundled mock', { selector: '.backend-badge' })).toBeInTheDocument();
    await disconnectWithButton(user);

    const list = savedList();
    expect(within(list).getByRole('button', { name: 'Use Bundled mock' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Forget Bundled mock' })).toBeInTheDocument();
    expect(list).toHaveTextContent('Hedgebox Inc.');
    expect(list).toHaveTextContent('priya.raman@hedgebox.net');
    expect(list).toHaveTextContent('Admin (all scopes)');
    expect(list).toHaveTextContent(window.location.host);
    expect(list.textContent).not.toContain('phx_');
    expect(localStorage.getItem(SAVED_CONNECTIONS_STORAGE_KEY)).toContain('priya.raman@hedgebox.net');
    expect(localStorage.getItem(SAVED_CONNECTIONS_STORAGE_KEY)).not.toContain('phx_');
  });

  it('Use, when the key was not remembered, fills API host and focuses Personal API key', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    await connectThroughForm(user, 'https://a.example.test', 'phx_demo_member', false);
    await disconnectWithButton(user);
    const hostField = screen.getByRole('textbox', { name: 'API host' });
    await user.clear(hostField);

    await user.click(within(savedList()).getByRole('button', { name: 'Use Bundled mock' }));
    expect(hostField).toHaveValue('https://a.example.test');
    expect(screen.getByLabelText('Personal API key')).toHaveFocus();
    expect(runtime.connection.get()).toBeNull();
  });

  it('keeps the newest first, names two mocks apart by host, and Use switches hosts in one click with the key remembered for it', async () => {
    const { user, location, router, runtime } = renderApp('/connect', { key: null });
    await connectThroughForm(user, 'https://a.example.test', 'phx_demo_member', true);
    // Connect again, to another host, from the connected console.
    await act(() => router.navigate('/connect'));
    await connectThroughForm(user, 'https://b.example.test', 'phx_demo_admin', true);
    expect(getSavedConnections().map((entry) => entry.host)).toEqual(['https://b.example.test', 'https://a.example.test']);

    // Disconnect forgets b's key (the current one); a's key, remembered for it, stays.
    await disconnectWithButton(user);
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toContain('phx_demo_member');
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).not.toContain('phx_demo_admin');
    const buttons = within(savedList()).getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual([
      'Use Bundled mock (b.example.test)',
      'Forget Bundled mock (b.example.test)',
      'Use Bundled mock (a.example.test)',
      'Forget Bundled mock (a.example.test)',
    ]);

    await user.click(screen.getByRole('button', { name: 'Use Bundled mock (a.example.test)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(location().pathname).toBe('/projects');
    expect(runtime.connection.get()).toMatchObject({ host: 'https://a.example.test', key: 'phx_demo_member', remembered: true });
    // The key moved back to the current connection: it is kept in one place only.
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toBeNull();
    expect(getSavedConnections()[0]?.host).toBe('https://a.example.test');
  });

  it('Forget removes the entry and the key remembered for that host; focus moves to the next entry', async () => {
    const { user, router } = renderApp('/connect', { key: null });
    await connectThroughForm(user, 'https://a.example.test', 'phx_demo_member', true);
    await act(() => router.navigate('/connect'));
    await connectThroughForm(user, 'https://b.example.test', 'phx_demo_admin', false);
    await disconnectWithButton(user);
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toContain('phx_demo_member');

    await user.click(screen.getByRole('button', { name: 'Forget Bundled mock (b.example.test)' }));
    // One entry left: its name needs no host any more.
    expect(screen.getByRole('button', { name: 'Use Bundled mock' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Forget Bundled mock' }));
    expect(screen.queryByRole('region', { name: 'Saved connections' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'API host' })).toHaveFocus();
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('phx_');
  });

  it('keeps at most 10, dropping the oldest with any key remembered for it', async () => {
    for (let i = 10; i >= 1; i -= 1) {
      recordSavedConnection({ host: `https://h${i}.example.test`, name: `h${i}.example.test`, organization: `Org ${i}`, email: '', keyLabel: '' });
    }
    // h10 is the oldest; a key is remembered for it.
    localStorage.setItem(REMEMBERED_KEYS_STORAGE_KEY, JSON.stringify({ 'https://h10.example.test': { key: 'phx_old', expiresAt: null } }));
    server.use(http.get('https://posthog.example.com/__mock/info', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { user, runtime } = renderApp('/connect', { key: null });
    await screen.findByRole('heading', { level: 1, name: 'Connect' });
    expect(within(savedList()).getAllByRole('button', { name: /^Use / })).toHaveLength(10);
    await connectThroughForm(user, 'https://posthog.example.com', 'phx_demo_admin', false);
    expect(await screen.findByText('posthog.example.com', { selector: '.backend-badge' })).toBeInTheDocument();
    runtime.connection.disconnect();
    await screen.findByRole('heading', { level: 1, name: 'Connect' });

    const uses = within(savedList()).getAllByRole('button', { name: /^Use / });
    expect(uses).toHaveLength(10);
    expect(uses[0]).toHaveAccessibleName('Use posthog.example.com');
    expect(uses[1]).toHaveAccessibleName('Use h1.example.test');
    expect(screen.queryByRole('button', { name: 'Use h10.example.test' })).not.toBeInTheDocument();
    expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toBeNull();
  });

  it('a key remembered for a saved connection is forgotten at its deadline: Use then asks for a key', async () => {
    recordSavedConnection({ host: 'https://a.example.test', name: 'Bundled mock', organization: 'Hedgebox Inc.', email: '', keyLabel: '' });
    localStorage.setItem(
      REMEMBERED_KEYS_STORAGE_KEY,
      JSON.stringify({ 'https://a.example.test': { key: 'phx_demo_admin', expiresAt: Date.now() - 1000 } }),
    );
    const { user, runtime } = renderApp('/connect', { key: null });
    await screen.findByRole('heading', { level: 1, name: 'Connect' });
    await user.click(within(savedList()).getByRole('button', { name: 'Use Bundled mock' }));
    expect(screen.getByLabelText('Personal API key')).toHaveFocus();
    expect(runtime.connection.get()).toBeNull();
    await waitFor(() => expect(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)).toBeNull());
  });
});
