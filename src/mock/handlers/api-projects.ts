/** Routes of API.md §6 (projects, their actions and activity) and §7 (organizations, members, @me, the key). */
import * as z from 'zod/mini';
import { details } from '../../contract/errors.ts';
import {
  addProductIntentInput,
  projectCreateInput,
  projectNameInput,
  productTypes,
  projectUpdateInput,
  type ProductType,
} from '../../contract/inputs.ts';
import { parseInput } from '../../contract/inputs.ts';
import { FormField } from '../../contract/coerce.ts';
import type { OrganizationRecord, ProjectRecord } from '../store/records.ts';
import {
  currentOrganization,
  currentProject,
  findOrganization,
  isAdmin,
  isMember,
  levelIn,
  resolveOrganization,
  resolveOwnProject,
  resolveProject,
} from '../rules/access.ts';
import { activityLog, projectFeed } from '../rules/activity.ts';
import { activityLogPage, pageAndLimit, pageLinks, paginate } from './pagination.ts';
import { problems } from './problem.ts';
import {
  addProductIntent,
  adminOnlyFields,
  completeProductOnboarding,
  createProject,
  deleteProject,
  filterProjects,
  nameTaken,
  primaryDashboardProblem,
  resetToken,
  updateProject,
  visibleProjects,
} from '../rules/projects.ts';
import {
  activityJson,
  basicOrganizationJson,
  meJson,
  memberJson,
  organizationJson,
  personalApiKeyJson,
  projectJson,
  projectListItemJson,
} from '../rules/serialize.ts';
import { bodyFields, bodyObject, json, noContent, type ApiContext, type RouteHandler } from './api-http.ts';

/** The organization of a nested path (the pipeline checked that it exists). */
function pathOrganization(ctx: ApiContext): OrganizationRecord {
  const organization = findOrganization(ctx.store, ctx.principal, ctx.params.organization_id!);
  if (!organization) throw problems.organizationNotFound();
  return organization;
}

/** The project of `…/projects/:id/`: under the organization of the path when the route has one; else 404 `Not found.`. */
function project(ctx: ApiContext): ProjectRecord {
  if (ctx.params.organization_id === undefined) return resolveOwnProject(ctx.store, ctx.principal, ctx.params.project_id!);
  const organization = pathOrganization(ctx);
  if (!isMember(ctx.store, ctx.principal, organization.id)) throw problems.notFound();
  return resolveOwnProject(ctx.store, ctx.principal, ctx.params.project_id!, organization);
}

const full = (ctx: ApiContext, p: ProjectRecord) => projectJson(p, levelIn(ctx.store, ctx.principal.user, p.organization_id));

/** §6.2: action answers carry `project_id` (= `id`). */
const withProjectId = (ctx: ApiContext, p: ProjectRecord) => ({ ...full(ctx, p), project_id: p.id });

function requireAdmin(ctx: ApiContext, organizationId: string, detail: string): void {
  if (!isAdmin(ctx.store, ctx.principal.user, organizationId)) throw problems.forbidden(detail);
}

/** POST (13, 22): admins only (403), then `name` (400, then 409), then the other fields, then `primary_dashboard`. */
function create(ctx: ApiContext, organization: OrganizationRecord) {
  requireAdmin(ctx, organization.id, details.adminsCreateProjects);
  const body = bodyObject(ctx);
  const named = parseInput(z.object({ name: z.optional(projectNameInput) }), body);
  if (!named.ok) throw problems.field(named.error);
  if (named.data.name !== undefined && nameTaken(ctx.store, organization.id, named.data.name, null)) {
    throw problems.conflict(details.projectNameTaken(named.data.name));
  }
  const input = bodyFields(ctx, projectCreateInput);
  const refusal = primaryDashboardProblem(ctx.store, null, input.primary_dashboard);
  if (refusal) throw problems.invalid(refusal, 'primary_dashboard');
  return json(201, full(ctx, createProject(ctx.store, ctx.principal, organization, input)));
}

/** `product_type` of 19: its own `{"error": …}` bodies (§2.2). */
function onboardingProductType(ctx: ApiContext): ProductType {
  const body = bodyObject(ctx);
  const raw = body.product_type instanceof FormField ? body.product_type.last : body.product_type;
  if (raw === undefined || raw === null || raw === '') throw problems.bare(400, { error: details.productTypeRequired });
  const found = productTypes.find((t) => t === String(raw));
  if (!found) throw problems.bare(400, { error: details.invalidProductType(productTypes) });
  return found;
}

