// Connect and the API host: the quick picks, what `API host` accepts (https://, http:// only for
// localhost), a path left out, and the one sentence under `API host` when the host itself fails:
// it does not answer, it refuses this page's origin (CORS), or it is not this API. The key stays.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

async function tryToConnect(host: string, key = 'phx_demo_admin') {
  const view = renderApp('/connect', { key: null });
  const { user } = view;
  const hostField = await screen.findByRole('textbox', { name: 'API host' });
  await user.type(hostField, host);
  const keyField = screen.getByLabelText('Personal API key');
  await user.type(keyField, key);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  return { ...view, hostField, keyField };
}

describe('Connect: the API host', () => {
  it('PostHog Cloud US and PostHog Cloud EU fill API host', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    const hostField = await screen.findByRole('textbox', { name: 'API host' });
    await user.type(hostField, 'something typed');
    await user.click(screen.getByRole('button', { name: 'PostHog Cloud US' }));
    expect(hostField).toHaveValue('https://us.posthog.com');
    await user.click(screen.getByRole('button', { name: 'PostHog Cloud EU' }));
    expect(hostField).toHaveValue('https://eu.posthog.com');
    expect(runtime.requestLog.get().some((entry) => entry.url.includes('/api/'))).toBe(false);
  });

  it('connects to a quick pick, called straight from the page', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    await user.click(await screen.findByRole('button', { name: 'PostHog Cloud EU' }));
    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(runtime.connection.get()?.host).toBe('https://eu.posthog.com');
    expect(await screen.findByText('PostHog Cloud EU', { selector: '.backend-badge' })).toBeInTheDocument();
    await waitFor(() => expect(runtime.requestLog.get().filter((entry) => entry.url.includes('/api/')).length).toBeGreaterThan(2));
    // Every API request went to that host, none to the page's own /api/.
    const apiCalls = runtime.requestLog.get().filter((entry) => new URL(entry.url).pathname.startsWith('/api/'));
    expect(apiCalls.every((entry) => entry.url.startsWith('https://eu.posthog.com/api/'))).toBe(true);
  });

  it('refuses plain http:// to a host other than localhost or 127.0.0.1, saying why, and sends nothing', async () => {
    const { hostField, keyField, runtime } = await tryToConnect('http://posthog.example.com');
    expect(hostField).toHaveAccessibleDescription(expect.stringContaining('http://posthog.example.com is plain http://'));
    expect(hostField).toHaveAccessibleDescription(expect.stringContaining('mixed content'));
    expect(hostField).toHaveAccessibleDescription(expect.stringContaining('http:// is accepted only for localhost and 127.0.0.1'));
    expect(keyField).toHaveValue('phx_demo_admin');
    expect(runtime.requestLog.get().some((entry) => entry.url.includes('posthog.example.com'))).toBe(false);
    expect(runtime.connection.get()).toBeNull();
  });

  it('accepts http:// on 127.0.0.1 and localhost, any port', async () => {
    const { runtime } = await tryToConnect('http://127.0.0.1:8010');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(runtime.connection.get()?.host).toBe('http://127.0.0.1:8010');
  });

  it('leaves a path out, and says so before connecting', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    const hostField = await screen.findByRole('textbox', { name: 'API host' });
    await user.type(hostField, 'https://api.example.test/project/12/dashboard/');
    expect(
      screen.getByText('The console uses https://api.example.test: the API is at the root of its host, so /project/12/dashboard/ is left out.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(runtime.connection.get()?.host).toBe('https://api.example.test');
  });
});

describe('Connect: a host that fails gets one sentence under API host, naming it', () => {
  it('a host that does not answer', async () => {
    server.use(http.all('https://down.example.test/*', () => HttpResponse.error()));
    const { hostField, keyField, runtime } = await tryToConnect('https://down.example.test');
    await waitFor(() =>
      expect(hostField).toHaveAccessibleDescription(
        expect.stringContaining('https://down.example.test does not answer: check the address, your network, and that the server is running.'),
      ),
    );
    expect(hostField).toHaveFocus();
    expect(keyField).toHaveValue('phx_demo_admin');
    expect(hostField).toHaveValue('https://down.example.test');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(runtime.connection.get()).toBeNull();
  });

  it('a host that answers but refuses this page’s origin (CORS)', async () => {
    // What a browser does: the request with a key fails as a network error, while a no-cors request
    // (which carries no key) gets its opaque answer.
    server.use(
      http.all('https://strict.example.test/*', ({ request }) =>
        request.headers.has('Authorization') || request.mode !== 'no-cors' ? HttpResponse.error() : new HttpResponse(null, { status: 401 }),
      ),
    );
    const { hostField, keyField, runtime } = await tryToConnect('https://strict.example.test');
    await waitFor(() =>
      expect(hostField).toHaveAccessibleDescription(
        expect.stringContaining(
          `https://strict.example.test answers, but refuses requests from this page's origin (${window.location.origin}) by its CORS settings`,
        ),
      ),
    );
    expect(keyField).toHaveValue('phx_demo_admin');
    expect(runtime.connection.get()).toBeNull();
  });

  it('a host that answers with a web page: not this API', async () => {
    server.use(http.all('https://www.example.test/*', () => HttpResponse.html('<!doctype html><title>Welcome</title><h1>Welcome</h1>')));
    const { hostField, keyField } = await tryToConnect('https://www.example.test');
    await waitFor(() =>
      expect(hostField).toHaveAccessibleDescription(
        expect.stringContaining(
          'https://www.example.test answers, but not as the analytics API (it answered an HTML page to GET /api/organizations/@current/): check the address.',
        ),
      ),
    );
    expect(keyField).toHaveValue('phx_demo_admin');
  });

  it('a host that answers JSON of another shape, or a 404 of its own: not this API', async () => {
    server.use(http.all('https://json.example.test/*', () => HttpResponse.json({ hello: 'world' })));
    const first = await tryToConnect('https://json.example.test');
    await waitFor(() =>
      expect(first.hostField).toHaveAccessibleDescription(
        expect.stringContaining('https://json.example.test answers, but not as the analytics API (it answered JSON of another shape'),
      ),
    );
    first.unmount();

    server.use(http.all('https://other.example.test/*', () => new HttpResponse('Not Found', { status: 404 })));
    const second = await tryToConnect('https://other.example.test');
    await waitFor(() =>
      expect(second.hostField).toHaveAccessibleDescription(
        expect.stringContaining('https://other.example.test answers, but not as the analytics API (it answered 404 to GET /api/organizations/@current/)'),
      ),
    );
  });

  it('a refused key is still the API’s own sentence, not the host’s', async () => {
    const { hostField } = await tryToConnect('https://api.example.test', 'phx_not_a_key');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API refused the key:');
    expect(hostField).not.toHaveAttribute('aria-invalid');
  });
});
