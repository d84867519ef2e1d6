/**
 * The only places where the mock's answers may differ from production's published schema: the
 * deliberate differences of API.md §10, each listed once with its reason quoted from there.
 * An entry without `covers` is a difference of behaviour (statuses, order of checks) that never
 * shows in the shape of an answer the schema documents; it is listed so the list is complete.
 * (Where the published schema is wrong about production itself, see errata.ts: not exceptions.)
 */
import type { SchemaException } from './schema-check.ts';

export const exceptions: ReadonlyArray<SchemaException> = [
  {
    id: 'write-only dashboard fields',
    reason:
      'API.md §10: "Single dashboards keep `use_template`, `use_dashboard` and `delete_insights` (the published ' +
      'document lists them); production never returns these write-only fields."',
    // Every answer that is a single dashboard: create, read, update, move_tile, create_from_template_json.
    covers: ({ template, pointer, keyword }) =>
      template.includes('/dashboards/') && keyword === 'writeOnlyInResponse' && /^\/(use_template|use_dashboard|delete_insights)$/.test(pointer),
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

