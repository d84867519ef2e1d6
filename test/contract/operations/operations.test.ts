// The operation catalogue (src/contract/operations/operations.ts): read from the contract, one entry per
// operation of the OpenAPI document, nothing listed twice by hand.
import { describe, expect, it } from 'vitest';
import { contractOpenApiDocument, documentedEndpoints } from '../../../src/contract/operations/openapi.ts';
import { fillPath, groupOf, operationById, operationGroups, operationLabel, operationOfRequest, operations } from '../../../src/contract/operations/operations.ts';
import { parseInput } from '../../../src/contract/inputs.ts';
import { endpoints } from '../../../src/contract/scopes.ts';

// The catalogue is built once and kept: build it as this file loads, so that what the build does is
// reached by every test below, not by whichever test happens to ask first (Stryker's perTest coverage
// runs a mutant only against the tests that reached it).
operations();

const documentOperations = () =>
  Object.entries(contractOpenApiDocument().paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      id: operation.operationId,
    })),
  );

describe('the operation catalogue', () => {
  it('has an entry for every /api/ operation of the OpenAPI document, and none the document lacks', () => {
    const listed = new Set(operations().flatMap((operation) => [operation.path, ...operation.aliases].map((path) => `${operation.method} ${path}`)));
    const documented = documentOperations();
    expect(documented).toHaveLength(67);
    expect(documented.map((operation) => operation.key).filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => !documented.some((operation) => operation.key === key))).toEqual([]);
    expect(listed.size).toBe(documented.length);
    // The environment routes share their project twins' entries.
    expect(operations()).toHaveLength(67 - 19);
  });

  it('has an entry for every endpoint of the table but the PATCHes on collections, and each endpoint once', () => {
    const behind = operations().flatMap((operation) => operation.endpoints);
    expect(new Set(behind).size).toBe(behind.length);
    expect(endpoints.filter((endpoint) => !behind.includes(endpoint)).every((endpoint) => endpoint.collectionPatch)).toBe(true);
    expect(documentedEndpoints().filter((endpoint) => !behind.includes(endpoint))).toEqual([]);
  });

  it("uses the document's operation ids: unique, URL-safe, found again by id", () => {
    const ids = operations().map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(operationById(id)!.id).toBe(id);
    }
    const byId = new Map(documentOperations().map((operation) => [operation.key, operation.id]));
    for (const operation of operations()) expect(operation.id).toBe(byId.get(`${operation.method} ${operation.path}`));
    expect(operationById('nothing')).toBeUndefined();
  });

  it('gives each operation its scope, parameters, summary, query and answer from the contract', () => {
    const list = operationById('dashboardsList')!;
    expect(list).toMatchObject({
      method: 'GET',
      path: '/api/projects/:project_id/dashboards/',
      aliases: ['/api/environments/:project_id/dashboards/'],
      group: { tag: 'dashboards', label: 'Dashboards' },
      summary: 'List dashboards',
      scope: 'dashboard:read',
      reads: true,
      sessionOnly: false,
      pathParams: ['project_id'],
      status: 200,
    });
    expect(list.query.map((parameter) => parameter.name)).toEqual(['limit', 'offset', 'search', 'pinned', 'tags']);
    expect(list.answer).toBeDefined();
    expect(list.body).toBeUndefined();
    const password = operationById('sharingDeletePassword')!;
    expect(password.pathParams).toEqual(['project_id', 'dashboard_id', 'password_id']);
    expect(password.answer).toBeUndefined();
    expect(password.status).toBe(204);
    expect(operationById('personalApiKeysCurrent')!.scope).toBeNull();
    expect(operationById('dashboardsMoveTile')!.sessionOnly).toBe(true);
    expect(operationById('projectsGet')!.path).toBe('/api/organizations/:organization_id/projects/:project_id/');
  });

  it('gives every body an example its input schema accepts', () => {
    const withBody = operations().filter((operation) => operation.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const operation of withBody) {
      expect(operation.method).not.toBe('GET');
      const parsed = parseInput(operation.body!.schema, operation.body!.example);
      expect(parsed.ok, `${operation.id}: ${JSON.stringify(parsed)}`).toBe(true);
      expect(operation.body!.example, operation.id).not.toEqual({});
    }
    // Every change that takes a body in the document has one here.
    const document = contractOpenApiDocument();
    for (const operation of operations()) {
      const documented = document.paths[operation.path.replace(/:(\w+)/g, '{$1}')][operation.method.toLowerCase()];
      expect(Boolean(documented.requestBody), operation.id).toBe(Boolean(operation.body));
    }
  });

  it('groups by resource, every operation once', () => {
    const groups = operationGroups();
    expect(groups.map((group) => group.group.label)).toEqual([
      'Projects', 'Dashboards', 'Collaborators', 'Sharing', 'Access control', 'Activity log', 'Organizations', 'Users', 'Personal API keys',
    ]);
    expect(groups.flatMap((group) => group.operations)).toHaveLength(operations().length);
  });

  it('fills a path and finds the operation of a request, aliases included', () => {
    expect(fillPath('/api/projects/:project_id/dashboards/:dashboard_id/', { project_id: 1, dashboard_id: 'a/b' })).toBe('/api/projects/1/dashboards/a%2Fb/');
    expect(fillPath('/api/projects/:project_id/', {})).toBe('/api/projects/:project_id/');
    expect(operationOfRequest('get', '/api/environments/7/dashboards/12?limit=5')).toMatchObject({
      operation: { id: 'dashboardsGet' },
      params: { project_id: '7', dashboard_id: '12' },
    });
    expect(operationOfRequest('POST', '/api/projects/7/dashboards/create_from_template_json/')!.operation.id).toBe('dashboardsCreateFromTemplateJson');
    expect(operationOfRequest('GET', '/api/projects/@current/')!.operation.id).toBe('projectsGetViaProjects');
    expect(operationOfRequest('GET', '/api/nothing/')).toBeUndefined();
  });
});

