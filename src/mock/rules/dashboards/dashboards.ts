/** Dashboards (API.md §5): list, create, update, soft delete and restore, move_tile, create_from_template_json. */
import type * as z from 'zod/mini';
import { details } from '../../../contract/errors.ts';
import { restrictionLevels } from '../../../contract/inputs.ts';
import {
  charLength,
  FormField,
  normalizeTags,
  type createFromTemplateJsonInput,
  type dashboardCreateInput,
  type dashboardUpdateInput,
  type moveTileInput,
} from '../../../contract/inputs.ts';
import type { Store } from '../../store/db.ts';
import type { DashboardRecord, ProjectRecord, TileRecord } from '../../store/records.ts';
import { fieldChange, fieldChanges, recordDashboardActivity, recordProjectUpdated } from '../activity.ts';
import { isAdmin, privilegeLevel, requireEdit, type Principal } from '../access.ts';
import { accessSubject, dashboardsAtNone } from '../access-control.ts';
import { failures } from '../failure.ts';
import { nowIso, sharingToken } from '../random.ts';
import { dashboardJson, dashboardListItemJson, dashboardSearchText, type Viewer } from '../serialize.ts';
import { templateSchemaError } from './template-schema.ts';
import { dashboardTemplateDefinitions, isDashboardTemplate, templateTileSpecs } from './templates.ts';
import { newInsight, newText, newTile, type TileFactory } from './tiles.ts';

export interface DashboardListQuery {
  search: string | null;
  pinned: boolean | null;
  /** `?tags=`: only dashboards carrying any of them (empty: no filter). */
  tags: string[];
  limit: number;
  offset: number;
}

/** Index of the first unpinned dashboard in a list-ordered array (pinned ones come first). */
function firstUnpinned(list: ReadonlyArray<DashboardRecord>): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.pinned) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function viewerOf(store: Store, principal: Principal, project: ProjectRecord): Viewer {
  return accessSubject(store, principal.user, project.organization_id);
}

/**
 * One page of the project's dashboards as JSON text items, in list order; dashboards at `none` for
 * the caller are left out, from the count too (API.md §5.4). Without filters, and with no dashboard
 * at `none`, this costs O(page): the store keeps the order, and each item's JSON is cached.
 */
export function listDashboards(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  query: DashboardListQuery,
): { count: number; items: string[] } {
  const ordered = store.orderedDashboards(project.id);
  let from = 0;
  let to = ordered.length;
  if (query.pinned !== null) {
    const boundary = firstUnpinned(ordered);
    if (query.pinned) to = boundary;
    else from = boundary;
  }
  const viewer = viewerOf(store, principal, project);
  const item = (dashboard: DashboardRecord) =>
    dashboardListItemJson(store, dashboard, privilegeLevel(store, principal.user, dashboard, viewer.admin), viewer);
  const hidden = dashboardsAtNone(store, viewer, project);
  const items: string[] = [];
  if (!query.search && query.tags.length === 0 && hidden.size === 0) {
    const start = from + query.offset;
    const end = Math.min(to, start + query.limit);
    for (let i = start; i < end; i += 1) items.push(item(ordered[i]!));
    return { count: to - from, items };
  }
  const needle = query.search?.toLowerCase() ?? null;
  const tags = new Set(query.tags);
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const dashboard = ordered[i]!;
    if (hidden.has(dashboard.id)) continue;
    if (needle !== null && !dashboardSearchText(store, dashboard).includes(needle)) continue;
    if (tags.size > 0 && !dashboard.tags.some((tag) => tags.has(tag))) continue;
    if (count >= query.offset && items.length < query.limit) items.push(item(dashboard));
    count += 1;
  }
  return { count, items };
}

/** The full dashboard as the caller sees it. */
export function dashboardView(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord) {
  const viewer = viewerOf(store, principal, project);
  return dashboardJson(store, dashboard, privilegeLevel(store, principal.user, dashboard, viewer.admin), viewer);
}

/** GET dashboards/:id/ stamps `last_accessed_at` (API.md §4.2). */
export function openDashboard(store: Store, dashboard: DashboardRecord): void {
  store.touchDashboard(dashboard, nowIso());
}

/** A token no dashboard of the store holds (current or retired). */
export function newSharingToken(store: Store): string {
  let token = sharingToken();
  while (store.dashboardBySharingToken(token)) token = sharingToken();
  return token;
}

/** The store as a source of new tiles, insights and texts. */
export function storeTileFactory(store: Store): TileFactory {
  return { nextId: (kind) => store.nextId(kind), addInsight: (insight) => store.insertInsight(insight), now: nowIso() };
}

