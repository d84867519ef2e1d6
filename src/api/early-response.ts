/**
 * Answers to requests the page sent before any script of the console ran (the inline script of
 * index.html, from the table in src/app/early-routes.ts). `apiRequest` adopts one when it is about to
 * send the same GET to the same URL with the same key; each is adopted at most once.
 */
interface EarlyRequest {
  url: string;
  key: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __consoleEarlyRequests?: EarlyRequest[];
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The early answer to `GET url` with `key`, or null when none was sent (then fetch as usual). */
export function adoptEarlyResponse(method: string, url: string, key: string | undefined, signal?: AbortSignal): Promise<Response> | null {
  if (method !== 'GET' || !key || typeof window === 'undefined') return null;
  const early = window.__consoleEarlyRequests;
  const index = early?.findIndex((request) => request.url === url && request.key === key) ?? -1;
  if (!early || index < 0) return null;
  const [{ response }] = early.splice(index, 1) as [EarlyRequest];
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
    response.then(resolve, reject);
  });
}
