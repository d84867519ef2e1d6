/**
 * The cold start's early request (src/app/cold-start/first-screen-requests.ts, early-answer.ts): the page's
 * head asks for the route's chunks and first API request at once, and the runtime's transport answers
 * the console's own request for it with that answer, so the request goes out once. Here the head's
 * function runs in the test's page, and the console asks as its routes do (the resources' factories).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardQueries } from '../../../src/api/resources/dashboards/dashboards.ts';
import { projectQueries } from '../../../src/api/resources/projects.ts';
import type { Transport } from '../../../src/api/runtime/runtime.ts';
import { EARLY_REQUEST, startFirstScreen } from '../../../src/app/cold-start/first-screen-requests.ts';
import { answerEarly, type EarlyRequest } from '../../../src/app/cold-start/early-answer.ts';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

const CHUNKS = [['/assets/projects.js'], ['/assets/lists.js', '/assets/shared.js'], ['/assets/detail.js'], ['/assets/organization.js']];

describe("the page's early request", () => {
  let sent: Array<{ url: string; authorization: string | null }>;
  let transport: Transport;
  beforeEach(() => {
    sent = [];
    server.events.on('request:start', ({ request }) => sent.push({ url: request.url, authorization: request.headers.get('Authorization') }));
    transport = (url, init) => fetch(url, init);
  });
  afterEach(() => {
    server.events.removeAllListeners();
    delete (window as { [EARLY_REQUEST]?: unknown })[EARLY_REQUEST];
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    history.replaceState(null, '', '/');
  });

  /** A console whose transport answers with the page's early request, made after the head ran at `path`. */
  function loadAt(path: string, options: { world?: string } = {}) {
    const console = freshConsole({ key: 'phx_demo_admin', remember: true, ...options, transport: (url, init) => transport(url, init) });
    history.replaceState(null, '', path);
    startFirstScreen(CHUNKS);
    transport = answerEarly((url, init) => fetch(url, init), (window as { [EARLY_REQUEST]?: EarlyRequest })[EARLY_REQUEST]);
    return console;
  }

  it("a project's dashboards: its chunks are preloaded, and the first page is asked for once, by the head, with the key in its header only", async () => {
    const { queryClient } = loadAt('/projects/1/dashboards', { world: 'early-world' });
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(preloads).toEqual(['/assets/lists.js', '/assets/shared.js']);
    expect(sent).toHaveLength(1);

    const data = await queryClient.fetchInfiniteQuery(dashboardQueries.list('1'));
    expect(data.pages[0]!.results.length).toBeGreaterThan(0);
    expect(sent).toEqual([{ url: expect.stringMatching(/\/api\/projects\/1\/dashboards\/\?limit=100&offset=0$/), authorization: 'Bearer phx_demo_admin' }]);
    expect(sent[0]!.url).not.toContain('phx_');

    // Answered once: the next ask goes out.
    await queryClient.fetchInfiniteQuery({ ...dashboardQueries.list('1'), staleTime: 0 });
    expect(sent).toHaveLength(2);
  });

  it('the projects list and a deep link: the console takes the early answer', async () => {
    const projects = loadAt('/projects');
    await projects.queryClient.fetchInfiniteQuery(projectQueries.list());
    expect(sent.map(({ url }) => new URL(url).pathname)).toEqual(['/api/organizations/@current/projects/']);

    sent = [];
    const detail = loadAt('/projects/1/dashboards/1/sharing');
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toContain('/assets/detail.js');
    await detail.queryClient.fetchQuery(dashboardQueries.detail('1', '1')).catch(() => undefined);
    expect(sent.map(({ url }) => new URL(url).pathname)).toEqual(['/api/projects/1/dashboards/1/']);
  });

  it('another request, or a filtered list, goes out as usual; so does the same one when the early one failed', async () => {
    const { queryClient } = loadAt('/projects/1/dashboards?search=aha');
    expect(sent).toEqual([]);
    await queryClient.fetchInfiniteQuery(dashboardQueries.list('1', { search: 'aha', pinned: null }));
    expect(sent).toHaveLength(1);

    // The head's request failed (offline a moment): the console's goes out itself.
    sent = [];
    const url = `${location.origin}/api/projects/1/dashboards/?limit=100&offset=0`;
    const headers = { Authorization: 'Bearer phx_demo_admin' };
    const failed = answerEarly((url, init) => fetch(url, init), { url, headers: JSON.stringify(headers), response: Promise.reject(new TypeError('Failed to fetch')) });
    expect((await failed(url, { method: 'GET', headers })).status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('without a stored connection, or at another address, nothing is asked', () => {
    history.replaceState(null, '', '/projects/1/dashboards');
    startFirstScreen(CHUNKS);
    expect(sent).toEqual([]);
    history.replaceState(null, '', '/projects/1/settings');
    startFirstScreen(CHUNKS);
    // The list's two chunks only: settings is not a main route.
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
  });
});
