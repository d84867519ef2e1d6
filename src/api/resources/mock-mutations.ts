/**
 * What the mock's controls change (API.md §9): its faults, `production_key_rules`, a reset of the
 * caller's world, and a switch to another demo key. Apart from src/api/resources/mock.ts so that the first
 * load, which only asks whether the backend is the mock, carries none of it.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MockFaultsInput } from '../../contract/inputs.ts';
import { mockFaultsSchema, type MockFaults, type Organization } from '../../contract/schemas.ts';
import { changed, type Change } from '../client/changes.ts';
import { saveConnection } from '../connect/save-connection.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { runtimeOf } from '../runtime/runtime.ts';
import { mockQueries } from './mock.ts';
import { fetchCurrentOrganization, organizationQueries } from '../organization/organization.ts';
import { keyRoots } from '../client/query-keys.ts';

/** PUT /__mock/faults: the fields given replace the current settings. */
export function updateMockFaults(faults: MockFaultsInput, call: ApiCall): Promise<MockFaults> {
  return apiRequest(call, {
    endpoint: 'mock.faults.update',
    method: 'PUT',
    path: '/__mock/faults',
    auth: false,
    body: faults,
    schema: mockFaultsSchema,
  });
}

/** POST /__mock/reset: the mock's store is its seed again. */
export function resetMock(call: ApiCall): Promise<void> {
  return apiRequest(call, { endpoint: 'mock.reset', method: 'POST', path: '/__mock/reset', auth: false });
}

/** The faults are the answer; everything else of the mock's (its info: production_key_rules) is stale. */
const faultsSaved = (faults: MockFaults): Change[] => [
  changed.set(mockQueries.faults().queryKey, faults),
  changed.refresh(keyRoots.mock),
];

export function useUpdateMockFaults() {
  return useMutation({
    mutationFn: (faults: MockFaultsInput, call) => updateMockFaults(faults, call),
    meta: { changes: faultsSaved },
  });
}

export function useSetProductionKeyRules() {
  return useMutation({
    mutationFn: (on: boolean, call) => updateMockFaults({ production_key_rules: on }, call),
    meta: { changes: faultsSaved },
  });
}

/** Resets the mock's data (the connection's world): every tab drops what is not on screen and refetches the rest. */
export function useResetMock() {
  return useMutation({
    mutationFn: (_: void, call) => resetMock(call),
    meta: { changes: () => [changed.everything()] },
  });
}

/**
 * Reconnects with another key (a demo key of the mock) on the same host, keeping where the key is
 * stored: the key is checked first, then every query on screen is fetched again with it (app.tsx).
 * The other tabs hear of the new key from the connection itself (tab-channel.ts `connect`).
 */
export function useSwitchKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string, call) => {
      const runtime = runtimeOf(call.client);
      const current = runtime.connection.get();
      const host = current?.host ?? '';
      const organization = await fetchCurrentOrganization(call, { host, key });
      // The mock's own answers do not depend on the key: put them back after the key change empties
      // the cache, so its controls stay on screen (restored data, not a change the mutation made).
      const mockData = queryClient.getQueriesData({ queryKey: keyRoots.mock });
      saveConnection(runtime, { host, key, remember: current?.remembered ?? false });
      for (const [queryKey, data] of mockData) if (data !== undefined) queryClient.setQueryData(queryKey, data);
      return organization;
    },
    meta: { changes: (organization: Organization) => [changed.set(organizationQueries.current().queryKey, organization)] },
  });
}

/**
 * After this tab moved to another mock world: nothing fetched in the old world stays on screen. The
 * mock's own answers are refetched in place (its controls stay open); the rest starts afresh.
 */
export function forgetOtherWorld(client: QueryClient): void {
  void client.cancelQueries();
  client.getMutationCache().clear();
  const isMock = (queryKey: ReadonlyArray<unknown>) => keyRoots.mock.every((part, i) => queryKey[i] === part);
  void client.resetQueries({ predicate: (query) => !isMock(query.queryKey) });
  void client.invalidateQueries({ queryKey: keyRoots.mock });
}
