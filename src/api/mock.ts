/**
 * The bundled mock's own routes (API.md §9), which take no key: whether the backend is the mock
 * (and its demo keys), its fault settings, and a reset to the seed; all in the connection's world
 * (`X-Mock-World`, sent by http.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { mockFaultsSchema, mockInfoSchema, type MockFaults, type MockInfo } from '../contract/schemas.ts';
import { getConnection } from './connection.ts';
import { apiRequest } from './http.ts';
import { keyRoots } from './query-keys.ts';

/** GET /__mock/info at `host` (default: the connection's); null when the backend is not the bundled mock. */
export async function fetchMockInfo(host?: string, signal?: AbortSignal): Promise<MockInfo | null> {
  const target = host ?? getConnection()?.host ?? '';
  try {
    return await apiRequest({
      endpoint: 'mock.info',
      path: '/__mock/info',
      auth: false,
      connection: { host: target, key: '' },
      signal,
      schema: mockInfoSchema,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    // A production API answers 404 (or something that is not the mock's shape): not the mock.
    return null;
  }
}

export function fetchMockFaults(signal?: AbortSignal): Promise<MockFaults> {
  return apiRequest({ endpoint: 'mock.faults', path: '/__mock/faults', auth: false, signal, schema: mockFaultsSchema });
}

export const mockQueries = {
  /** Null when the backend at `host` (default: the connection's) is not the bundled mock. Never retried. */
  info: (host?: string) => {
    const target = host ?? getConnection()?.host ?? '';
    return queryOptions({
      queryKey: [...keyRoots.mock, 'info', target] as const,
      queryFn: ({ signal }) => fetchMockInfo(target, signal),
      staleTime: 60_000,
      retry: false,
    });
  },
  faults: () =>
    queryOptions({
      queryKey: [...keyRoots.mock, 'faults'] as const,
      queryFn: ({ signal }) => fetchMockFaults(signal),
    }),
};

/** The mock's `production_key_rules` (API.md §9): the session-only actions of §1.2 refuse keys, as production does. */
export function productionKeyRulesOf(faults: MockFaults): boolean {
  return faults.production_key_rules === true;
}

/** Turns `production_key_rules` on or off (PUT /__mock/faults with that field only; the other faults stay). */
