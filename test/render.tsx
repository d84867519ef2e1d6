/**
 * The page tests' harness: `renderApp(path, options)` renders the whole console — the real route
 * table, a memory router at `path`, a fresh console (test/console.ts: its own runtime, with the
 * connection read from storage seeded with the test's key, an empty request log and a tab channel,
 * carried by a `createQueryClient({ runtime, forTests: true })` without retries), toasts and shell —
 * against the bundled mock (test/setup.ts), connected with a demo key. Each render is a page
 * load: a second render in one test starts from storage again, and `unmount()` closes the console.
 *
 *   const { user, mock } = renderApp('/projects/1/dashboards');             // phx_demo_admin
 *   renderApp('/projects', { key: 'phx_demo_readonly' });                  // another demo key
 *   renderApp('/projects/1/settings', { key: null });                      // not connected: shows Connect
 *   expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
 *
 * Query by role and accessible name only. `server.use(...)` from './setup.ts' overrides a route for
 * one test (e.g. a 403 or a network error); `location()` is the router's current location;
 * `runtime.requestLog.get()` and `runtime.connection.get()` are this console's log and connection.
 */
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { expect } from 'vitest';
import { createMemoryRouter, type Location } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { ConsoleRuntime } from '../src/api/runtime/runtime.ts';
import { App } from '../src/app/app.tsx';
import { createAppRoutes, type AppRoutesOptions } from '../src/app/routes/routes.tsx';
import type { Mock } from '../src/mock/index.ts';
import { freshConsole } from './console.ts';
import { mock, server } from './setup.ts';

export interface RenderAppOptions {
  /** Demo key to connect with (default `phx_demo_admin`); null renders the console disconnected. */
  key?: string | null;
  /** Keep the key in localStorage ("Remember this key on this device") instead of sessionStorage. */
  remember?: boolean;
  /** API host of the connection ('' = this origin, where msw answers). */
  host?: string;
  /** How the routes load a page's code (a test may hold it back): src/app/routes/routes.tsx. */
  loadPage?: AppRoutesOptions['loadPage'];
  /** Apply the changes other tabs declare (their BroadcastChannel messages), as a real tab does. */
  syncTabs?: boolean;
}

export interface RenderAppResult extends RenderResult {
  /** userEvent, set up for this render. */
  user: ReturnType<typeof userEvent.setup>;
  /** The mock behind msw: `mock.store`, `mock.setFaults(...)`. Reset before every test. */
  mock: Mock;
  server: typeof server;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  /** This console's runtime: `runtime.connection`, `runtime.requestLog`, `runtime.tabs`. */
  runtime: ConsoleRuntime;
  /** The router's current location (pathname, search, state). */
  location: () => Location;
}

export function renderApp(path = '/', options: RenderAppOptions = {}): RenderAppResult {
  const key = options.key === undefined ? 'phx_demo_admin' : options.key;
  const { runtime, queryClient } = freshConsole({ key, host: options.host, remember: options.remember, syncTabs: options.syncTabs });
  const router = createMemoryRouter(createAppRoutes(queryClient, { loadPage: options.loadPage }), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  const unmount = () => {
    view.unmount();
    // The page is gone: so are its timers, listeners and channel (another render in this test is another page).
    runtime.dispose();
  };
  return { ...view, unmount, user, mock, server, router, queryClient, runtime, location: () => router.state.location };
}

/** GET a path of the mock's API as a key holder would (for expected values in tests). */
export async function apiGet<T = unknown>(path: string, key = 'phx_demo_admin'): Promise<T> {
  const response = await fetch(new URL(path, window.location.origin), { headers: { Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Waits until no control says `Checking access…`: a fact of the key's access that the connected
 * routes' loader does not wait for (who the person is, asked by the dashboard pages; the access of
 * a key switched in place), src/api/access/authorization.ts.
 */
export async function accessKnown(): Promise<void> {
  await waitFor(() => expect(screen.queryAllByText('Checking access…')).toEqual([]));
}
