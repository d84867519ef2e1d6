// The mock over real HTTP compresses what production compresses (src/mock/serve/gzip.ts): a GET of
// the dashboards list or of a dashboard, when the client accepts gzip; nothing else.
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPageSchema, projectPageSchema } from '../../../src/contract/schemas.ts';
import { startMockServer, type MockServer } from '../../../src/mock/serve/server.ts';

let server: MockServer;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (node:http decodes nothing). */
  bytes: Buffer;
}

function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { method, headers: { authorization: 'Bearer phx_demo_admin', 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const gzip = { 'accept-encoding': 'gzip, deflate, br' };
let projectId: number;
let dashboardId: number;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
  projectId = projectPageSchema.parse(JSON.parse((await raw('GET', '/api/projects/')).bytes.toString())).results[0]!.id;
  const page = dashboardPageSchema.parse(JSON.parse((await raw('GET', `/api/projects/${projectId}/dashboards/?limit=100`)).bytes.toString()));
  dashboardId = page.results[0]!.id;
});

afterAll(async () => {
  await server.close();
});

describe('gzip on the wire, as production', () => {
  it('gzips the dashboards list for a client that accepts it, with the same JSON inside and an exact Content-Length', async () => {
    const plain = await raw('GET', `/api/projects/${projectId}/dashboards/?limit=100`);
    const zipped = await raw('GET', `/api/projects/${projectId}/dashboards/?limit=100`, gzip);
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-length']).toBe(String(zipped.bytes.byteLength));
    expect(zipped.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 3);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    // Both answers say that they depend on Accept-Encoding, beside the CORS layer's Origin.
    for (const answer of [plain, zipped]) expect(String(answer.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('gzips a dashboard, also under /api/environments/', async () => {
    for (const path of [`/api/projects/${projectId}/dashboards/${dashboardId}/`, `/api/environments/${projectId}/dashboards/${dashboardId}`]) {
      const answer = await raw('GET', path, gzip);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe('gzip');
      expect(JSON.parse(gunzipSync(answer.bytes).toString()).id).toBe(dashboardId);
    }
  });

  it('sends the bytes as they are without Accept-Encoding, or when the client takes only other encodings', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br, deflate' }, { 'accept-encoding': 'gzipped' }] as Record<string, string>[]) {
      const answer = await raw('GET', `/api/projects/${projectId}/dashboards/`, headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(answer.bytes.byteLength));
      expect(dashboardPageSchema.parse(JSON.parse(answer.bytes.toString())).count).toBeGreaterThan(0);
    }
  });

  it('compresses no path outside production’s allow list, and no method but GET', async () => {
    const projects = await raw('GET', '/api/projects/', gzip);
    expect(projects.headers['content-encoding']).toBeUndefined();
    expect(String(projects.headers.vary ?? '').toLowerCase()).not.toContain('accept-encoding');
    const sharing = await raw('GET', `/api/projects/${projectId}/dashboards/${dashboardId}/sharing/`, gzip);
    expect(sharing.status).toBe(200);
    expect(sharing.headers['content-encoding']).toBeUndefined();
    const head = await raw('HEAD', `/api/projects/${projectId}/dashboards/`, gzip);
    expect(head.headers['content-encoding']).toBeUndefined();
    const created = await raw('POST', `/api/projects/${projectId}/dashboards/`, gzip, JSON.stringify({ name: 'Compression check, a name long enough' }));
    expect(created.status).toBe(201);
    expect(created.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(created.bytes.toString()).name).toBe('Compression check, a name long enough');
  });

  it('leaves an answer under 200 bytes as it is, as Django does (a 404 on the list’s path)', async () => {
    const missing = await raw('GET', '/api/projects/999999/dashboards/', gzip);
    expect(missing.status).toBe(404);
    expect(missing.bytes.byteLength).toBeLessThan(200);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.bytes.toString()).code).toBe('not_found');
  });
});
