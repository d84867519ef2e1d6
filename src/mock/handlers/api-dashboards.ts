/** Routes of API.md §5: dashboards, their collaborators and sharing. */
import {
  accessControlUpdateInput,
  createFromTemplateJsonInput,
  dashboardCreateInput,
  dashboardUpdateInput,
  moveTileInput,
  normalizeTags,
  parseInput,
  sharePasswordCreateInput,
  sharingUpdateInput,
} from '../../contract/inputs.ts';
import type { DashboardRecord, ProjectRecord } from '../store/records.ts';
import { requireEdit, requireView, resolveDashboard, resolveProject } from '../rules/access.ts';
import {
  accessControlJson,
  accessControlsAnswer,
  accessSubject,
  canEditAccessLevels,
  putAccessControl,
  usersWithAccess,
} from '../rules/access-control.ts';
import { details } from '../../contract/errors.ts';
import { addCollaborator, findCollaborator, listCollaborators, removeCollaborator } from '../rules/dashboards/collaborators.ts';
import {
  createDashboard,
  createFromTemplateJson,
  dashboardView,
  listDashboards,
  moveTile,
  openDashboard,
  updateDashboard,
} from '../rules/dashboards/dashboards.ts';
import { envelopeLinks, limitOffset } from './pagination.ts';
import { problems } from './problem.ts';
import { collaboratorJson } from '../rules/serialize.ts';
import {
  addSharePassword,
  checkPasswordsAllowed,
  deleteSharePassword,
  getSharing,
  refreshSharing,
  updateSharing,
} from '../rules/dashboards/sharing.ts';
import { bodyFields, bodyObject, json, noContent, peekBody, rawJson, type ApiContext, type RouteHandler } from './api-http.ts';

const project = (ctx: ApiContext): ProjectRecord => resolveProject(ctx.store, ctx.principal, ctx.params.project_id!);

/** The project, then the (non-deleted) dashboard of a collaborators or sharing path (404 `Dashboard not found.`). */
function projectAndDashboard(ctx: ApiContext): [ProjectRecord, DashboardRecord] {
  const p = project(ctx);
  return [p, resolveDashboard(ctx.store, p, ctx.params.dashboard_id!)];
}

/** The dashboard of a dashboard's own path: unknown is 404 `Not found.` (API.md §2.1). */
function dashboardOf(ctx: ApiContext, p: ProjectRecord, includeDeleted = false): DashboardRecord {
  try {
    return resolveDashboard(ctx.store, p, ctx.params.dashboard_id!, includeDeleted);
  } catch {
    throw problems.notFound();
  }
}

