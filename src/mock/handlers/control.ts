/**
 * The mock's control routes under /__mock/ (API.md §9): no key, never touched by the fault layer.
 * reset, info and faults act on the caller's world (`X-Mock-World`); worlds lists them all. They see
 * the mock only through `MockControl`, which createMock hands them.
 */
import { HttpResponse, type HttpHandler } from 'msw';
import { details, type ErrorBody } from '../../contract/errors.ts';
import { mockFaultsInput, parseInput } from '../../contract/inputs.ts';
import { mockRoute } from '../serve/cors.ts';
import type { MockFaults, MockInfo } from '../../contract/schemas.ts';
import { normalizeFaults } from '../faults.ts';
import type { World, WorldSummary } from '../store/worlds.ts';

/** What the control routes act on: the worlds and their fault settings. */
export interface MockControl {
  /** The world a request names (`X-Mock-World`), created on first use. */
  worldOf(request: Request): World;
  /** A world's store back to the seed, its faults back to none. */
  reset(world: World): void;
  info(world: World): MockInfo;
  getFaults(world: World): MockFaults;
  setFaults(faults: MockFaults, world: World): void;
  /** Every world kept, the default first. */
  listWorlds(): WorldSummary[];
  /** Drops a named world and its faults; false when no such world is kept (or for the default one). */
  dropWorld(name: string): boolean;
}

const maxBodyBytes = 1024 * 1024;

function error(status: number, body: ErrorBody, headers?: Record<string, string>): Response {
  return HttpResponse.json(body, { status, headers });
}

function notFound(): Response {
  return error(404, { type: 'invalid_request', code: 'not_found', detail: details.endpointNotFound, attr: null });
}

function methodNotAllowed(method: string, allowed: string[]): Response {
  return error(
    405,
    { type: 'invalid_request', code: 'method_not_allowed', detail: details.methodNotAllowed(method), attr: null },
    { Allow: allowed.join(', ') },
  );
}

/** Reads a JSON object body the way the API does: size, then JSON, then an object. */
async function readJsonObject(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBodyBytes) {
    return {
      ok: false,
      response: error(413, { type: 'invalid_request', code: 'request_too_large', detail: details.requestTooLarge, attr: null }),
    };
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return { ok: true, body: {} };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return {
      ok: false,
      response: error(400, { type: 'invalid_request', code: 'parse_error', detail: details.parseError(reason), attr: null }),
    };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      response: error(400, { type: 'validation_error', code: 'invalid_input', detail: details.expectedObject, attr: null }),
    };
  }
  return { ok: true, body };
}

type Route = Partial<Record<string, (request: Request) => Response | Promise<Response>>>;

export function controlHandlers(mock: MockControl): HttpHandler[] {
  const routes: Record<string, Route> = {
    reset: {
      POST: (request) => {
        mock.reset(mock.worldOf(request));
        return new HttpResponse(null, { status: 204 });
      },
    },
    info: {
      GET: (request) => HttpResponse.json(mock.info(mock.worldOf(request))),
    },
    worlds: {
      GET: () => HttpResponse.json(mock.listWorlds()),
    },
    faults: {
      GET: (request) => HttpResponse.json(mock.getFaults(mock.worldOf(request))),
      PUT: async (request) => {
        const read = await readJsonObject(request);
        if (!read.ok) return read.response;
        const parsed = parseInput(mockFaultsInput, read.body);
        if (!parsed.ok) return error(400, { type: 'validation_error', ...parsed.error });
        // PUT replaces: a field left out means "no such fault".
        const world = mock.worldOf(request);
        mock.setFaults(normalizeFaults(parsed.data), world);
        return HttpResponse.json(mock.getFaults(world));
      },
    },
    'openapi.json': {
      // Built on the first request, never at start-up (nor in the demo until someone asks).
      GET: async (request) => {
        const { contractOpenApiDocument } = await import('../../contract/operations/openapi.ts');
        const { openapi, info, ...rest } = contractOpenApiDocument();
        return HttpResponse.json({ openapi, info, servers: [{ url: new URL(request.url).origin }], ...rest });
      },
    },
  };

  /** `/__mock/worlds/<name>`: `DELETE` drops that world (204); an unknown one is 404 `{"detail": "Not found."}`. */
  const worldRoute = (request: Request, segment: string): Response => {
    const method = request.method.toUpperCase();
    if (method !== 'DELETE') return methodNotAllowed(method, ['DELETE']);
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      name = segment;
    }
    if (!mock.dropWorld(name)) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    return new HttpResponse(null, { status: 204 });
  };

  return [
    mockRoute(
      ({ request }) => {
        const { pathname } = new URL(request.url);
        return pathname === '/__mock' || pathname.startsWith('/__mock/');
      },
      async ({ request }) => {
        const { pathname } = new URL(request.url);
        const name = pathname.replace(/^\/__mock\/?/, '').replace(/\/$/, '');
        const world = /^worlds\/([^/]+)$/.exec(name);
        if (world) return worldRoute(request, world[1]!);
        const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
        if (!route) return notFound();
        const method = request.method.toUpperCase();
        const answer = route[method];
        if (!answer) return methodNotAllowed(method, Object.keys(route));
        return answer(request);
      },
    ),
  ];
}
