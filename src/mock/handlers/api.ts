/**
 * The API as MSW handlers: one handler takes every /api/ request and runs the checks of API.md §2
 * in their order (path, key, method, scope, then the route: objects, privilege, body, rules).
 */
import { http, type HttpHandler } from 'msw';
import { details } from '../../contract/errors.ts';
import { matchPath, type EndpointMatch } from '../../contract/scopes.ts';
import type { Store } from '../db.ts';
import { authenticate, requireScope } from '../rules/access.ts';
import { ApiProblem, problems } from '../rules/problem.ts';
import { dashboardRoutes } from './api-dashboards.ts';
import { json, problemAnswer, toResponse, type ApiAnswer, type ApiContext, type RouteHandler } from './api-http.ts';
import { projectRoutes } from './api-projects.ts';

export type { ApiAnswer } from './api-http.ts';

const routes: Record<string, RouteHandler> = { ...dashboardRoutes, ...projectRoutes };

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
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
}

/** Steps 1–4 of §2 (path, key, method, scope): the endpoint, or the problem that answers. */
function endpointFor(store: Store, method: string, pathname: string, authorization: string | null): EndpointMatch {
  const matches = endpointsFor(pathname);
  if (matches.length === 0) throw problems.endpointNotFound();
  const principal = authenticate(store, authorization);
  const match = matches.find((m) => m.endpoint.method === method);
  if (!match) throw problems.methodNotAllowed(method, [...new Set(matches.map((m) => m.endpoint.method))]);
  requireScope(principal, match.endpoint.scope);
  return match;
}

function serverError(method: string, url: string, error: unknown): ApiAnswer {
  console.error('Mock API: unexpected error while answering', method, url.split('?')[0], error);
  return json(500, { type: 'server_error', code: 'error', detail: details.serverError, attr: null });
}

/**
 * Answers one /api/ request synchronously, from the checks to the change in the store; never
 * throws (an unexpected exception is a 500 server_error, and a bug).
 */
export function answerApiRequest(store: Store, request: ApiRequest): ApiAnswer {
  const method = request.method.toUpperCase();
  try {
    const url = new URL(request.url);
    const match = endpointFor(store, method, url.pathname, request.authorization);
    const ctx: ApiContext = {
      store,
      principal: authenticate(store, request.authorization),
      params: match.params,
      query: url.searchParams,
      linkBase: { origin: `http://${request.host ?? url.host}`, pathname: url.pathname, search: url.search.slice(1) },
      raw: bodyMethods.has(method) ? request.body : null,
    };
    const route = routes[match.endpoint.name];
    if (!route) throw new Error(`No route handler for the endpoint ${match.endpoint.name}.`);
    return store.mutate(() => route(ctx));
  } catch (error) {
    if (error instanceof ApiProblem) return problemAnswer(error);
    return serverError(method, request.url, error);
  }
}

/** Answers a Fetch request; the body is read only once the path, key, method and scope pass. */
export async function handleApiRequest(store: Store, request: Request): Promise<Response> {
  const method = request.method.toUpperCase();
  const authorization = request.headers.get('authorization');
  let body: Uint8Array | null = null;
  if (bodyMethods.has(method)) {
    try {
      endpointFor(store, method, new URL(request.url).pathname, authorization);
      body = new Uint8Array(await request.arrayBuffer());
    } catch (error) {
      return toResponse(error instanceof ApiProblem ? problemAnswer(error) : serverError(method, request.url, error));
    }
  }
  return toResponse(answerApiRequest(store, { method, url: request.url, authorization, host: request.headers.get('host'), body }));
}

/** Every /api/ route of API.md, including the 404 "Endpoint not found." for unknown /api/ paths. */
export function apiHandlers(store: Store): HttpHandler[] {
  return [
    http.all(
      ({ request }) => isApiPath(new URL(request.url).pathname),
      ({ request }) => handleApiRequest(store, request),
    ),
  ];
}