/** Python's truth of a JSON value, as production reads `duplicate_tiles` (API.md §5.3). */
export function pythonTruthy(value: unknown): boolean {
  // A form body's value is its (last) text.
  if (value instanceof FormField) return value.last !== '';
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * The tiles of a duplicate: new tile ids; the same insights and texts, or with `deep` new insights
 * named `… (Copy)` and new texts with the same body.
 */
function duplicateTiles(store: Store, userId: number, source: DashboardRecord, deep: boolean): TileRecord[] {
  const factory = storeTileFactory(store);
  return source.tiles.map((tile) => {
    let insightId = tile.insight_id;
    let text = tile.text ? structuredClone(tile.text) : null;
    if (deep) {
      const insight = insightId === null ? undefined : store.insight(insightId);
      if (insight) {
        insightId = newInsight(factory, source.project_id, userId, {
          name: insight.name === null ? null : `${insight.name} (Copy)`,
          description: insight.description,
          query: insight.query,
          is_sample: insight.is_sample ?? false,
        }).id;
      }
      if (tile.text) text = newText(factory, userId, tile.text.body);
    }
    return newTile(factory, { insight_id: insightId, text }, tile.layouts, tile.color);
  });
}

/** A dashboard with the defaults of API.md §5.2. */
export function newDashboardRecord(store: Store, projectId: number, userId: number, fields: Partial<DashboardRecord>): DashboardRecord {
  return dashboardRecord(store.nextId('dashboard'), projectId, userId, fields);
}

/** The record of dashboard `id` with the defaults of API.md §5.2 (also for data files written outside a store). */
export function dashboardRecord(id: number, projectId: number, userId: number, fields: Partial<DashboardRecord>): DashboardRecord {
  return {
    id,
    project_id: projectId,
    name: null,
    description: '',
    pinned: false,
    created_at: nowIso(),
    created_by: userId,
    last_accessed_at: null,
    deleted: false,
    creation_mode: 'default',
    filters: {},
    variables: {},
    breakdown_colors: [],
    data_color_theme_id: null,
    tags: [],
    restriction_level: restrictionLevels.everyoneCanEdit,
    last_refresh: null,
    quick_filter_ids: [],
    tiles: [],
    sharing: null,
    ...fields,
  };
}

type CreateInput = z.output<typeof dashboardCreateInput>;

/** POST dashboards/: the rules of §5.3, then the new dashboard. */
export function createDashboard(store: Store, principal: Principal, project: ProjectRecord, input: CreateInput): DashboardRecord {
  const template = input.use_template ? input.use_template : null;
  const sourceId = input.use_dashboard ?? null;
  if (template !== null && sourceId !== null) throw failures.invalid(details.templateAndDashboard);
  if (template !== null && !isDashboardTemplate(template)) {
    throw failures.invalid(details.invalidTemplate(template), 'use_template');
  }
  let source: DashboardRecord | undefined;
  if (sourceId !== null) {
    source = store.dashboard(sourceId);
    if (!source || source.project_id !== project.id || source.deleted) {
      throw failures.invalid('Invalid value provided', 'use_dashboard');
    }
  }

  const dashboard = newDashboardRecord(store, project.id, principal.user.id, {
    name: input.name ?? null,
    description: input.description ?? '',
    pinned: input.pinned ?? false,
    deleted: input.deleted ?? false,
    tags: input.tags ?? [],
    restriction_level: input.restriction_level ?? restrictionLevels.everyoneCanEdit,
  });
  if (template !== null && isDashboardTemplate(template)) {
    const factory = storeTileFactory(store);
    dashboard.creation_mode = 'template';
    dashboard.filters = structuredClone(dashboardTemplateDefinitions[template].filters);
    dashboard.tiles = templateTileSpecs(template).map((spec) =>
      newTile(factory, { insight_id: newInsight(factory, project.id, principal.user.id, spec.insight).id, text: null }, spec.layouts, spec.color),
    );
  } else if (source) {
    dashboard.creation_mode = 'duplicate';
    dashboard.filters = structuredClone(source.filters);
    dashboard.variables = structuredClone(source.variables);
    dashboard.breakdown_colors = structuredClone(source.breakdown_colors);
    dashboard.tiles = duplicateTiles(store, principal.user.id, source, pythonTruthy(input.duplicate_tiles));
  }
  return addDashboard(store, principal, project, dashboard);
}

type UpdateInput = z.output<typeof dashboardUpdateInput>;

/** PATCH dashboards/:id/: the restriction rule, then the changes (soft delete and restore included). */
export function updateDashboard(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  dashboard: DashboardRecord,
  input: UpdateInput,
): void {
  if (
    input.restriction_level !== undefined &&
    dashboard.created_by !== principal.user.id &&
    !isAdmin(store, principal.user, project.organization_id)
  ) {
    throw failures.forbidden(details.restrictionRights);
  }
  const patch: Partial<DashboardRecord> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.pinned !== undefined) patch.pinned = input.pinned;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  if (input.tags !== undefined) patch.tags = input.tags;
  if (input.restriction_level !== undefined) patch.restriction_level = input.restriction_level;
  const changes = fieldChanges('Dashboard', dashboard, patch);
  if (changes.length === 0) return;

  const wasDeleted = dashboard.deleted;
  store.updateDashboard(dashboard, patch);
  const activity = !wasDeleted && dashboard.deleted ? 'deleted' : wasDeleted && !dashboard.deleted ? 'restored' : 'updated';
  recordDashboardActivity(store, { project, user: principal.user, dashboard, activity, changes });
  if (activity === 'deleted' && project.primary_dashboard === dashboard.id) {
    store.updateProject(project, { primary_dashboard: null, updated_at: nowIso() });
    recordProjectUpdated(store, principal.user, project, [fieldChange('Team', 'primary_dashboard', dashboard.id, null)]);
  }
}

