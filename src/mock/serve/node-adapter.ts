/**
 * The Node ⇄ Fetch adapter of `npm run mock`: a node:http request listener that turns each request
 * into a Fetch Request, asks the mock's MSW handlers (msw's getResponse) and streams the Fetch
 * Response back. CORS is the handlers' (./cors.ts), also on the answers this adapter makes itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { details } from '../../contract/errors.ts';
import { addCorsHeaders, withCors } from './cors.ts';
import { compressBody, mayCompress } from './gzip.ts';
import { serverErrorResponse } from '../faults.ts';
import { isApiPath } from '../handlers/api.ts';
import type { Mock } from '../index.ts';

/** Past this, a body is no longer buffered: the API answers 413 above 1 MiB anyway. */
const bodyBufferCap = 2 * 1024 * 1024 + 64 * 1024;

interface BufferedBody {
  body: Buffer;
  truncated: boolean;
}

function readBody(req: IncomingMessage): Promise<BufferedBody> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > bodyBufferCap) {
        // Stop buffering; the rest of the body is discarded as it arrives, never kept.
        cleanup();
        req.on('error', () => undefined);
        resolveBody({ body: Buffer.concat(chunks, size), truncated: true });
      }
    };
    const onEnd = () => {
      cleanup();
      resolveBody({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), truncated: false });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function toFetchRequest(req: IncomingMessage, fallbackHost: string, body: Buffer | undefined): Request {
  const target = req.url ?? '/';
  const url = target.startsWith('/') ? `http://${req.headers.host || fallbackHost}${target}` : target;
  // Pairs, not Headers.append: half the cost, and repeated names are kept as they came.
  const headers: Array<[string, string]> = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.push([raw[i]!, raw[i + 1]!]);
  return new Request(url, { method: req.method ?? 'GET', headers, body: body as Uint8Array<ArrayBuffer> | undefined });
}

/** The path of a request target (origin-form or absolute-form); `/` when it is not a URL. */
function pathnameOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

function unhandledResponse(pathname: string): Response {
  if (isApiPath(pathname)) {
    return Response.json(
      { type: 'invalid_request', code: 'not_found', detail: details.endpointNotFound, attr: null },
      { status: 404 },
    );
  }
  return new Response('Not found.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolveDrain) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolveDrain();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a Fetch Response back; a body that arrives as one chunk goes out with Content-Length.
 * `acceptEncoding` is the request's when production would gzip the answer (./gzip.ts), else null.
 */
async function sendResponse(res: ServerResponse, response: Response, method: string, closeAfter: boolean, acceptEncoding: string | null = null): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (closeAfter) headers.connection = 'close';
  if (response.statusText) res.statusMessage = response.statusText;

  if (!response.body || method === 'HEAD') {
    await response.body?.cancel();
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  if (acceptEncoding !== null) {
    const body = compressBody(new Uint8Array(await response.arrayBuffer()), headers, acceptEncoding);
    headers['content-length'] = String(body.byteLength);
    delete headers['transfer-encoding'];
    res.writeHead(response.status, headers);
    res.end(body);
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) {
    headers['content-length'] = '0';
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const second = await reader.read();
  if (second.done) {
    headers['content-length'] = String(first.value.byteLength);
    delete headers['transfer-encoding'];
    res.writeHead(response.status, headers);
    res.end(first.value);
    return;
  }
  delete headers['content-length'];
  res.writeHead(response.status, headers);
  let chunk: ReadableStreamReadResult<Uint8Array> = second;
  res.write(first.value);
  while (!chunk.done) {
    if (res.destroyed) {
      await reader.cancel();
      return;
    }
    if (!res.write(chunk.value)) await waitForDrain(res);
    chunk = await reader.read();
  }
  res.end();
}

/** The node:http request listener over a mock's handlers. */
export function createRequestListener(mock: Mock, fallbackHost: () => string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      let buffered: BufferedBody | undefined;
      if (method !== 'GET' && method !== 'HEAD') buffered = await readBody(req);
      let request: Request;
      try {
        request = toFetchRequest(req, fallbackHost(), buffered?.body);
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end('Bad request: the request target or Host header is not a valid URL.\n');
        return;
      }
      const { pathname } = new URL(request.url);
      const response = (await getResponse(mock.handlersFor(pathname, request), request)) ?? withCors(request, unhandledResponse(pathname));
      if (res.destroyed) return;
      const acceptEncoding = mayCompress(method, pathname) ? (request.headers.get('accept-encoding') ?? '') : null;
      await sendResponse(res, response, method, buffered?.truncated ?? false, acceptEncoding);
    } catch (error) {
      console.error(`Mock server: ${method} ${req.url ?? ''} failed:`, error);
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const response = serverErrorResponse();
      addCorsHeaders(response.headers, method, pathnameOf(req.url), req.headers.origin ?? null);
      await sendResponse(res, response, method, false);
    }
  };
}
