// @vitest-environment jsdom
// The explorer's parts that hand things out or change the cache: every snippet and link holds no key
// (the key greps), the history keeps no key and at most 50 sends, and a change sent from the
// explorer declares what it changed (DESIGN.md rule 1), from its path alone.
import { describe, expect, it } from 'vitest';
import { explorerChanges } from '../../../src/api/resources/explorer.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { explorerFormOf, explorerLink, explorerLinkForRequest, requestOfExplorerSearch } from '../../../src/components/share-request/explorer-link.ts';
import { addRecent, readRecent, RECENT_LIMIT } from '../../../src/features/explorer/recent-requests.ts';
import { buildSnippet, type SnippetKind } from '../../../src/features/explorer/snippets.ts';

const KEY = 'phx_demo_admin';
const kinds: SnippetKind[] = ['curl', 'fetch', 'python', 'httpie'];

describe('explorer snippets', () => {
  const request = { method: 'PATCH', path: `/api/projects/1/dashboards/7/?search=${KEY}`, body: `{"name": "it's $HOME ${KEY}"}`, world: 'qa-1' };

  it.each(kinds)('%s reads the key and host from the environment and never writes the key', (kind) => {
    const snippet = buildSnippet(kind, request, [KEY]);
    expect(snippet).not.toContain(KEY);
    expect(snippet).not.toMatch(/phx_[A-Za-z0-9_]{6,}/);
    expect(snippet).toMatch(/POSTHOG_API_KEY/);
    expect(snippet).toMatch(/API_HOST/);
    expect(snippet).toContain('/api/projects/1/dashboards/7/');
    expect(snippet).toContain('X-Mock-World');
  });

  it('curl keeps the host outside the quotes and the body exact', () => {
    const curl = buildSnippet('curl', { method: 'POST', path: '/api/projects/1/dashboards/', body: `{"name":"Bob's"}` }, []);
    expect(curl.split(' \\\n  ')[0]).toBe(`curl -X POST "$API_HOST"'/api/projects/1/dashboards/'`);
    expect(curl).toContain(`--data-binary '{"name":"Bob'\\''s"}'`);
  });

  it('fetch and Python carry the body as one string literal, and GET has none', () => {
    expect(buildSnippet('fetch', { method: 'GET', path: '/api/users/@me/', body: null }, [])).not.toContain('body:');
    expect(buildSnippet('python', { method: 'POST', path: '/api/x/', body: '{"a": "\\n"}' }, [])).toContain('data="{\\"a\\": \\"\\\\n\\"}".encode("utf-8")');
  });
});

describe('explorer links', () => {
  it('round-trips an operation, its parameters and body, and never holds the key', () => {
    const link = explorerLink('dashboardsUpdate', { path: { project_id: '1', dashboard_id: '7' }, query: { search: KEY }, body: `{"note":"${KEY}"}` }, [KEY]);
    expect(link).not.toContain(KEY);
    const url = new URL(link, 'http://console.test');
    expect(url.pathname).toBe('/explorer/dashboardsUpdate');
    expect(explorerFormOf(url.searchParams)).toEqual({
      path: { project_id: '1', dashboard_id: '7' },
      query: { search: '[redacted API key]' },
      body: '{"note":"[redacted API key]"}',
    });
  });

  it('an API log entry opens by its method, path and body', () => {
    const link = explorerLinkForRequest({ method: 'get', path: '/api/projects/1/dashboards/?limit=100', body: null });
    expect(requestOfExplorerSearch(new URL(link, 'http://console.test').searchParams)).toEqual({ method: 'GET', path: '/api/projects/1/dashboards/?limit=100', body: null });
  });
});

describe('Recent requests', () => {
  it('keeps the newest 50, newest first, without the key', () => {
    sessionStorage.clear();
    for (let n = 1; n <= RECENT_LIMIT + 5; n++) {
      addRecent({ method: 'GET', path: `/api/projects/${n}/?search=${KEY}`, status: 200, durationMs: n, at: new Date(n * 1000).toISOString(), link: `/explorer/x?query.search=${KEY}` }, [KEY]);
    }
    const recent = readRecent();
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]!.path).toBe('/api/projects/55/?search=[redacted API key]');
    expect(JSON.stringify(recent)).not.toContain(KEY);
    expect(sessionStorage.getItem('analytics-console.explorer.recent')).not.toContain(KEY);
  });
});

describe('a change sent from the explorer', () => {
  it('declares the dashboards and activity of the project for a dashboard route', () => {
    expect(explorerChanges({ status: 200 }, { method: 'PATCH', path: '/api/projects/1/dashboards/7/' })).toEqual([
      { kind: 'refresh', queryKey: keyRoots.dashboards(1) },
      { kind: 'refresh', queryKey: keyRoots.activityLog(1) },
    ]);
    expect(explorerChanges({ status: 201 }, { method: 'POST', path: '/api/environments/2/dashboards/' })[0]).toEqual({ kind: 'refresh', queryKey: keyRoots.dashboards(2) });
  });

  it('declares the project, the lists and the organization for a project route; everything for @current', () => {
    const changes = explorerChanges({ status: 200 }, { method: 'PATCH', path: '/api/organizations/@current/projects/3/' });
    expect(changes).toContainEqual({ kind: 'refresh', queryKey: keyRoots.project(3) });
    expect(changes).toContainEqual({ kind: 'refresh', queryKey: keyRoots.projects });
    expect(explorerChanges({ status: 200 }, { method: 'PATCH', path: '/api/projects/@current/' })).toEqual([{ kind: 'everything' }]);
  });

  it('a read, a refusal or a failure changes nothing', () => {
    expect(explorerChanges({ status: 200 }, { method: 'GET', path: '/api/projects/1/' })).toEqual([]);
    expect(explorerChanges({ status: 403 }, { method: 'PATCH', path: '/api/projects/1/' })).toEqual([]);
  });
});