describe('finding and naming operations', () => {
  it('leaves a parameter given as empty text unfilled, and fills zero', () => {
    expect(fillPath('/api/projects/:project_id/dashboards/:dashboard_id/', { project_id: '', dashboard_id: 0 })).toBe('/api/projects/:project_id/dashboards/0/');
    expect(fillPath('/api/users/@me/', { project_id: 1 })).toBe('/api/users/@me/');
  });

  it('decodes each path parameter, keeps one that does not decode as sent, and ignores the trailing slash', () => {
    expect(operationOfRequest('GET', '/api/projects/a%20b/dashboards/%E0%A4%A/')).toEqual({
      operation: operationById('dashboardsGet'),
      params: { project_id: 'a b', dashboard_id: '%E0%A4%A' },
    });
    expect(operationOfRequest('DELETE', '/api/projects/1/dashboards/2')!.operation.id).toBe('dashboardsDelete');
  });

  it("prefers the path whose literal segments match to one that reads them as parameters, whichever the table lists first", () => {
    expect(operationOfRequest('GET', '/api/personal_api_keys/@current/')).toEqual({ operation: operationById('personalApiKeysCurrent'), params: {} });
    expect(operationOfRequest('GET', '/api/personal_api_keys/abc/')).toEqual({ operation: operationById('personalApiKeysGet'), params: { key_id: 'abc' } });
    expect(operationOfRequest('GET', '/api/projects/7/dashboards/create_from_template_json/')).toMatchObject({
      operation: { id: 'dashboardsGet' },
      params: { project_id: '7', dashboard_id: 'create_from_template_json' },
    });
  });

  it('matches the method and every literal segment of the path', () => {
    expect(operationOfRequest('POST', '/api/projects/1/dashboards/2/')).toBeUndefined();
    expect(operationOfRequest('GET', '/api/projects/1/dashboards/2/extra/')).toBeUndefined();
    expect(operationOfRequest('GET', '/api/projects/1/dashboard/2/')).toBeUndefined();
    expect(operationOfRequest('GET', '/api/projects/1/dashboards/2/collaborators/')).toMatchObject({
      operation: { id: 'collaboratorsList' },
      params: { project_id: '1', dashboard_id: '2' },
    });
    expect(operationOfRequest('PATCH', '/api/projects/1/dashboards/')).toBeUndefined();
    expect(operationOfRequest('GET', '/api/projects/1/')).toMatchObject({ operation: { id: 'projectsGetViaProjects' }, params: { project_id: '1' } });
  });

  it('labels an operation by method and path, and groups an unknown prefix under its own name', () => {
    expect(operationLabel(operationById('dashboardsList')!)).toBe('GET /api/projects/:project_id/dashboards/');
    expect(groupOf('sharing.update')).toEqual({ tag: 'sharing', label: 'Sharing' });
    expect(groupOf('accessControls.list')).toEqual({ tag: 'accessControls', label: 'Access control' });
    expect(groupOf('widgets.list')).toEqual({ tag: 'widgets', label: 'widgets' });
  });

  it('lists each group in the table order, builds the catalogue once, and marks reads and writes', () => {
    expect(operations()).toBe(operations());
    const dashboards = operationGroups().find((group) => group.group.tag === 'dashboards')!.operations;
    expect(dashboards.slice(0, 2).map((operation) => operation.id)).toEqual(['dashboardsList', 'dashboardsCreate']);
    expect(operations().filter((operation) => operation.reads).every((operation) => operation.method === 'GET')).toBe(true);
    expect(operations().filter((operation) => !operation.reads).every((operation) => operation.method !== 'GET')).toBe(true);
    expect(operationById('dashboardsCreate')).toMatchObject({ reads: false, status: 201, sessionOnly: false, scope: 'dashboard:write' });
    expect(operationById('dashboardsCreate')!.endpoints.map((endpoint) => endpoint.path)).toEqual([
      '/api/projects/:project_id/dashboards/',
      '/api/environments/:project_id/dashboards/',
    ]);
    expect(operationById('accessControlsUpdate')!.noContent).toEqual(expect.any(String));
    expect(operationById('dashboardsGet')).not.toHaveProperty('noContent');
    expect(operationById('dashboardsCreate')!.body!.example).toMatchObject({ name: 'Weekly signups' });
  });
});
