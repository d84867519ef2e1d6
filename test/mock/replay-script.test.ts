// Export as script end to end: the console's own HTTP layer logs a session against the real mock
// server (src/mock/serve/server.ts), the script built from that log runs in `sh` with the real curl
// against the same server, back at the seed, and every request answers the status it had.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type ApiCall } from '../../src/api/client/http.ts';
import { buildHar } from '../../src/features/api-log/har.ts';
import { buildReplayScript } from '../../src/features/api-log/replay-script.ts';
import { startMockServer, type MockServer } from '../../src/mock/serve/server.ts';
import { freshConsole } from '../console.ts';
import { harSchemaErrors } from '../har-schema.ts';

const KEY = 'phx_demo_admin';
let server: MockServer;
const work = mkdtempSync(join(tmpdir(), 'replay-api-'));

/** Runs `sh file` without blocking this process, where the mock server answers. */
function runScript(file: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [file], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** One call through the console's fetch wrapper (under `via`: a test's console); an error answer is logged like any other. */
async function send(via: ApiCall, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, auth = true, query?: Record<string, string>) {
  try {
    await apiRequest(via, { endpoint: 'test', method, path, body, auth, query, connection: { host: server.url, key: KEY } });
  } catch {
    // 4xx answers are part of the session being replayed.
  }
}

describe('Export as script against the mock server', { timeout: 60_000 }, () => {
  it('replays a logged session with curl and gets the same statuses, with no key in the script or the HAR', async () => {
    const { runtime, call } = freshConsole();
    await send(call, 'POST', '/__mock/reset', undefined, false);
    await send(call, 'GET', '/api/projects/');
    await send(call, 'POST', '/api/projects/1/dashboards/', { name: `Replay "quoted" $HOME \`date\` it's\nnew line` });
    const created = runtime.requestLog.get()[0]!.responseBody as { id: number };
    await send(call, 'PATCH', `/api/projects/1/dashboards/${created.id}/`, { name: 'Renamed by the replay', pinned: true });
    await send(call, 'GET', `/api/projects/1/dashboards/${created.id}/`);
    await send(call, 'POST', '/api/projects/1/dashboards/', { name: 'x'.repeat(500) });
    await send(call, 'GET', '/api/projects/987654/');
    await send(call, 'GET', '/api/projects/1/dashboards/', undefined, true, { search: 'Replay "quoted" $HOME', limit: '5' });
    await send(call, 'PATCH', `/api/projects/1/dashboards/${created.id}/`, { deleted: true });
    await send(call, 'GET', `/api/projects/1/dashboards/${created.id}/`);

    const log = runtime.requestLog.get();
    const statuses = [...log].reverse().map((entry) => entry.status);
    expect(statuses).toEqual([204, 200, 201, 200, 200, 400, 404, 200, 200, 404]);

    const har = buildHar(log, { secrets: [KEY], version: 'test' });
    expect(harSchemaErrors(har)).toEqual([]);
    expect(JSON.stringify(har)).not.toContain(KEY);
    expect(har.log.entries.find((e) => e.response.status === 201)!.request.headers).toContainEqual({
      name: 'Authorization',
      value: 'Bearer $POSTHOG_API_KEY',
    });

    const script = buildReplayScript(log, { secrets: [KEY], exportedAt: new Date().toISOString() });
    expect(script).not.toContain(KEY);
    const file = join(work, 'replay.sh');
    writeFileSync(file, script);
    // Default host: the one used. The first request resets the mock, so the ids come out the same.
    const run = await runScript(file, { POSTHOG_API_KEY: KEY });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const replayed = run.stdout
      .split('\n')
      .filter((line) => /^\d+ \d{3} /.test(line))
      .map((line) => Number(line.split(' ')[1]));
    expect(replayed).toEqual(statuses);
    expect(run.stdout).toContain(`All ${statuses.length} requests answered as logged.`);
  });

  it('stops at the first status that differs, naming the request', async () => {
    const { runtime, call } = freshConsole();
    await send(call, 'GET', '/api/projects/1/');
    await send(call, 'POST', '/api/projects/1/dashboards/', { name: 'Only once' });
    const log = runtime.requestLog.get();
    // Pretend the log saw a 404 for the project: the live mock answers 200.
    const tampered = log.map((entry) => (entry.path === '/api/projects/1/' ? { ...entry, status: 404 } : entry));
    const file = join(work, 'stop.sh');
    writeFileSync(file, buildReplayScript(tampered, { exportedAt: new Date().toISOString() }));
    const run = await runScript(file, { POSTHOG_API_KEY: KEY, API_HOST: server.url });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Request 1 (GET /api/projects/1/) answered 200, but the log has 404; stopping.');
    expect(run.stdout).not.toMatch(/^2 /m);
  });
});
