/**
 * The only places where the mock's answers may differ from production's published schema: the
 * deliberate differences of API.md §10, each listed once with its reason quoted from there.
 * An entry without `covers` is a difference of behaviour (statuses, order of checks) that never
 * shows in the shape of an answer the schema documents; it is listed so the list is complete.
 */
import type { PathAlias, SchemaException } from './schema-check.ts';

const dashboardDetail = /^\/api\/(projects|environments)\/\{project_id\}\/dashboards\/(\{id\}\/)?$/;

export const exceptions: ReadonlyArray<SchemaException> = [
  {
    id: 'write-only dashboard fields',
    reason:
      'API.md §10: "Single dashboards keep `use_template`, `use_dashboard` and `delete_insights` (the published ' +
      'document lists them); production never returns these write-only fields."',
    covers: ({ template, pointer, keyword }) =>
      dashboardDetail.test(template) && keyword === 'writeOnlyInResponse' && /^\/(use_template|use_dashboard|delete_insights)$/.test(pointer),
  },
  {
    id: 'session-only actions',
    reason:
      'API.md §10: "The session-only actions of §1.2 work with keys in the mock (scopes as listed), so the console can ' +
      'demonstrate them; production answers keys 403 (the mock too, with `production_key_rules`, §9)."',
  },
  {
    id: 'read-only filters',
    reason:
      'API.md §10: "`filters` (and `variables`, `breakdown_colors`, `data_color_theme_id`, `quick_filter_ids`) stay ' +
      'read-only, as the published document has them; production stores `filters` and `variables` from create and PATCH."',
  },
  {
    id: '400 instead of 500',
    reason:
      'API.md §10: "The mock answers 400 where production fails with a 500: a `move_tile` body without `tile` or ' +
      '`toDashboard`, a `create_from_template_json` body without `template`, a template tile without `type`, a ' +
      'non-numeric activity `page` or `limit` (the mock uses the default)." (Error statuses the schema does not ' +
      'document are reported as not covered.)',
  },
  {
    id: 'path objects before the body',
    reason:
      'API.md §10: "The mock checks the objects of the path before the body (§2.3); production parses the body lazily ' +
      'and, on a dashboard PATCH, reports a malformed body before a 404."',
  },
  {
    id: '413 and 429',
    reason: 'API.md §10: "The 1 MiB body limit (413) and the 429 are the mock\'s."',
  },
  {
    id: 'shorter lists',
    reason:
      'API.md §10: "Production\'s list of product types, sharing settings keys and settings fields is longer; the mock ' +
      'keeps the ones listed here." (A subset validates as it is.)',
  },
];

/**
 * Paths production serves that the published schema leaves out, checked against the operation
 * production routes them to. Not exceptions: the answer must match that operation in full.
 */
export const aliases: ReadonlyArray<PathAlias> = [
  {
    // /api/projects/ and /api/projects/:id/… (but not the dashboard and activity_log routes the schema has).
    pattern: /^\/api\/projects\/(.*)$/,
    replacement: '/api/organizations/@current/projects/$1',
    reason:
      'API.md §6.1: "`…/projects/:id/` is both `/api/organizations/:organization_id/projects/:id/` and ' +
      '`/api/projects/:id/` (`:id` may be `@current`); the §6.2 actions answer under both." The schema\'s header: ' +
      '"Production routes some paths this schema leaves out (/api/projects/, /api/projects/{id}/, …)".',
  },
];
