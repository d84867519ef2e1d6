/**
 * The contract as an OpenAPI 3.1 document (served by the mock at `GET /__mock/openapi.json`, API.md §9):
 * every route of the endpoint table (scopes.ts) with its scope, its request body (inputs.ts), its
 * success answer (schemas.ts) and its error answers (errors.ts, API.md §2). JSON Schemas come from
 * zod's own `toJSONSchema` (the input side of each schema: what a body may hold, what an answer may be).
 */
import * as z from 'zod/mini';
import { errorBodySchema, errorTypes } from '../errors.ts';
import {
  accessControlUpdateInput,
  addProductIntentInput,
  collaboratorCreateInput,
  completeProductOnboardingInput,
  createFromTemplateJsonInput,
  dashboardCreateInput,
  dashboardUpdateInput,
  moveTileInput,
  projectCreateInput,
  projectUpdateInput,
  sharingUpdateInput,
  sharePasswordCreateInput,
} from '../inputs.ts';
import {
  activityEntrySchema,
  activityLogPageSchema,
  activityPageSchema,
  dashboardListItemSchema,
  dashboardPageSchema,
  dashboardSchema,
  demoDataStatusSchema,
  meSchema,
  memberPageSchema,
  memberSchema,
  organizationPageSchema,
  organizationSchema,
  personalApiKeySchema,
  productIntentSchema,
  projectListItemSchema,
  projectPageSchema,
  projectSchema,
  tileSchema,
  userSchema,
  nullWhenMissing,
} from '../schemas.ts';
import { collaboratorListSchema, collaboratorSchema, sharePasswordCreatedSchema, sharingConfigurationSchema } from '../dashboard-sharing.ts';
import { accessControlSchema, accessControlsSchema, usersWithAccessSchema } from '../access-control.ts';
import { endpoints, type Endpoint } from '../scopes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What the endpoint table does not say about an endpoint: its body, its answer, its query. */
interface Description {
  summary: string;
  body?: z.ZodMiniType;
  /** The success status (200 unless given). */
  status?: number;
  /** The success answer's body; none for an empty answer. */
  answer?: z.ZodMiniType;
  /** Query parameters: name → description. */
  query?: Record<string, string>;
  /** Statuses that may answer the non-standard `{"error": …}` body of API.md §2.2. */
  plainErrors?: number[];
  /** Extra error statuses this endpoint may answer (409, …). */
  errors?: number[];
  /** Another success this endpoint may answer with no body (204), and when. */
  noContent?: string;
  /** A body the input schema accepts (the explorer's starting point, the document's example). */
  example?: unknown;
}

const paging = { limit: 'Page size (default 100, no maximum).', offset: 'Index of the first result (default 0).' };

