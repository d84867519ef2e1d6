/**
 * Where production's published schema is incomplete or wrong about production itself, as API.md
 * (rewritten from production's sources) says. These are not differences of the mock (those are
 * §10's, in exceptions.ts): each correction makes the schema say what production sends, quoting
 * API.md, and the mock's answer must then match the corrected schema in full.
 *
 * An erratum that finds nothing to correct throws, so a newer schema that fixes the error is noticed.
 */
import type { PathAlias } from './schema-check.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface SchemaErratum {
  id: string;
  /** What API.md says production does, quoted. */
  reason: string;
  /** Corrects a copy of the document in place. */
  apply(document: Json): void;
}

/** Paths production serves that the schema leaves out, checked against the operation production routes them to. */
export const aliases: ReadonlyArray<PathAlias> = [
  {
    // /api/projects/ and /api/projects/:id/… (the dashboard and activity_log routes the schema has match first).
    pattern: /^\/api\/projects\/(.*)$/,
    replacement: '/api/organizations/@current/projects/$1',
    reason:
      'API.md §6.1: "`…/projects/:id/` is both `/api/organizations/:organization_id/projects/:id/` and ' +
      '`/api/projects/:id/` (`:id` may be `@current`); the §6.2 actions answer under both." The schema\'s header: ' +
      '"Production routes some paths this schema leaves out (/api/projects/, /api/projects/{id}/, …)".',
  },
];

/** The operations (under /api/projects/ and /api/environments/ alike) whose path ends with `suffix`. */
function operations(document: Json, method: string, suffix: RegExp): Json[] {
  const found = Object.entries(document.paths as Record<string, Json>)
    .filter(([template]) => suffix.test(template))
    .map(([, item]) => item[method])
    .filter(Boolean);
  if (found.length === 0) throw new Error(`erratum: no ${method.toUpperCase()} operation matches ${suffix}`);
  return found;
}

/** Sets the operation's success answer: its status and its JSON body schema (undefined keeps the documented one). */
function success(operation: Json, status: string, schema?: (documented: Json) => Json) {
  const [documentedStatus, documented] = Object.entries(operation.responses as Record<string, Json>).find(([s]) => s.startsWith('2'))!;
  const documentedSchema = documented.content?.['application/json']?.schema;
  delete operation.responses[documentedStatus];
  operation.responses[status] = {
    description: 'corrected by test/production-schema/errata.ts',
    content: { 'application/json': { schema: schema ? schema(documentedSchema) : documentedSchema } },
  };
}

