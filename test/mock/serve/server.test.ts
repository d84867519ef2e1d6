// The mock over real HTTP: node:http in front of the MSW handlers (src/mock/serve/server.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPageSchema, projectPageSchema } from '../../../src/contract/schemas.ts';
import { sharingConfigurationSchema } from '../../../src/contract/dashboard-sharing.ts';
import { startMockServer, type MockServer } from '../../../src/mock/serve/server.ts';

let server: MockServer;

const admin = { authorization: 'Bearer phx_demo_admin', 'content-type': 'application/json' };

function api(path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, { ...init, headers: { ...admin, ...init.headers } });
}

/** A raw request, to send a Host header that fetch would not let us choose. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function firstProjectId(): Promise<number> {
  const page = projectPageSchema.parse(await (await api('/api/projects/')).json());
  return page.results[0]!.id;
}

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('the mock over real HTTP', () => {
  it('listens on a free port of 127.0.0.1 when asked for port 0', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('lists projects with a demo key and answers 401 without one', async () => {
    const response = await api('/api/projects/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const page = projectPageSchema.parse(await response.json());
    expect(page.count).toBeGreaterThanOrEqual(3);

    const anonymous = await fetch(`${server.url}/api/projects/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toEqual({
      type: 'authentication_error',
      code: 'not_authenticated',
      detail: 'Authentication credentials were not provided.',
      attr: null,
    });
  });

  it('answers unknown paths: JSON under /api/, a plain 404 elsewhere', async () => {
    const unknownApi = await api('/api/no/such/thing/');
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({
      type: 'invalid_request',
      code: 'not_found',
      detail: 'Endpoint not found.',
      attr: null,
    });
    const elsewhere = await fetch(`${server.url}/nothing-here`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('builds pagination URLs from the Host the request was sent to', async () => {
    const projectId = await firstProjectId();
    const path = `/api/projects/${projectId}/dashboards/?limit=2&search=`;
    const direct = dashboardPageSchema.parse(await (await api(path)).json());
    expect(direct.count).toBeGreaterThan(2);
    expect(direct.next).toMatch(new RegExp(`^${server.url}/api/projects/${projectId}/dashboards/\\?`));

    const proxied = await rawGet(path, { authorization: 'Bearer phx_demo_admin', host: 'console.example.test:5173' });
    expect(proxied.status).toBe(200);
    const page = dashboardPageSchema.parse(JSON.parse(proxied.body));
    const next = new URL(page.next!);
    expect(next.origin).toBe('http://console.example.test:5173');
    expect(next.pathname).toBe(`/api/projects/${projectId}/dashboards/`);
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.get('offset')).toBe('2');
    expect(next.searchParams.get('search')).toBe('');
  });

  it('refuses a 2 MiB body with 413 and keeps serving', async () => {
    const projectId = await firstProjectId();
    const body = JSON.stringify({ name: 'Too big', description: 'x'.repeat(2 * 1024 * 1024) });
    const response = await api(`/api/projects/${projectId}/dashboards/`, { method: 'POST', body });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      type: 'invalid_request',
      code: 'request_too_large',
      detail: 'Request body exceeds 1 MiB.',
      attr: null,
    });
    expect((await api('/api/projects/')).status).toBe(200);
  });

  it('serves /shared/<token> for an enabled share, with the names escaped, and 404 otherwise', async () => {
    const projectId = await firstProjectId();
    const hostile = '<img src=x onerror=alert(1)>';
    const created = await api(`/api/projects/${projectId}/dashboards/`, {
      method: 'POST',
      body: JSON.stringify({ name: hostile, description: 'A & B <script>', use_template: 'DEFAULT_APP' }),
    });
    expect(created.status).toBe(201);
    const dashboard = (await created.json()) as { id: number; tiles: unknown[] };
    const sharingPath = `/api/projects/${projectId}/dashboards/${dashboard.id}/sharing/`;
    const { access_token: provisional } = sharingConfigurationSchema.parse(await (await api(sharingPath)).json());

    // Sharing not yet enabled: the provisional token opens nothing.
    expect((await fetch(`${server.url}/shared/${provisional}`)).status).toBe(404);

    const enabled = await api(sharingPath, { method: 'PATCH', body: JSON.stringify({ enabled: true }) });
    expect(enabled.status).toBe(200);
    // Enabling issues the token that works (API.md §5.6).
    const { access_token: token } = sharingConfigurationSchema.parse(await enabled.json());
    const page = await fetch(`${server.url}/shared/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).not.toContain(hostile);
    expect(html).toContain('A &amp; B &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html.match(/<li>/g)?.length).toBe(dashboard.tiles.length);

    // Rotating the link: the new token works at once, the old one for its 5-minute grace period.
    const refreshed = sharingConfigurationSchema.parse(
      await (await api(`${sharingPath}refresh/`, { method: 'POST', body: '{}' })).json(),
    );
    expect((await fetch(`${server.url}/shared/${token}`)).status).toBe(200);
    expect((await fetch(`${server.url}/shared/${refreshed.access_token}`)).status).toBe(200);

    // Disabling ends every token at once, the grace period included.
    await api(sharingPath, { method: 'PATCH', body: JSON.stringify({ enabled: false }) });
    const disabled = await fetch(`${server.url}/shared/${refreshed.access_token}`);
    expect(disabled.status).toBe(404);
    expect((await fetch(`${server.url}/shared/${token}`)).status).toBe(404);
    expect(disabled.headers.get('content-type')).toMatch(/text\/html/);
  });
});

// ---------- `npm run mock`: the launcher, run as package.json's script runs it ----------

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The "mock" script's words after `node`: its Node flags and the launcher. */
function mockScriptArgs(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = pkg.scripts.mock!.trim().split(/\s+/);
  expect(command).toBe('node');
  return args;
}

