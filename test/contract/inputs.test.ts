/** The request bodies of API.md (src/contract/inputs.ts): each field's rule, the first failing field, what is kept. */
import { describe, expect, it } from 'vitest';
import {
  accessControlUpdateInput,
  addProductIntentInput,
  collaboratorCreateInput,
  completeProductOnboardingInput,
  createFromTemplateJsonInput,
  dashboardCreateInput,
  dashboardTemplates,
  dashboardUpdateInput,
  FormField,
  invalidAccessLevel,
  invalidOrganizationMemberId,
  memberProjectFields,
  mockFaultRuleInput,
  mockFaultsInput,
  moveTileInput,
  normalizeTags,
  parseInput,
  productTypes,
  projectCreateInput,
  projectUpdateInput,
  restrictionLevelInput,
  sharePasswordCreateInput,
  sharingSettingsKeys,
  sharingUpdateInput,
  templatePath,
  templateProblems,
  timeZones,
} from '../../src/contract/inputs.ts';
import type * as z from 'zod/mini';

// Each schema is built on first use and kept (lazy.ts): build them all as this file loads, so that what
// the builds do is reached by every test below, not by whichever test happens to parse first
// (Stryker's perTest coverage runs a mutant only against the tests that reached it).
for (const schema of [
  accessControlUpdateInput, addProductIntentInput, collaboratorCreateInput, completeProductOnboardingInput, createFromTemplateJsonInput,
  dashboardCreateInput, dashboardUpdateInput, mockFaultRuleInput, mockFaultsInput, moveTileInput, projectCreateInput, projectUpdateInput,
  sharePasswordCreateInput, sharingUpdateInput,
]) void schema._zod;
templateProblems({ tiles: [{ layouts: { sm: {} } }], variables: [{}] });

const error = (schema: z.ZodMiniType, body: unknown) => {
  const result = parseInput(schema, body);
  return result.ok ? null : result.error;
};
const data = (schema: z.ZodMiniType, body: unknown) => {
  const result = parseInput(schema, body);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.data as Record<string, unknown>;
};
const uuid = '0f375181-4c06-4f42-9304-e47f104b39be';
const long = (n: number) => 'x'.repeat(n);

describe('dashboards', () => {
  it('tags are trimmed, lower-cased, deduplicated (first kept), empty ones dropped', () => {
    expect(normalizeTags([' Growth ', 'growth', '', '  ', 'Q3', 'q3', 'b'])).toEqual(['growth', 'q3', 'b']);
    expect(data(dashboardCreateInput, { tags: [' A ', 'a', '', 'b'] }).tags).toEqual(['a', 'b']);
    expect(error(dashboardCreateInput, { tags: 'a' })).toEqual({ code: 'not_a_list', detail: 'Expected a list of items but got type "str".', attr: 'tags' });
  });

  it('a restriction level is 21 or 37, sent as a number or its text', () => {
    expect(data(dashboardUpdateInput, { restriction_level: '37' }).restriction_level).toBe(37);
    expect(data(dashboardUpdateInput, { restriction_level: 21 }).restriction_level).toBe(21);
    expect(error(dashboardUpdateInput, { restriction_level: 30 })).toEqual({ code: 'invalid_choice', detail: '"30" is not a valid choice.', attr: 'restriction_level' });
    expect(parseInput(restrictionLevelInput, '21')).toEqual({ ok: true, data: 21 });
  });

  it('a name may be null or blank but at most 400 characters; a description may be blank', () => {
    expect(data(dashboardCreateInput, { name: null, description: '' })).toEqual({ name: null, description: '' });
    expect(data(dashboardCreateInput, { name: '  ' }).name).toBe('');
    expect(data(dashboardCreateInput, { name: long(400) }).name).toHaveLength(400);
    expect(error(dashboardCreateInput, { name: long(401) })).toEqual({ code: 'max_length', detail: 'Ensure this field has no more than 400 characters.', attr: 'name' });
    expect(error(dashboardCreateInput, { description: null })).toEqual({ code: 'null', detail: 'This field may not be null.', attr: 'description' });
  });

  it('reads booleans in their words, drops unknown fields, and the first failing field in production order answers', () => {
    expect(data(dashboardCreateInput, { pinned: 'yes', deleted: 0, delete_insights: 'on', extra: 1 })).toEqual({ pinned: true, deleted: false, delete_insights: true });
    expect(error(dashboardUpdateInput, { deleted: 'x', pinned: 'z' })!.attr).toBe('pinned');
    expect(error(dashboardUpdateInput, { restriction_level: 1, tags: 5 })!.attr).toBe('tags');
  });

  it('a create also takes a template or a dashboard to copy, and duplicate_tiles as sent', () => {
    expect(data(dashboardCreateInput, { use_template: null, use_dashboard: null })).toEqual({ use_template: null, use_dashboard: null });
    expect(data(dashboardCreateInput, { use_template: '', use_dashboard: '12', duplicate_tiles: [] })).toEqual({ use_template: '', use_dashboard: 12, duplicate_tiles: [] });
    expect(error(dashboardCreateInput, { use_dashboard: 'x' })!.attr).toBe('use_dashboard');
    expect(data(dashboardUpdateInput, { use_template: 'DEFAULT_APP' })).toEqual({});
  });

  it("the templates a dashboard may start from are production's two", () => {
    expect(dashboardTemplates).toEqual(['DEFAULT_APP', 'WEBSITE_TRAFFIC']);
  });

  it('a tile move names the tile and the dashboard', () => {
    expect(data(moveTileInput, { tile: { id: '5', extra: 1 }, toDashboard: 7 })).toEqual({ tile: { id: 5 }, toDashboard: 7 });
    expect(error(moveTileInput, { tile: {}, toDashboard: 7 })).toEqual({ code: 'required', detail: 'This field is required.', attr: 'tile__id' });
    expect(error(moveTileInput, { tile: { id: 1 } })!.attr).toBe('toDashboard');
  });
});

