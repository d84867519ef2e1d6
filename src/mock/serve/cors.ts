/**
 * Cross-origin requests, answered as production answers them (API.md §1.5: django-cors-headers with
 * every origin allowed and no credentials). Every mock handler is built with `mockRoute`, which
 * answers a preflight before its own checks and adds the CORS headers to whatever it answers, so
 * the three transports (msw/node, the demo's service worker, node:http) answer alike.
 */
import { http, type HttpHandler } from 'msw';
import { mockWorldHeader } from '../../contract/mock-world.ts';

/** Production's list (django-cors-headers' defaults, then its tracing headers), and the mock's world header. */
const allowedHeaders = [
  'accept',
  'authorization',
  'content-type',
  'user-agent',
  'x-csrftoken',
  'x-requested-with',
  'traceparent',
  'request-id',
  'request-context',
  'x-amzn-trace-id',
  'x-cloud-trace-context',
  'sentry-trace',
  'baggage',
  'x-highlight-request',
  'x-datadome-clientid',
  'x-posthog-token',
  'x-b3-sampled',
  'x-b3-spanid',
  'x-b3-traceid',
  'x-b3-parentspanid',
  'b3',
  mockWorldHeader.toLowerCase(),
].join(', ');

const allowedMethods = 'DELETE, GET, OPTIONS, PATCH, POST, PUT';
const maxAgeSeconds = '86400';

/**
 * The paths that answer cross-origin: production's `CORS_URLS_REGEX` for the API (every path under
 * `/api/` but three this contract does not use), and the mock's own routes. Never `/shared/`.
 */
const corsPath = /^(?:\/api\/(?!early_access_features|surveys|web_experiments)|\/__mock(?:\/|$))/;

function isCorsPath(pathname: string): boolean {
  return corsPath.test(pathname);
}

/** A `Vary` value with `name` added unless it is there (Django's `patch_vary_headers`). */
export function withVary(vary: string | null, name: string): string {
  if (vary === null) return name;
  return vary.split(',').some((listed) => listed.trim().toLowerCase() === name.toLowerCase()) ? vary : `${vary}, ${name}`;
}

function varyOnOrigin(headers: Headers): void {
  headers.set('vary', withVary(headers.get('vary'), 'origin'));
}

/**
 * Adds what production's CORS middleware adds to an answer on a CORS path: `Vary: origin` always;
 * with an `Origin` header, `Access-Control-Allow-Origin: *`, and for an OPTIONS request the allowed
 * headers, methods and max age. Never credentials, never exposed headers.
 */
export function addCorsHeaders(headers: Headers, method: string, pathname: string, origin: string | null): void {
  if (!isCorsPath(pathname)) return;
  varyOnOrigin(headers);
  if (!origin) return;
  headers.set('access-control-allow-origin', '*');
  if (method.toUpperCase() === 'OPTIONS') {
    headers.set('access-control-allow-headers', allowedHeaders);
    headers.set('access-control-allow-methods', allowedMethods);
    headers.set('access-control-max-age', maxAgeSeconds);
  }
}

/** The response, with the CORS headers of its request added. */
export function withCors(request: Request, response: Response): Response {
  addCorsHeaders(response.headers, request.method, new URL(request.url).pathname, request.headers.get('origin'));
  return response;
}

/** A preflight: `OPTIONS` with `Access-Control-Request-Method` (the method asked for is not checked). */
function isPreflight(request: Request): boolean {
  return request.method.toUpperCase() === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** Production's preflight answer: 200, an empty body, then the CORS headers (with an `Origin`, the allowed lists). */
function preflightResponse(request: Request): Response {
  return withCors(request, new Response(null, { status: 200, headers: { 'content-length': '0' } }));
}

type Resolver = (info: { request: Request }) => Response | undefined | Promise<Response | undefined>;

/**
 * A mock handler for every method on the requests `matches` picks: on a CORS path, a preflight is
 * answered before `answer` runs (no key, no world, no fault, no 404), and every answer gets the CORS
 * headers; elsewhere the answer is left as it is.
 */
export function mockRoute(matches: (info: { request: Request }) => boolean, answer: Resolver): HttpHandler {
  return http.all(matches, async (info) => {
    const { request } = info;
    const pathname = new URL(request.url).pathname;
    if (!isCorsPath(pathname)) return answer(info);
    if (isPreflight(request)) return preflightResponse(request);
    const response = await answer(info);
    if (response) addCorsHeaders(response.headers, request.method, pathname, request.headers.get('origin'));
    return response;
  });
}
