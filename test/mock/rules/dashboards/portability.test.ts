/**
 * API.md §5.1 rows 10–11 and §5.3, as the console's portability uses them: a dashboard exported as a
 * template (src/api/resources/dashboards/dashboard-template.ts) imports as an equal dashboard, in this project or another;
 * the console's template schema (contract/inputs.ts) agrees with the mock's; list-typed `variables`;
 * `move_tile`; both refused to keys with `production_key_rules` (§1.2, §9), nothing changed.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardToTemplate, templateFileName, templateRefusal } from '../../../../src/api/resources/dashboards/dashboard-template.ts';
import { details } from '../../../../src/contract/errors.ts';
import { templateProblems, type TemplateJson } from '../../../../src/contract/inputs.ts';
import { dashboardSchema, type Dashboard } from '../../../../src/contract/schemas.ts';
import { Store } from '../../../../src/mock/store/db.ts';
import { apiHandlers } from '../../../../src/mock/handlers/api.ts';
import { seedData } from '../../../../src/mock/store/seed.ts';
import posthogTemplate from '../../../fixtures/dashboard-template-posthog.json';
import { admin, expectError, member, parseWith, readonly, seedIds } from '../../helpers.ts';

const { projects: P, dashboards: D } = seedIds;
const seed = seedData();
const store = new Store(seed);
let productionKeyRules = false;
const server = setupServer(...apiHandlers(store, { productionKeyRules: () => productionKeyRules }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store.replace(seed);
  productionKeyRules = false;
});
afterAll(() => server.close());

const dashboardsPath = (project: number) => `/api/projects/${project}/dashboards/`;
const dashboardPath = (id: number, project: number = P.app) => `${dashboardsPath(project)}${id}/`;
const importPath = (project: number) => `${dashboardsPath(project)}create_from_template_json/`;

const dashboardCount = async (project: number): Promise<number> => (await admin.get(`${dashboardsPath(project)}?limit=1`)).body.count;

async function getDashboard(id: number, project: number = P.app): Promise<Dashboard> {
  const result = await admin.get(dashboardPath(id, project));
  expect(result.status, result.text).toBe(200);
  return parseWith(dashboardSchema, result.body) as Dashboard;
}

/** What "an equal dashboard" means (API.md §5.3, CONSOLE.md Overview, portability). */
function portable(dashboard: Dashboard) {
  return {
    name: dashboard.name ?? '',
    description: dashboard.description ?? '',
    filters: dashboard.filters ?? {},
    tags: dashboard.tags,
    tiles: dashboard.tiles.map((tile) => ({
      kind: tile.insight ? 'insight' : tile.text ? 'text' : 'none',
      name: tile.insight?.name ?? null,
      description: tile.insight?.description ?? null,
      query: tile.insight?.query ?? null,
      body: tile.text?.body ?? null,
      layouts: tile.layouts ?? {},
      color: tile.color ?? null,
    })),
  };
}

describe('Export as template, then create_from_template_json: an equal dashboard', () => {
  it.each([
    ['insight tiles from a template', D.productOverview],
    ['insight tiles with colours', D.websiteTraffic],
    ['text tiles only', D.releaseHealth],
  ])('%s (dashboard %i), in the same project', async (_what, id) => {
    const source = await getDashboard(id);
    expect(source.tiles.length).toBeGreaterThan(0);
    const template = dashboardToTemplate(source);
    expect(templateProblems(template)).toEqual([]);
    // The file is the template object itself, not wrapped in {template: …}.
    const file: unknown = JSON.parse(JSON.stringify(template));
    expect(file).not.toHaveProperty('template');

    const result = await admin.post(importPath(P.app), { template: file });
    expect(result.status, result.text).toBe(200);
    const copy = await getDashboard(result.body.id);
    expect(copy.id).not.toBe(source.id);
    expect(copy.creation_mode).toBe('template');
    expect(portable(copy)).toEqual(portable(source));
  });

  it('into another project of the organization (Copy to project), under a new name', async () => {
    const source = await getDashboard(D.productOverview);
    const result = await admin.post(importPath(P.marketing), { template: dashboardToTemplate(source, 'Copy of Product overview') });
    expect(result.status, result.text).toBe(200);
    const copy = await getDashboard(result.body.id, P.marketing);
    expect(copy.team_id).toBe(P.marketing);
    expect(portable(copy)).toEqual({ ...portable(source), name: 'Copy of Product overview' });
    // Not in the source project.
    expect((await admin.get(dashboardPath(copy.id, P.app))).status).toBe(404);
  });

  it('a second round trip changes nothing more', async () => {
    const source = await getDashboard(D.releaseHealth);
    const first = await getDashboard((await admin.post(importPath(P.app), { template: dashboardToTemplate(source) })).body.id);
    const second = await getDashboard((await admin.post(importPath(P.app), { template: dashboardToTemplate(first) })).body.id);
    expect(portable(second)).toEqual(portable(first));
  });

  it('a dashboard without tiles cannot be a template: the console says so, the API agrees', async () => {
    const empty = await getDashboard(D.untitled);
    expect(empty.tiles).toEqual([]);
    expect(templateRefusal(empty)).toMatch(/at least one tile/);
    const template = dashboardToTemplate(empty);
    expect(templateProblems(template)).toEqual([{ path: 'tiles', message: 'needs at least one tile' }]);
    expectError(await admin.post(importPath(P.app), { template }), 400, 'validation_error', 'invalid_input', '[] should be non-empty');
  });

  it('names the file after the dashboard, with characters file names may not hold as _', () => {
    expect(templateFileName({ name: 'Q3: revenue / costs?' })).toBe('Q3_ revenue _ costs_.json');
    expect(templateFileName({ name: null })).toBe('Untitled dashboard.json');
    expect(templateFileName({ name: 'Café partners' })).toBe('Café partners.json');
  });
});

