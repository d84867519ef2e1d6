/**
 * The mock's fault layer (API.md §9): latency, a random server-error rate, and rules that force a
 * status on matching /api/ requests. It sits in front of the API handlers and never sees /__mock/.
 */
import { HttpResponse, type HttpHandler } from 'msw';
import { details, type ErrorBody } from '../contract/errors.ts';
import type { MockFaults } from '../contract/schemas.ts';
import { mockRoute } from './serve/cors.ts';
import { isApiPath, serverErrorBody } from './handlers/api.ts';

export type FaultRule = MockFaults['rules'][number];

export function noFaults(): MockFaults {
  return { latency_ms: 0, error_rate: 0, rules: [], production_key_rules: false };
}

/** Fault settings as given: any part may be left out, and a rule's `retry_after` too. */
export type FaultsInput = Partial<Omit<MockFaults, 'rules'>> & {
  rules?: ReadonlyArray<Omit<FaultRule, 'retry_after'> & { retry_after?: number | null }>;
};

/** A complete, independent copy of fault settings, missing parts meaning "no fault". */
export function normalizeFaults(faults: FaultsInput | undefined): MockFaults {
  const latency = faults?.latency_ms ?? 0;
  return {
    latency_ms: Array.isArray(latency) ? [latency[0], latency[1]] : latency,
    error_rate: faults?.error_rate ?? 0,
    rules: (faults?.rules ?? []).map((rule) => ({
      method: rule.method.toUpperCase(),
      path: rule.path,
      status: rule.status,
      retry_after: rule.retry_after ?? null,
    })),
    production_key_rules: faults?.production_key_rules ?? false,
  };
}

export function faultsActive(faults: MockFaults): boolean {
  const latency = faults.latency_ms;
  const hasLatency = Array.isArray(latency) ? latency[1] > 0 : latency > 0;
  return hasLatency || faults.error_rate > 0 || faults.rules.length > 0;
}