/** The endpoints of scopes.ts by name. An endpoint missing here is listed with no answer schema. */
export const descriptions: Readonly<Record<string, Description>> = {
  'dashboards.list': {
    summary: 'List dashboards',
    answer: dashboardPageSchema,
    query: {
      ...paging,
      search: 'Matches the name or description, case-insensitive.',
      pinned: '`true`: only pinned; `false`: only unpinned.',
      tags: 'Only dashboards carrying any of these tags (repeat the parameter).',
    },
  },
  'dashboards.create': { summary: 'Create a dashboard', body: dashboardCreateInput, status: 201, answer: dashboardSchema, example: { name: 'Weekly signups', description: 'Signups by week', pinned: false, tags: ['growth'] } },
  'dashboards.createFromTemplateJson': {
    summary: 'Create a dashboard from a template',
    body: createFromTemplateJsonInput,
    answer: dashboardSchema,
    example: {
      template: {
        template_name: 'Launch week',
        dashboard_description: 'What the launch changed',
        dashboard_filters: {},
        tiles: [{ type: 'TEXT', body: 'Notes for the launch', layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } }],
        variables: [],
        tags: ['launch'],
      },
    },
  },
  'collaborators.list': { summary: "List a dashboard's collaborators", answer: collaboratorListSchema },
  'collaborators.add': { summary: 'Add a collaborator', body: collaboratorCreateInput, status: 201, answer: collaboratorSchema, example: { user_uuid: '0192a0de-7b1c-7000-8000-000000000001', level: 37 } },
  'collaborators.remove': { summary: 'Remove a collaborator', status: 204, errors: [400] },
  'sharing.get': { summary: "A dashboard's sharing configuration", answer: sharingConfigurationSchema },
  'sharing.update': {
    summary: 'Turn sharing on or off',
    body: sharingUpdateInput,
    answer: sharingConfigurationSchema,
    example: { enabled: true, settings: { noHeader: true } },
    plainErrors: [400, 403],
  },
  'sharing.refresh': { summary: 'Issue a new sharing link', answer: sharingConfigurationSchema },
  'sharing.addPassword': {
    summary: 'Add a share password (shown once)',
    body: sharePasswordCreateInput,
    example: { raw_password: 'correct-horse-battery', note: 'For the board meeting' },
    status: 201,
    answer: sharePasswordCreatedSchema,
    plainErrors: [400, 403],
  },
  'sharing.deletePassword': { summary: 'Deactivate a share password', status: 204, plainErrors: [400, 403] },
  'accessControls.get': { summary: "A dashboard's access rules and the caller's level", answer: accessControlsSchema },
  'accessControls.update': {
    summary: "Set or remove a dashboard's access rule (for one member, or for everyone)",
    body: accessControlUpdateInput,
    answer: accessControlSchema,
    example: { access_level: 'viewer' },
    noContent: '`access_level` null: the rule is removed (or there was none).',
  },
  'accessControls.usersWithAccess': {
    summary: 'Every member whose access level on the dashboard is not `none`, highest first',
    answer: usersWithAccessSchema,
  },
  'dashboards.get': { summary: 'Get a dashboard', answer: dashboardSchema },
  'dashboards.update': { summary: 'Update, soft-delete or restore a dashboard', body: dashboardUpdateInput, answer: dashboardSchema, example: { name: 'Weekly signups (renamed)', pinned: true } },
  'dashboards.delete': { summary: 'Always 405: soft-delete with PATCH {"deleted": true}', status: 405 },
  'dashboards.moveTile': { summary: 'Move a tile to another dashboard', body: moveTileInput, answer: dashboardSchema, example: { tile: { id: 1 }, toDashboard: 2 } },
  'projects.list': { summary: "List an organization's projects", answer: projectPageSchema, query: { ...paging, search: 'Matches the name, case-insensitive.' } },
  'projects.create': { summary: 'Create a project', body: projectCreateInput, status: 201, answer: projectSchema, errors: [409], example: { name: 'Marketing site', timezone: 'Europe/Berlin' } },
  'projects.listAll': { summary: "List every project of the key owner's organizations", answer: projectPageSchema, query: { ...paging, search: 'Matches the name, case-insensitive.' } },
  'projects.get': { summary: 'Get a project', answer: projectSchema },
  'projects.update': { summary: "Update a project's settings", body: projectUpdateInput, answer: projectSchema, errors: [409], example: { name: 'Marketing site', anonymize_ips: true } },
  'projects.delete': { summary: 'Delete a project', status: 204 },
  'projects.activity': {
    summary: "A project's activity feed",
    answer: activityPageSchema,
    query: { limit: 'Page size (default 10).', page: 'Page number (default 1).' },
  },
  'projects.addProductIntent': { summary: 'Record a product intent', body: addProductIntentInput, status: 201, answer: projectSchema, example: { product_type: 'product_analytics' } },
  'projects.completeProductOnboarding': {
    summary: 'Mark a product as onboarded',
    body: completeProductOnboardingInput,
    answer: projectSchema,
    example: { product_type: 'product_analytics' },
    plainErrors: [400],
  },
  'projects.isGeneratingDemoData': { summary: 'Whether demo data is being generated', answer: demoDataStatusSchema },
  'projects.resetToken': { summary: "Reset the project's API token", answer: projectSchema },
  'organizations.get': { summary: 'Get an organization', answer: organizationSchema },
  'organizations.list': { summary: "The key owner's organizations", answer: organizationPageSchema, query: paging },
  'projects.createCurrent': { summary: 'Create a project in the current organization', body: projectCreateInput, status: 201, answer: projectSchema, errors: [409], example: { name: 'Marketing site', timezone: 'Europe/Berlin' } },
  'activityLog.list': {
    summary: "A project's activity log (cursor pages)",
    answer: activityLogPageSchema,
    query: { scope: 'Only entries of this scope.', item_id: 'Only entries of this item.', user: "Only this user's entries.", cursor: 'The page (opaque).' },
  },
  'personalApiKeys.current': { summary: 'The personal API key of the request', answer: personalApiKeySchema },
  'personalApiKeys.get': {
    summary: "The personal API key of the request, by its own id (any other id: 403)",
    answer: personalApiKeySchema,
  },
  'organizations.members': {
    summary: "List an organization's members",
    answer: memberPageSchema,
    query: {
      ...paging,
      order: '`-joined_at` (the default): newest first; `joined_at`: oldest first.',
      email: 'Only the member with exactly this e-mail.',
    },
  },
  'users.me': { summary: 'The key owner', answer: meSchema },
};

