/**
 * Answers to requests the page sent before any script of the console ran (the inline script of
 * index.html, src/app/page-start.ts). `apiRequest` adopts one when it is about to
 * send the same GET to the same URL with the same key; each is adopted at most once.
 */
export interface EarlyRequest {
  url: string;
  /** The key it was sent with; `''` for a request sent without one (`/__mock/info`). */
  key: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __consoleEarlyRequests?: EarlyRequest[];
  }
}

/** What a fetch cancelled by `signal` rejects with: its reason, or an `AbortError`. */
export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * The early answer to `GET url` with `key` (none: a request without a key), or null when none was
 * sent (then fetch as usual). A call
 * cancelled before the answer arrived puts it back for the next call (React Query cancels a fetch
 * whose observers all unmounted, then fetches again when one mounts).
 */
export function adoptEarlyResponse(method: string, url: string, key: string | undefined, signal?: AbortSignal): Promise<Response> | null {
  if (method !== 'GET' || typeof window === 'undefined') return null;
  const early = window.__consoleEarlyRequests;
  const index = early?.findIndex((request) => request.url === url && request.key === (key ?? '')) ?? -1;
  if (!early || index < 0) return null;
  const [request] = early.splice(index, 1) as [EarlyRequest];
  if (!signal) return request.response;
  if (signal.aborted) {
    early.push(request);
    return Promise.reject(abortError(signal));
  }
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    signal.addEventListener(
      'abort',
      () => {
        if (settled) return;
        settled = true;
        early.push(request);
        reject(abortError(signal));
      },
      { once: true },
    );
    request.response.then(
      (response) => {
        if (settled) return;
        settled = true;
        resolve(response);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(error);
      },
    );
  });
}