/** Milliseconds to wait: the number, or a uniformly random value in [min, max]. */
export function pickLatency(latency: MockFaults['latency_ms']): number {
  if (!Array.isArray(latency)) return latency;
  const [min, max] = latency;
  return min + Math.random() * (max - min);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

function segmentMatcher(segment: string): (value: string) => boolean {
  if (segment === '*') return () => true;
  if (!segment.includes('*')) return (value) => value === segment;
  const re = new RegExp(`^${segment.split('*').map(escapeRegExp).join('[^/]*')}$`);
  return (value) => re.test(value);
}

const globCache = new Map<string, (path: string) => boolean>();

/**
 * Compiles a path glob: `*` is any one segment (or any characters inside a segment, `dash*`),
 * `**` any number of segments, including none. Trailing slashes and the query are ignored.
 */
export function compileGlob(pattern: string): (path: string) => boolean {
  const cached = globCache.get(pattern);
  if (cached) return cached;
  const parts = splitPath(pattern).map((segment) => (segment === '**' ? null : segmentMatcher(segment)));
  const matches = (path: string) => {
    const segments = splitPath(path);
    // Backtracking over `**`; patterns are short, so the cost is negligible.
    const walk = (pi: number, si: number): boolean => {
      if (pi === parts.length) return si === segments.length;
      const part = parts[pi];
      if (part === undefined) return false;
      if (part === null) {
        for (let skip = si; skip <= segments.length; skip += 1) if (walk(pi + 1, skip)) return true;
        return false;
      }
      return si < segments.length && part(segments[si]!) && walk(pi + 1, si + 1);
    };
    return walk(0, 0);
  };
  if (globCache.size > 500) globCache.clear();
  globCache.set(pattern, matches);
  return matches;
}

function splitPath(path: string): string[] {
  const clean = path.split('?')[0]!.split('#')[0]!;
  const withoutOrigin = clean.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.split('/').filter((segment) => segment !== '');
}

export function globMatches(pattern: string, path: string): boolean {
  return compileGlob(pattern)(path);
}

export function findRule(faults: MockFaults, method: string, path: string): FaultRule | undefined {
  const upper = method.toUpperCase();
  return faults.rules.find(
    (rule) => (rule.method === '*' || rule.method === upper) && globMatches(rule.path, path),
  );
}

const reasonPhrases: Record<number, string> = {
  400: 'Invalid input.',
  402: 'Payment required.',
  408: 'Request timeout.',
  409: 'Conflict.',
  410: 'Gone.',
  415: 'Unsupported media type.',
  422: 'Unprocessable entity.',
  502: 'Bad gateway.',
  504: 'Gateway timeout.',
};

/** The standard error body (API.md §2) that a forced status answers with. */
export function errorBodyForStatus(status: number, method: string, retryAfter: number): ErrorBody {
  switch (status) {
    case 400:
      return { type: 'validation_error', code: 'invalid_input', detail: reasonPhrases[400]!, attr: null };
    case 401:
      return { type: 'authentication_error', code: 'authentication_failed', detail: details.authenticationFailed, attr: null };
    case 403:
      return {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: 'You do not have permission to perform this action.',
        attr: null,
      };
    case 404:
      return { type: 'invalid_request', code: 'not_found', detail: details.notFound, attr: null };
    case 405:
      return { type: 'invalid_request', code: 'method_not_allowed', detail: details.methodNotAllowed(method), attr: null };
    case 409:
      return { type: 'server_error', code: 'conflict', detail: reasonPhrases[409]!, attr: null };
    case 413:
      return { type: 'invalid_request', code: 'request_too_large', detail: details.requestTooLarge, attr: null };
    case 429:
      return { type: 'throttled_error', code: 'throttled', detail: details.throttled(retryAfter), attr: null };
    case 503:
      return {
        type: 'server_error',
        code: 'service_unavailable',
        detail: 'Service temporarily unavailable, try again later.',
        attr: null,
      };
    default:
      if (status >= 500) return { type: 'server_error', code: 'error', detail: reasonPhrases[status] ?? details.serverError, attr: null };
      return { type: 'invalid_request', code: 'error', detail: reasonPhrases[status] ?? `Request failed with status ${status}.`, attr: null };
  }
}

/** Seconds announced by a forced 429 (or 503) when its rule names none. */
export const defaultRetryAfter = 1;

const nullBodyStatuses = new Set([204, 205, 304]);

/** The response a rule forces: the standard error body for 4xx/5xx, an empty body otherwise. */
export function forcedResponse(status: number, method: string, retryAfter: number | null): Response {
  if (status < 400) {
    return new HttpResponse(nullBodyStatuses.has(status) ? null : '', { status });
  }
  const seconds = retryAfter ?? defaultRetryAfter;
  const headers: Record<string, string> = {};
  if (status === 429 || (status === 503 && retryAfter !== null)) headers['Retry-After'] = String(seconds);
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return HttpResponse.json(errorBodyForStatus(status, method, seconds), { status, headers });
}

export function serverErrorResponse(): Response {
  return HttpResponse.json(serverErrorBody satisfies ErrorBody, { status: 500 });
}


const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The fault layer as one MSW handler, over the fault settings of the request's world. When no fault
 * is set it does not even match, so the API
 * handlers run at full speed; otherwise it waits, then answers a forced status or falls through.
 */
export function faultHandler(getFaults: (request: Request) => MockFaults): HttpHandler {
  return mockRoute(
    ({ request }) => isApiPath(new URL(request.url).pathname) && faultsActive(getFaults(request)),
    async ({ request }) => {
      const latency = pickLatency(getFaults(request).latency_ms);
      if (latency > 0) await sleep(latency);
      // Read again after the wait: settings changed meanwhile apply to this request.
      const faults = getFaults(request);
      const rule = findRule(faults, request.method, new URL(request.url).pathname);
      if (rule) return forcedResponse(rule.status, request.method, rule.retry_after);
      if (faults.error_rate > 0 && Math.random() < faults.error_rate) return serverErrorResponse();
      return undefined;
    },
  );
}