type MoveTileInput = z.output<typeof moveTileInput>;

/** PATCH dashboards/:id/move_tile/: the tile (keeping its id) leaves `source` for the target. */
export function moveTile(store: Store, principal: Principal, project: ProjectRecord, source: DashboardRecord, input: MoveTileInput): void {
  const tile = source.tiles.find((t) => t.id === input.tile.id);
  if (!tile) throw failures.notFound();
  const target = store.dashboard(input.toDashboard);
  if (!target || target.project_id !== project.id || target.deleted) throw failures.notFound();
  if (target === source) return;
  requireEdit(store, principal, project, target);

  const sourceBefore = source.tiles.map((t) => t.id);
  const targetBefore = target.tiles.map((t) => t.id);
  store.updateDashboard(source, { tiles: source.tiles.filter((t) => t !== tile) });
  store.updateDashboard(target, { tiles: [...target.tiles, tile] });
  for (const [dashboard, before] of [
    [source, sourceBefore],
    [target, targetBefore],
  ] as const) {
    recordDashboardActivity(store, {
      project,
      user: principal.user,
      dashboard,
      activity: 'updated',
      changes: [fieldChange('Dashboard', 'tiles', before, dashboard.tiles.map((t) => t.id))],
    });
  }
}

type TemplateJsonInput = z.output<typeof createFromTemplateJsonInput>;

const optionalText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const optionalObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** POST dashboards/create_from_template_json/: a dashboard made from a template given as JSON (API.md §5.3). */
export function createFromTemplateJson(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  input: TemplateJsonInput,
): DashboardRecord {
  const invalid = templateSchemaError(input.template);
  if (invalid !== null) throw failures.invalid(invalid);
  const template = input.template as Record<string, unknown> & {
    template_name: string;
    dashboard_description: string;
    dashboard_filters: Record<string, unknown>;
    tiles: Array<Record<string, unknown>>;
    tags?: string[];
  };
  // The mock answers 400 where production fails (API.md §10): a tile without a type.
  const untyped = template.tiles.findIndex((tile) => !Object.hasOwn(tile, 'type'));
  if (untyped >= 0) throw failures.invalid("'type' is a required property");
  if (charLength(template.template_name) > 400) {
    throw failures.field({
      code: 'max_length',
      detail: 'Ensure this field has no more than 400 characters.',
      attr: 'template__template_name',
    });
  }
  const factory = storeTileFactory(store);
  const tiles: TileRecord[] = [];
  for (const tile of template.tiles) {
    const layouts = optionalObject(tile.layouts);
    const color = optionalText(tile.color);
    if (tile.type === 'INSIGHT') {
      const insight = newInsight(factory, project.id, principal.user.id, {
        name: optionalText(tile.name),
        description: optionalText(tile.description),
        query: optionalObject(tile.query),
        is_sample: true,
      });
      tiles.push(newTile(factory, { insight_id: insight.id, text: null }, layouts, color));
    } else if (tile.type === 'TEXT') {
      tiles.push(newTile(factory, { insight_id: null, text: newText(factory, principal.user.id, optionalText(tile.body)) }, layouts, color));
    }
  }
  const dashboard = newDashboardRecord(store, project.id, principal.user.id, {
    name: template.template_name,
    description: template.dashboard_description,
    creation_mode: 'template',
    tags: normalizeTags(template.tags ?? []),
    filters: structuredClone(template.dashboard_filters),
    tiles,
  });
  return addDashboard(store, principal, project, dashboard);
}

/** Stores a new dashboard and records its creation. */
function addDashboard(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): DashboardRecord {
  store.insertDashboard(dashboard);
  recordDashboardActivity(store, { project, user: principal.user, dashboard, activity: 'created' });
  return dashboard;
}
