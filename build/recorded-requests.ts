/**
 * Stands in for src/api/http.ts while the build reads the routes' first requests
 * (build/route-requests.ts): `apiRequest` writes down the request the query asked for, with the same
 * path and query string the console sends (`buildPath`), and never answers. Like the real one it
 * takes the call first (the query function's context: here without a client, which it never reads).
 */
import { buildPath, type QueryParams } from '../src/api/http.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  authenticated: boolean;
}

const recorded: RecordedRequest[] = [];

/** The requests written down since the last call. */
export function takeRecorded(): RecordedRequest[] {
  return recorded.splice(0);
}

export function apiRequest(_call: unknown, options: { method?: string; path: string; query?: QueryParams; auth?: boolean }): Promise<never> {
  recorded.push({ method: options.method ?? 'GET', path: buildPath(options.path, options.query), authenticated: options.auth !== false });
  return new Promise<never>(() => {});
}
