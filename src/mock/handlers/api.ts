/**
 * The API as MSW handlers: one handler takes every /api/ request and runs the checks of API.md §2.3
 * in their order: path, key, method, the nested project or organization, scope, membership; then
 * the route (its fixed answers, objects, privilege, body, rules).
 */
import type { HttpHandler } from 'msw';
import { details } from '../../contract/errors.ts';
import { isPersonalApiKeysPath, matchPath, type EndpointMatch } from '../../contract/scopes.ts';
import { mockRoute } from '../serve/cors.ts';
import type { Store } from '../store/db.ts';
import { authenticate, findOrganization, findProject, isMember, requireScope, type Principal } from '../rules/access.ts';
import { RuleFailure } from '../rules/failure.ts';
import { ApiProblem, problemOf, problems } from './problem.ts';
import { dashboardRoutes } from './api-dashboards.ts';
import { json, problemAnswer, toResponse, type ApiAnswer, type ApiContext, type RouteHandler } from './api-http.ts';
import { projectRoutes } from './api-projects.ts';

export type { ApiAnswer } from './api-http.ts';

const routes: Record<string, RouteHandler> = { ...dashboardRoutes, ...projectRoutes };

/** Whether a path belongs to the API (`/api` and below): the one test of it. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Options of the API handlers. */
export interface ApiOptions {
  /** When true, the session-only actions of §1.2 answer keys 403 as production does (§9). */
  productionKeyRules?: () => boolean;
}

// Paths repeat (lists are paged, dashboards reopened): remember recent matches.
const matchCache = new Map<string, EndpointMatch[]>();
function endpointsFor(pathname: string): EndpointMatch[] {
  let matches = matchCache.get(pathname);
  if (!matches) {
    matches = matchPath(pathname);
    if (matchCache.size >= 5000) matchCache.clear();
    matchCache.set(pathname, matches);
  }
  return matches;
}

const bodyMethods = new Set(['POST', 'PATCH', 'PUT']);

/** One /api/ request as plain values. */
export interface ApiRequest {
  method: string;
  /** Absolute URL (its host is the fallback for pagination links). */
  url: string;
  /** The Authorization header, if any. */
  authorization: string | null;
  /** The Host header, if any. */
  host: string | null;
  /** The body as received (read for POST, PATCH and PUT; ignored otherwise). */
  body: Uint8Array | null;
  /** The Content-Type header, if any. */
  contentType?: string | null;
}

/** The 500 body, written once. */
export const serverErrorBody = { type: 'server_error', code: 'error', detail: details.serverError, attr: null } as const;

interface Checked {
  match: EndpointMatch;
  principal: Principal;
}

/**
 * Steps 1–6 of §2.3: the path (404), the key (401), the method (403; a session-only action under
 * `production_key_rules` too), the project or organization the path nests under (404), the scope
 * (403), and membership (403). The endpoint and its caller, or the problem that answers.
 */
function checkRequest(store: Store, method: string, pathname: string, authorization: string | null, options: ApiOptions): Checked {
  const matches = endpointsFor(pathname);
  const keysPath = matches.length === 0 && isPersonalApiKeysPath(pathname);
  if (matches.length === 0 && !keysPath) throw problems.endpointNotFound();
  const principal = authenticate(store, authorization);
  const match = matches.find((m) => m.endpoint.method === method);
  if (!match) throw problems.methodNotOffered(keysPath || pathname.startsWith('/api/personal_api_keys') ? details.personalApiKeysMethod : undefined);
  const { endpoint, params } = match;
  if (endpoint.sessionOnly && options.productionKeyRules?.()) throw problems.methodNotOffered(details.sessionOnly);

  // Step 4: the project or organization of a nested path exists (before the scope, as production).
  let projectOrganization: string | null = null;
  if (endpoint.nested === 'project') {
    const project = findProject(store, principal, params.project_id!);
    if (!project) throw problems.projectNotFound();
    projectOrganization = project.organization_id;
  }
  let organizationId: string | null = null;
  if (endpoint.nested === 'organization') {
    const organization = findOrganization(store, principal, params.organization_id!);
    if (!organization) throw problems.organizationNotFound();
    organizationId = organization.id;
  }
  // Step 5: the scope.
  if (endpoint.scope !== null) requireScope(principal, endpoint.scope);
  // Step 6: membership.
  if (projectOrganization !== null && !isMember(store, principal, projectOrganization)) {
    throw problems.forbidden(details.noProjectAccess);
  }
  if (endpoint.name === 'organizations.members' && organizationId !== null && !isMember(store, principal, organizationId)) {
    throw problems.forbidden(details.noPermission);
  }
  return { match, principal };
}

