/**
 * The operation catalogue: every `/api/` operation of the contract's OpenAPI document (openapi.ts),
 * read from what the contract already holds, never listed by hand: the method, path and scope from
 * the endpoint table (scopes.ts), the summary, query, body, example and answer from the descriptions
 * behind the document (openapi.ts, which names the input schemas of inputs.ts and the answer schemas
 * of schemas.ts and its siblings). The API explorer and the contract check read it.
 *
 * One entry per operation; the `/api/environments/:project_id/…` routes, which serve exactly the
 * `/api/projects/:project_id/…` ones (API.md §1.1), are aliases of those entries.
 */
import type * as z from 'zod/mini';
import { descriptions, documentedEndpoints, operationIdOf } from './openapi.ts';
import type { Endpoint, HttpMethod, RequiredScope } from '../scopes.ts';

/** A query parameter the operation takes, with the contract's sentence for it. */
export interface QueryParameter {
  name: string;
  description: string;
}

/** The resource an operation belongs to, as the explorer groups them. */
export interface OperationGroup {
  /** The endpoint table's prefix (`dashboards`, `accessControls`), the document's tag. */
  tag: string;
  /** In words: `Dashboards`, `Access control`. */
  label: string;
}

export interface Operation {
  /** URL-safe and stable: the OpenAPI document's `operationId` of the main path (`dashboardsList`). */
  id: string;
  method: HttpMethod;
  /** The main path, parameters written `:name` (`/api/projects/:project_id/dashboards/`). */
  path: string;
  /** Other paths serving the same operation with the same parameters (`/api/environments/…`). */
  aliases: string[];
  group: OperationGroup;
  summary: string;
  /** The scope the key needs; null for the key reading itself (any valid key). */
  scope: RequiredScope | null;
  /** One of the five actions production refuses to personal API keys (API.md §1.2). */
  sessionOnly: boolean;
  /** A `GET`: changes nothing. */
  reads: boolean;
  /** Path parameter names in path order (`['project_id', 'dashboard_id']`). */
  pathParams: string[];
  query: QueryParameter[];
  /** The request body: the input schema the mock parses it with, and a body it accepts. */
  body?: { schema: z.ZodMiniType; example: unknown };
  /** The success status (200, 201, 204; 405 for the dashboard DELETE, which always refuses). */
  status: number;
  /** The success answer's schema, the one the console reads it with; none for an empty answer. */
  answer?: z.ZodMiniType;
  /** When the operation may also answer 204 with no body (a removed access rule). */
  noContent?: string;
  /** The table rows behind this entry: the main one first, then its aliases. */
  endpoints: Endpoint[];
}

/** The resource groups, in the explorer's order, by the endpoint table's prefix. */
const groupLabels: Readonly<Record<string, string>> = {
  projects: 'Projects',
  dashboards: 'Dashboards',
  collaborators: 'Collaborators',
  sharing: 'Sharing',
  accessControls: 'Access control',
  activityLog: 'Activity log',
  organizations: 'Organizations',
  users: 'Users',
  personalApiKeys: 'Personal API keys',
};

/** `/api/environments/:project_id/…` serves `/api/projects/:project_id/…` (API.md §1.1). */
const aliasRoots: ReadonlyArray<readonly [alias: string, main: string]> = [['/api/environments/', '/api/projects/']];

function mainPathOf(path: string): string {
  for (const [alias, main] of aliasRoots) if (path.startsWith(alias)) return main + path.slice(alias.length);
  return path;
}

/** The resource group of an endpoint name (`sharing.update` → Sharing). */
export function groupOf(endpointName: string): OperationGroup {
  const tag = endpointName.split('.')[0]!;
  return { tag, label: groupLabels[tag] ?? tag };
}

let built: Operation[] | undefined;

/**
 * Every operation, built on first use and kept (it depends only on the contract), grouped by
 * resource in the order of `groupLabels`, then in the endpoint table's order.
 */