describe('dashboard templates', () => {
  const template = () => ({
    template_name: 'Launch',
    dashboard_description: 'What changed',
    dashboard_filters: {},
    tiles: [{ type: 'TEXT', body: 'Notes', layouts: { sm: { x: 0, y: 0, w: 6, h: 5, i: 'a' } } }],
    variables: [{ id: 'v', name: 'Event', type: 'event', default: {}, description: 'The event', required: true }],
    tags: ['launch'],
    image_url: null,
  });

  it('a template in production’s shape has no problem', () => {
    expect(templateProblems(template())).toEqual([]);
    expect(templateProblems({ ...template(), variables: null, tags: undefined })).toEqual([]);
  });

  it('names each problem by its JSON path', () => {
    const { template_name: _name, ...unnamed } = template();
    expect(templateProblems(unnamed)).toEqual([{ path: 'template_name', message: 'required' }]);
    expect(templateProblems({ ...template(), template_name: 3 })).toEqual([{ path: 'template_name', message: 'expected text' }]);
    expect(templateProblems({ ...template(), template_name: long(401) })).toEqual([{ path: 'template_name', message: 'at most 400 characters' }]);
    expect(templateProblems({ ...template(), template_name: long(400) })).toEqual([]);
    expect(templateProblems({ ...template(), tiles: [] })).toEqual([{ path: 'tiles', message: 'needs at least one tile' }]);
    expect(templateProblems({ ...template(), tiles: {} })).toEqual([{ path: 'tiles', message: 'expected a list' }]);
    expect(templateProblems({ ...template(), tiles: [3] })).toEqual([{ path: 'tiles[0]', message: 'expected an object' }]);
    expect(templateProblems({ ...template(), dashboard_filters: [] })).toEqual([{ path: 'dashboard_filters', message: 'expected an object' }]);
    expect(templateProblems('x')).toEqual([{ path: 'template', message: 'expected a JSON object' }]);
  });

  it("checks each tile's fields and layouts", () => {
    const tile = (fields: object) => ({ ...template(), tiles: [{ type: 'INSIGHT', ...fields }] });
    expect(templateProblems(tile({ name: null, description: null, query: null, filters: null, color: null, layouts: null }))).toEqual([]);
    expect(templateProblems({ ...template(), tiles: [{}] })).toEqual([{ path: 'tiles[0].type', message: 'required' }]);
    expect(templateProblems(tile({ layouts: { sm: { w: 'x' } } }))).toEqual([{ path: 'tiles[0].layouts.sm.w', message: 'expected a number' }]);
    expect(templateProblems(tile({ layouts: { sm: 3 } }))).toEqual([{ path: 'tiles[0].layouts.sm', message: 'expected an object' }]);
    expect(templateProblems(tile({ layouts: [] }))).toEqual([{ path: 'tiles[0].layouts', message: 'expected an object' }]);
    expect(templateProblems(tile({ query: 'x', name: 1 }))).toEqual([
      { path: 'tiles[0].name', message: 'expected text' },
      { path: 'tiles[0].query', message: 'expected an object' },
    ]);
    expect(templateProblems(tile({ layouts: { 'x-large': { minW: '1', minH: 2 } } }))).toEqual([
      { path: 'tiles[0].layouts["x-large"].minW', message: 'expected a number' },
    ]);
  });

  it("checks each variable's fields", () => {
    const variable = (fields: object) => ({ ...template(), variables: [{ ...template().variables[0], ...fields }] });
    expect(templateProblems(variable({ type: 'action' }))).toEqual([{ path: 'variables[0].type', message: 'expected "event"' }]);
    expect(templateProblems(variable({ required: 'yes' }))).toEqual([{ path: 'variables[0].required', message: 'expected true or false' }]);
    expect(templateProblems({ ...template(), variables: {} })).toEqual([{ path: 'variables', message: 'expected a list' }]);
    expect(templateProblems({ ...template(), variables: [1] })).toEqual([{ path: 'variables[0]', message: 'expected an object' }]);
    expect(templateProblems({ ...template(), tags: 'a' })).toEqual([{ path: 'tags', message: 'expected a list' }]);
  });

  it('writes a JSON path as code would', () => {
    expect(templatePath([])).toBe('template');
    expect(templatePath([0])).toBe('[0]');
    expect(templatePath(['tiles', 2, 'layouts', 'sm', 'w'])).toBe('tiles[2].layouts.sm.w');
    expect(templatePath(['a b', '$ok', '_x', '9'])).toBe('["a b"].$ok._x["9"]');
  });

  it('create_from_template_json/ needs a template; its checks are the rules’', () => {
    expect(error(createFromTemplateJsonInput, {})).toEqual({ code: 'required', detail: 'This field is required.', attr: 'template' });
    expect(data(createFromTemplateJsonInput, { template: 'anything', creation_context: 'x' })).toEqual({ template: 'anything', creation_context: 'x' });
  });
});