interface Run {
  stdout: string;
  stderr: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves with stdout's first line once it is complete. */
  firstLine: Promise<string>;
}

function runMockScript(args: string[]): Run {
  const child = spawn(process.execPath, [...mockScriptArgs(), ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = { stdout: '', stderr: '' } as Run;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (run.stderr += chunk));
  run.exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  run.firstLine = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      run.stdout += chunk;
      if (run.stdout.includes('\n')) resolve(run.stdout.slice(0, run.stdout.indexOf('\n')));
    });
    void run.exit.then(({ code }) => reject(new Error(`the mock exited with ${code} before a line:\n${run.stderr}`)));
  });
  run.kill = (signal) => child.kill(signal);
  return run;
}

describe('npm run mock (src/mock/launch.mjs)', () => {
  it('starts without a loader, prints where it listens, answers /__mock/info and exits 0 on SIGTERM', async () => {
    const run = runMockScript(['--port', '0', '--host', '127.0.0.1']);
    try {
      const line = await run.firstLine;
      const match = /^Mock API listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(Number(match![2])).toBeGreaterThan(0);

      const info = await fetch(`${match![1]}/__mock/info`);
      expect(info.status).toBe(200);
      const body = (await info.json()) as { mock: boolean; version: string; keys: Array<{ key: string }> };
      expect(body.mock).toBe(true);
      const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
      expect(body.version).toBe(pkg.version);
      expect(body.keys.map((key) => key.key)).toContain('phx_demo_admin');
    } finally {
      run.kill('SIGTERM');
    }
    expect(await run.exit).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('exits with code 2 and the usage text on a bad flag', async () => {
    const run = runMockScript(['--no-such-flag']);
    run.firstLine.catch(() => undefined);
    expect(await run.exit).toEqual({ code: 2, signal: null });
    expect(run.stderr).toContain("Unknown option '--no-such-flag'");
    expect(run.stderr).toContain('Usage: npm run mock -- [options]');
    expect(run.stdout).toBe('');
  }, 90_000);
});