export function operations(): ReadonlyArray<Operation> {
  if (built) return built;
  const byKey = new Map<string, Operation>();
  for (const endpoint of documentedEndpoints()) {
    const mainPath = mainPathOf(endpoint.path);
    const key = `${endpoint.method} ${mainPath}`;
    const existing = byKey.get(key);
    if (existing) {
      if (mainPath === endpoint.path) throw new Error(`Two endpoints for ${key}`);
      existing.aliases.push(endpoint.path);
      existing.endpoints.push(endpoint);
      continue;
    }
    const description = descriptions[endpoint.name];
    const id = operationIdOf(endpoint);
    if (!description || !id) throw new Error(`${key} is not described in src/contract/operations/openapi.ts`);
    const operation: Operation = {
      id,
      method: endpoint.method,
      path: mainPath,
      aliases: [],
      group: groupOf(endpoint.name),
      summary: description.summary,
      scope: endpoint.scope,
      sessionOnly: endpoint.sessionOnly === true,
      reads: endpoint.method === 'GET',
      pathParams: [...mainPath.matchAll(/:(\w+)/g)].map(([, name]) => name!),
      query: Object.entries(description.query ?? {}).map(([name, sentence]) => ({ name, description: sentence })),
      ...(description.body ? { body: { schema: description.body, example: description.example ?? {} } } : {}),
      status: description.status ?? 200,
      ...(description.answer ? { answer: description.answer } : {}),
      ...(description.noContent ? { noContent: description.noContent } : {}),
      endpoints: [endpoint],
    };
    if (mainPath !== endpoint.path) {
      // The alias came first in the table: the entry keeps the main path, the alias is listed as one.
      operation.aliases.push(endpoint.path);
    }
    byKey.set(key, operation);
  }
  const order = Object.keys(groupLabels);
  const rank = (operation: Operation) => {
    const index = order.indexOf(operation.group.tag);
    return index === -1 ? order.length : index;
  };
  built = [...byKey.values()].map((operation, index) => ({ operation, index }))
    .sort((a, b) => rank(a.operation) - rank(b.operation) || a.index - b.index)
    .map(({ operation }) => operation);
  return built;
}

/** The operation of an id (`/explorer/:operation`); undefined for an unknown id. */
export function operationById(id: string): Operation | undefined {
  return operations().find((operation) => operation.id === id);
}

/** The operations grouped by resource, in the catalogue's order. */
export function operationGroups(): Array<{ group: OperationGroup; operations: Operation[] }> {
  const groups = new Map<string, { group: OperationGroup; operations: Operation[] }>();
  for (const operation of operations()) {
    const entry = groups.get(operation.group.tag) ?? { group: operation.group, operations: [] };
    entry.operations.push(operation);
    groups.set(operation.group.tag, entry);
  }
  return [...groups.values()];
}

/** `GET /api/projects/:project_id/dashboards/`: how the explorer names an operation. */
export function operationLabel(operation: Pick<Operation, 'method' | 'path'>): string {
  return `${operation.method} ${operation.path}`;
}

/**
 * The path with its parameters filled in, each encoded as one segment; a parameter left out stays
 * `:name`. (`{project_id: '1'}` → `/api/projects/1/dashboards/`.)
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number | undefined>>): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === '' ? whole : encodeURIComponent(String(value));
  });
}

/**
 * The operation a concrete request path and method belong to, with its path parameters (the API
 * log's `Open in explorer`). An alias path finds its main entry. The query is ignored; the trailing
 * slash is optional.
 */
export function operationOfRequest(
  method: string,
  pathname: string,
): { operation: Operation; params: Record<string, string> } | undefined {
  const parts = pathname.split('?')[0]!.split('/').filter(Boolean);
  const upper = method.toUpperCase();
  let best: { operation: Operation; params: Record<string, string>; literals: number } | undefined;
  for (const operation of operations()) {
    if (operation.method !== upper) continue;
    for (const path of [operation.path, ...operation.aliases]) {
      const pattern = path.split('/').filter(Boolean);
      if (pattern.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      let ok = true;
      for (let i = 0; i < pattern.length && ok; i++) {
        const p = pattern[i]!;
        if (p.startsWith(':')) {
          try {
            params[p.slice(1)] = decodeURIComponent(parts[i]!);
          } catch {
            params[p.slice(1)] = parts[i]!;
          }
        } else if (p === parts[i]) literals++;
        else ok = false;
      }
      // A literal segment beats a parameter (`dashboards/create_from_template_json/` is no dashboard id).
      if (ok && (!best || literals > best.literals)) best = { operation, params, literals };
    }
  }
  return best && { operation: best.operation, params: best.params };
}
