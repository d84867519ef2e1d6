/**
 * The API explorer's send: any operation of the contract, through the same wrapper as every page
 * (http.ts: the key, the world, the API log), answered as it came. A change it makes is a change like
 * any other: the mutation declares what the path it went to holds (DESIGN.md rule 1), so this tab's
 * pages and the other tabs refetch it.
 */
import { useMutation } from '@tanstack/react-query';
import { changed, type Change } from '../client/changes.ts';
import { apiExchange, type ApiCall, type Exchange, type HttpMethod } from '../client/http.ts';
import { keyRoots } from '../client/query-keys.ts';

export interface ExplorerRequest {
  /** The operation's name, for the log and messages (e.g. `dashboards.update`). */
  endpoint: string;
  method: HttpMethod;
  /** The path with its parameters filled in, without the query. */
  path: string;
  query: Record<string, string>;
  /** The body exactly as typed; undefined for none. */
  bodyText?: string;
  /** `Send it anyway`: a body that fails the contract, sent on purpose. */
  negativeTest?: boolean;
}

export function sendExplorerRequest(request: ExplorerRequest, call: ApiCall): Promise<Exchange> {
  return apiExchange(call, {
    endpoint: request.endpoint,
    method: request.method,
    path: request.path,
    query: request.query,
    ...(request.bodyText !== undefined && { bodyText: request.bodyText }),
    ...(request.negativeTest && { negativeTest: true }),
  });
}

const isId = (value: string | undefined): value is string => !!value && /^\d+$/.test(value);

/**
 * What an accepted change sent to `path` may have changed, from the path alone: the project's
 * dashboards (and its activity) for a dashboard route, the project lists and the organization for a
 * project, the organization for its own routes. A path with `@current` or an alias the pages do not
 * key by refreshes everything on screen. A read, a refusal or a failure changes nothing.
 */
export function explorerChanges(exchange: Pick<Exchange, 'status'>, request: Pick<ExplorerRequest, 'method' | 'path'>): Change[] {
  if (request.method === 'GET' || exchange.status >= 400) return [];
  const parts = request.path.split('?')[0]!.split('/').filter(Boolean);
  if (parts[0] !== 'api') return [];
  // `/api/organizations/:org/projects/:pid/…` is the same project as `/api/projects/:pid/…`.
  const projectAt = parts[1] === 'projects' || parts[1] === 'environments' ? 2 : parts[1] === 'organizations' && parts[3] === 'projects' ? 4 : -1;
  const projectId = projectAt > 0 ? parts[projectAt] : undefined;
  if (projectAt > 0 && projectId === undefined) return [changed.refresh(keyRoots.projects), changed.refresh(keyRoots.organization)];
  if (projectAt > 0 && !isId(projectId)) return [changed.everything()];
  if (projectId !== undefined) {
    const rest = parts.slice(projectAt + 1);
    if (rest[0] === 'dashboards') return [changed.refresh(keyRoots.dashboards(projectId)), changed.refresh(keyRoots.activityLog(projectId))];
    return [
      changed.refresh(keyRoots.project(projectId)),
      changed.refresh(keyRoots.projects),
      changed.refresh(keyRoots.organization),
      ...(rest.length === 0 ? [changed.refresh(keyRoots.dashboards(projectId))] : []),
    ];
  }
  return [changed.refresh(keyRoots.organization), changed.refresh(keyRoots.projects)];
}

/** Sends an explorer request; its answer, whatever the status, is the mutation's result. */
export function useExplorerSend() {
  return useMutation({
    mutationFn: (request: ExplorerRequest, call) => sendExplorerRequest(request, call),
    meta: { changes: (exchange: Exchange, request: ExplorerRequest) => explorerChanges(exchange, request) },
  });
}