const errorSentences: Record<number, string> = {
  400: 'A field, the body or a rule is refused (`validation_error`), or the body is not JSON (`parse_error`).',
  401: 'No key, or a key that matches none (`WWW-Authenticate: Bearer`).',
  403: 'The method is not offered, the key lacks the scope, or the caller may not do this.',
  404: 'The project, organization or object of the path does not exist.',
  409: 'The project name is taken in the organization.',
  413: 'The body exceeds 1 MiB.',
  415: 'The body has an unsupported content type.',
  429: 'Throttled (only when the mock is told to): `Retry-After` gives the seconds.',
  500: 'A server error (only when the mock is told to fail).',
};

function toOpenApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function camel(name: string): string {
  return name.replace(/[._-](\w)/g, (_, c: string) => c.toUpperCase());
}

/** JSON Schema of each named zod schema, with refs between them into `#/components/schemas/`. */
function componentSchemas(named: Map<z.ZodMiniType, string>): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    // A missing or null field reads as null (schemas.ts `maybe`): the answer may hold null or leave
    // the field out, and the document says no more than that.
    override: ({ zodSchema, jsonSchema }) => {
      if (nullWhenMissing.has(zodSchema)) delete jsonSchema.default;
    },
  }) as { schemas: Record<string, Json> };
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}

const pascal = (name: string) => camel(name).replace(/^\w/, (c) => c.toUpperCase());

/**
 * Every endpoint with a unique operation id. One endpoint name may serve several methods (PATCH and
 * PUT: `projectsUpdate`, `projectsUpdatePut`) and several paths (`projectsGet`, `projectsGetViaOrganizations`).
 */
