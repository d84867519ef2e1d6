/**
 * The API explorer's links, written in one place: `/explorer/<operation>?path.<name>=…&query.<name>=…&body=…`
 * (the explorer's `Copy link`, the ids in its answers) and `/explorer?method=…&request=…&body=…`
 * (the API log's `Open in explorer`: the explorer finds the operation of that request). Never the key:
 * whatever is given passes through the one redaction (redact.ts) first.
 */
import { redactSecrets } from './redact.ts';

/** What a link fills in: the path parameters, the query fields, the body as typed. */
export interface ExplorerForm {
  path: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  /** The body as typed; null for none (the operation's example then stands). */
  body: string | null;
}

const PATH = 'path.';
const QUERY = 'query.';

/** The explorer's URL for `operationId` with `form` filled in (empty values left out). */
export function explorerLink(operationId: string, form: ExplorerForm, secrets: ReadonlyArray<string> = []): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(form.path)) if (value !== '') search.set(PATH + name, redactSecrets(value, secrets));
  for (const [name, value] of Object.entries(form.query)) if (value !== '') search.set(QUERY + name, redactSecrets(value, secrets));
  if (form.body !== null) search.set('body', redactSecrets(form.body, secrets));
  const query = search.toString();
  return `/explorer/${encodeURIComponent(operationId)}${query ? `?${query}` : ''}`;
}

/** What an explorer URL's search fills in. */
export function explorerFormOf(search: URLSearchParams): ExplorerForm {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const [name, value] of search) {
    if (name.startsWith(PATH)) path[name.slice(PATH.length)] = value;
    else if (name.startsWith(QUERY)) query[name.slice(QUERY.length)] = value;
  }
  return { path, query, body: search.get('body') };
}

/** A logged request as the explorer opens it: its method, its path with the query, its body. */
export function explorerLinkForRequest(
  request: { method: string; path: string; body: string | null },
  secrets: ReadonlyArray<string> = [],
): string {
  const search = new URLSearchParams({ method: request.method.toUpperCase(), request: redactSecrets(request.path, secrets) });
  if (request.body !== null) search.set('body', redactSecrets(request.body, secrets));
  return `/explorer?${search.toString()}`;
}

/** The request a `/explorer?method=…&request=…` URL names, or null. */
export function requestOfExplorerSearch(search: URLSearchParams): { method: string; path: string; body: string | null } | null {
  const method = search.get('method');
  const path = search.get('request');
  return method && path ? { method, path, body: search.get('body') } : null;
}
