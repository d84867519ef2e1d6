// Connect in a page whose Content-Security-Policy is locked to the connected host (the built page adds
// `<meta … data-connection-lock>` once connected): another host is refused in words, before any request.
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getConnection } from '../../src/api/connection.ts';
import { getRequestLog } from '../../src/api/request-log.ts';
import { renderApp } from './render.tsx';

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
  it('refuses another host while connected, and sends nothing to it', async () => {
    lockPolicy('self');
    const { user } = renderApp('/connect');
    await user.type(await screen.findByRole('textbox', { name: 'API host' }), 'https://eu.example.com');
    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_member');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(
      await screen.findByText(
        'While connected, this page may only reach this site (its security policy). Disconnect first to connect to another host.',
      ),
    ).toBeInTheDocument();
    expect(getConnection()?.key).toBe('phx_demo_admin');
    expect(getRequestLog().some((entry) => entry.url.includes('eu.example.com'))).toBe(false);
  });

  it('still connects another key on the host it is locked to', async () => {
    lockPolicy('self');
    const { user } = renderApp('/connect');
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_member');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(getConnection()?.key).toBe('phx_demo_member');
  });
});