/** Replaces a property of the named component schemas. */
function property(document: Json, components: string[], name: string, schema: Json) {
  for (const component of components) {
    const properties = document.components.schemas[component]?.properties;
    if (!properties?.[name]) throw new Error(`erratum: ${component}.${name} is not in the schema`);
    properties[name] = { ...schema, readOnly: properties[name].readOnly };
  }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const projects = ['ProjectBackwardCompat', 'PatchedProjectBackwardCompat'];

export const errata: ReadonlyArray<SchemaErratum> = [
  {
    id: 'sharing GET is one object',
    reason: 'API.md §3: "Exceptions: … sharing (a single object)"; §5.1 #6: "200 sharing configuration (§5.6)". The schema documents an array of them.',
    apply: (document) => operations(document, 'get', /\/sharing\/$/).forEach((operation) => success(operation, '200', (documented) => documented.items)),
  },
  {
    id: 'sharing PATCH',
    reason:
      'API.md §5.1 #6a: "PATCH `dashboards/:id/sharing/` body `{enabled?, settings?, password_required?}` | ' +
      'sharing_configuration:write | 200 sharing configuration (§5.6)". The schema leaves the operation out.',
    apply: (document) => {
      for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
        if (!/\/sharing\/$/.test(template)) continue;
        if (item.patch) throw new Error(`erratum: ${template} has a PATCH now`);
        item.patch = {
          operationId: `${item.get.operationId}_partial_update`,
          security: [{ PersonalAPIKeyAuth: ['sharing_configuration:write'] }],
          responses: structuredClone(item.get.responses),
        };
      }
    },
  },
  {
    id: 'sharing configuration fields',
    reason:
      'API.md §4.6: "`created_at` | timestamp or null | null until the configuration is first saved"; "`share_passwords` | ' +
      'array of share passwords"; "A share password: `id` (integer), `created_at`, `note` (string up to 100; `""` when none), ' +
      '`created_by_email` …, `is_active` (true)." The schema types share_passwords as a string and created_at as never null.',
    apply: (document) => {
      property(document, ['SharingConfiguration'], 'created_at', { type: 'string', format: 'date-time', nullable: true });
      property(document, ['SharingConfiguration'], 'share_passwords', {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'created_at', 'note', 'created_by_email', 'is_active'],
          properties: {
            id: { type: 'integer' },
            created_at: { type: 'string', format: 'date-time' },
            note: { type: 'string', maxLength: 100 },
            created_by_email: { type: 'string' },
            is_active: { type: 'boolean' },
          },
        },
      });
    },
  },
  {
    id: 'share password created',
    reason:
      'API.md §5.1 #6c: "POST `dashboards/:id/sharing/passwords/` … 201 `{id, password, note, created_at, created_by_email}`". ' +
      'The schema documents 200 with a sharing configuration.',
    apply: (document) =>
      operations(document, 'post', /\/sharing\/passwords\/$/).forEach((operation) =>
        success(operation, '201', () => ({
          type: 'object',
          required: ['id', 'password', 'note', 'created_at', 'created_by_email'],
          properties: {
            id: { type: 'integer' },
            password: { type: 'string' },
            note: { type: 'string', maxLength: 100 },
            created_at: { type: 'string', format: 'date-time' },
            created_by_email: { type: 'string' },
          },
        })),
      ),
  },
  {
    id: 'move_tile and create_from_template_json answer a dashboard',
    reason:
      'API.md §5.1 #10: "PATCH `dashboards/:id/move_tile/` … 200 source dashboard"; #11: "POST ' +
      '`dashboards/create_from_template_json/` … 200 single dashboard". The schema documents no body.',
    apply: (document) => {
      operations(document, 'patch', /\/move_tile\/$/).forEach((operation) => success(operation, '200', () => ref('Dashboard')));
      operations(document, 'post', /\/create_from_template_json\/$/).forEach((operation) => success(operation, '200', () => ref('Dashboard')));
    },
  },
  {
    id: 'add_product_intent answers 201',
    reason: 'API.md §6.2 #18: "PATCH `add_product_intent/` … 201 project with `project_id` (= `id`) added". The schema documents 200.',
    apply: (document) => operations(document, 'patch', /\/add_product_intent\/$/).forEach((operation) => success(operation, '201')),
  },
  {
    id: 'project activity feed',
    reason:
      'API.md §6.2 #17: "GET `activity/` … 200 `{results, next, previous, total_count}` (§6.3)"; §6.3: "Entries are §4.13 ' +
      'objects". The schema documents a project.',
    apply: (document) =>
      operations(document, 'get', /\/projects\/\{id\}\/activity\/$/).forEach((operation) =>
        success(operation, '200', () => ({
          type: 'object',
          required: ['results', 'next', 'previous', 'total_count'],
          properties: {
            results: { type: 'array', items: ref('ActivityLog') },
            next: { type: 'string', format: 'uri', nullable: true },
            previous: { type: 'string', format: 'uri', nullable: true },
            total_count: { type: 'integer' },
          },
        })),
      ),
  },
  {
    id: 'activity log is cursor-paged',
    reason:
      'API.md §6.3: "It is cursor-paged, 100 entries a page: `{"next": URL|null, "previous": URL|null, "results": [...]}`". ' +
      'The schema documents a bare array.',
    apply: (document) =>
      operations(document, 'get', /\/activity_log\/$/).forEach((operation) =>
        success(operation, '200', (documented) => ({
          type: 'object',
          required: ['next', 'previous', 'results'],
          properties: {
            next: { type: 'string', format: 'uri', nullable: true },
            previous: { type: 'string', format: 'uri', nullable: true },
            results: documented.$ref ? document.components.schemas[documented.$ref.split('/').pop()] : documented,
          },
        })),
      ),
  },
  {
    id: 'activity entry user may be null',
    reason: 'API.md §4.13: "`user` (User, or null for changes made by the system or by an anonymous visitor)".',
    apply: (document) => property(document, ['ActivityLog'], 'user', { allOf: [ref('UserBasic')], nullable: true }),
  },
  {
    id: 'is_generating_demo_data',
    reason: 'API.md §6.2 #20: "GET `is_generating_demo_data/` … 200 `{"is_generating_demo_data": bool}`". The schema documents a project.',
    apply: (document) =>
      operations(document, 'get', /\/is_generating_demo_data\/$/).forEach((operation) =>
        success(operation, '200', () => ({
          type: 'object',
          required: ['is_generating_demo_data'],
          properties: { is_generating_demo_data: { type: 'boolean' } },
        })),
      ),
  },
  {
    id: 'project fields the schema types as strings',
    reason:
      'API.md §4.8: "`person_on_events_querying_enabled` | boolean"; "`default_modifiers` | object"; "`product_intents` | ' +
      'array of `{product_type, created_at, updated_at, onboarding_completed_at (timestamp or null)}`"; "`week_start_day` | ' +
      '0 (Sunday), 1 (Monday), or null". The schema has the first three as strings (computed fields) and no null.',
    apply: (document) => {
      property(document, projects, 'person_on_events_querying_enabled', { type: 'boolean' });
      property(document, projects, 'default_modifiers', { type: 'object' });
      property(document, projects, 'product_intents', {
        type: 'array',
        items: {
          type: 'object',
          required: ['product_type', 'created_at', 'updated_at', 'onboarding_completed_at'],
          properties: {
            product_type: { type: 'string' },
            created_at: { type: 'string', format: 'date-time' },
            updated_at: { type: 'string', format: 'date-time' },
            onboarding_completed_at: { type: 'string', format: 'date-time', nullable: true },
          },
        },
      });
      property(document, projects, 'week_start_day', { allOf: [ref('WeekStartDayEnum')], nullable: true });
    },
  },
  {
    id: 'organization fields the schema types as strings',
    reason:
      'API.md §4.9: "`metadata` | object"; "`member_count` | integer". The schema types both as strings (computed fields).',
    apply: (document) => {
      property(document, ['Organization', 'PatchedOrganization'], 'metadata', { type: 'object' });
      property(document, ['Organization', 'PatchedOrganization'], 'member_count', { type: 'integer' });
    },
  },
  {
    id: 'dashboard created_by may be null',
    reason:
      'API.md §4.2: "`created_by` | User or null"; §9: the seed holds "one [dashboard] whose `created_by` is null". ' +
      'The schema has no null.',
    apply: (document) =>
      property(document, ['Dashboard', 'DashboardBasic'], 'created_by', { allOf: [ref('UserBasic')], readOnly: true, nullable: true }),
  },
  {
    id: 'member last_login may be null',
    reason: 'API.md §4.10: "`last_login` (timestamp or null)". The schema has no null.',
    apply: (document) => property(document, ['OrganizationMember'], 'last_login', { type: 'string', format: 'date-time', nullable: true }),
  },
];

/** A copy of the document with every erratum applied. */
export function correctedDocument(document: Json): Json {
  const copy = structuredClone(document);
  for (const erratum of errata) erratum.apply(copy);
  return copy;
}