describe('collaborators and sharing', () => {
  it('a collaborator is a user UUID and a level of 21 or 37', () => {
    expect(data(collaboratorCreateInput, { user_uuid: uuid.toUpperCase(), level: '37' })).toEqual({ user_uuid: uuid, level: 37 });
    expect(error(collaboratorCreateInput, { user_uuid: 'x', level: 37 })).toEqual({ code: 'invalid_input', detail: 'Must be a valid UUID.', attr: 'user_uuid' });
    expect(error(collaboratorCreateInput, { user_uuid: uuid, level: 30 })!.code).toBe('invalid_choice');
  });

  it('sharing settings keep the known keys of an object, or null; anything else is an invalid format', () => {
    expect(data(sharingUpdateInput, { enabled: 'true', settings: { noHeader: true, theme: 'dark', evil: 1 }, password_required: 0 })).toEqual({
      enabled: true,
      settings: { noHeader: true, theme: 'dark' },
      password_required: false,
    });
    expect(data(sharingUpdateInput, { settings: null }).settings).toBeNull();
    expect(data(sharingUpdateInput, { settings: new FormField(['{"legend": false, "x": 1}']) }).settings).toEqual({ legend: false });
    for (const settings of [[], 'dark', 3]) {
      expect(error(sharingUpdateInput, { settings })).toEqual({ code: 'invalid_input', detail: 'Invalid settings format', attr: 'settings' });
    }
    expect(data(sharingUpdateInput, {})).toEqual({});
    const every = Object.fromEntries(sharingSettingsKeys.map((key, index) => [key, index]));
    expect(data(sharingUpdateInput, { settings: { ...every, other: 1 } }).settings).toEqual(every);
    // Only the keys sent are kept: no key left undefined for the ones not sent.
    expect(Object.keys(data(sharingUpdateInput, { settings: { theme: 'dark' } }).settings as object)).toEqual(['theme']);
    expect(sharingSettingsKeys).toEqual(['whitelabel', 'noHeader', 'showInspector', 'legend', 'detailed', 'hideExtraDetails', 'theme']);
  });

  it('a share password is at least 8 characters, or blank or null for a generated one; a note at most 100', () => {
    expect(data(sharePasswordCreateInput, { raw_password: '12345678', note: null })).toEqual({ raw_password: '12345678', note: null });
    expect(data(sharePasswordCreateInput, { raw_password: '', note: '' })).toEqual({ raw_password: '', note: '' });
    expect(data(sharePasswordCreateInput, { raw_password: null }).raw_password).toBeNull();
    expect(error(sharePasswordCreateInput, { raw_password: '1234567' })).toEqual({
      code: 'invalid_input',
      detail: 'Password must be at least 8 characters long.',
      attr: 'raw_password',
    });
    expect(error(sharePasswordCreateInput, { raw_password: '😀'.repeat(7) })!.attr).toBe('raw_password');
    expect(error(sharePasswordCreateInput, { note: long(101) })).toEqual({ code: 'max_length', detail: 'Ensure this field has no more than 100 characters.', attr: 'note' });
    expect(data(sharePasswordCreateInput, { note: long(100) }).note).toHaveLength(100);
  });
});

