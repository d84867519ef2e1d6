/**
 * The bundled mock's own routes (API.md §9), which take no key: whether the backend is the mock
 * (and its demo keys), its fault settings, and a reset to the seed; all in the connection's world
 * (`X-Mock-World`, sent by http.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MockFaultsInput } from '../contract/inputs.ts';
import { mockFaultsSchema, mockInfoSchema, type MockFaults, type MockInfo } from '../contract/schemas.ts';
import { getConnection, saveConnection } from './connection.ts';
import { apiRequest } from './http.ts';
import { fetchCurrentOrganization, organizationQueries } from './organization.ts';
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

/** PUT /__mock/faults: the fields given replace the current settings. */
export function updateMockFaults(faults: MockFaultsInput, signal?: AbortSignal): Promise<MockFaults> {
  return apiRequest({
    endpoint: 'mock.faults.update',
    method: 'PUT',
    path: '/__mock/faults',
    auth: false,
    body: faults,
    signal,
    schema: mockFaultsSchema,
  });
}

/** POST /__mock/reset: the mock's store is its seed again. */
export function resetMock(signal?: AbortSignal): Promise<void> {
  return apiRequest({ endpoint: 'mock.reset', method: 'POST', path: '/__mock/reset', auth: false, signal });
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

export function useUpdateMockFaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faults: MockFaultsInput) => updateMockFaults(faults),
    meta: { invalidates: [keyRoots.mock] },
    onSuccess: (faults) => queryClient.setQueryData(mockQueries.faults().queryKey, faults),
  });
}

/** The mock's `production_key_rules` (API.md §9): the session-only actions of §1.2 refuse keys, as production does. */
export function productionKeyRulesOf(faults: MockFaults): boolean {
  return faults.production_key_rules === true;
}

/** Turns `production_key_rules` on or off (PUT /__mock/faults with that field only; the other faults stay). */
export function useSetProductionKeyRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => updateMockFaults({ production_key_rules: on }),
    meta: { invalidates: [keyRoots.mock] },
    onSuccess: (faults) => queryClient.setQueryData(mockQueries.faults().queryKey, faults),
  });
}

/** Resets the mock's data (the connection's world), then refetches everything the console shows. */
export function useResetMock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetMock(),
    meta: { invalidates: [[]] },
    // Pages not on screen would first show their pre-reset data when visited: forget it instead.
    onSuccess: () => queryClient.removeQueries({ type: 'inactive' }),
  });
}

/**
 * Reconnects with another key (a demo key of the mock) on the same host, keeping where the key is
 * stored: the key is checked first, then every query on screen is fetched again with it.
 */
export function useSwitchKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => {
      const current = getConnection();
      const host = current?.host ?? '';
      const organization = await fetchCurrentOrganization(undefined, { host, key });
      // The mock's own answers do not depend on the key: keep them, so its controls stay on screen.
      const mockData = queryClient.getQueriesData({ queryKey: keyRoots.mock });
      saveConnection({ host, key, remember: current?.remembered ?? false });
      for (const [queryKey, data] of mockData) if (data !== undefined) queryClient.setQueryData(queryKey, data);
      queryClient.setQueryData(organizationQueries.current().queryKey, organization);
      return organization;
    },
  });
}