/** The answer to a refusal: the handlers' own (ApiProblem) or a rule's (RuleFailure); null for anything else. */
function refusalAnswer(error: unknown): ApiAnswer | null {
  if (error instanceof ApiProblem) return problemAnswer(error);
  if (error instanceof RuleFailure) return problemAnswer(problemOf(error));
  return null;
}

function serverError(method: string, url: string, error: unknown): ApiAnswer {
  console.error('Mock API: unexpected error while answering', method, url.split('?')[0], error);
  return json(500, serverErrorBody);
}

/**
 * Answers one /api/ request synchronously, from the checks to the change in the store; never
 * throws (an unexpected exception is a 500 server_error, and a bug).
 */
export function answerApiRequest(store: Store, request: ApiRequest, options: ApiOptions = {}): ApiAnswer {
  const method = request.method.toUpperCase();
  try {
    const url = new URL(request.url);
    const { match, principal } = checkRequest(store, method, url.pathname, request.authorization, options);
    const ctx: ApiContext = {
      store,
      principal,
      params: match.params,
      query: url.searchParams,
      linkBase: { origin: `http://${request.host ?? url.host}`, pathname: url.pathname, search: url.search.slice(1) },
      raw: bodyMethods.has(method) ? request.body : null,
      contentType: request.contentType ?? null,
    };
    if (match.endpoint.collectionPatch) {
      const allowed = endpointsFor(url.pathname).filter((m) => !m.endpoint.collectionPatch).map((m) => m.endpoint.method);
      throw problems.methodNotAllowed(method, [...new Set(allowed)]);
    }
    const route = routes[match.endpoint.name];
    if (!route) throw new Error(`No route handler for the endpoint ${match.endpoint.name}.`);
    return store.mutate(() => route(ctx));
  } catch (error) {
    return refusalAnswer(error) ?? serverError(method, request.url, error);
  }
}

/** Answers a Fetch request; the body is read only once the checks before it (steps 1–6) pass. */
export async function handleApiRequest(store: Store, request: Request, options: ApiOptions = {}): Promise<Response> {
  const method = request.method.toUpperCase();
  const authorization = request.headers.get('authorization');
  let body: Uint8Array | null = null;
  if (bodyMethods.has(method)) {
    try {
      checkRequest(store, method, new URL(request.url).pathname, authorization, options);
      body = new Uint8Array(await request.arrayBuffer());
    } catch (error) {
      return toResponse(refusalAnswer(error) ?? serverError(method, request.url, error));
    }
  }
  return toResponse(
    answerApiRequest(
      store,
      { method, url: request.url, authorization, host: request.headers.get('host'), body, contentType: request.headers.get('content-type') },
      options,
    ),
  );
}

/**
 * Every /api/ route of API.md, including the 404 "Endpoint not found." for unknown /api/ paths, over
 * one store or the store of each request's world.
 */
export function apiHandlers(
  store: Store | ((request: Request) => Store),
  options: { productionKeyRules?: (request: Request) => boolean } = {},
): HttpHandler[] {
  const { productionKeyRules } = options;
  return [
    mockRoute(
      ({ request }) => isApiPath(new URL(request.url).pathname),
      ({ request }) =>
        handleApiRequest(typeof store === 'function' ? store(request) : store, request, {
          productionKeyRules: productionKeyRules && (() => productionKeyRules(request)),
        }),
    ),
  ];
}