describe('real PostHog templates: variables as a list', () => {
  it('pass the console’s schema and the mock creates them', async () => {
    expect(templateProblems(posthogTemplate)).toEqual([]);
    const result = await admin.post(importPath(P.app), { template: posthogTemplate });
    expect(result.status, result.text).toBe(200);
    const created = await getDashboard(result.body.id);
    expect(created).toMatchObject({ name: 'Checkout health', tags: ['commerce'], creation_mode: 'template' });
    expect(created.tiles.map((tile) => [tile.insight?.name ?? null, tile.text?.body ?? null, tile.color])).toEqual([
      ['Daily checkouts started', null, 'green'],
      ['Orders by payment method', null, null],
      [null, posthogTemplate.tiles[2]!.body, 'blue'],
    ]);
    expect(created.tiles[1]!.insight!.query).toEqual(posthogTemplate.tiles[1]!.query);
    expect(created.tiles[0]!.layouts).toEqual(posthogTemplate.tiles[0]!.layouts);
  });

  it('variables null or absent pass too; an object of variables (the dashboard field’s shape) does not', async () => {
    const { variables: _omitted, ...withoutVariables } = posthogTemplate;
    for (const template of [{ ...posthogTemplate, variables: null }, withoutVariables]) {
      expect(templateProblems(template)).toEqual([]);
      expect((await admin.post(importPath(P.app), { template })).status).toBe(200);
    }
    const objectVariables = { ...posthogTemplate, variables: { CHECKOUT_EVENT: posthogTemplate.variables[0] } };
    expect(templateProblems(objectVariables)).toEqual([{ path: 'variables', message: 'expected a list' }]);
    const result = await admin.post(importPath(P.app), { template: objectVariables });
    expectError(result, 400, 'validation_error', 'invalid_input', /is not of type 'array', 'null'/);
  });
});

