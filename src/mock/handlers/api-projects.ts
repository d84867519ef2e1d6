/** Routes of API.md §6 (projects and their actions) and §7 (organization, members, @me). */
import { details } from '../../contract/errors.ts';
import {
  addProductIntentInput,
  completeProductOnboardingInput,
  projectCreateInput,
  projectUpdateInput,
} from '../../contract/inputs.ts';
import type { OrganizationRecord, ProjectRecord } from '../db.ts';
import {
  currentOrganization,
  currentProject,
  isAdmin,
  levelIn,
  resolveOrganization,
  resolveProject,
} from '../rules/access.ts';
import { activityPage } from '../rules/activity.ts';
import { pageAndLimit, paginate } from '../rules/pagination.ts';
import { problems } from '../rules/problem.ts';
import {
  addProductIntent,
  completeProductOnboarding,
  createProject,
  deleteProject,
  filterProjects,
  resetToken,
  updateProject,
  visibleProjects,
} from '../rules/projects.ts';
import { memberJson, organizationJson, projectJson, projectListItemJson, userJson } from '../rules/serialize.ts';
import { bodyFields, bodyObject, json, noContent, type ApiContext, type RouteHandler } from './api-http.ts';

/** The organization of the path (`@current` or its UUID), or 404. */
const organization = (ctx: ApiContext): OrganizationRecord =>
  resolveOrganization(ctx.store, ctx.principal, ctx.params.organization_id!);

/** The project of the path, under the organization of the path when the route has one. */
function project(ctx: ApiContext): ProjectRecord {
  const org = ctx.params.organization_id === undefined ? undefined : organization(ctx);
  return resolveProject(ctx.store, ctx.principal, ctx.params.project_id!, org);
}

const full = (ctx: ApiContext, p: ProjectRecord) => projectJson(p, levelIn(ctx.store, ctx.principal.user, p.organization_id));

function requireAdmin(ctx: ApiContext, organizationId: string, detail: string): void {
  if (!isAdmin(ctx.store, ctx.principal.user, organizationId)) throw problems.forbidden(detail);
}

export const projectRoutes: Record<string, RouteHandler> = {
  'projects.list': (ctx) => {
    const org = organization(ctx);
    const projects = filterProjects(ctx.store.projectsOf(org.id), ctx.query.get('search'));
    return json(200, paginate(projects.map(projectListItemJson), ctx.linkBase, ctx.query));
  },

  'projects.listAll': (ctx) => {
    const projects = filterProjects(visibleProjects(ctx.store, ctx.principal), ctx.query.get('search'));
    return json(200, paginate(projects.map(projectListItemJson), ctx.linkBase, ctx.query));
  },

  'projects.create': (ctx) => {
    const org = organization(ctx);
    requireAdmin(ctx, org.id, details.adminsCreateDeleteProjects);
    const input = bodyFields(ctx, projectCreateInput);
    return json(201, full(ctx, createProject(ctx.store, ctx.principal, org, input)));
  },

  'projects.get': (ctx) => json(200, full(ctx, project(ctx))),

  'projects.update': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, projectUpdateInput);
    updateProject(ctx.store, ctx.principal, p, input);
    return json(200, full(ctx, p));
  },

  'projects.delete': (ctx) => {
    const p = project(ctx);
    requireAdmin(ctx, p.organization_id, details.adminsCreateDeleteProjects);
    deleteProject(ctx.store, p);
    return noContent();
  },

  'projects.activity': (ctx) => {
    const p = project(ctx);
    const { page, limit } = pageAndLimit(ctx.query);
    return json(200, activityPage(ctx.store, p.id, page, limit, ctx.linkBase));
  },

  'projects.addProductIntent': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, addProductIntentInput);
    addProductIntent(ctx.store, ctx.principal, p, input.product_type);
    return json(201, full(ctx, p));
  },

  'projects.completeProductOnboarding': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, completeProductOnboardingInput);
    completeProductOnboarding(ctx.store, ctx.principal, p, input.product_type);
    return json(200, full(ctx, p));
  },

  'projects.isGeneratingDemoData': (ctx) => {
    project(ctx);
    return json(200, { is_generating_demo_data: false });
  },

  'projects.resetToken': (ctx) => {
    const p = project(ctx);
    requireAdmin(ctx, p.organization_id, details.adminsResetToken);
    bodyObject(ctx);
    resetToken(ctx.store, ctx.principal, p);
    return json(200, full(ctx, p));
  },

  'organizations.get': (ctx) => {
    const org = organization(ctx);
    return json(200, organizationJson(ctx.store, org, levelIn(ctx.store, ctx.principal.user, org.id)));
  },

  'organizations.members': (ctx) => {
    const org = organization(ctx);
    const members = ctx.store.membersOf(org.id).map((m) => memberJson(ctx.store, m));
    return json(200, paginate(members, ctx.linkBase, ctx.query));
  },

  'users.me': (ctx) => {
    const { user } = ctx.principal;
    const org = currentOrganization(ctx.store, user);
    const team = currentProject(ctx.store, user);
    return json(200, {
      ...userJson(user),
      organization: org ? organizationJson(ctx.store, org, levelIn(ctx.store, user, org.id)) : null,
      team: team ? projectListItemJson(team) : null,
    });
  },
};
