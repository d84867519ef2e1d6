/**
 * The bundled mock's own routes (API.md §9), which take no key: whether the backend is the mock
 * (and its demo keys), its fault settings, and a reset to the seed; all in the connection's world
 * (`X-Mock-World`, sent by http.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { mockFaultsSchema, mockInfoSchema, type MockFaults, type MockInfo } from '../../contract/schemas.ts';
import { ApiError, apiRequest, ResponseShapeError, type ApiCall } from '../client/http.ts';
import { runtimeOf } from '../runtime/runtime.ts';
import { keyRoots } from '../client/query-keys.ts';

/**
 * Whether a failed probe is still an answer: the backend said something that is not the mock's info
 * (production's 404, a page that is not the mock's shape). No answer at all (a network error, an
 * abort), a 5xx, a 408 or a 429 is not one: whether the backend is the mock is not known yet.
 */
export function isNotTheMockAnswer(error: unknown): boolean {
  if (error instanceof ApiError) return error.status < 500 && error.status !== 408 && error.status !== 429;
  return error instanceof ResponseShapeError && error.status < 500;
}

/**
 * GET /__mock/info at `host` (default: the connection's): the mock's info, or null when the backend
 * answered that it is not the bundled mock. Anything that is not an answer throws (not known yet).
 */
export async function fetchMockInfo(call: ApiCall, host?: string): Promise<MockInfo | null> {
  const target = host ?? runtimeOf(call.client).connection.get()?.host ?? '';
  try {
    return await apiRequest(call, {
      endpoint: 'mock.info',
      path: '/__mock/info',
      auth: false,
      connection: { host: target, key: '' },
      schema: mockInfoSchema,
    });
  } catch (error) {
    if (!call.signal?.aborted && isNotTheMockAnswer(error)) return null;
    throw error;
  }
}

/** Retries of a probe that got no answer: 4, after 0.5, 1, 2 and 4 s; then every 15 s while it has none. */
const MOCK_INFO_RETRIES = 4;
const MOCK_INFO_RECHECK_MS = 15_000;

export function fetchMockFaults(call: ApiCall): Promise<MockFaults> {
  return apiRequest(call, { endpoint: 'mock.faults', path: '/__mock/faults', auth: false, schema: mockFaultsSchema });
}

export const mockQueries = {
  /**
   * Null when the backend at `host` (`''`: this site) answered that it is not the bundled mock. A
   * probe without an answer is retried (in tests too: it is part of what the console does) and, once
   * the retries are spent, asked again every 15 s; until then the data stays undefined: not known.
   */
  info: (host: string) =>
    queryOptions({
      queryKey: [...keyRoots.mock, 'info', host] as const,
      queryFn: (call) => fetchMockInfo(call, host),
      staleTime: 60_000,
      retry: MOCK_INFO_RETRIES,
      retryDelay: (failures) => Math.min(500 * 2 ** (failures - 1), 4000),
      refetchInterval: (query) => (query.state.status === 'error' ? MOCK_INFO_RECHECK_MS : false),
    }),
  faults: () =>
    queryOptions({
      queryKey: [...keyRoots.mock, 'faults'] as const,
      queryFn: (call) => fetchMockFaults(call),
    }),
};

/** The mock's `production_key_rules` (API.md §9): the session-only actions of §1.2 refuse keys, as production does. */
export function productionKeyRulesOf(faults: MockFaults): boolean {
  return faults.production_key_rules === true;
}

/** Turns `production_key_rules` on or off (PUT /__mock/faults with that field only; the other faults stay). */
