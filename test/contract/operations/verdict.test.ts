// The verdict (src/contract/operations/verdict.ts) on answers shaped as production sends them: the fields of
// production's published schema (../shared/posthog-openapi.yaml) that the contract does not adopt,
// and the nulls production may send, are never differences; a real departure is one line each.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
import { answerPath, describeSchema, kindOf, operationVerdict, verdict } from '../../../src/contract/operations/verdict.ts';

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
/**
 * `../shared/posthog-openapi.yaml` beside the checkout, found from a copy of the checkout deeper down
 * too (Stryker's sandbox under `.stryker-tmp/`, where this file would otherwise fail to load).
 */
function productionDocument(): string {
  for (let folder = dirname(root); ; folder = dirname(folder)) {
    const file = join(folder, 'shared', 'posthog-openapi.yaml');
    if (existsSync(file)) return file;
    if (dirname(folder) === folder) throw new Error('shared/posthog-openapi.yaml not found beside the checkout');
  }
}
const production: Json = parse(readFileSync(productionDocument(), 'utf8'));
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

  it('a wrong status or a body where none is allowed is the one difference, and no match', () => {
    expect(operationVerdict(operationById('dashboardsGet')!, { status: 201, body: fixture('dashboard-full.json') })).toEqual({
      matches: false,
      differences: [{ path: 'status', expected: '200', got: '201', line: 'status: expected 200, got 201' }],
      unnamed: [],
    });
    expect(operationVerdict(operationById('collaboratorsRemove')!, { status: 204, body: [] })).toEqual({
      matches: false,
      differences: [{ path: 'answer', expected: 'no body', got: 'a list', line: 'answer: expected no body, got a list' }],
      unnamed: [],
    });
    // A 204 where the contract allows an empty answer carries no body either.
    expect(operationVerdict(operationById('accessControlsUpdate')!, { status: 204, body: { access_level: 'viewer' } }).differences.map((d) => d.line)).toEqual([
      'answer: expected no body, got an object',
    ]);
  });
});