describe('the console’s template check and the mock’s agree, and the console names every path', () => {
  const base = posthogTemplate as unknown as TemplateJson;
  const tile = (index: number, change: Record<string, unknown>) => ({
    ...base,
    tiles: base.tiles.map((t, i) => (i === index ? { ...t, ...change } : t)),
  });

  it.each([
    ['not an object', [1, 2], [['template', 'expected a JSON object']]],
    ['no name', { ...base, template_name: undefined }, [['template_name', 'required']]],
    ['filters a list', { ...base, dashboard_filters: [] }, [['dashboard_filters', 'expected an object']]],
    ['no tiles', { ...base, tiles: [] }, [['tiles', 'needs at least one tile']]],
    ['a tile not an object', { ...base, tiles: [...base.tiles, 'x'] }, [['tiles[3]', 'expected an object']]],
    ['a tag not text', { ...base, tags: ['a', 7] }, [['tags[1]', 'expected text']]],
    ['a variable of another type', { ...base, variables: [{ ...base.variables![0]!, type: 'person' }] }, [['variables[0].type', 'expected "event"']]],
    ['a variable without required', { ...base, variables: [{ ...base.variables![0]!, required: undefined }] }, [['variables[0].required', 'required']]],
  ])('%s: listed with its path, and refused by the API (400, nothing created)', async (_what, template, expected) => {
    expect(templateProblems(template).map((p) => [p.path, p.message])).toEqual(expected);
    const before = await dashboardCount(P.app);
    const result = await admin.post(importPath(P.app), { template });
    expect(result.status, result.text).toBe(400);
    expect(result.body).toMatchObject({ type: 'validation_error', attr: null });
    expect(await dashboardCount(P.app)).toBe(before);
  });

  it('lists every problem at once, deepest paths included', () => {
    const template = {
      ...tile(2, { layouts: { sm: { x: 0, y: 5, w: '12', h: 2 } }, color: 3 }),
      dashboard_description: undefined,
      tags: 'commerce',
    };
    expect(templateProblems(template).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'dashboard_description: required',
      'tiles[2].layouts.sm.w: expected a number',
      'tiles[2].color: expected text',
      'tags: expected a list',
    ]);
  });

  it('a tile without a type: the console names it, the mock answers 400 (production fails, §10)', async () => {
    const { type: _type, ...untyped } = base.tiles[0]!;
    const template = { ...base, tiles: [untyped] };
    expect(templateProblems(template)).toEqual([{ path: 'tiles[0].type', message: 'required' }]);
    expectError(await admin.post(importPath(P.app), { template }), 400, 'validation_error', 'invalid_input', "'type' is a required property");
  });

  it('a name over 400 characters: the console says so; the API names template__template_name', async () => {
    const template = { ...base, template_name: 'n'.repeat(401) };
    expect(templateProblems(template)).toEqual([{ path: 'template_name', message: 'at most 400 characters' }]);
    expectError(await admin.post(importPath(P.app), { template }), 400, 'validation_error', 'max_length', undefined, 'template__template_name');
  });
});

describe('move_tile as the Move tile dialog uses it', () => {
  const movePath = (id: number) => `${dashboardPath(id)}move_tile/`;

  it('answers the source without the tile; the destination shows it, same id', async () => {
    const source = await getDashboard(D.productOverview);
    const moved = source.tiles[0]!;
    const result = await admin.patch(movePath(D.productOverview), { tile: { id: moved.id }, toDashboard: D.weeklyReview });
    expect(result.status, result.text).toBe(200);
    const answer = parseWith(dashboardSchema, result.body) as Dashboard;
    expect(answer.tiles.map((t) => t.id)).toEqual(source.tiles.slice(1).map((t) => t.id));
    const destination = await getDashboard(D.weeklyReview);
    expect(destination.tiles.find((t) => t.id === moved.id)).toMatchObject({ insight: { name: moved.insight!.name } });
  });

  it('a destination the caller may not edit: 403, and the tile stays', async () => {
    const source = (await member.get(dashboardPath(D.activationFunnel))).body as Dashboard;
    const result = await member.patch(movePath(D.activationFunnel), { tile: { id: source.tiles[0]!.id }, toDashboard: D.boardMetrics });
    expect(result.status, result.text).toBe(403);
    expect(((await member.get(dashboardPath(D.activationFunnel))).body as Dashboard).tiles).toHaveLength(source.tiles.length);
  });

  it('a read-only key: 403 naming the scope, nothing moved', async () => {
    const source = await getDashboard(D.productOverview);
    const result = await readonly.patch(movePath(D.productOverview), { tile: { id: source.tiles[0]!.id }, toDashboard: D.weeklyReview });
    expectError(result, 403, 'authentication_error', 'permission_denied', /dashboard:write/);
    expect((await getDashboard(D.productOverview)).tiles).toHaveLength(source.tiles.length);
  });
});

describe('production_key_rules: both actions refuse personal API keys (§1.2), nothing changes', () => {
  it('create_from_template_json: 403, no dashboard created', async () => {
    productionKeyRules = true;
    const before = await dashboardCount(P.marketing);
    const result = await admin.post(importPath(P.marketing), { template: posthogTemplate });
    expectError(result, 403, 'authentication_error', 'permission_denied', details.sessionOnly);
    expect(await dashboardCount(P.marketing)).toBe(before);
  });

  it('move_tile: 403, the tile stays', async () => {
    productionKeyRules = true;
    const source = await getDashboard(D.productOverview);
    const result = await admin.patch(`${dashboardPath(D.productOverview)}move_tile/`, { tile: { id: source.tiles[0]!.id }, toDashboard: D.weeklyReview });
    expectError(result, 403, 'authentication_error', 'permission_denied', details.sessionOnly);
    expect((await getDashboard(D.productOverview)).tiles.map((t) => t.id)).toEqual(source.tiles.map((t) => t.id));
  });
});
