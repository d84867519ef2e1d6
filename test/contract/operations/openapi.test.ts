// GET /__mock/openapi.json (API.md §9): the contract as OpenAPI 3.1, for Postman, Insomnia and Bruno.
// `npm run test:mock-openapi` checks every answer of the contract suite against it; here: the
// document itself, and a few answers of each kind.
import { Validator } from '@seriousme/openapi-schema-validator';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOpenApiDocument, descriptions, documentedEndpoints } from '../../../src/contract/operations/openapi.ts';
import { parseInput } from '../../../src/contract/inputs.ts';
import { endpoints } from '../../../src/contract/scopes.ts';
import { createMock } from '../../../src/mock/index.ts';
import { createChecker, formatReport, type Exchange } from '../../production-schema/schema-check.ts';
import { keys, seedIds } from '../../mock/helpers.ts';

// The document is built once and kept: build it as this file loads, so that what the build does is
// reached by every test below, not by whichever test happens to ask first (Stryker's perTest coverage
// runs a mutant only against the tests that reached it).
contractOpenApiDocument();

const origin = 'http://localhost';
const mock = createMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let document: any;

async function call(method: string, path: string, body?: unknown): Promise<Exchange> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${keys.admin}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    file: 'test/contract/operations/openapi.test.ts', test: `${method} ${path}`, method, path,
    status: response.status, contentType: response.headers.get('content-type'), text: await response.text(),
  };
}