describe('access control', () => {
  it('a level is one of the four, trimmed, or null to remove the rule', () => {
    expect(data(accessControlUpdateInput, { access_level: ' viewer ' })).toEqual({ access_level: 'viewer' });
    expect(data(accessControlUpdateInput, { access_level: null, organization_member: null })).toEqual({ access_level: null, organization_member: null });
    expect(invalidAccessLevel).toBe('Invalid access level. Must be one of: none, viewer, editor, manager');
    expect(error(accessControlUpdateInput, { access_level: 'owner' })).toEqual({ code: 'invalid_input', detail: invalidAccessLevel, attr: 'access_level' });
    expect(error(accessControlUpdateInput, {})).toEqual({ code: 'required', detail: 'This field is required.', attr: 'access_level' });
  });

  it("a member is named by their membership's UUID, in production's words when it is not one", () => {
    expect(data(accessControlUpdateInput, { access_level: 'editor', organization_member: uuid })).toEqual({ access_level: 'editor', organization_member: uuid });
    expect(error(accessControlUpdateInput, { access_level: 'editor', organization_member: 'x' })).toEqual({
      code: 'invalid_input',
      detail: invalidOrganizationMemberId,
      attr: 'organization_member',
    });
    expect(invalidOrganizationMemberId).toContain("Use the 'id' field from the /api/organizations/<organization_id>/members/ endpoint.");
  });
});

