/** Dashboards (API.md §5): list, create, update, soft delete and restore, move_tile, create_from_template_json. */
import type * as z from 'zod/mini';
import { details } from '../../contract/errors.ts';
import {
  charLength,
  type createFromTemplateJsonInput,
  type dashboardCreateInput,
  type dashboardUpdateInput,
  type moveTileInput,
} from '../../contract/inputs.ts';
import type { DashboardRecord, ProjectRecord, Store, TileRecord } from '../db.ts';
import { fieldChange, fieldChanges, recordDashboardActivity, recordProjectUpdated } from './activity.ts';
import { isAdmin, privilegeLevel, requireEdit, type Principal } from './access.ts';
import { problems } from './problem.ts';
import { nowIso, sharingToken } from './random.ts';
import { dashboardJson, dashboardListItemJson, dashboardSearchText } from './serialize.ts';
import { isDashboardTemplate, dashboardTemplateDefinitions, templateTiles } from './templates.ts';

export interface DashboardListQuery {
  search: string | null;
  pinned: boolean | null;
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

/**
 * One page of the project's dashboards as JSON text items, in list order. Without `search` this
 * costs O(page): the store keeps the order, and each item's JSON is cached.
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
  const admin = isAdmin(store, principal.user, project.organization_id);
  const item = (dashboard: DashboardRecord) =>
    dashboardListItemJson(store, dashboard, privilegeLevel(store, principal.user, dashboard, admin));
  const items: string[] = [];
  if (!query.search) {
    const start = from + query.offset;
    const end = Math.min(to, start + query.limit);
    for (let i = start; i < end; i += 1) items.push(item(ordered[i]!));
    return { count: to - from, items };
  }
  const needle = query.search.toLowerCase();
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const dashboard = ordered[i]!;
    if (!dashboardSearchText(store, dashboard).includes(needle)) continue;
    if (count >= query.offset && items.length < query.limit) items.push(item(dashboard));
    count += 1;
  }
  return { count, items };
}

/** The full dashboard as the caller sees it. */
export function dashboardView(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord) {
  const admin = isAdmin(store, principal.user, project.organization_id);
  return dashboardJson(store, dashboard, privilegeLevel(store, principal.user, dashboard, admin));
}

function newSharingToken(store: Store): string {
  let token = sharingToken();
  while (store.dashboardBySharingToken(token)) token = sharingToken();
  return token;
}

function copyTiles(store: Store, tiles: ReadonlyArray<TileRecord>): TileRecord[] {
  return tiles.map((tile) => ({ ...structuredClone(tile), id: store.nextId('tile') }));
}

type CreateInput = z.output<typeof dashboardCreateInput>;

/** POST dashboards/: the rules of §5, then the new dashboard. */
export function createDashboard(store: Store, principal: Principal, project: ProjectRecord, input: CreateInput): DashboardRecord {
  const template = input.use_template ? input.use_template : null;
  const sourceId = input.use_dashboard ?? null;
  if (template !== null && sourceId !== null) throw problems.invalid(details.templateAndDashboard);
  if (template !== null && !isDashboardTemplate(template)) {
    throw problems.invalid(details.invalidTemplate(template), 'use_template');
  }
  let source: DashboardRecord | undefined;
  if (sourceId !== null) {
    source = store.dashboard(sourceId);
    if (!source || source.project_id !== project.id || source.deleted) {
      throw problems.invalid(
        `Invalid value provided: dashboard ${sourceId} does not exist in this project or has been deleted.`,
        'use_dashboard',
      );
    }
  }

  const dashboard: DashboardRecord = {
    id: store.nextId('dashboard'),
    project_id: project.id,
    name: input.name ?? null,
    description: input.description ?? '',
    pinned: input.pinned ?? false,
    created_at: nowIso(),
    created_by: principal.user.id,
    deleted: input.deleted ?? false,
    creation_mode: 'default',
    tags: input.tags ?? [],
    restriction_level: input.restriction_level ?? 21,
    filters: {},
    variables: {},
    tiles: [],
    sharing: { enabled: false, access_token: newSharingToken(store), created_at: null },
  };
  if (template !== null && isDashboardTemplate(template)) {
    dashboard.creation_mode = 'template';
    dashboard.filters = structuredClone(dashboardTemplateDefinitions[template].filters);
    dashboard.tiles = templateTiles(template, (kind) => store.nextId(kind));
  } else if (source) {
    dashboard.creation_mode = 'duplicate';
    dashboard.filters = structuredClone(source.filters);
    dashboard.variables = structuredClone(source.variables);
    dashboard.tiles = copyTiles(store, source.tiles);
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
    throw problems.forbidden(details.restrictionRights);
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
  if (!tile) throw problems.notFound();
  const target = store.dashboard(input.toDashboard);
  if (!target || target.project_id !== project.id || target.deleted) throw problems.dashboardNotFound();
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

/** POST dashboards/create_from_template_json/: a dashboard made from a template given as JSON. */
export function createFromTemplateJson(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  input: TemplateJsonInput,
): DashboardRecord {
  const template = input.template;
  if (charLength(template.template_name) > 400) {
    throw problems.field({
      code: 'max_length',
      detail: 'Ensure this field has no more than 400 characters.',
      attr: 'template__template_name',
    });
  }
  const tiles: TileRecord[] = template.tiles.map((tile) => ({
    id: store.nextId('tile'),
    insight:
      tile.type === 'INSIGHT'
        ? { id: store.nextId('insight'), name: tile.name ?? null, description: tile.description ?? null }
        : null,
    text: tile.type === 'TEXT' ? { body: tile.body ?? null } : null,
    layouts: structuredClone(tile.layouts ?? {}),
    color: tile.color ?? null,
  }));
  const dashboard: DashboardRecord = {
    id: store.nextId('dashboard'),
    project_id: project.id,
    name: template.template_name,
    description: template.dashboard_description,
    pinned: false,
    created_at: nowIso(),
    created_by: principal.user.id,
    deleted: false,
    creation_mode: 'template',
    tags: template.tags ?? [],
    restriction_level: 21,
    filters: structuredClone(template.dashboard_filters),
    variables: structuredClone(template.variables ?? {}),
    tiles,
    sharing: { enabled: false, access_token: newSharingToken(store), created_at: null },
  };
  return addDashboard(store, principal, project, dashboard);
}

export { newSharingToken };

/** Stores a new dashboard and records its creation. */
function addDashboard(store: Store, principal: Principal, project: ProjectRecord, dashboard: DashboardRecord): DashboardRecord {
  store.insertDashboard(dashboard);
  recordDashboardActivity(store, { project, user: principal.user, dashboard, activity: 'created' });
  return dashboard;
}
