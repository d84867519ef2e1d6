// The verdict (src/contract/operations/verdict.ts) on answers shaped as production sends them: the fields of
// production's published schema (../shared/posthog-openapi.yaml) that the contract does not adopt,
// and the nulls production may send, are never differences; a real departure is one line each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { operationById } from '../../../src/contract/operations/operations.ts';
import {
  activityLogPageSchema,
  activityPageSchema,
  dashboardListItemSchema,
  dashboardPageSchema,
  dashboardSchema,
  demoDataStatusSchema,
  memberPageSchema,
  memberSchema,
  meSchema,
  organizationSchema,
  personalApiKeySchema,
  projectPageSchema,
  projectSchema,
} from '../../../src/contract/schemas.ts';
import { collaboratorListSchema, collaboratorSchema, sharePasswordCreatedSchema, sharingConfigurationSchema } from '../../../src/contract/dashboard-sharing.ts';
import { accessControlsSchema, usersWithAccessSchema } from '../../../src/contract/access-control.ts';
import { operationVerdict, verdict } from '../../../src/contract/operations/verdict.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(root, 'test', 'fixtures', name), 'utf8'));

/** Every production-shaped answer of test/fixtures/ with the schema the console reads it with. */
const answers: Array<[file: string, schema: z.ZodMiniType]> = [
  ['activity-log-page.json', activityLogPageSchema],
  ['activity-page.json', activityPageSchema],
  ['activity-project-shape.json', activityPageSchema],
  ['collaborators.json', collaboratorListSchema],
  ['dashboard-full.json', dashboardSchema],
  ['dashboard-list.json', dashboardPageSchema],
  ['is-generating-demo-data-project-shape.json', demoDataStatusSchema],
  ['is-generating-demo-data.json', demoDataStatusSchema],
  ['me-without-team.json', meSchema],
  ['me.json', meSchema],
  ['members.json', memberPageSchema],
  ['organization.json', organizationSchema],
  ['project-full.json', projectSchema],
  ['project-list.json', projectPageSchema],
  ['sharing.json', sharingConfigurationSchema],
  ['sharing-with-passwords.json', sharingConfigurationSchema],
  ['share-password-created.json', sharePasswordCreatedSchema],
  ['personal-api-key.json', personalApiKeySchema],
  ['access-controls.json', accessControlsSchema],
  ['users-with-access.json', usersWithAccessSchema],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const production: Json = parse(readFileSync(join(root, '..', 'shared', 'posthog-openapi.yaml'), 'utf8'));
const productionSchema = (name: string): Json => production.components.schemas[name];

/** A value of a production property's declared type (its fields do not matter: the contract does not name them). */
function valueOf(property: Json): unknown {
  if (property.nullable) return null;
  switch (property.type) {
    case 'string':
      return 'from production';
    case 'integer':
    case 'number':
      return 3;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return {};
  }
}

/** The contract's field names of an object schema (its `shape`). */
const named = (schema: z.ZodMiniType): string[] => Object.keys((schema as unknown as { _zod: { def: { shape: object } } })._zod.def.shape);

describe('the verdict on production-shaped answers', () => {
  it.each(answers)('%s matches, its extra fields counted apart, as zod reads it', (file, schema) => {
    const answer = fixture(file);
    const result = verdict(schema, answer);
    expect(result.differences.map((difference) => difference.line)).toEqual([]);
    expect(result.matches).toBe(true);
    expect(z.safeParse(schema, answer).success).toBe(true);
  });

  it('lists the fields the contract does not name, once per path, with how many times', () => {
    const project = verdict(projectSchema, fixture('project-full.json'));
    expect(project.unnamed.map((field) => field.path)).toEqual(
      expect.arrayContaining(['capture_dead_clicks', 'session_recording_url_trigger_config', 'cookieless_server_hash_mode', 'default_data_theme', 'user_access_level']),
    );
    const page = fixture('project-list.json') as { results: unknown[] };
    const log = verdict(projectPageSchema, page);
    expect(log.unnamed).toEqual([
      { path: 'results[].user_access_level', count: 2 },
      { path: 'results[].project_id', count: 2 },
    ]);
    expect(verdict(meSchema, fixture('me.json')).unnamed.map((field) => field.path)).toContain('organization.projects[].created_at');
    expect(project.unnamed.every((field) => !/\[\d+\]/.test(field.path))).toBe(true);
  });

  // Production's published objects: every property the contract leaves out is added to a
  // contract-valid answer (counted apart, never a difference), and every property production
  // marks nullable that the contract names is sent as null (accepted).
  const published: Array<[production: string, schema: z.ZodMiniType, base: () => Json]> = [
    ['Dashboard', dashboardSchema, () => fixture('dashboard-full.json')],
    ['DashboardBasic', dashboardListItemSchema, () => (fixture('dashboard-list.json') as Json).results[0]],
    ['ProjectBackwardCompat', projectSchema, () => fixture('project-full.json')],
    ['Organization', organizationSchema, () => fixture('organization.json')],
    ['OrganizationMember', memberSchema, () => (fixture('members.json') as Json).results[0]],
    ['DashboardCollaborator', collaboratorSchema, () => (fixture('collaborators.json') as Json)[0]],
    ['SharingConfiguration', sharingConfigurationSchema, () => fixture('sharing.json')],
  ];

  it.each(published)("production's %s: the fields the contract does not adopt are counted apart, never differences", (name, schema, base) => {
    const properties: Record<string, Json> = productionSchema(name).properties;
    const contractFields = new Set(named(schema));
    const extra = Object.keys(properties).filter((key) => !contractFields.has(key));
    const answer = base();
    for (const key of extra) answer[key] = valueOf(properties[key]);
    const result = verdict(schema, answer);
    expect(result.differences.map((difference) => difference.line)).toEqual([]);
    const unnamed = result.unnamed.map((field) => field.path);
    for (const key of extra) expect(unnamed).toContain(key);
  });

  it('production marks nullable fields the contract names', () => {
    const nullable = published.flatMap(([name, schema]) => named(schema).filter((key) => productionSchema(name).properties[key]?.nullable === true));
    expect(nullable.length).toBeGreaterThan(20);
  });

  it.each(published)("production's %s: the nulls production may send are no differences", (name, schema, base) => {
    const properties: Record<string, Json> = productionSchema(name).properties;
    const nullable = named(schema).filter((key) => properties[key]?.nullable === true);
    const answer = base();
    for (const key of nullable) answer[key] = null;
    const result = verdict(schema, answer);
    expect(result.differences.map((difference) => difference.line)).toEqual([]);
    expect(z.safeParse(schema, answer).success).toBe(true);
  });
});

describe('the verdict on answers that depart from the contract', () => {
  const page = () => fixture('dashboard-list.json') as Json;

  it('says where and how, one line per difference', () => {
    const answer = page();
    answer.results[1].created_by = 'someone@example.com';
    answer.results[0].pinned = 'yes';
    delete answer.results[0].id;
    const result = verdict(dashboardPageSchema, answer);
    expect(result.matches).toBe(false);
    expect(result.differences.map((difference) => difference.line)).toEqual([
      'results[0].id: expected a number, got nothing',
      'results[0].pinned: expected a boolean, got a string',
      'results[1].created_by: expected an object or null, got a string',
    ]);
    expect(result.differences[2]).toMatchObject({ path: 'results[1].created_by', expected: 'an object or null', got: 'a string' });
  });

  it('names the whole answer, a list item and a choice', () => {
    expect(verdict(dashboardPageSchema, []).differences.map((d) => d.line)).toEqual(['answer: expected an object, got a list']);
    expect(verdict(collaboratorListSchema, [3]).differences.map((d) => d.line)).toEqual(['[0]: expected an object, got a number']);
    const demo = verdict(demoDataStatusSchema, { is_generating_demo_data: 'no' });
    expect(demo.differences.map((d) => d.line)).toEqual(['is_generating_demo_data: expected a boolean, got a string']);
    expect(verdict(demoDataStatusSchema, 'no').differences.map((d) => d.line)).toEqual(['answer: expected an object, got a string']);
  });

  it('agrees with zod: an answer zod refuses never matches', () => {
    const broken = [page(), page(), page()];
    broken[0].count = null;
    broken[1].results[1].tags = 'a,b';
    broken[2].next = 5;
    for (const answer of broken) {
      expect(z.safeParse(dashboardPageSchema, answer).success).toBe(false);
      expect(verdict(dashboardPageSchema, answer).matches).toBe(false);
    }
  });
});

describe("the verdict on an operation's answer", () => {
  it('checks the status, then the body; an empty answer where the contract allows one', () => {
    const get = operationById('dashboardsGet')!;
    expect(operationVerdict(get, { status: 200, body: fixture('dashboard-full.json') }).matches).toBe(true);
    expect(operationVerdict(get, { status: 201, body: fixture('dashboard-full.json') }).differences.map((d) => d.line)).toEqual([
      'status: expected 200, got 201',
    ]);
    const remove = operationById('collaboratorsRemove')!;
    expect(operationVerdict(remove, { status: 204, body: undefined }).matches).toBe(true);
    expect(operationVerdict(remove, { status: 204, body: {} }).differences.map((d) => d.line)).toEqual(['answer: expected no body, got an object']);
    const rule = operationById('accessControlsUpdate')!;
    expect(operationVerdict(rule, { status: 204, body: undefined }).matches).toBe(true);
    expect(operationVerdict(operationById('dashboardsDelete')!, { status: 405, body: { detail: 'Method "DELETE" not allowed.' } }).matches).toBe(true);
  });
});
