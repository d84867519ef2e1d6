/**
 * The one sentence Connect shows under `API host` when the host itself failed (not the key): it
 * names the host and says which of three it is. A request that got no answer is followed by a
 * `no-cors` probe (src/api/connect-support.ts `hostAnswers`): it resolves when a server answered, so a host
 * that answers but refuses this page's origin (CORS) is told apart from one that does not answer.
 */
import { resolveHost } from '../../api/connection-storage.ts';
import { hostAnswers } from '../../api/connect-support.ts';
import { ApiError, NetworkError, ResponseShapeError } from '../../api/http.ts';

export type HostFailureKind = 'no-answer' | 'cors' | 'not-this-api';

/** The path Connect checks a key with (and probes). */
export const CHECK_PATH = '/api/organizations/@current/';

/** What the host answered instead of the API, in words, for a host that is not this API. */
function whatItAnswered(error: ApiError | ResponseShapeError): string {
  if (error instanceof ApiError) return `${error.status} to GET ${CHECK_PATH}`;
  const message = error.message;
  if (message.includes('HTML page')) return `an HTML page to GET ${CHECK_PATH}`;
  if (message.includes('body is empty')) return `an empty body to GET ${CHECK_PATH}`;
  if (message.includes('not JSON')) return `a body that is not JSON to GET ${CHECK_PATH}`;
  return `JSON of another shape to GET ${CHECK_PATH}`;
}

/** Whether `error` (from checking a key at a host) is about the host rather than the key or the API's own refusal. */
export function isHostFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof ResponseShapeError) return true;
  if (!(error instanceof ApiError)) return false;
  // An answer that is not the API's error format (below 500: a 5xx is a server or gateway trouble,
  // shown as such), or no such endpoint at all: another server lives there.
  return (error.code === 'http_error' && error.status < 500) || error.status === 404 || error.status === 405;
}

export function hostFailureSentence(kind: HostFailureKind, host: string, answered?: string): string {
  const origin = resolveHost(host);
  switch (kind) {
    case 'no-answer':
      return `${origin} does not answer: check the address, your network, and that the server is running.`;
    case 'cors':
      return (
        `${origin} answers, but refuses requests from this page's origin (${window.location.origin}) by its CORS settings: ` +
        'allow this origin there, or open the console from an origin it allows.'
      );
    case 'not-this-api':
      return `${origin} answers, but not as the analytics API (it answered ${answered ?? 'something else'}): check the address.`;
  }
}

/**
 * The sentence for a failed key check at `host`, or null when the failure is not the host's (the
 * key was refused, the API itself failed): then Connect shows the API's own words.
 */
export async function describeHostFailure(host: string, error: unknown, signal?: AbortSignal): Promise<string | null> {
  if (!isHostFailure(error)) return null;
  if (error instanceof NetworkError) {
    const answers = await hostAnswers(`${resolveHost(host)}${CHECK_PATH}`, signal);
    return hostFailureSentence(answers ? 'cors' : 'no-answer', host);
  }
  return hostFailureSentence('not-this-api', host, whatItAnswered(error as ApiError | ResponseShapeError));
}
