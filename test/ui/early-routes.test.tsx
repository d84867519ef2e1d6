/**
 * A full page load starts the route's first API requests from the HTML, before any script of the
 * console has run (the inline script the build writes into index.html from src/app/page-start.ts,
 * reading the table the build makes from the routes' own, src/app/route-data.ts). These tests run
 * that very script with that very table, check that each early request is exactly the one the page's
 * own query sends
 * (so React Query adopts the answer instead of asking again), and that a refused key still lands on
 * Connect.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyRoutes, type EarlyRoutes } from '../../build/early-routes.ts';
import { inlineScript } from '../../build/inline-script.ts';
import type { EarlyRouteTable } from '../../src/app/page-start.ts';
import type { DashboardListItem, Paginated } from '../../src/contract/schemas.ts';
import { seedIds } from '../../src/mock/seed.ts';
import { apiGet, renderApp } from './render.tsx';
import { server } from './setup.ts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const { projects } = seedIds;
const STORAGE_KEY = 'analytics-console:connection';

/** The script exactly as the build writes it into the page, and the build's table of routes. */
let earlyScript = '';
let routes: EarlyRoutes['routes'] = [];
/** The table as the build writes it, with made-up file names. */
let table: EarlyRouteTable;
beforeAll(async () => {
  earlyScript = await inlineScript(['startEarlyRequests']);
  ({ routes } = await earlyRoutes(process.cwd()));
  table = {
    connect: { files: ['/assets/connect.js', '/assets/connect.css'] },
    routes: routes.map((route, index) => ({ ...route, files: [`/assets/route-${index}.js`] })),
  };
}, 60_000);

/** Runs the early requests' inline script at `path` with `fetch` replaced; returns what it sent and linked. */
function runInlineScript(path: string) {
  window.history.replaceState(null, '', path);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'early-routes';
  block.textContent = JSON.stringify(table);
  document.head.append(block);
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    sent.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
    return new Promise<Response>(() => {});
  });
  try {
    new Function(earlyScript)();
  } finally {
    fetchSpy.mockRestore();
    block.remove();
  }
  // eslint-disable-next-line testing-library/no-node-access -- the preload <link>s are in <head>, which no query by role reaches.
  const links = [...document.head.querySelectorAll('link')].map((link) => ({ rel: link.rel, href: link.getAttribute('href') }));
  for (const link of document.head.querySelectorAll('link')) link.remove();
  return { sent, links };
}

beforeEach(() => {
  delete window.__consoleEarlyRequests;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  delete window.__consoleEarlyRequests;
  window.history.replaceState(null, '', '/');
});

describe('the early requests’ inline script', () => {
  it('sends the route’s first request (not the key’s access, asked for after the first paint), with the stored key in a header, never in the URL, and preloads its code', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin' }));
    const { sent, links } = runInlineScript('/projects/7/dashboards');
    const withKey = { Accept: 'application/json', Authorization: 'Bearer phx_demo_admin' };
    expect(sent).toEqual([
      { url: `${window.location.origin}/api/projects/7/dashboards/?limit=100&offset=0`, headers: withKey },
    ]);
    for (const request of sent) expect(request.url).not.toContain('phx_demo_admin');
    const index = routes.findIndex((route) => route.pattern.includes('(\\d+)/dashboards/?$'));
    expect(links).toEqual([{ rel: 'modulepreload', href: `/assets/route-${index}.js` }]);
    expect(window.__consoleEarlyRequests?.map(({ url, key }) => ({ url, key }))).toEqual(
      sent.map(({ url, headers }) => ({ url, key: headers.Authorization ? 'phx_demo_admin' : '' })),
    );
  });

  it('sends the mock’s world with each request, as the console does', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin', world: 'qa-1' }));
    const { sent } = runInlineScript('/projects/7/settings');
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.headers['X-Mock-World']).toBe('qa-1');
  });

  it('sends nothing without a stored key, and preloads Connect instead', () => {
    const { sent, links } = runInlineScript('/projects/7/dashboards');
    expect(sent).toEqual([]);
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/connect.js' },
      { rel: 'preload', href: '/assets/connect.css' },
    ]);
  });

  it('preloads the code but sends no request when the URL carries a search or a filter', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_member' }));
    const { sent, links } = runInlineScript('/projects/7/dashboards?search=blog');
    expect(sent).toEqual([]);
    expect(links).toEqual([{ rel: 'modulepreload', href: expect.stringMatching(/^\/assets\/route-\d+\.js$/) }]);
  });

  it('sends to the stored API host', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ host: 'https://api.example.com', key: 'phx_x' }));
    const { sent } = runInlineScript('/projects/3/settings');
    expect(sent.map((request) => request.url)).toEqual([
      'https://api.example.com/api/projects/3/',
    ]);
  });
});

