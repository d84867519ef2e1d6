// The system under test: the production build of the console served by `vite preview`, whose proxy
// forwards /api, /__mock and /shared to the bundled mock running as its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PreviewServer } from 'vite';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const distDir = join(repoRoot, 'dist');

export const adminKey = 'phx_demo_admin';

function log(message: string) {
  process.stderr.write(`[e2e] ${message}\n`);
}

/** `vite build` into dist/, unless E2E_SKIP_BUILD=1 and a build is already there. */
export async function buildConsole(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(distDir, 'index.html'))) {
    log('E2E_SKIP_BUILD=1: using the existing dist/');
    return;
  }
  log('building the console (vite build)');
  const started = Date.now();
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`vite build failed (exit code ${code}).`);
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('vite build finished without dist/index.html.');
  log(`built in ${Date.now() - started} ms`);
}

export interface MockProcess {
  url: string;
  close(): Promise<void>;
  /** Sends SIGTERM at once, for a signal handler that cannot wait. */
  stopNow(): void;
}

/**
 * `npm run mock` on a free port, as its own process; resolves once it prints where it listens.
 * `args` go to the mock too (the bench's `--data FILE`).
 */
export async function startMockProcess(args: ReadonlyArray<string> = []): Promise<MockProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'src/mock/serve/server.ts'), '--port', '0', '--host', '127.0.0.1', ...args],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the mock did not start within 30 s.\n${stderr}`)), 30_000);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = /^Mock API listening on (http:\/\/\S+?)\/?$/.exec(line.trim());
      if (match?.[1]) done(match[1]);
      else fail(new Error(`unexpected first line from the mock: ${JSON.stringify(line)}\n${stderr}`));
      // Keep draining its output so a chatty mock never blocks on a full pipe.
      lines.on('line', () => {});
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the mock exited with code ${code} before listening.\n${stderr}`));
    });
  });
  return { url, close: () => stopChild(child), stopNow: () => void child.kill('SIGTERM') };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Vite's preview server over dist/, its proxy pointed at `apiTarget` through API_TARGET. */
export async function startPreview(apiTarget: string): Promise<{ url: string; close(): Promise<void> }> {
  // vite.config.ts reads API_TARGET when it is loaded, which preview() does below.
  process.env.API_TARGET = apiTarget;
  const { preview } = await import('vite');
  const server: PreviewServer = await preview({
    root: repoRoot,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview is not listening on a TCP port.');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

// ---------- the journey's mock world ----------

const originalFetch = globalThis.fetch;

/**
 * Puts every request of this process to `origins` (the console and the mock) in `world`, unless it
 * names a world itself: the helpers here and the journeys' own fetch calls alike. Null: none.
 */
export function useMockWorld(world: string | null, origins: ReadonlyArray<string>): void {
  if (world === null) {
    globalThis.fetch = originalFetch;
    return;
  }
  const targets = new Set(origins.map((origin) => new URL(origin).origin));
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!targets.has(url.origin)) return originalFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('X-Mock-World')) headers.set('X-Mock-World', world);
    return originalFetch(input, { ...init, headers });
  };
}

export interface ApiOptions {
  method?: string;
  key?: string | null;
  body?: unknown;
}

/** A call to the API (or the mock's /__mock routes) at `origin`; throws with the answer unless 2xx. */
export async function api<T = unknown>(origin: string, path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', key = adminKey, body } = options;
  const headers: Record<string, string> = {};
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(new URL(path, origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function resetMock(mockUrl: string): Promise<void> {
  const response = await fetch(new URL('/__mock/reset', mockUrl), { method: 'POST' });
  if (response.status !== 204) throw new Error(`POST /__mock/reset answered ${response.status}.`);
}

/** Fails unless the preview's proxy reaches this very mock (a project made there is seen here). */
async function verifyProxy(baseUrl: string, mockUrl: string): Promise<void> {
  const info = await fetch(new URL('/__mock/info', baseUrl));
  if (!info.ok) {
    throw new Error(`GET ${baseUrl}/__mock/info answered ${info.status}: vite.config.ts does not proxy /__mock.`);
  }
  const name = `e2e proxy probe ${process.pid}-${Date.now()}`;
  await api(mockUrl, '/api/organizations/@current/projects/', { body: { name } });
  const seen = await api<{ count: number }>(baseUrl, `/api/projects/?search=${encodeURIComponent(name)}`);
  await resetMock(mockUrl);
  if (seen.count !== 1) {
    throw new Error(
      `vite preview at ${baseUrl} does not forward /api to the test's mock at ${mockUrl}: ` +
        'vite.config.ts must proxy to API_TARGET when it is set.',
    );
  }
}

export interface Stack {
  /** The console (vite preview of dist/), e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The mock, reached directly (setup, reset), e.g. http://127.0.0.1:41235 */
  mockUrl: string;
  close(): Promise<void>;
  /** Stops the mock process at once (vite preview's own SIGTERM handler exits this process). */
  stopNow(): void;
}

/** Mock process + preview server, checked end to end; `close()` stops both. */
export async function startStack(): Promise<Stack> {
  const mock = await startMockProcess();
  let server: Awaited<ReturnType<typeof startPreview>> | undefined;
  try {
    server = await startPreview(mock.url);
    await verifyProxy(server.url, mock.url);
  } catch (error) {
    await server?.close();
    await mock.close();
    throw error;
  }
  const preview = server;
  log(`console at ${preview.url}, mock at ${mock.url}`);
  return {
    baseUrl: preview.url,
    mockUrl: mock.url,
    async close() {
      await preview.close();
      await mock.close();
    },
    stopNow: mock.stopNow,
  };
}