describe('the verdict on each kind of schema', () => {
  const lines = (schema: z.ZodMiniType, answer: unknown) => verdict(schema, answer).differences.map((d) => d.line);

  it('names the kind of every JSON value it meets', () => {
    const text = z.object({ a: z.string() });
    expect([1, true, null, [], {}, undefined].map((a) => lines(text, { a }))).toEqual([
      ['a: expected a string, got a number'],
      ['a: expected a string, got a boolean'],
      ['a: expected a string, got null'],
      ['a: expected a string, got a list'],
      ['a: expected a string, got an object'],
      ['a: expected a string, got nothing'],
    ]);
  });

  it('checks numbers (finite), booleans and null', () => {
    const schema = z.object({ n: z.number(), b: z.boolean(), z: z.null() });
    expect(lines(schema, { n: 1.5, b: false, z: null })).toEqual([]);
    expect(lines(schema, { n: '1', b: 0, z: 0 })).toEqual([
      'n: expected a number, got a string',
      'b: expected a boolean, got a number',
      'z: expected null, got a number',
    ]);
    expect(lines(z.object({ n: z.number() }), { n: Infinity })).toEqual(['n: expected a number, got a number']);
  });

  it('reads through optional, default, nullable, readonly, catch and pipe wrappers', () => {
    const schema = z.object({
      o: z.optional(z.string()),
      d: z._default(z.string(), 'x'),
      p: z.prefault(z.string(), 'x'),
      r: z.readonly(z.nullable(z.string())),
      c: z.catch(z.string(), 'x'),
      l: z.lazy(() => z.boolean()),
      t: z.pipe(z.string(), z.transform((s: string) => s.length)),
      u: z.unknown(),
    });
    expect(lines(schema, { r: null, c: 'x', l: true, t: 'abc', u: [1] })).toEqual([]);
    expect(lines(schema, { o: 1, d: 1, p: 1, r: 1, c: 1, l: 1, t: 1, u: undefined })).toEqual([
      'o: expected a string, got a number',
      'd: expected a string, got a number',
      'p: expected a string, got a number',
      'r: expected a string or null, got a number',
      'c: expected a string, got a number',
      'l: expected a boolean, got a number',
      't: expected a string, got a number',
    ]);
    expect(lines(schema, { r: 'a', c: 'x', t: 'abc', u: null })).toEqual(['l: expected a boolean, got nothing']);
    expect(lines(z.object({ r: z.string() }), {})).toEqual(['r: expected a string, got nothing']);
    expect(lines(z.object({ c: z.nonoptional(z.optional(z.string())) }), { c: 2 })).toEqual(['c: expected a string, got a number']);
  });

  it('names literals and choices, quoting the value sent (long ones cut at 40 characters)', () => {
    const schema = z.object({ k: z.literal(['event', 3]), e: z.enum(['on', 'off']) });
    expect(lines(schema, { k: 'event', e: 'on' })).toEqual([]);
    expect(lines(schema, { k: 'x'.repeat(50), e: true })).toEqual([
      `k: expected "event" or 3, got "${'x'.repeat(38)}…`,
      'e: expected one of "on", "off", got true',
    ]);
    expect(lines(schema, { k: [], e: 2 })).toEqual(['k: expected "event" or 3, got a list', 'e: expected one of "on", "off", got 2']);
    expect(lines(schema, { k: 'x'.repeat(38), e: 'on' })).toEqual([`k: expected "event" or 3, got "${'x'.repeat(38)}"`]);
  });

  it('walks lists, tuples and records item by item', () => {
    const schema = z.object({
      list: z.array(z.number()),
      pair: z.tuple([z.string(), z.number()]),
      more: z.tuple([z.string()], z.number()),
      map: z.record(z.string(), z.boolean()),
    });
    expect(lines(schema, { list: [1, 2], pair: ['a', 1], more: ['a', 1, 2], map: { a: true } })).toEqual([]);
    expect(lines(schema, { list: [1, 'b'], pair: ['a', 1, 2], more: 'a', map: { a: true, 'b c': 1 } })).toEqual([
      'list[1]: expected a number, got a string',
      'pair: expected a list of 2, got a list of 3',
      'more: expected a list, got a string',
      'map["b c"]: expected a boolean, got a number',
    ]);
    expect(lines(schema, { list: {}, pair: [1], more: [], map: [] })).toEqual([
      'list: expected a list, got an object',
      'pair[0]: expected a string, got a number',
      'pair[1]: expected a number, got nothing',
      'more[0]: expected a string, got nothing',
      'map: expected an object, got a list',
    ]);
  });

  it("checks an object's catch-all and counts the other unnamed fields per general path", () => {
    const loose = z.catchall(z.object({ id: z.number() }), z.string());
    expect(lines(loose, { id: 1, extra: 'x' })).toEqual([]);
    expect(lines(loose, { id: 1, extra: 2 })).toEqual(['extra: expected a string, got a number']);
    expect(verdict(loose, { id: 1, extra: 'x' }).unnamed).toEqual([]);
    const rows = z.object({ rows: z.array(z.object({ id: z.number() })) });
    expect(verdict(rows, { rows: [{ id: 1, a: 1 }, { id: 2, a: 2, $b: 3 }] }).unnamed).toEqual([
      { path: 'rows[].a', count: 2 },
      { path: 'rows[].$b', count: 1 },
    ]);
    expect(verdict(z.object({}), { 'two words': 1 }).unnamed).toEqual([{ path: '["two words"]', count: 1 }]);
  });

  it('refuses null where an object, a record or a list is expected', () => {
    const schema = z.object({ o: z.object({ a: z.string() }), m: z.record(z.string(), z.number()), l: z.array(z.number()) });
    expect(lines(schema, { o: null, m: null, l: null })).toEqual([
      'o: expected an object, got null',
      'm: expected an object, got null',
      'l: expected a list, got null',
    ]);
    expect(lines(z.nullable(schema), null)).toEqual([]);
  });

  it('takes the union option that fits, else the differences of the closest option of the same kind', () => {
    const schema = z.union([z.object({ a: z.string(), b: z.string() }), z.object({ a: z.number(), b: z.number(), c: z.number() })]);
    expect(verdict(schema, { a: 1, b: 2, c: 3, x: 1 })).toEqual({ matches: true, differences: [], unnamed: [{ path: 'x', count: 1 }] });
    expect(lines(schema, { a: 'x', b: 2 })).toEqual(['b: expected a string, got a number']);
    expect(lines(schema, { a: 1, b: 2 })).toEqual(['c: expected a number, got nothing']);
    expect(lines(schema, 'x')).toEqual(['answer: expected an object, got a string']);
    expect(lines(z.object({ u: z.union([z.string(), z.number()]) }), { u: true })).toEqual(['u: expected a string or a number, got a boolean']);
    expect(lines(z.object({ u: z.union([z.string(), z.string()]) }), { u: true })).toEqual(['u: expected a string, got a boolean']);
    // Two options as close as each other: the first listed says what differs.
    const either = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(lines(either, { a: 1, b: 'x' })).toEqual(['a: expected a string, got a number']);
  });

  it('lets a union take null or nothing when one of its options does', () => {
    const nullable = z.object({ u: z.union([z.string(), z.nullable(z.number())]) });
    expect(lines(nullable, { u: null })).toEqual([]);
    expect(lines(nullable, {})).toEqual(['u: expected a string or a number or null, got nothing']);
    const optional = z.object({ u: z.union([z.string(), z.optional(z.number())]) });
    expect(lines(optional, {})).toEqual([]);
    expect(lines(optional, { u: null })).toEqual(['u: expected a string or a number, got null']);
    const nested = z.object({ u: z.union([z.string(), z.union([z.number(), z.null()])]) });
    expect(lines(nested, { u: null })).toEqual([]);
    const deep = z.object({ u: z.union([z.string(), z.union([z.number(), z.optional(z.null())])]) });
    expect(lines(deep, {})).toEqual([]);
    expect(lines(z.object({ a: z.any(), n: z.nullable(z.unknown()) }), { a: null, n: null })).toEqual([]);
    // A field that takes anything, left out: the walk lets it pass, and zod has the last word.
    expect(lines(z.object({ a: z.any(), u: z.unknown() }), {})).toEqual(['a: Invalid input', 'u: Invalid input']);
  });

  it('leaves the schema kinds it does not walk to zod, and has zod check refinements last', () => {
    expect(lines(z.object({ d: z.date() }), { d: 'x' })).toEqual(['d: expected Invalid input, got a string']);
    expect(lines(z.object({ d: z.date() }), { d: new Date(0) })).toEqual([]);
    const short = z.object({ name: z.string().check(z.maxLength(3, 'at most 3 characters')) });
    expect(verdict(short, { name: 'abcd' }).differences).toEqual([
      { path: 'name', expected: 'at most 3 characters', got: 'something else', line: 'name: at most 3 characters' },
    ]);
    expect(verdict(z.string().check(z.maxLength(1)), 'ab').differences.map((d) => d.path)).toEqual(['answer']);
  });

  it('reads an integer as a number, leaving its fraction to zod', () => {
    expect(lines(z.object({ n: z.int() }), { n: 2 })).toEqual([]);
    expect(lines(z.object({ n: z.int() }), { n: 'x' })).toEqual(['n: expected a number, got a string']);
    expect(lines(z.object({ n: z.int() }), { n: 1.5 })).toEqual(['n: Invalid input']);
  });

  it('describes what a schema takes in words', () => {
    expect(lines(z.object({ a: z.nullable(z.unknown()), b: z.nullable(z.null()) }), { a: 1, b: 1 })).toEqual(['b: expected null, got a number']);
    expect(lines(z.object({ c: z.union([z.templateLiteral(['a', z.string()]), z.number()]) }), { c: true })).toEqual([
      'c: expected a string or a number, got a boolean',
    ]);
    expect(lines(z.object({ t: z.nullable(z.transform((v: unknown) => v)) }), {})).toEqual(['t: expected anything, got nothing']);
    // A transform takes whatever it is given.
    expect(lines(z.object({ t: z.transform((v: unknown) => v) }), { t: 1 })).toEqual([]);
  });
});

