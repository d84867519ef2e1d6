/**
 * The bundled mock's own routes (API.md §9), which take no key: whether the backend is the mock
 * (and its demo keys), its fault settings, and a reset to the seed; all in the connection's world
 * (`X-Mock-World`, sent by http.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { mockFaultsSchema, mockInfoSchema, type MockFaults, type MockInfo } from '../../contract/schemas.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { runtimeOf } from '../runtime/runtime.ts';
import { keyRoots } from '../client/query-keys.ts';

/** GET /__mock/info at `host` (default: the connection's); null when the backend is not the bundled mock. */
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
    if (call.signal?.aborted) throw error;
    // A production API answers 404 (or something that is not the mock's shape): not the mock.
    return null;
  }
}

export function fetchMockFaults(call: ApiCall): Promise<MockFaults> {
  return apiRequest(call, { endpoint: 'mock.faults', path: '/__mock/faults', auth: false, schema: mockFaultsSchema });
}

export const mockQueries = {
  /** Null when the backend at `host` (`''`: this site) is not the bundled mock. Never retried. */
  info: (host: string) =>
    queryOptions({
      queryKey: [...keyRoots.mock, 'info', host] as const,
      queryFn: (call) => fetchMockInfo(call, host),
      staleTime: 60_000,
      retry: false,
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