describe('projects', () => {
  it('the time zones are IANA’s and UTC, sorted, each once', () => {
    const zones = timeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect([...zones].sort()).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
    expect(timeZones()).toEqual(zones);
  });

  it.each([
    ['create', projectCreateInput],
    ['update', projectUpdateInput],
  ])('%s: a name is trimmed, 1 to 200 characters, and may be left out', (_, schema) => {
    expect(data(schema, { name: ' Site ' }).name).toBe('Site');
    expect(data(schema, {})).toEqual({});
    expect(error(schema, { name: long(201) })).toEqual({ code: 'max_length', detail: 'Ensure this field has no more than 200 characters.', attr: 'name' });
    expect(error(schema, { name: ' ' })).toEqual({ code: 'blank', detail: 'This field may not be blank.', attr: 'name' });
    expect(data(schema, { timezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
    expect(error(schema, { timezone: 'Mars/Base' })).toEqual({ code: 'invalid_choice', detail: '"Mars/Base" is not a valid choice.', attr: 'timezone' });
  });

  it('the texts: nullable, blank allowed, with their maximum lengths', () => {
    expect(data(projectUpdateInput, { product_description: null, slack_incoming_webhook: null, intent: 1 })).toEqual({ product_description: null, slack_incoming_webhook: null });
    expect(data(projectUpdateInput, { product_description: '', slack_incoming_webhook: '' })).toEqual({ product_description: '', slack_incoming_webhook: '' });
    expect(error(projectUpdateInput, { product_description: long(1001) })!.code).toBe('max_length');
    expect(data(projectUpdateInput, { product_description: long(1000) }).product_description).toHaveLength(1000);
    expect(error(projectUpdateInput, { slack_incoming_webhook: long(501) })!.code).toBe('max_length');
    expect(data(projectUpdateInput, { slack_incoming_webhook: long(500) }).slack_incoming_webhook).toHaveLength(500);
  });

  it('URL lists drop empty entries; app_urls may not be null, recording_domains may', () => {
    expect(data(projectUpdateInput, { app_urls: ['https://a.example', '', null, ' '], recording_domains: null })).toEqual({
      app_urls: ['https://a.example'],
      recording_domains: null,
    });
    expect(data(projectUpdateInput, { recording_domains: ['', 'b.example'] }).recording_domains).toEqual(['b.example']);
    expect(error(projectUpdateInput, { app_urls: null })).toEqual({ code: 'null', detail: 'This field may not be null.', attr: 'app_urls' });
    expect(error(projectUpdateInput, { app_urls: [long(201)] })).toEqual({ code: 'max_length', detail: 'Ensure this field has no more than 200 characters.', attr: 'app_urls__0' });
  });

  it('booleans: some may be null, the others may not', () => {
    const nullable = ['test_account_filters_default_checked', 'autocapture_opt_out', 'autocapture_exceptions_opt_in', 'autocapture_web_vitals_opt_in',
      'capture_console_log_opt_in', 'capture_performance_opt_in', 'inject_web_apps', 'surveys_opt_in', 'heatmaps_opt_in', 'flags_persistence_default',
      'receive_org_level_activity_logs'];
    const plain = ['anonymize_ips', 'completed_snippet_onboarding', 'is_demo', 'session_recording_opt_in', 'access_control'];
    for (const field of nullable) expect(data(projectUpdateInput, { [field]: null }), field).toEqual({ [field]: null });
    for (const field of [...nullable, ...plain]) expect(data(projectUpdateInput, { [field]: 'yes' }), field).toEqual({ [field]: true });
    for (const field of plain) expect(error(projectUpdateInput, { [field]: null }), field).toEqual({ code: 'null', detail: 'This field may not be null.', attr: field });
  });

  it('JSON settings: some may be null, two may not', () => {
    const nullable = ['path_cleaning_filters', 'correlation_config', 'autocapture_web_vitals_allowed_metrics', 'autocapture_exceptions_errors_to_ignore',
      'session_recording_linked_flag', 'session_recording_network_payload_capture_config', 'session_recording_masking_config', 'session_replay_config',
      'survey_config', 'extra_settings', 'modifiers', 'has_completed_onboarding_for'];
    for (const field of nullable) expect(data(projectUpdateInput, { [field]: null }), field).toEqual({ [field]: null });
    for (const field of [...nullable, 'test_account_filters', 'data_attributes']) expect(data(projectUpdateInput, { [field]: [{ a: 1 }] }), field).toEqual({ [field]: [{ a: 1 }] });
    for (const field of ['test_account_filters', 'data_attributes']) expect(error(projectUpdateInput, { [field]: null })!.code, field).toBe('null');
  });

  it('recordings: a sample rate of 0 to 1 in hundredths, a minimum duration of 0 to 30 seconds', () => {
    expect(data(projectUpdateInput, { session_recording_sample_rate: '0.5', session_recording_minimum_duration_milliseconds: '30000' })).toEqual({
      session_recording_sample_rate: '0.50',
      session_recording_minimum_duration_milliseconds: 30000,
    });
    expect(data(projectUpdateInput, { session_recording_sample_rate: null, session_recording_minimum_duration_milliseconds: null })).toEqual({
      session_recording_sample_rate: null,
      session_recording_minimum_duration_milliseconds: null,
    });
    expect(error(projectUpdateInput, { session_recording_sample_rate: '1.5' })!.code).toBe('max_value');
    expect(error(projectUpdateInput, { session_recording_sample_rate: '-0.5' })!.code).toBe('min_value');
    expect(error(projectUpdateInput, { session_recording_sample_rate: '0.555' })!.code).toBe('max_decimal_places');
    expect(error(projectUpdateInput, { session_recording_minimum_duration_milliseconds: 30001 })!.code).toBe('max_value');
    expect(error(projectUpdateInput, { session_recording_minimum_duration_milliseconds: -1 })!.code).toBe('min_value');
  });

  it('the rest: week start, primary dashboard, column and property lists', () => {
    expect(data(projectUpdateInput, { week_start_day: '1', primary_dashboard: '4', live_events_columns: ['a'], person_display_name_properties: ['email'] })).toEqual({
      week_start_day: 1,
      primary_dashboard: 4,
      live_events_columns: ['a'],
      person_display_name_properties: ['email'],
    });
    expect(data(projectUpdateInput, { week_start_day: null, primary_dashboard: null, live_events_columns: null, person_display_name_properties: null })).toEqual({
      week_start_day: null,
      primary_dashboard: null,
      live_events_columns: null,
      person_display_name_properties: null,
    });
    expect(error(projectUpdateInput, { week_start_day: 2 })!.code).toBe('invalid_choice');
    expect(error(projectUpdateInput, { person_display_name_properties: [long(401)] })!.attr).toBe('person_display_name_properties__0');
    expect(data(projectUpdateInput, { person_display_name_properties: [long(400)] }).person_display_name_properties).toEqual([long(400)]);
    expect(error(projectUpdateInput, { live_events_columns: [''] })!.code).toBe('blank');
  });

  it('the fields a member may change are writable project fields', () => {
    expect(memberProjectFields).toContain('product_description');
    expect(memberProjectFields).toContain('primary_dashboard');
    expect(memberProjectFields).not.toContain('name');
    for (const field of memberProjectFields) expect(Object.keys(projectUpdateInput.shape), field).toContain(field);
  });

  it('a product intent names one of the products', () => {
    expect(productTypes).toHaveLength(9);
    for (const type of productTypes) expect(data(addProductIntentInput, { product_type: type }).product_type).toBe(type);
    expect(productTypes).toEqual(expect.arrayContaining(['product_analytics', 'web_analytics', 'session_replay', 'feature_flags', 'experiments', 'surveys', 'data_warehouse', 'error_tracking', 'llm_analytics']));
    expect(data(addProductIntentInput, { product_type: 'surveys', intent_context: null })).toEqual({ product_type: 'surveys', intent_context: null });
    expect(data(addProductIntentInput, { product_type: 'llm_analytics', intent_context: '' }).intent_context).toBe('');
    expect(error(addProductIntentInput, { product_type: 'crm' })!.code).toBe('invalid_choice');
    expect(data(completeProductOnboardingInput, { product_type: 'web_analytics', x: 1 })).toEqual({ product_type: 'web_analytics' });
    expect(error(completeProductOnboardingInput, {})!.code).toBe('required');
  });
});

describe("the mock's fault settings", () => {
  it('a rule: a method (upper-cased), a path, a status of 200 to 599, an optional Retry-After', () => {
    expect(data(mockFaultRuleInput, { method: 'get', path: '/api/', status: 503, retry_after: null })).toEqual({ method: 'GET', path: '/api/', status: 503, retry_after: null });
    expect(data(mockFaultRuleInput, { method: 'GET', path: '/', status: 200, retry_after: 0 }).retry_after).toBe(0);
    expect(data(mockFaultRuleInput, { method: 'GET', path: '/', status: 599 }).status).toBe(599);
    expect(error(mockFaultRuleInput, { method: '', path: '/', status: 500 })!.attr).toBe('method');
    expect(error(mockFaultRuleInput, { method: 'GET', path: '', status: 500 })!.attr).toBe('path');
    expect(error(mockFaultRuleInput, { method: 'GET', path: '/', status: 199 })!.code).toBe('min_value');
    expect(error(mockFaultRuleInput, { method: 'GET', path: '/', status: 600 })!.code).toBe('max_value');
    expect(error(mockFaultRuleInput, { method: 'GET', path: '/', status: 500.5 })!.code).toBe('invalid_input');
    expect(error(mockFaultRuleInput, { method: 'GET', path: '/', status: 500, retry_after: -1 })!.code).toBe('min_value');
  });

  it('a latency of 0 to 60 s, or a range whose first bound is not above the second; an error rate of 0 to 1', () => {
    expect(data(mockFaultsInput, { latency_ms: [0, 60000], error_rate: 1, production_key_rules: true, rules: [] })).toEqual({
      latency_ms: [0, 60000],
      error_rate: 1,
      production_key_rules: true,
      rules: [],
    });
    expect(data(mockFaultsInput, { latency_ms: [5, 5], error_rate: 0 }).latency_ms).toEqual([5, 5]);
    expect(error(mockFaultsInput, { latency_ms: [6, 5] })).toEqual({ code: 'invalid_input', detail: 'The first latency must not exceed the second.', attr: 'latency_ms' });
    expect(error(mockFaultsInput, { latency_ms: 60001 })!.attr).toBe('latency_ms');
    expect(error(mockFaultsInput, { latency_ms: -1 })!.attr).toBe('latency_ms');
    expect(error(mockFaultsInput, { error_rate: 1.5 })!.code).toBe('max_value');
    expect(error(mockFaultsInput, { error_rate: -0.1 })!.code).toBe('min_value');
    expect(error(mockFaultsInput, { rules: [{ method: 'GET', path: '/', status: 100 }] })!.attr).toBe('rules__0__status');
  });
});
