/**
 * The compression production applies on the wire (posthog/gzip_middleware.py, ScopedGZipMiddleware
 * over Django's GZipMiddleware): a GET of a path in `GZIP_RESPONSE_ALLOW_LIST` (posthog/settings/web.py)
 * is gzipped when the client accepts gzip, the body is at least 200 bytes and compressing makes it
 * shorter. Of that list the mock serves the dashboards list and a dashboard; every other answer,
 * and every other method, goes out as it is, as in production.
 */
import { gzipSync } from 'node:zlib';
import { withVary } from './cors.ts';

const allowList = [/^\/?api\/(environments|projects)\/\d+\/dashboards\/?$/, /^\/?api\/(environments|projects)\/\d+\/dashboards\/\d+\/?$/];

/** Django's `re_accepts_gzip`. */
const acceptsGzip = /\bgzip\b/;

/** Django does not try below this many bytes. */
const minimumBytes = 200;

/** Whether production would consider compressing the answer to this request at all. */
export function mayCompress(method: string, pathname: string): boolean {
  return method === 'GET' && allowList.some((pattern) => pattern.test(pathname));
}

function varyOnAcceptEncoding(headers: Record<string, string | string[]>): void {
  headers.vary = withVary(typeof headers.vary === 'string' ? headers.vary : null, 'Accept-Encoding');
}

/**
 * The body to send for an answer `mayCompress` allowed, with its headers updated in place: gzipped,
 * or as it was when it is short, already encoded, not asked for gzip, or not shorter once compressed.
 */
export function compressBody(body: Uint8Array, headers: Record<string, string | string[]>, acceptEncoding: string): Uint8Array {
  if (body.byteLength < minimumBytes || headers['content-encoding'] !== undefined) return body;
  varyOnAcceptEncoding(headers);
  if (!acceptsGzip.test(acceptEncoding)) return body;
  const compressed = gzipSync(body, { level: 6 });
  if (compressed.byteLength >= body.byteLength) return body;
  headers['content-encoding'] = 'gzip';
  return compressed;
}
