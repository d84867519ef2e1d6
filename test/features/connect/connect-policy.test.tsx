// Connect in a page whose Content-Security-Policy is locked to the connected host (the built page adds
// `<meta … data-connection-lock>` once connected): another host is refused in words, before any request.
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PENDING_CHECK_STORAGE_KEY } from '../../../src/api/connect/connect-with-key.ts';
import { REMEMBERED_KEYS_STORAGE_KEY, STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { renderApp } from '../../render.tsx';

// Each test connects through the real Connect page: allow for a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

function lockPolicy(origin: string) {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "connect-src 'self'";
  meta.setAttribute('data-connection-lock', origin);
  document.head.append(meta);
}

// eslint-disable-next-line testing-library/no-node-access -- the policy's <meta> tags live in <head>, outside what a page test renders.
afterEach(() => document.head.querySelectorAll('meta[data-connection-lock]').forEach((meta) => meta.remove()));

describe('Connect under a locked connect-src', () => {
  it('checks a key on another host only after a reload that unlocks the policy, sending nothing to it before', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    lockPolicy('self');
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: true });
    await user.type(await screen.findByRole('textbox', { name: 'API host' }), 'https://eu.example.com');
    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_member');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    // The page reloads (jsdom only logs that it cannot): the connection stepped aside, its remembered
    // key stays remembered for its saved connection, and the check waits in sessionStorage.
    expect(JSON.parse(sessionStorage.getItem(PENDING_CHECK_STORAGE_KEY)!)).toMatchObject({ host: 'https://eu.example.com', key: 'phx_demo_member' });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(REMEMBERED_KEYS_STORAGE_KEY)!)).toEqual({ '': { key: 'phx_demo_admin', expiresAt: null } });
    expect(runtime.requestLog.get().some((entry) => entry.url.includes('eu.example.com'))).toBe(false);
  });

  it('after that reload, Connect checks the waiting key at once and takes it out of storage', async () => {
    sessionStorage.setItem(PENDING_CHECK_STORAGE_KEY, JSON.stringify({ host: 'https://eu.example.com', key: 'phx_demo_member', remember: false }));
    const { runtime } = renderApp('/connect', { key: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(runtime.connection.get()).toMatchObject({ host: 'https://eu.example.com', key: 'phx_demo_member', remembered: false });
    expect(sessionStorage.getItem(PENDING_CHECK_STORAGE_KEY)).toBeNull();
    expect(runtime.requestLog.get().find((entry) => entry.path === '/api/organizations/@current/')?.url).toBe('https://eu.example.com/api/organizations/@current/');
  });

  it('still connects another key on the host it is locked to', async () => {
    lockPolicy('self');
    const { user, runtime } = renderApp('/connect');
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_member');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(runtime.connection.get()?.key).toBe('phx_demo_member');
  });
});