export const projectRoutes: Record<string, RouteHandler> = {
  'projects.list': (ctx) => {
    const org = pathOrganization(ctx);
    // A real organization the key owner does not belong to shows nothing (§6.1).
    const own = isMember(ctx.store, ctx.principal, org.id) ? ctx.store.projectsOf(org.id) : [];
    const projects = filterProjects(own, ctx.query.get('search'));
    return json(200, paginate(projects.map(projectListItemJson), ctx.linkBase, ctx.query));
  },

  'projects.listAll': (ctx) => {
    const projects = filterProjects(visibleProjects(ctx.store, ctx.principal), ctx.query.get('search'));
    return json(200, paginate(projects.map(projectListItemJson), ctx.linkBase, ctx.query));
  },

  'projects.create': (ctx) => {
    const org = pathOrganization(ctx);
    if (!isMember(ctx.store, ctx.principal, org.id)) throw problems.organizationNotFound();
    return create(ctx, org);
  },

  'projects.createCurrent': (ctx) => {
    const org = currentOrganization(ctx.store, ctx.principal.user);
    if (!org) throw problems.organizationNotFound();
    return create(ctx, org);
  },

  'projects.get': (ctx) => json(200, full(ctx, project(ctx))),

  'projects.update': (ctx) => {
    const p = project(ctx);
    const body = bodyObject(ctx);
    const named = parseInput(z.object({ name: z.optional(projectNameInput) }), body);
    if (!named.ok) throw problems.field(named.error);
    if (named.data.name !== undefined && nameTaken(ctx.store, p.organization_id, named.data.name, p.id)) {
      throw problems.conflict(details.projectNameTaken(named.data.name));
    }
    const input = bodyFields(ctx, projectUpdateInput);
    if (!isAdmin(ctx.store, ctx.principal.user, p.organization_id)) {
      const refused = adminOnlyFields(input);
      if (refused.length) throw problems.forbidden(details.adminOnlySettings(refused));
    }
    const refusal = primaryDashboardProblem(ctx.store, p, input.primary_dashboard);
    if (refusal) throw problems.invalid(refusal, 'primary_dashboard');
    updateProject(ctx.store, ctx.principal, p, input);
    return json(200, full(ctx, p));
  },

  'projects.delete': (ctx) => {
    const p = project(ctx);
    requireAdmin(ctx, p.organization_id, details.insufficientProjectPermissions);
    deleteProject(ctx.store, p);
    return noContent();
  },

  'projects.activity': (ctx) => {
    const p = project(ctx);
    const { page, limit } = pageAndLimit(ctx.query);
    const entries = projectFeed(ctx.store, p);
    const start = (page - 1) * limit;
    return json(200, {
      results: entries.slice(start, start + limit).map((e) => activityJson(ctx.store, e)),
      ...pageLinks(ctx.linkBase, page, limit, entries.length),
      total_count: entries.length,
    });
  },

  'activityLog.list': (ctx) => {
    const p = resolveProject(ctx.store, ctx.principal, ctx.params.project_id!);
    const user = ctx.query.get('user');
    const userId = user !== null && /^\d+$/.test(user.trim()) ? Number(user.trim()) : user === null ? null : -1;
    const entries = activityLog(ctx.store, p, {
      scope: ctx.query.get('scope') || null,
      itemId: ctx.query.get('item_id') || null,
      userId,
    });
    const { results, next, previous } = activityLogPage(entries, ctx.query.get('cursor'), ctx.linkBase);
    return json(200, { next, previous, results: results.map((e) => activityJson(ctx.store, e)) });
  },

  'projects.addProductIntent': (ctx) => {
    const p = project(ctx);
    const input = bodyFields(ctx, addProductIntentInput);
    addProductIntent(ctx.store, p, input.product_type);
    return json(201, withProjectId(ctx, p));
  },

  'projects.completeProductOnboarding': (ctx) => {
    const p = project(ctx);
    completeProductOnboarding(ctx.store, p, onboardingProductType(ctx));
    return json(200, withProjectId(ctx, p));
  },

  'projects.isGeneratingDemoData': (ctx) => {
    project(ctx);
    return json(200, { is_generating_demo_data: false });
  },

  'projects.resetToken': (ctx) => {
    const p = project(ctx);
    requireAdmin(ctx, p.organization_id, details.insufficientProjectPermissions);
    bodyObject(ctx);
    resetToken(ctx.store, ctx.principal, p);
    return json(200, full(ctx, p));
  },

  'organizations.list': (ctx) => {
    const { user } = ctx.principal;
    const organizations = ctx.store
      .organizationsOf(user.id)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
      .map((org) => organizationJson(ctx.store, org, levelIn(ctx.store, user, org.id)));
    return json(200, paginate(organizations, ctx.linkBase, ctx.query));
  },

  'organizations.get': (ctx) => {
    const org = resolveOrganization(ctx.store, ctx.principal, ctx.params.organization_id!);
    return json(200, organizationJson(ctx.store, org, levelIn(ctx.store, ctx.principal.user, org.id)));
  },

  // §7 #24: newest `joined_at` first (`?order=joined_at` oldest first; any other value the default,
  // as production's allowed orderings); `?email=` exactly (case included); inactive users left out.
  'organizations.members': (ctx) => {
    const org = pathOrganization(ctx);
    let members = ctx.store.membersOf(org.id);
    if (ctx.query.get('order') !== 'joined_at') members.reverse();
    const email = ctx.query.get('email');
    if (email !== null) members = members.filter((m) => ctx.store.user(m.user_id)?.email === email);
    return json(200, paginate(members.map((m) => memberJson(ctx.store, m)), ctx.linkBase, ctx.query));
  },

  'users.me': (ctx) => {
    const { user } = ctx.principal;
    const org = currentOrganization(ctx.store, user);
    return json(
      200,
      meJson(user, {
        team: currentProject(ctx.store, user),
        organization: org ? organizationJson(ctx.store, org, levelIn(ctx.store, user, org.id)) : null,
        organizations: ctx.store.organizationsOf(user.id).map((o) => basicOrganizationJson(o, levelIn(ctx.store, user, o.id))),
      }),
    );
  },

  'personalApiKeys.current': (ctx) => json(200, personalApiKeyJson(ctx.principal.key)),

  // §7 #26: a key reads itself by its own id too; any other id is refused as every other path there.
  'personalApiKeys.get': (ctx) => {
    if (ctx.params.key_id !== ctx.principal.key.id) throw problems.methodNotOffered(details.personalApiKeysMethod);
    return json(200, personalApiKeyJson(ctx.principal.key));
  },
};