describe("the verdict on an operation's status", () => {
  it('names 204 beside the status where the contract allows an empty answer, and takes no body where there is no schema', () => {
    const rule = operationById('accessControlsUpdate')!;
    expect(operationVerdict(rule, { status: 201, body: {} }).differences).toEqual([
      { path: 'status', expected: '200 or 204', got: '201', line: 'status: expected 200 or 204, got 201' },
    ]);
    expect(operationVerdict(operationById('dashboardsGet')!, { status: 204, body: undefined }).differences.map((d) => d.line)).toEqual([
      'status: expected 200, got 204',
    ]);
    expect(operationVerdict({ status: 200 }, { status: 200, body: { any: 1 } })).toEqual({ matches: true, differences: [], unnamed: [] });
    expect(operationVerdict({ status: 200, answer: z.object({ a: z.string() }) }, { status: 200, body: {} }).matches).toBe(false);
  });
});

describe('paths, kinds and descriptions in words', () => {
  it('writes a path as code would: dots for names, brackets for indexes and other keys', () => {
    expect(answerPath([])).toBe('answer');
    expect(answerPath([0])).toBe('[0]');
    expect(answerPath(['results', 3, 'created_by'])).toBe('results[3].created_by');
    expect(answerPath(['a', '$b', '_c', 'd-e', 'f@g', 'h1'])).toBe('a.$b._c.d-e.f@g.h1');
    expect(answerPath(['a', ' b', 'c ', '9', '-x', 'y z', ''])).toBe('a[" b"]["c "]["9"]["-x"]["y z"][""]');
  });

  it('names the kind of any value', () => {
    expect([undefined, null, [], 'a', 1, true, {}, 1n].map(kindOf)).toEqual(['nothing', 'null', 'a list', 'a string', 'a number', 'a boolean', 'an object', 'bigint']);
  });

  it('describes a schema through its wrappers', () => {
    expect(describeSchema(z.optional(z.nullable(z.string())))).toBe('a string or null');
    expect(describeSchema(z.nullable(z.union([z.string(), z.null()])))).toBe('a string or null');
    expect(describeSchema(z.nullable(z.unknown()))).toBe('anything');
    expect(describeSchema(z.nullable(z.any()))).toBe('anything');
    expect(describeSchema(z.record(z.string(), z.number()))).toBe('an object');
    expect(describeSchema(z.tuple([z.string()]))).toBe('a list');
    expect(describeSchema(z.bigint())).toBe('bigint');
    // Only a description that ends in null already says it: a value that merely starts with "null" does not.
    expect(describeSchema(z.nullable(z.enum(['nullable', 'required'])))).toBe('one of "nullable", "required" or null');
  });
});
