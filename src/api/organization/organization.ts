/** The key owner's organization, its members and the key owner (API.md §7). */
import { queryOptions } from '@tanstack/react-query';
import {
  meSchema,
  memberPageSchema,
  organizationPageSchema,
  organizationSchema,
  type Me,
  type Member,
  type Organization,
} from '../../contract/schemas.ts';
import type { Connection } from '../runtime/connection-store.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { nextOffset, PAGE_SIZE } from '../client/pagination.ts';
import { keyRoots, segment } from '../client/query-keys.ts';

/**
 * GET /api/organizations/@current/. With `connection`, checks a key that is not stored yet
 * (the Connect page); a 401 then is the caller's to show, not a reason to disconnect.
 */
export function fetchCurrentOrganization(
  call: ApiCall,
  connection?: Pick<Connection, 'host' | 'key'>,
): Promise<Organization> {
  return apiRequest(call, {
    endpoint: 'organizations.get',
    path: '/api/organizations/@current/',
    connection,
    schema: organizationSchema,
  });
}

/** Every member of the organization, all pages fetched one after the other, by `joined_at`. */
export async function fetchAllMembers(organizationId: string, call: ApiCall): Promise<Member[]> {
  const members: Member[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = await apiRequest(call, {
      endpoint: 'organizations.members',
      path: `/api/organizations/${segment(organizationId)}/members/`,
      query: { limit: PAGE_SIZE, offset },
      schema: memberPageSchema,
    });
    members.push(...page.results);
    offset = nextOffset(page, offset);
  }
  return members;
}

/** GET /api/organizations/: the organizations the key owner belongs to (one page of up to 100). */
export async function fetchOrganizations(call: ApiCall): Promise<Organization[]> {
  const page = await apiRequest(call, {
    endpoint: 'organizations.list',
    path: '/api/organizations/',
    query: { limit: PAGE_SIZE, offset: 0 },
    schema: organizationPageSchema,
  });
  return page.results;
}

/** GET /api/users/@me/; with `connection`, for a key Connect is still checking. */
export function fetchMe(call: ApiCall, connection?: Pick<Connection, 'host' | 'key'>): Promise<Me> {
  return apiRequest(call, { endpoint: 'users.me', path: '/api/users/@me/', connection, schema: meSchema });
}

export const organizationQueries = {
  /** The organization: its name, the caller's `membership_level`, and `projects` [{id, name}] (the switcher). */
  current: () =>
    queryOptions({
      queryKey: [...keyRoots.organization, 'current'] as const,
      queryFn: (call) => fetchCurrentOrganization(call),
    }),
  /** Every organization the key owner belongs to (the `Organization` switcher), each with its `projects`. */
  all: () =>
    queryOptions({
      queryKey: [...keyRoots.organization, 'all'] as const,
      queryFn: (call) => fetchOrganizations(call),
      staleTime: 60_000,
    }),
  /** All members (every page); `organizationId` may be `@current`. */
  members: (organizationId = '@current') =>
    queryOptions({
      queryKey: [...keyRoots.organization, organizationId, 'members'] as const,
      queryFn: (call) => fetchAllMembers(organizationId, call),
    }),
};

export const userQueries = {
  /** The key owner, with `organization` and `team` (the current project). */
  me: () =>
    queryOptions({
      queryKey: ['me'] as const,
      queryFn: (call) => fetchMe(call),
    }),
};
