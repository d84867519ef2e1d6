/**
 * The scopes of API.md §1.2 and the endpoint table (src/contract/scopes.ts), held to the contract by
 * what the mock answers, not by the table itself: a key with read scopes only may change nothing.
 */
import { describe, expect, it } from 'vitest';
import { endpoints, isPersonalApiKeysPath, matchPath, scopeGranted } from '../../src/contract/scopes.ts';
import { expectError, keys, request, seedIds, setupMockApi } from '../mock/helpers.ts';

describe('scopeGranted', () => {
  it('grants a scope held, and every scope to *', () => {
    expect(scopeGranted(['dashboard:read'], 'dashboard:read')).toBe(true);
    expect(scopeGranted(['*'], 'access_control:write')).toBe(true);
    expect(scopeGranted(['user:read', '*'], 'organization:write')).toBe(true);
  });

  it('grants the :read of a :write held, never the :write of a :read', () => {
    expect(scopeGranted(['sharing_configuration:write'], 'sharing_configuration:read')).toBe(true);
    expect(scopeGranted(['sharing_configuration:read'], 'sharing_configuration:write')).toBe(false);
  });

  it('grants nothing else', () => {
    expect(scopeGranted([], 'dashboard:read')).toBe(false);
    expect(scopeGranted(['dashboard:write'], 'project:read')).toBe(false);
    expect(scopeGranted(['dashboard:write'], 'project:write')).toBe(false);
    expect(scopeGranted(['project:read', 'dashboard:read'], 'dashboard:write')).toBe(false);
    // Only the whole scope counts: no prefix, no `*` inside a name.
    expect(scopeGranted(['dashboard'], 'dashboard:read')).toBe(false);
    expect(scopeGranted(['dashboard:*'], 'dashboard:write')).toBe(false);
    expect(scopeGranted(['access_control:writer'], 'access_control:read')).toBe(false);
  });
});

describe('matchPath', () => {
  it('matches a path with or without its trailing slash and reads its parameters', () => {
    const [match, ...others] = matchPath('/api/projects/12/dashboards/34').filter((m) => m.endpoint.method === 'GET');
    expect(others).toEqual([]);
    expect(match).toMatchObject({ endpoint: { name: 'dashboards.get', scope: 'dashboard:read' }, params: { project_id: '12', dashboard_id: '34' } });
    expect(matchPath('/api/projects/12/dashboards/34/').map((m) => m.endpoint.method)).toEqual(['GET', 'PATCH', 'PUT', 'DELETE']);
  });

  it('prefers a literal segment to a parameter', () => {
    const names = matchPath('/api/projects/1/dashboards/create_from_template_json/').map((m) => m.endpoint.name);
    expect(names).toEqual(['dashboards.createFromTemplateJson', 'collection.patch']);
  });

  it('decodes a parameter, and keeps a malformed escape as written', () => {
    expect(matchPath('/api/organizations/a%20b/members/')[0]!.params).toEqual({ organization_id: 'a b' });
    expect(matchPath('/api/organizations/%E0%A4%A/members/')[0]!.params).toEqual({ organization_id: '%E0%A4%A' });
  });

  it('matches nothing for an unknown path, one segment short or one too many', () => {
    expect(matchPath('/api/nothing/')).toEqual([]);
    expect(matchPath('/api/projects/1/dashboards/2/sharing/passwords/3/extra/')).toEqual([]);
    expect(matchPath('/api/')).toEqual([]);
  });

  it('tells the paths under /api/personal_api_keys/ apart', () => {
    expect(isPersonalApiKeysPath('/api/personal_api_keys/')).toBe(true);
    expect(isPersonalApiKeysPath('/api/personal_api_keys/@current/')).toBe(true);
    expect(isPersonalApiKeysPath('/api/personal_api_keys/abc/roll/')).toBe(true);
    expect(isPersonalApiKeysPath('/api/personal_api_keys/abc/roll/more/')).toBe(false);
    expect(isPersonalApiKeysPath('/api/users/personal_api_keys/')).toBe(false);
    expect(isPersonalApiKeysPath('/personal_api_keys/api/')).toBe(false);
  });
});

describe('a key with read scopes only changes nothing (§1.2, §2.3 step 5)', () => {
  setupMockApi();
  const D = seedIds.dashboards;
  const values: Record<string, string> = {
    project_id: String(seedIds.projects.app),
    organization_id: seedIds.organization,
    dashboard_id: String(D.productOverview),
    user_uuid: '0190b3a2-0000-7000-8000-000000000000',
    password_id: 'any',
  };
  const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? `unknown-${name}`);

  /**
   * The scope a change needs, read from what it changes (§5, §6, §7), not from the table: the
   * sharing and the rules of a dashboard have scopes of their own.
   */
  function writeScopeOf(path: string): string {
    if (path.endsWith('/access_controls/')) return 'access_control:write';
    if (path.includes('/sharing/')) return 'sharing_configuration:write';
    if (path.includes('/dashboards/')) return 'dashboard:write';
    if (path.endsWith('/activity_log/')) return 'activity_log:write';
    if (path.endsWith('/members/')) return 'organization_member:write';
    if (path.includes('/projects/')) return 'project:write';
    if (path === '/api/organizations/') return 'organization:write';
    throw new Error(`no write scope known for ${path}`);
  }
  /** §6.2 #18 and #19: the two project actions production lets `project:read` send. */
  const readScoped = new Set(['projects.addProductIntent', 'projects.completeProductOnboarding']);

  const changes = endpoints.filter((e) => e.method !== 'GET' && !readScoped.has(e.name));

  it('lists the changing operations of every resource', () => {
    expect(new Set(changes.map((e) => writeScopeOf(e.path)))).toEqual(
      new Set([
        'dashboard:write',
        'sharing_configuration:write',
        'access_control:write',
        'project:write',
        'organization:write',
        'organization_member:write',
        'activity_log:write',
      ]),
    );
  });

  it.each(changes.map((e) => [e.method, e.path] as const))('%s %s: 403 naming its :write scope', async (method, path) => {
    const result = await request(method, concrete(path), keys.readonly, { json: {} });
    expectError(result, 403, 'authentication_error', 'permission_denied', `API key missing required scope '${writeScopeOf(path)}'`);
  });

  it.each([...readScoped])('%s needs project:read only', async (name) => {
    const endpoint = endpoints.find((e) => e.name === name)!;
    const result = await request(endpoint.method, concrete(endpoint.path), keys.readonly, { json: { product_type: 'surveys' } });
    expect(result.status, result.text).toBeLessThan(300);
  });
});