describe('GET /__mock/openapi.json', () => {
  it('answers an OpenAPI 3.1 document that a validator accepts, served from the origin asked', async () => {
    const response = await fetch(`${origin}/__mock/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: origin }]);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is generated from the contract, once', () => {
    const { servers: _servers, ...rest } = document;
    expect(rest).toEqual(JSON.parse(JSON.stringify(contractOpenApiDocument())));
    expect(contractOpenApiDocument()).toBe(contractOpenApiDocument());
  });

  it('lists every route of the endpoint table, described, with its scope', () => {
    const listed = documentedEndpoints();
    // Every route of the table but the PATCHes on collections (always 405, §2.3 step 7).
    expect(listed.length).toBeGreaterThan(0);
    expect(endpoints.filter((endpoint) => !listed.includes(endpoint)).every((endpoint) => endpoint.method === 'PATCH')).toBe(true);
    const missing = listed.filter((endpoint) => !descriptions[endpoint.name]).map((endpoint) => endpoint.name);
    expect(missing, 'endpoints of scopes.ts without a description in src/contract/operations/openapi.ts').toEqual([]);
    for (const endpoint of listed) {
      const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation.security).toEqual([{ PersonalAPIKey: endpoint.scope ? [endpoint.scope] : [] }]);
      const success = Object.keys(operation.responses).filter((status) => /^[23]|^405$/.test(status));
      // One success; PUT access_controls/ also answers 204 when it removes a rule (§5.7).
      expect(success, `${endpoint.method} ${endpoint.path}`).toHaveLength(descriptions[endpoint.name]!.noContent ? 2 : 1);
      for (const status of ['401', '403', '404']) {
        const answer = operation.responses[status];
        const resolved = answer?.$ref ? document.components.responses[answer.$ref.split('/').pop()] : answer;
        expect(JSON.stringify(resolved?.content), `${endpoint.method} ${endpoint.path} ${status}`).toContain('#/components/schemas/Error"');
      }
      if (endpoint.method === 'POST' || endpoint.method === 'PATCH' || endpoint.method === 'PUT') expect(operation.responses['400']).toBeDefined();
    }
    expect(document.paths['/api/projects/{project_id}/dashboards/'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DashboardsCreateBody',
    });
    expect(document.components.schemas.DashboardsCreateBody.properties.name).toBeDefined();
    // JSON, form and multipart bodies (API.md §1.3); create_from_template_json takes JSON only.
    expect(Object.keys(document.paths['/api/projects/{project_id}/dashboards/'].post.requestBody.content)).toEqual([
      'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data',
    ]);
    expect(Object.keys(document.paths['/api/projects/{project_id}/dashboards/create_from_template_json/'].post.requestBody.content)).toEqual([
      'application/json',
    ]);
  });

  it('has what Postman, Insomnia and Bruno need to import it: bearer auth, unique operation ids, tags', () => {
    expect(document.components.securitySchemes.PersonalAPIKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item as object));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = document.tags.map((tag: { name: string }) => tag.name);
    for (const operation of operations) {
      expect(operation.tags).toHaveLength(1);
      expect(tagNames).toContain(operation.tags[0]);
      expect(operation.summary).toBeTruthy();
    }
  });

  it('says a field read as null when missing may be null or absent, and claims no server default for it', () => {
    const userFields = document.components.schemas.User.properties as Record<string, { default?: unknown; type?: unknown }>;
    expect(userFields.first_name).not.toHaveProperty('default');
    expect(userFields.first_name!.type).toEqual(['string', 'null']);
    expect(document.components.schemas.User.required).not.toContain('first_name');
    expect(JSON.stringify(document)).not.toContain('"default":null');
  });

  it("checks the mock's answers: success, no body, errors, and a body that does not match", async () => {
    const checker = createChecker(contractOpenApiDocument());
    const dashboards = `/api/projects/${seedIds.projects.app}/dashboards/`;
    const answers = [
      await call('GET', dashboards),
      await call('POST', dashboards, { name: 'From the OpenAPI test' }),
      await call('GET', `${dashboards}${seedIds.dashboards.productOverview}/`),
      await call('DELETE', `${dashboards}${seedIds.dashboards.productOverview}/`),
      await call('GET', `${dashboards}999999/`),
      await call('POST', dashboards, { name: 'x'.repeat(401) }),
      await call('GET', '/api/users/@me/'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200, 405, 404, 400, 200]);
    const report = checker.check(answers);
    expect(report.failed, formatReport(report, 'mock')).toBe(0);
    expect(report.passed).toBe(answers.length);

    const wrong = { ...answers[2]!, text: JSON.stringify({ ...JSON.parse(answers[2]!.text), pinned: 'yes' }) };
    const refused = checker.check([wrong]);
    expect(refused.failed).toBe(1);
    expect(refused.mismatches[0]).toMatchObject({ operation: 'GET /api/projects/{project_id}/dashboards/{dashboard_id}/', pointer: '/pinned' });
  });
});

describe("the document's operations, read from the contract", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const doc = (): any => contractOpenApiDocument();
  const op = (method: string, path: string) => doc().paths[path][method];
  const project = '/api/projects/{project_id}/';
  const dashboards = `${project}dashboards/`;

  it('names each operation after its endpoint: a second method and a second path say which', () => {
    expect(op('get', dashboards).operationId).toBe('dashboardsList');
    expect(op('get', '/api/environments/{project_id}/dashboards/').operationId).toBe('dashboardsListViaEnvironments');
    expect(op('patch', project).operationId).toBe('projectsUpdateViaProjects');
    expect(op('put', project).operationId).toBe('projectsUpdatePutViaProjects');
    expect(op('patch', '/api/organizations/{organization_id}/projects/{project_id}/').operationId).toBe('projectsUpdate');
    expect(op('put', '/api/organizations/{organization_id}/projects/{project_id}/').operationId).toBe('projectsUpdatePut');
    expect(op('post', `${dashboards}create_from_template_json/`).operationId).toBe('dashboardsCreateFromTemplateJson');
    expect(op('get', '/api/personal_api_keys/@current/').operationId).toBe('personalApiKeysCurrent');
  });

  it("gives each operation its summary, tag, scope and, for the session-only ones, production's refusal", () => {
    expect(op('get', dashboards)).toMatchObject({ summary: 'List dashboards', tags: ['dashboards'], 'x-scope': 'dashboard:read' });
    expect(op('get', dashboards)).not.toHaveProperty('description');
    expect(op('get', '/api/personal_api_keys/@current/')).toMatchObject({ security: [{ PersonalAPIKey: [] }], 'x-scope': null });
    expect(op('patch', `${dashboards}{dashboard_id}/move_tile/`).description).toContain('Production refuses personal API keys here');
    expect(doc().tags.map((tag: { name: string }) => tag.name)).toEqual([
      'dashboards', 'collaborators', 'sharing', 'accessControls', 'activityLog', 'projects', 'organizations', 'users', 'personalApiKeys',
    ]);
  });

  it('describes path parameters (ids may be @current) and query parameters', () => {
    // Strictly: a path parameter without a sentence has no description key at all.
    expect(op('get', `${dashboards}{dashboard_id}/`).parameters).toStrictEqual([
      { name: 'project_id', in: 'path', required: true, schema: { type: 'string' }, description: 'An id, or `@current`.' },
      { name: 'dashboard_id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(op('get', '/api/organizations/{organization_id}/').parameters[0].description).toBe('An id, or `@current`.');
    expect(op('get', dashboards).parameters.slice(1, 3)).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' }, description: 'Page size (default 100, no maximum).' },
      { name: 'offset', in: 'query', required: false, schema: { type: 'string' }, description: 'Index of the first result (default 0).' },
    ]);
    expect(op('get', '/api/users/@me/')).not.toHaveProperty('parameters');
  });

  it('answers the success with its schema, or says there is no body', () => {
    expect(op('post', dashboards).responses['201']).toEqual({
      description: 'Create a dashboard',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Dashboard' } } },
    });
    expect(op('delete', `${dashboards}{dashboard_id}/collaborators/{user_uuid}/`).responses['204']).toEqual({ description: 'Remove a collaborator (no body)' });
    expect(op('put', `${dashboards}{dashboard_id}/access_controls/`).responses['204'].description).toContain('`access_level` null');
  });

  it('lists the errors each operation may answer: a body adds 400, 413 and 415; a change without one adds 400', () => {
    const statuses = (method: string, path: string) => Object.keys(op(method, path).responses).filter((status) => !/^2/.test(status));
    expect(statuses('get', dashboards)).toEqual(['401', '403', '404', '429', '500']);
    expect(statuses('post', dashboards)).toEqual(['400', '401', '403', '404', '413', '415', '429', '500']);
    expect(statuses('post', `${dashboards}{dashboard_id}/sharing/refresh/`)).toEqual(['400', '401', '403', '404', '429', '500']);
    expect(statuses('delete', project)).toEqual(['401', '403', '404', '429', '500']);
    expect(statuses('post', '/api/organizations/{organization_id}/projects/')).toContain('409');
    expect(op('get', dashboards).responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
  });

  it('says where a plain {"error": …} body may answer instead of the error body', () => {
    const refused = op('patch', `${dashboards}{dashboard_id}/sharing/`).responses['403'];
    expect(refused.description).toBe('The method is not offered, the key lacks the scope, or the caller may not do this.');
    expect(refused.content['application/json'].schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/PlainError' }],
    });
    expect(doc().components.schemas.PlainError).toMatchObject({ type: 'object', required: ['error'], properties: { error: { type: 'string' } } });
  });

  it('has one error answer per status, the 401 naming Bearer and the 429 its Retry-After', () => {
    const { responses, schemas } = doc().components;
    expect(Object.keys(responses)).toEqual(['Error400', 'Error401', 'Error403', 'Error404', 'Error409', 'Error413', 'Error415', 'Error429', 'Error500']);
    expect(responses.Error401.headers).toEqual({ 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } });
    expect(responses.Error429.headers).toEqual({ 'Retry-After': { schema: { type: 'integer' } } });
    expect(responses.Error404).not.toHaveProperty('headers');
    expect(responses.Error404).toEqual({
      description: 'The project, organization or object of the path does not exist.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(schemas.Error.properties.type).toEqual({ type: 'string', enum: ['invalid_request', 'authentication_error', 'validation_error', 'server_error', 'throttled_error'] });
    expect(schemas.Error).not.toHaveProperty('$schema');
    expect(schemas.Error).not.toHaveProperty('$id');
  });

  it('gives each body its example in JSON, and names answer and body schemas after their endpoint', () => {
    const body = op('post', dashboards).requestBody;
    expect(body.required).toBe(false);
    expect(body.content['application/json'].example).toMatchObject({ name: 'Weekly signups' });
    expect(body.content['application/x-www-form-urlencoded']).toEqual({ schema: { $ref: '#/components/schemas/DashboardsCreateBody' } });
    expect(body.content['multipart/form-data']).toEqual({ schema: { $ref: '#/components/schemas/DashboardsCreateBody' } });
    expect(op('get', `${dashboards}{dashboard_id}/collaborators/`).responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CollaboratorsListAnswer',
    });
    expect(doc().info).toMatchObject({ title: 'Analytics Console mock API', version: '1' });
    expect(doc().security).toEqual([{ PersonalAPIKey: [] }]);
  });
});

describe("the document's details, each from its description", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const byId = (id: string): any =>
    Object.values(contractOpenApiDocument().paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item))
      .find((operation) => operation.operationId === id);
  const plain = { anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/PlainError' }] };

  it('the endpoints that may answer a plain {"error": …} body say so for those statuses only', () => {
    for (const id of ['sharingUpdate', 'sharingAddPassword']) {
      for (const status of ['400', '403']) expect(byId(id).responses[status].content['application/json'].schema, `${id} ${status}`).toEqual(plain);
      expect(byId(id).responses['404'], id).toEqual({ $ref: '#/components/responses/Error404' });
    }
    // A DELETE takes no body: no 400 to list.
    expect(byId('sharingDeletePassword').responses['403'].content['application/json'].schema).toEqual(plain);
    expect(byId('sharingDeletePassword').responses).not.toHaveProperty('400');
    expect(byId('projectsCompleteProductOnboarding').responses['400'].content['application/json'].schema).toEqual(plain);
    expect(byId('projectsCompleteProductOnboarding').responses['403']).toEqual({ $ref: '#/components/responses/Error403' });
  });

  it('the extra errors an endpoint may answer are listed: a taken project name, a collaborator who cannot be removed', () => {
    for (const id of ['projectsCreate', 'projectsCreateCurrent', 'projectsUpdate']) expect(byId(id).responses['409'], id).toEqual({ $ref: '#/components/responses/Error409' });
    expect(byId('projectsGet').responses).not.toHaveProperty('409');
    expect(byId('collaboratorsRemove').responses['400']).toEqual({ $ref: '#/components/responses/Error400' });
  });

  it('every query parameter says what it does', () => {
    const sentences = Object.values(descriptions).flatMap((description) => Object.values(description.query ?? {}));
    expect(sentences.length).toBeGreaterThan(15);
    for (const sentence of sentences) expect(sentence).toMatch(/\w.*\.$/);
    expect(byId('projectsActivity').parameters.find((p: { name: string }) => p.name === 'limit').description).toBe('Page size (default 10).');
    expect(byId('activityLogList').parameters.map((p: { name: string }) => p.name)).toEqual(['project_id', 'scope', 'item_id', 'user', 'cursor']);
    expect(byId('organizationsMembers').parameters.map((p: { name: string }) => p.name)).toEqual(['organization_id', 'limit', 'offset', 'order', 'email']);
  });

  it('every body has an example its input schema accepts, and it is the document’s', () => {
    const withBody = Object.entries(descriptions).filter(([, description]) => description.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const [name, description] of withBody) {
      expect(description.example, name).toBeDefined();
      expect(description.example, name).not.toEqual({});
      expect(parseInput(description.body!, description.example).ok, name).toBe(true);
    }
    expect(byId('sharingAddPassword').requestBody.content['application/json'].example).toEqual({ raw_password: 'correct-horse-battery', note: 'For the board meeting' });
  });

  it('every error answer says in a sentence when it happens', () => {
    const { responses, schemas } = contractOpenApiDocument().components;
    for (const [name, response] of Object.entries(responses as Record<string, { description: string }>)) {
      expect(response.description, name).toMatch(/^[A-Z].*\.$/);
    }
    expect(responses.Error413.description).toBe('The body exceeds 1 MiB.');
    expect(responses.Error409.description).toBe('The project name is taken in the organization.');
    expect(schemas.PlainError.description).toBe('The non-standard error body some endpoints answer (API.md §2.2).');
  });

  it('the lists that page take a page size, an offset and, where they search, a search', () => {
    const names = (id: string) => byId(id).parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
    expect(names('projectsList')).toEqual(['limit', 'offset', 'search']);
    expect(names('projectsListAll')).toEqual(['limit', 'offset', 'search']);
    expect(names('organizationsList')).toEqual(['limit', 'offset']);
    expect(names('dashboardsList')).toEqual(['limit', 'offset', 'search', 'pinned', 'tags']);
    expect(byId('projectsListAll').parameters[2].description).toBe('Matches the name, case-insensitive.');
  });

  it('each body comes with the example a client starts from (Postman, Insomnia and Bruno import it as the request)', () => {
    const example = (id: string) => byId(id).requestBody.content['application/json'].example;
    expect(example('dashboardsCreate')).toEqual({ name: 'Weekly signups', description: 'Signups by week', pinned: false, tags: ['growth'] });
    expect(example('dashboardsCreateFromTemplateJson')).toEqual({
      template: {
        template_name: 'Launch week',
        dashboard_description: 'What the launch changed',
        dashboard_filters: {},
        tiles: [{ type: 'TEXT', body: 'Notes for the launch', layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } }],
        variables: [],
        tags: ['launch'],
      },
    });
    expect(example('collaboratorsAdd')).toEqual({ user_uuid: '0192a0de-7b1c-7000-8000-000000000001', level: 37 });
    expect(example('sharingUpdate')).toEqual({ enabled: true, settings: { noHeader: true } });
    expect(example('accessControlsUpdate')).toEqual({ access_level: 'viewer' });
    expect(example('dashboardsUpdate')).toEqual({ name: 'Weekly signups (renamed)', pinned: true });
    expect(example('dashboardsMoveTile')).toEqual({ tile: { id: 1 }, toDashboard: 2 });
    for (const id of ['projectsCreate', 'projectsCreateCurrent']) expect(example(id), id).toEqual({ name: 'Marketing site', timezone: 'Europe/Berlin' });
    expect(example('projectsUpdate')).toEqual({ name: 'Marketing site', anonymize_ips: true });
    for (const id of ['projectsAddProductIntent', 'projectsCompleteProductOnboarding']) expect(example(id), id).toEqual({ product_type: 'product_analytics' });
  });

  it('a schema used in several places is one component, referred to by its name', () => {
    const { schemas } = contractOpenApiDocument().components;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'Error', 'User', 'DashboardListItem', 'Dashboard', 'Tile', 'Collaborator', 'SharingConfiguration', 'ProjectListItem', 'Project',
        'ProductIntent', 'ActivityEntry', 'Organization', 'Member', 'AccessControl', 'PlainError',
      ]),
    );
    const answer = (id: string, status = '200') => byId(id).responses[status].content['application/json'].schema;
    expect(answer('projectsGet')).toEqual({ $ref: '#/components/schemas/Project' });
    expect(answer('projectsCreate', '201')).toEqual({ $ref: '#/components/schemas/Project' });
    expect(answer('organizationsGet')).toEqual({ $ref: '#/components/schemas/Organization' });
    expect(answer('sharingGet')).toEqual({ $ref: '#/components/schemas/SharingConfiguration' });
    expect(answer('collaboratorsAdd', '201')).toEqual({ $ref: '#/components/schemas/Collaborator' });
    expect(answer('accessControlsUpdate')).toEqual({ $ref: '#/components/schemas/AccessControl' });
    expect(schemas.DashboardsListAnswer.properties.results.items).toEqual({ $ref: '#/components/schemas/DashboardListItem' });
  });

  it("the session-only operations say what production does, what the mock does, and the setting that makes it do production's", () => {
    const { description } = byId('dashboardsMoveTile');
    expect(description).toContain('403 `This action does not support personal API key access`');
    expect(description).toContain('the mock allows keys');
    expect(description).toContain('`production_key_rules` is on.');
  });

  it('says how to call the API: the key, the scopes, and calls from any origin', () => {
    const { info, components } = contractOpenApiDocument();
    expect(info.description).toContain('Every request carries `Authorization: Bearer <personal API key>`');
    expect(info.description).toContain('each operation names the scope it needs');
    expect(info.description).toContain('is answered 200 on every path without a key');
    expect(info.description).toContain('carries `Access-Control-Allow-Origin: *`, with no credentials and no exposed headers.');
    expect(components.securitySchemes.PersonalAPIKey.description).toContain('`phx_demo_admin`');
  });

  it('every operation has its own summary', () => {
    const summaries = Object.values(descriptions).map((description) => description.summary);
    for (const summary of summaries) expect(summary).toMatch(/^\S/);
    expect(byId('dashboardsDelete').summary).toBe('Always 405: soft-delete with PATCH {"deleted": true}');
    expect(byId('dashboardsDelete').responses['405']).toEqual({ description: 'Always 405: soft-delete with PATCH {"deleted": true} (no body)' });
  });
});
