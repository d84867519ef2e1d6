// The fetch wrapper against an API on another origin (API.md §1.5): every request goes to the
// connection's host with the key in `Authorization` and never a cookie; a 429 whose `Retry-After`
// the page cannot read waits 5 s; a key checked on another host carries no mock world of this one.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { backendName } from '../../../src/api/client/backend-name.ts';
import { ApiError, apiRequest } from '../../../src/api/client/http.ts';
import { UNREADABLE_RETRY_AFTER_SECONDS } from '../../../src/api/client/rate-limit.ts';
import { retryDelay, shouldRetryQuery } from '../../../src/api/client/query-client.ts';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

const ok = z.object({ ok: z.boolean() });

describe('requests to an API on another origin', () => {
  it('go to the connection’s host, with the key in Authorization and credentials omitted', async () => {
    const { runtime, call } = freshConsole({ host: 'https://eu.posthog.com', key: 'phx_demo_admin' });
    let seen: Request | undefined;
    server.use(
      http.get('*/api/projects/1/', ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest(call, { endpoint: 'projects.get', path: '/api/projects/1', schema: ok });
    expect(seen?.url).toBe('https://eu.posthog.com/api/projects/1/');
    expect(seen?.headers.get('Authorization')).toBe('Bearer phx_demo_admin');
    expect(seen?.credentials).toBe('omit');
    expect(runtime.requestLog.get()[0]?.url).toBe('https://eu.posthog.com/api/projects/1/');
  });

  it('a 429 without a readable Retry-After waits 5 s before the retry', async () => {
    const { call } = freshConsole({ host: 'https://eu.posthog.com', key: 'phx_demo_admin' });
    // What a page on another origin sees: the header is not exposed, so there is none to read.
    server.use(
      http.get('*/api/projects/1/', () =>
        HttpResponse.json({ type: 'throttled_error', code: 'throttled', detail: 'Request was throttled. Expected available in 3 seconds.', attr: null }, { status: 429 }),
      ),
    );
    const error = await apiRequest(call, { endpoint: 'projects.get', path: '/api/projects/1', schema: ok }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(UNREADABLE_RETRY_AFTER_SECONDS);
    expect(retryDelay(0, error)).toBe(5000);
    expect(shouldRetryQuery(0, error)).toBe(true);
  });

  it('a key checked on another host carries no mock world of the connected one', async () => {
    const { call } = freshConsole({ key: 'phx_demo_admin', world: 'qa-anna' });
    const worlds: Array<string | null> = [];
    server.use(
      http.get('*/api/organizations/@current/', ({ request }) => {
        worlds.push(request.headers.get('X-Mock-World'));
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest(call, { endpoint: 'organizations.get', path: '/api/organizations/@current/', connection: { host: 'https://us.posthog.com', key: 'phx_x' }, schema: ok });
    await apiRequest(call, { endpoint: 'organizations.get', path: '/api/organizations/@current/', connection: { host: '', key: 'phx_x' }, schema: ok });
    expect(worlds).toEqual([null, 'qa-anna']);
  });
});

describe('the backend badge’s name', () => {
  it('names PostHog Cloud’s regions, the bundled mock, or the host itself', () => {
    expect(backendName('https://us.posthog.com', false)).toBe('PostHog Cloud US');
    expect(backendName('https://eu.posthog.com', false)).toBe('PostHog Cloud EU');
    expect(backendName('http://127.0.0.1:8010', true)).toBe('Bundled mock');
    expect(backendName('http://127.0.0.1:8010', false)).toBe('127.0.0.1:8010');
    expect(backendName('https://posthog.example.com', false)).toBe('posthog.example.com');
    expect(backendName('', false)).toBe(window.location.host);
  });
});
