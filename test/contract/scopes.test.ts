/**
 * The scopes of API.md §1.2 and the endpoint table (src/contract/scopes.ts), held to the contract by
 * what the mock answers, not by the table itself: a key with read scopes only may change nothing.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
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
    expect(isPersonalApiKeysPath('/web/personal_api_keys/')).toBe(false);
  });
});

/** A path of the table with its parameters filled with the seed's ids (or `project`/`organization` given). */
const D = seedIds.dashboards;
function concrete(path: string, given: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    project_id: String(seedIds.projects.app),
    organization_id: seedIds.organization,
    dashboard_id: String(D.productOverview),
    user_uuid: '0190b3a2-0000-7000-8000-000000000000',
    password_id: 'any',
    key_id: 'any',
    ...given,
  };
  return path.replace(/:(\w+)/g, (_, name: string) => values[name]!);
}

/**
 * The scope an operation needs, read from the resource its path names and its method (§1.2, §5, §6,
 * §7), not from the table: a dashboard's sharing and rules have scopes of their own, and §6.2 #18 and
 * #19 change a project with `project:read`.
 */
function scopeOf(method: string, path: string): string {
  const resource = path.endsWith('/access_controls/') || path.endsWith('/users_with_access/')
    ? 'access_control'
    : path.includes('/sharing/')
      ? 'sharing_configuration'
      : path.includes('/dashboards/')
        ? 'dashboard'
        : path.endsWith('/activity_log/')
          ? 'activity_log'
          : path.endsWith('/members/')
            ? 'organization_member'
            : path.includes('/projects/')
              ? 'project'
              : path.startsWith('/api/organizations/')
                ? 'organization'
                : path === '/api/users/@me/'
                  ? 'user'
                  : null;
  if (resource === null) throw new Error(`no scope known for ${path}`);
  const reads = method === 'GET' || /\/(add_product_intent|complete_product_onboarding)\/$/.test(path);
  return `${resource}:${reads ? 'read' : 'write'}`;
}

/** Every operation but a key reading itself (any valid key may, §7). */
const scoped = endpoints.filter((e) => !e.path.startsWith('/api/personal_api_keys/'));

describe('the scopes of the endpoint table, as the mock enforces them', () => {
  const api = setupMockApi();
  /** The read-only demo key with the scopes given for one test. */
  function withScopes(held: string[]) {
    const key = api.store().keyByValue(keys.readonly)!;
    const before = key.scopes;
    key.scopes = held as typeof key.scopes;
    onTestFinished(() => {
      key.scopes = before;
    });
    return keys.readonly;
  }

  describe('a key with read scopes only changes nothing (§1.2, §2.3 step 5)', () => {
    const changes = scoped.filter((e) => e.method !== 'GET' && scopeOf(e.method, e.path).endsWith(':write'));

    it('lists the changing operations of every resource', () => {
      expect(new Set(changes.map((e) => scopeOf(e.method, e.path)))).toEqual(
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
      expectError(result, 403, 'authentication_error', 'permission_denied', `API key missing required scope '${scopeOf(method, path)}'`);
    });

    it.each(['add_product_intent', 'complete_product_onboarding'])('PATCH %s/ needs project:read only (§6.2)', async (action) => {
      const result = await request('PATCH', `/api/projects/${seedIds.projects.app}/${action}/`, keys.readonly, { json: { product_type: 'surveys' } });
      expect(result.status, result.text).toBeLessThan(300);
    });
  });

  it.each(scoped.map((e) => [e.method, e.path] as const))('%s %s without any scope: 403 naming the scope it needs', async (method, path) => {
    const key = withScopes([]);
    const result = await request(method, concrete(path), key, { json: {} });
    expectError(result, 403, 'authentication_error', 'permission_denied', `API key missing required scope '${scopeOf(method, path)}'`);
  });

  it('lets a key without scopes read itself, and only itself', async () => {
    const key = withScopes([]);
    expect((await request('GET', '/api/personal_api_keys/@current/', key)).status).toBe(200);
    const current = await request('GET', '/api/personal_api_keys/@current/', key);
    const own = await request('GET', `/api/personal_api_keys/${current.body.id}/`, key);
    expect([own.status, own.body]).toEqual([200, current.body]);
    expect((await request('GET', '/api/personal_api_keys/', key)).status).toBe(403);
  });

  it.each(scoped.map((e) => [e.method, e.path] as const))(
    '%s %s: an unknown project or organization it nests under is 404 before the scope (§2.3 step 4)',
    async (method, path) => {
      const key = withScopes([]);
      const result = await request(method, concrete(path, { project_id: '999999', organization_id: 'not-a-uuid' }), key, { json: {} });
      // A dashboard route or the activity log nests under its project; every path below an organization, under it.
      if (/^\/api\/(projects|environments)\/:project_id\/(dashboards|activity_log)\//.test(path)) {
        expectError(result, 404, 'invalid_request', 'not_found', 'Project not found.');
      } else if (/^\/api\/organizations\/:organization_id\/./.test(path)) {
        expectError(result, 404, 'invalid_request', 'not_found', 'Organization not found.');
      } else {
        expect(result.body.detail).toBe(`API key missing required scope '${scopeOf(method, path)}'`);
      }
    },
  );

  it.each(scoped.map((e) => [e.method, e.path] as const))('%s %s with every scope reaches its own answer', async (method, path) => {
    // A list for a body: refused by the route itself (§2.3 step 10), so that nothing changes.
    const result = await request(method, concrete(path), keys.admin, method === 'DELETE' ? {} : { json: [] });
    expect(result.status, result.text).toBeLessThan(500);
    expect(result.text).not.toContain('Endpoint not found.');
    expect(result.text).not.toContain('missing required scope');
    // §2.3 steps 3 and 7: a PATCH on a collection is a write of it, then 405.
    const collection = /\/(dashboards|collaborators|projects|organizations|members|create_from_template_json|activity_log)\/$/.test(path);
    if (method === 'PATCH' && collection) expectError(result, 405, 'invalid_request', 'method_not_allowed', 'Method "PATCH" not allowed.');
    // §2.2: production never deletes a dashboard (405, an empty body).
    else if (method === 'DELETE' && path.endsWith('/dashboards/:dashboard_id/')) expect([result.status, result.text]).toEqual([405, '']);
    else expect(result.status).not.toBe(405);
  });

  it('marks as session-only the five actions production refuses to keys (§1.2)', () => {
    const sessionOnly = endpoints.filter((e) => e.sessionOnly).map((e) => `${e.method} ${e.path.split('/').at(-2)}`);
    expect(new Set(sessionOnly)).toEqual(
      new Set(['PATCH move_tile', 'POST create_from_template_json', 'GET activity', 'GET is_generating_demo_data', 'PATCH reset_token']),
    );
  });
});
