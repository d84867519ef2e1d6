// Debian's nginx serving dist/ with the shipped deploy/nginx.conf, for the deployment journey: the
// server block is used as it is, with only its `listen` port and `root` filled in at test time,
// inside a minimal main configuration that runs nginx as the current user with a temporary prefix
// (pid, logs and temp files in a temporary directory). `close()` stops it gracefully (SIGQUIT).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './stack.ts';

export const shippedConfig = join(repoRoot, 'deploy/nginx.conf');

export interface Nginx {
  /** e.g. http://127.0.0.1:41236 */
  url: string;
  close(): Promise<void>;
}

/** NGINX_PATH, else Debian's /usr/sbin/nginx; a readable error when neither is there. */
export function findNginx(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((path): path is string => !!path);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`nginx not found (tried ${candidates.join(', ')}): apt-get install -y nginx, or set NGINX_PATH.`);
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The shipped server block with its port and root set; fails when the file no longer has exactly one of each. */
export function templatedServerBlock(text: string, port: number, root: string): string {
  const listens = text.match(/^\s*listen\s+80;\s*$/gm) ?? [];
  const roots = text.match(/^\s*root\s+[^;]+;\s*$/gm) ?? [];
  if (listens.length !== 1 || roots.length !== 1) {
    throw new Error(`deploy/nginx.conf must have exactly one "listen 80;" and one "root …;" line (found ${listens.length} and ${roots.length}).`);
  }
  return text.replace(/^(\s*)listen\s+80;\s*$/m, `$1listen 127.0.0.1:${port};`).replace(/^(\s*)root\s+[^;]+;\s*$/m, `$1root ${root};`);
}

async function waitUntilServing(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-2000) : '(no error log)';
      throw new Error(`nginx exited (code ${child.exitCode}, signal ${child.signalCode}) before serving:\n${log}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not serve ${url} within 15 s.`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Starts nginx over `root` (dist/) with deploy/nginx.conf on a free port of 127.0.0.1. */
export async function startNginx(root: string): Promise<Nginx> {
  const binary = findNginx();
  const dir = mkdtempSync(join(tmpdir(), 'console-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'analytics-console.conf'), templatedServerBlock(readFileSync(shippedConfig, 'utf8'), port, root));
  const mimeTypes = ['/etc/nginx/mime.types'].find((path) => existsSync(path));
  const errorLog = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // As root (a CI container), the workers would otherwise drop to `nobody`; run them as root too.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 64; }',
      'http {',
      mimeTypes ? `  include ${mimeTypes};` : '  types { text/html html; text/css css; application/javascript js; image/svg+xml svg; application/json json; }',
      '  default_type application/octet-stream;',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(dir, name)};`),
      `  include ${join(dir, 'analytics-console.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', () => {});
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, errorLog);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