/** `?pinned=`: true or false (as Django reads booleans); anything else filters nothing. */
function pinnedParam(value: string | null): boolean | null {
  const v = value?.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/** `deleted` as a boolean field reads it (§1.3): only a false value restores. */
function restores(value: unknown): boolean {
  const parsed = parseInput(dashboardUpdateInput, { deleted: value });
  return parsed.ok && parsed.data.deleted === false;
}

const view = (ctx: ApiContext, p: ProjectRecord, d: DashboardRecord) => dashboardView(ctx.store, ctx.principal, p, d);

/** The caller as §5.7 sees them in the project's organization. */
const subject = (ctx: ApiContext, p: ProjectRecord) => accessSubject(ctx.store, ctx.principal.user, p.organization_id);

export const dashboardRoutes: Record<string, RouteHandler> = {
  'dashboards.list': (ctx) => {
    const p = project(ctx);
    const { limit, offset } = limitOffset(ctx.query);
    const search = ctx.query.get('search');
    const { count, items } = listDashboards(ctx.store, ctx.principal, p, {
      search: search ? search : null,
      pinned: pinnedParam(ctx.query.get('pinned')),
      tags: normalizeTags(ctx.query.getAll('tags')),
      limit,
      offset,
    });
    const { next, previous } = envelopeLinks(ctx.linkBase, limit, offset, count);
    return rawJson(
      200,
      `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${items.join(',')}]}`,
    );
  },

  'dashboards.create': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, dashboardCreateInput);
    return json(201, view(ctx, p, createDashboard(ctx.store, ctx.principal, p, input)));
  },

  'dashboards.createFromTemplateJson': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, createFromTemplateJsonInput, { jsonOnly: true });
    return json(200, view(ctx, p, createFromTemplateJson(ctx.store, ctx.principal, p, input)));
  },

  'dashboards.get': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p);
    requireView(ctx.store, ctx.principal, p, d);
    openDashboard(ctx.store, d);
    return json(200, view(ctx, p, d));
  },

  'dashboards.update': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p, true);
    // A deleted dashboard is found only by the request that restores it.
    if (d.deleted && !restores(peekBody(ctx)?.deleted)) throw problems.notFound();
    requireEdit(ctx.store, ctx.principal, p, d);
    const input = bodyFields(ctx, dashboardUpdateInput);
    updateDashboard(ctx.store, ctx.principal, p, d, input);
    return json(200, view(ctx, p, d));
  },

  // Dashboards are never hard-deleted: 405 with an empty body once the project is known.
  'dashboards.delete': (ctx) => {
    project(ctx);
    return { status: 405, headers: { Allow: 'GET, PATCH' }, body: null };
  },

  'dashboards.moveTile': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p);
    requireEdit(ctx.store, ctx.principal, p, d);
    const input = bodyFields(ctx, moveTileInput);
    moveTile(ctx.store, ctx.principal, p, d, input);
    return json(200, view(ctx, p, d));
  },

  // §5.7: the rules (29, 30) and who has access (31). An unknown dashboard is 404 `Not found.` (a
  // dashboard's own path); reading needs `viewer`; writing needs the right to edit the rules, then the body.
  'accessControls.get': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p);
    requireView(ctx.store, ctx.principal, p, d);
    return json(200, accessControlsAnswer(ctx.store, subject(ctx, p), d));
  },

  'accessControls.update': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p);
    if (!canEditAccessLevels(ctx.store, subject(ctx, p), d)) throw problems.forbidden(details.mustBeManager);
    const input = bodyFields(ctx, accessControlUpdateInput);
    const rule = putAccessControl(ctx.store, ctx.principal.user, p, d, input);
    return rule ? json(200, accessControlJson(rule)) : noContent();
  },

  'accessControls.usersWithAccess': (ctx) => {
    const p = project(ctx);
    const d = dashboardOf(ctx, p);
    requireView(ctx.store, ctx.principal, p, d);
    return json(200, usersWithAccess(ctx.store, p, d));
  },

  'collaborators.list': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireView(ctx.store, ctx.principal, p, d);
    return json(200, listCollaborators(ctx.store, d));
  },

  'collaborators.add': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    const body = bodyObject(ctx);
    const collaborator = addCollaborator(ctx.store, p, d, body);
    return json(201, collaboratorJson(ctx.store, collaborator));
  },

  'collaborators.remove': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    const collaborator = findCollaborator(ctx.store, d, ctx.params.user_uuid!);
    removeCollaborator(ctx.store, d, collaborator);
    return noContent();
  },

  'sharing.get': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireView(ctx.store, ctx.principal, p, d);
    return json(200, getSharing(ctx.store, ctx.principal, p, d));
  },

  'sharing.update': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    const input = bodyFields(ctx, sharingUpdateInput);
    updateSharing(ctx.store, ctx.principal, p, d, input);
    return json(200, getSharing(ctx.store, ctx.principal, p, d));
  },

  'sharing.refresh': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    bodyObject(ctx);
    refreshSharing(ctx.store, ctx.principal, p, d);
    return json(200, getSharing(ctx.store, ctx.principal, p, d));
  },

  'sharing.addPassword': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    checkPasswordsAllowed(ctx.store, p, d);
    const input = bodyFields(ctx, sharePasswordCreateInput);
    return json(201, addSharePassword(ctx.store, ctx.principal, p, d, input));
  },

  'sharing.deletePassword': (ctx) => {
    const [p, d] = projectAndDashboard(ctx);
    requireEdit(ctx.store, ctx.principal, p, d);
    deleteSharePassword(ctx.store, p, d, ctx.params.password_id!);
    return noContent();
  },
};
