/**
 * The key's access as queries (DESIGN.md rule 2): its scopes (`personal_api_keys/@current`), the
 * person's role in the current organization, and whether the backend refuses keys the session-only
 * actions (`/__mock/info`). authorization.ts answers from them; the connected routes' loader
 * (src/app/routes/routes.tsx) asks for them before the pages draw, unless they were kept with the
 * connection (access-storage.ts). Small on purpose: the loader is first-load code, authorization.ts is not.
 */
import { queryOptions } from '@tanstack/react-query';
import { personalApiKeySchema, type PersonalApiKey } from '../../contract/schemas.ts';
import type { Connection } from '../runtime/connection-store.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { mockQueries } from '../resources/mock.ts';
import { organizationQueries } from '../organization/organization.ts';

export type CurrentKey = PersonalApiKey;

/** With `connection`, asks about a key that is not stored yet (Connect). */
export function fetchCurrentKey(call: ApiCall, connection?: Pick<Connection, 'host' | 'key'>): Promise<CurrentKey> {
  return apiRequest(call, {
    endpoint: 'personalApiKeys.current',
    path: '/api/personal_api_keys/@current/',
    schema: personalApiKeySchema,
    connection,
  });
}

export const personalApiKeyQueries = {
  /**
   * The connected key (its scopes); refetched whenever the connection changes (the app resets every
   * query). A failure is an answer ("cannot be learnt": the API decides), not asked again by each page
   * that mounts, which would make every control "not known yet" meanwhile.
   */
  current: () =>
    queryOptions({
      queryKey: ['personal-api-key', '@current'] as const,
      queryFn: (call) => fetchCurrentKey(call),
      staleTime: 5 * 60_000,
      retry: false,
      retryOnMount: false,
    }),
};

/** The queries whose answers make the key's access known on `host` (the person's identity is asked by the dashboard pages). */
export const accessQueries = (host: string) => [personalApiKeyQueries.current(), organizationQueries.current(), mockQueries.info(host)];
