/**
 * `npm run mock`: the mock over a real port (node:http and the adapter of ./node-adapter.ts), so the
 * console, curl and the end-to-end tests talk to the same mock; and its command line.
 */
import { createServer, type Server } from 'node:http';
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { MockFaults } from '../../contract/schemas.ts';
import { createMock, type Mock } from '../index.ts';
import { createRequestListener } from './node-adapter.ts';
import { MockDataError, openDataFile, persistWorlds, type Persister } from '../store/persist.ts';
import { demoKeys, seedData } from '../store/seed.ts';

export interface MockServerOptions {
  port?: number;
  host?: string;
  dataFile?: string;
  latency?: number | [number, number];
  errorRate?: number;
}

export interface MockServer {
  url: string;
  port: number;
  mock: Mock;
  /** With --data: the absolute path, and whether it was just created from the seed. */
  dataFile: { path: string; created: boolean } | null;
  /** Stops accepting requests, lets the ones in flight finish (up to 1 s), writes --data, closes. */
  close(): Promise<void>;
}

export const defaultPort = 8010;
export const defaultHost = '127.0.0.1';

function formatHostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolveListen();
    });
  });
}

export function initialFaults(o: Pick<MockServerOptions, 'latency' | 'errorRate'>): Partial<MockFaults> {
  const faults: Partial<MockFaults> = {};
  if (o.latency !== undefined) faults.latency_ms = o.latency;
  if (o.errorRate !== undefined) faults.error_rate = o.errorRate;
  return faults;
}

export async function startMockServer(o: MockServerOptions = {}): Promise<MockServer> {
  const host = o.host ?? defaultHost;
  let persister: Persister | null = null;
  let dataFile: MockServer['dataFile'] = null;
  let mock: Mock;
  if (o.dataFile) {
    const file = resolve(o.dataFile);
    const { data, worlds, created } = openDataFile(file, seedData);
    dataFile = { path: file, created };
    try {
      mock = createMock({ data, worlds, faults: initialFaults(o) });
    } catch (error) {
      throw new MockDataError(file, `the store refused it (${error instanceof Error ? error.message : String(error)})`);
    }
    persister = persistWorlds(mock.worlds, file);
  } else {
    mock = createMock({ faults: initialFaults(o) });
  }

  let port = o.port ?? defaultPort;
  const server = createServer({ noDelay: true });
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  server.on('request', createRequestListener(mock, () => `${formatHostForUrl(host)}:${port}`));
  try {
    await listen(server, port, host);
  } catch (error) {
    await persister?.stop();
    throw error;
  }
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 1000);
      await closed;
      clearTimeout(force);
      await persister?.stop();
    })();
    return closing;
  };

  return { url: `http://${formatHostForUrl(host)}:${port}`, port, mock, dataFile, close };
}

// ---------- the command line ----------

const usage = `Usage: npm run mock -- [options]

  --port N            port to listen on (default ${defaultPort}; 0 picks a free one)
  --host HOST         address to bind (default ${defaultHost})
  --data FILE         keep the store in FILE across restarts (created from the seed if missing)
  --latency MS        delay every /api/ answer: a number (200) or a range (100-500)
  --error-rate R      answer this share (0 to 1) of /api/ requests with a 500
  --help              show this help
`;

class UsageError extends Error {}

function parseNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`${flag} expects a number, got "${text}"`);
  return value;
}

export function parseCli(argv: string[]): MockServerOptions & { help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options: MockServerOptions & { help: boolean } = { help: values.help ?? false };
  if (values.port !== undefined) {
    const port = parseNumber('--port', values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port expects an integer from 0 to 65535');
    options.port = port;
  }
  if (values.host !== undefined) {
    if (!values.host.trim()) throw new UsageError('--host expects an address');
    options.host = values.host;
  }
  if (values.data !== undefined) {
    if (!values.data.trim()) throw new UsageError('--data expects a file name');
    options.dataFile = values.data;
  }
  if (values.latency !== undefined) {
    const range = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(values.latency);
    const latency: number | [number, number] = range
      ? [Number(range[1]), Number(range[2])]
      : parseNumber('--latency', values.latency);
    const [min, max] = Array.isArray(latency) ? latency : [latency, latency];
    if (min < 0 || max > 60000 || min > max) {
      throw new UsageError('--latency expects milliseconds from 0 to 60000, as a number (200) or a range (100-500)');
    }
    options.latency = latency;
  }
  if (values['error-rate'] !== undefined) {
    const rate = parseNumber('--error-rate', values['error-rate']);
    if (rate < 0 || rate > 1) throw new UsageError('--error-rate expects a number from 0 to 1');
    options.errorRate = rate;
  }
  return options;
}

function describeFaults(faults: MockFaults): string {
  const parts: string[] = [];
  const latency = faults.latency_ms;
  if (Array.isArray(latency) ? latency[1] > 0 : latency > 0) {
    parts.push(`latency ${Array.isArray(latency) ? `${latency[0]}-${latency[1]}` : latency} ms`);
  }
  if (faults.error_rate > 0) parts.push(`error rate ${faults.error_rate}`);
  return parts.length ? parts.join(', ') : 'none';
}

function banner(server: MockServer): string {
  const width = Math.max(...demoKeys.map((key) => key.key.length));
  const keys = demoKeys
    .map((key) => `  ${key.key.padEnd(width)}  ${key.userEmail} (${key.label}): ${key.scopes.join(', ')}`)
    .join('\n');
  return [
    `Mock API listening on ${server.url}`,
    '',
    'Demo keys (send as "Authorization: Bearer <key>"):',
    keys,
    '',
    'Control routes (no key needed):',
    `  POST    ${server.url}/__mock/reset    back to the seed, faults cleared`,
    `  GET     ${server.url}/__mock/info     version, demo keys, faults`,
    `  GET|PUT ${server.url}/__mock/faults   latency_ms, error_rate, rules`,
    `  GET     ${server.url}/__mock/worlds   the worlds and their last use`,
    `  DELETE  ${server.url}/__mock/worlds/<name>   drops that world`,
    '  Send "X-Mock-World: <name>" to use a world of your own (reset and faults then act on it).',
    `  GET     ${server.url}/shared/<access_token>   public page of a shared dashboard`,
    '',
    server.dataFile
      ? `Data file: ${server.dataFile.path} (${server.dataFile.created ? 'created from the seed' : 'loaded'})`
      : 'Data: in memory only (use --data FILE to keep it across restarts)',
    `Faults: ${describeFaults(server.mock.getFaults())}`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

/** The command line; run by src/mock/launch.mjs (`npm run mock`), or when this file is the entry. */
export async function main(argv: string[]): Promise<void> {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(usage);
    return;
  }
  let server: MockServer;
  try {
    server = await startMockServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${options.host ?? defaultHost}:${options.port ?? defaultPort}`;
    if (code === 'EADDRINUSE') process.stderr.write(`Cannot listen on ${where}: the port is already in use.\n`);
    else if (code === 'EACCES' || code === 'EADDRNOTAVAIL') process.stderr.write(`Cannot listen on ${where}: ${code}.\n`);
    else process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.stdout.write(banner(server));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`Second ${signal}: exiting without waiting.\n`);
      process.exit(1);
    }
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Mock server: error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) void main(process.argv.slice(2));
