/**
 * The page's first API request, sent by its head (first-screen-requests.ts) while the code downloads: the
 * transport answers the console's same request (same URL and headers) with it, once; any other
 * request, or that one if the early one failed, goes out as usual.
 */
import type { Transport } from '../../api/runtime/runtime.ts';

export type EarlyRequest = { url: string; headers: string; response: Promise<Response> } | undefined;

export function answerEarly(next: Transport, early: EarlyRequest): Transport {
  return (url, init) => {
    if (!early || url !== early.url || (init.method ?? 'GET') !== 'GET' || JSON.stringify(init.headers) !== early.headers) return next(url, init);
    const { response } = early;
    early = undefined;
    const { signal } = init;
    signal?.throwIfAborted();
    const aborted = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    return Promise.race([response.catch(() => next(url, init)), aborted]);
  };
}