/** A sample path for each route of the table, and the page's heading there. */
const samples: Array<{ path: string; heading: RegExp }> = [
  { path: '/', heading: /^Projects$/ },
  { path: '/projects', heading: /^Projects$/ },
  { path: `/projects/${projects.app}/dashboards`, heading: /^Dashboards$/ },
  { path: `/projects/${projects.app}/dashboards/1`, heading: /./ },
  { path: `/projects/${projects.app}/dashboards/1/collaborators`, heading: /./ },
  { path: `/projects/${projects.app}/dashboards/1/sharing`, heading: /./ },
  { path: `/projects/${projects.app}/dashboards/1/access`, heading: /./ },
  { path: `/projects/${projects.app}/dashboards/1/history`, heading: /./ },
  { path: `/projects/${projects.app}/settings`, heading: /Project settings|settings/i },
  { path: `/projects/${projects.app}/activity`, heading: /Activity/ },
];

describe('the early requests are the pages’ own', () => {
  it('has a sample for every route of the table', () => {
    const covered = routes.filter((route) => samples.some(({ path }) => new RegExp(route.pattern).test(path)));
    expect(covered).toEqual(routes.filter((route) => route.requests.length > 0));
  });

  it.each(samples)('$path: the page asks for each early request’s URL', async ({ path, heading }) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin' }));
    const { sent } = runInlineScript(path);
    expect(sent.length).toBeGreaterThan(0);
    delete window.__consoleEarlyRequests;

    const { runtime } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    const asked = () => runtime.requestLog.get().filter((entry) => entry.method === 'GET').map((entry) => entry.url);
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(sent.map((request) => request.url))));
  });
});

describe('adopting an early answer', () => {
  const listPath = `/api/projects/${projects.app}/dashboards/?limit=100&offset=0`;
  /** A real first page of the mock, its first dashboard renamed: the early answer. */
  async function earlyPage() {
    const real = await apiGet<Paginated<DashboardListItem>>(listPath.replace('limit=100', 'limit=1'));
    return { ...real, count: 1, next: null, results: [{ ...real.results[0]!, name: 'Answered before the entry ran' }] };
  }
  const early = (key: string, body: unknown, status = 200) => {
    window.__consoleEarlyRequests = [
      {
        url: `${window.location.origin}${listPath}`,
        key,
        response: Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
      },
    ];
  };
  let listRequestsSeen = 0;
  const countList = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === `/api/projects/${projects.app}/dashboards/` && url.searchParams.get('limit') === '100') listRequestsSeen += 1;
  };
  beforeEach(() => {
    listRequestsSeen = 0;
    server.events.on('request:start', countList);
  });
  afterEach(() => {
    server.events.removeListener('request:start', countList);
  });

  it('shows the early answer, parsed like any other, without asking again', async () => {
    early('phx_demo_admin', await earlyPage());
    renderApp(`/projects/${projects.app}/dashboards`);
    const table = await screen.findByRole('table', { name: 'Dashboards' });
    expect(within(table).getByRole('link', { name: 'Answered before the entry ran' })).toBeInTheDocument();
    expect(listRequestsSeen).toBe(0);
    expect(window.__consoleEarlyRequests).toEqual([]);
  });

  it('is not used under another key: the page asks for its own', async () => {
    early('phx_demo_member', await earlyPage());
    renderApp(`/projects/${projects.app}/dashboards`);
    const table = await screen.findByRole('table', { name: 'Dashboards' });
    expect(within(table).queryByRole('link', { name: 'Answered before the entry ran' })).not.toBeInTheDocument();
    expect(listRequestsSeen).toBeGreaterThan(0);
    expect(window.__consoleEarlyRequests?.map((request) => request.key)).toEqual(['phx_demo_member']);
  });

  it('adopts an answer sent without a key (the mock’s info) only for a request without one', async () => {
    const info = await (await fetch(new URL('/__mock/info', window.location.origin))).json();
    const url = `${window.location.origin}/__mock/info`;
    window.__consoleEarlyRequests = [{ url, key: '', response: Promise.resolve(Response.json(info)) }];
    let infoRequestsSeen = 0;
    const countInfo = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/__mock/info') infoRequestsSeen += 1;
    };
    server.events.on('request:start', countInfo);
    try {
      renderApp(`/projects/${projects.app}/dashboards`);
      await screen.findByRole('table', { name: 'Dashboards' });
      expect(window.__consoleEarlyRequests).toEqual([]);
      expect(infoRequestsSeen).toBe(0);
    } finally {
      server.events.removeListener('request:start', countInfo);
    }
  });

  it('a refused key still lands on Connect, with the API’s reason', async () => {
    early('phx_demo_admin', { type: 'authentication_error', code: 'authentication_failed', detail: 'Invalid personal API key.', attr: null }, 401);
    const { location } = renderApp(`/projects/${projects.app}/dashboards`);
    await screen.findByRole('heading', { level: 1, name: 'Connect' });
    expect(location().pathname).toBe('/connect');
    expect(screen.getByText(/Invalid personal API key\./)).toBeInTheDocument();
  });
});