function operationIds(list: ReadonlyArray<Endpoint>): Map<Endpoint, string> {
  const firstMethod = new Map<string, string>();
  const taken = new Set<string>();
  const ids = new Map<Endpoint, string>();
  for (const endpoint of list) {
    let id = camel(endpoint.name);
    const method = firstMethod.get(id);
    if (method === undefined) firstMethod.set(id, endpoint.method);
    else if (method !== endpoint.method) id += pascal(endpoint.method.toLowerCase());
    if (taken.has(id)) id += `Via${pascal(endpoint.path.split('/')[2] ?? 'other')}`;
    for (let n = 2; taken.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
    taken.add(id);
    ids.set(endpoint, id);
  }
  return ids;
}

/** A PATCH on a collection path: always 405 (API.md §2.3 step 7), so not an operation of the document. */
function isCollectionPatch(endpoint: Endpoint): boolean {
  return endpoint.collectionPatch === true;
}

/** One of the five actions production refuses to personal API keys (API.md §1.2). */
function isSessionOnly(endpoint: Endpoint): boolean {
  return endpoint.sessionOnly === true;
}

/** The endpoints the document lists: every route of the table but the collection PATCHes. */
export function documentedEndpoints(): Endpoint[] {
  return endpoints.filter((endpoint) => !isCollectionPatch(endpoint));
}

/**
 * The body's media types (API.md §1.3): JSON first (what clients send), then the form encodings
 * production's parsers also take; `create_from_template_json` takes JSON only.
 */
function bodyContent(endpoint: Endpoint, schema: Json, example: unknown): Json {
  const content: Json = { 'application/json': { schema, ...(example === undefined ? {} : { example }) } };
  if (endpoint.path.endsWith('/create_from_template_json/')) return content;
  content['application/x-www-form-urlencoded'] = { schema };
  content['multipart/form-data'] = { schema };
  return content;
}

let idCache: Map<Endpoint, string> | undefined;

/** The document's `operationId` of an endpoint it lists (`dashboardsList`, `projectsGetViaProjects`); undefined for the others. */
export function operationIdOf(endpoint: Endpoint): string | undefined {
  idCache ??= operationIds(documentedEndpoints());
  return idCache.get(endpoint);
}

let cached: Json | undefined;

/**
 * The document, built on first use and kept (it depends only on the contract). `servers` is left
 * out: whoever serves it names the origin it is served from.
 */
export function contractOpenApiDocument(): Json {
  if (cached) return cached;

  // Schemas used in several places get a name (and so one component each); the others are named
  // after the endpoint they answer or the body they describe.
  const named = new Map<z.ZodMiniType, string>([
    [errorBodySchema, 'Error'],
    [userSchema, 'User'],
    [dashboardListItemSchema, 'DashboardListItem'],
    [dashboardSchema, 'Dashboard'],
    [tileSchema, 'Tile'],
    [collaboratorSchema, 'Collaborator'],
    [sharingConfigurationSchema, 'SharingConfiguration'],
    [projectListItemSchema, 'ProjectListItem'],
    [projectSchema, 'Project'],
    [productIntentSchema, 'ProductIntent'],
    [activityEntrySchema, 'ActivityEntry'],
    [organizationSchema, 'Organization'],
    [memberSchema, 'Member'],
    [accessControlSchema, 'AccessControl'],
  ]);
  for (const [name, description] of Object.entries(descriptions)) {
    if (description.answer && !named.has(description.answer)) named.set(description.answer, `${pascal(name)}Answer`);
    if (description.body && !named.has(description.body)) named.set(description.body, `${pascal(name)}Body`);
  }
  const schemas = componentSchemas(named);
  schemas.Error = { ...schemas.Error, properties: { ...schemas.Error.properties, type: { type: 'string', enum: [...errorTypes] } } };
  schemas.PlainError = {
    type: 'object',
    description: 'The non-standard error body some endpoints answer (API.md §2.2).',
    required: ['error'],
    properties: { error: { type: 'string' } },
  };
  const ref = (schema: z.ZodMiniType) => ({ $ref: `#/components/schemas/${named.get(schema)}` });
  const json = (schema: Json) => ({ 'application/json': { schema } });

  const responses: Record<string, Json> = {};
  for (const [status, sentence] of Object.entries(errorSentences)) {
    responses[`Error${status}`] = {
      description: sentence,
      content: json({ $ref: '#/components/schemas/Error' }),
      ...(status === '401' ? { headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } } } : {}),
      ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
    };
  }

  const listed = documentedEndpoints();
  const paths: Record<string, Json> = {};
  for (const endpoint of listed) {
    const description: Description | undefined = descriptions[endpoint.name];
    const path = toOpenApiPath(endpoint.path);
    const tag = endpoint.name.split('.')[0]!;
    const status = description?.status ?? 200;
    const operationResponses: Record<string, Json> = {};
    if (!description) operationResponses[String(status)] = { description: 'Not described yet in src/contract/operations/openapi.ts.' };
    else if (description.answer) operationResponses[String(status)] = { description: description.summary, content: json(ref(description.answer)) };
    else operationResponses[String(status)] = { description: `${description.summary} (no body)` };
    if (description?.noContent) operationResponses['204'] = { description: description.noContent };

    const errorStatuses = [401, 403, 404, 429, 500, ...(description?.errors ?? [])];
    if (description?.body) errorStatuses.push(400, 413, 415);
    else if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') errorStatuses.push(400);
    for (const errorStatus of [...new Set(errorStatuses)].sort()) {
      if (operationResponses[String(errorStatus)]) continue;
      operationResponses[String(errorStatus)] = description?.plainErrors?.includes(errorStatus)
        ? {
            description: errorSentences[errorStatus],
            content: json({ anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/PlainError' }] }),
          }
        : { $ref: `#/components/responses/Error${errorStatus}` };
    }

    const parameters: Json[] = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: /project_id|organization_id/.test(name!) ? 'An id, or `@current`.' : undefined,
    }));
    for (const [name, sentence] of Object.entries(description?.query ?? {})) {
      parameters.push({ name, in: 'query', required: false, schema: { type: 'string' }, description: sentence });
    }

    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: operationIdOf(endpoint),
      summary: description?.summary ?? endpoint.name,
      ...(isSessionOnly(endpoint)
        ? {
            description:
              'Production refuses personal API keys here (403 `This action does not support personal API key access`: ' +
              'its web app uses it with a browser session); the mock allows keys, unless its fault setting ' +
              '`production_key_rules` is on.',
          }
        : {}),
      tags: [tag],
      security: [{ PersonalAPIKey: endpoint.scope ? [endpoint.scope] : [] }],
      ...(parameters.length > 0 ? { parameters: parameters.map((p) => JSON.parse(JSON.stringify(p))) } : {}),
      ...(description?.body ? { requestBody: { required: false, content: bodyContent(endpoint, ref(description.body), description.example) } } : {}),
      responses: operationResponses,
      'x-scope': endpoint.scope ?? null,
    };
  }

  const tags = [...new Set(listed.map((endpoint) => endpoint.name.split('.')[0]!))].map((name) => ({ name }));
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Analytics Console mock API',
      version: '1',
      description:
        'The API contract (API.md) as the bundled mock serves it. Every request carries `Authorization: Bearer <personal API key>`; ' +
        'each operation names the scope it needs. A page on any origin may call it from the browser (API.md §1.5): a preflight ' +
        '(`OPTIONS` with `Access-Control-Request-Method`) is answered 200 on every path without a key, and every answer to a ' +
        'request with an `Origin` carries `Access-Control-Allow-Origin: *`, with no credentials and no exposed headers.',
    },
    tags,
    security: [{ PersonalAPIKey: [] }],
    paths,
    components: {
      securitySchemes: {
        PersonalAPIKey: { type: 'http', scheme: 'bearer', description: 'A personal API key (the mock’s demo keys: `phx_demo_admin`, …).' },
      },
      schemas,
      responses,
    },
  };
  return cached;
}
