/**
 * `npm run bench:mock`: how fast the mock server lists 10,000 dashboards over real HTTP, compared
 * with a bare node:http server that only slices a prepared array and JSON-encodes the page, and how
 * much memory the whole `npm run mock` holds then, as the operating system sees it.
 *
 * - Throughput: the two servers are driven in alternating rounds (mock, bare, mock, bare, …); each
 *   round pair gives one ratio, and the figure is the median ratio, printed with its spread (the
 *   lowest and highest round), so a burst of other load on this shared machine shows as spread.
 * - Memory: `npm run mock` runs in its own process group (npm, the shell, node). The goal is judged
 *   on the sum of their PSS (/proc/<pid>/smaps_rollup: resident pages, each page shared by several
 *   processes split among them, so node's own code is counted once); the sum of their RSS, which
 *   counts those shared pages once per process, is printed beside it.
 * Loopback only; bounded in count and time; stops its child processes by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const thisFile = fileURLToPath(import.meta.url);

const dashboardCount = 10_000;
const fillConcurrency = 16;
const clients = 16;
/** Rounds of `roundMs` per target, alternating the targets. */
const rounds = 9;
const roundMs = 700;
const warmupMs = 500;
const pageSize = 100;
const overallTimeoutMs = 240_000;
const adminKey = 'phx_demo_admin';

const goals = { throughputRatio: 0.6, lastOverFirstP50: 1.2, rssMb: 150 };

// ---------- the bare server (a child process: same conditions as the mock) ----------

interface BareItem {
  [key: string]: unknown;
}

function runBareServer(itemsFile: string): void {
  const items = JSON.parse(readFileSync(itemsFile, 'utf8')) as BareItem[];
  const positiveInt = (text: string | null, fallback: number, allowZero: boolean) => {
    if (text === null || !/^\d+$/.test(text)) return fallback;
    const value = Number(text);
    return value > 0 || (allowZero && value === 0) ? value : fallback;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const limit = positiveInt(url.searchParams.get('limit'), 100, false);
    const offset = positiveInt(url.searchParams.get('offset'), 0, true);
    const pageUrl = (newOffset: number) => {
      const next = new URL(url);
      next.searchParams.set('limit', String(limit));
      if (newOffset > 0) next.searchParams.set('offset', String(newOffset));
      else next.searchParams.delete('offset');
      return next.href;
    };
    const results = items.slice(offset, offset + limit);
    const body = JSON.stringify({
      count: items.length,
      next: offset + limit < items.length ? pageUrl(offset + limit) : null,
      previous: offset > 0 ? pageUrl(Math.max(0, offset - limit)) : null,
      results,
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`Bare server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---------- the load generator ----------

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

interface HttpResult {
  status: number;
  body: string;
}

function send(url: string, method = 'GET', body?: unknown, key: string | null = adminKey): Promise<HttpResult> {
  return new Promise((resolveSend, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = httpRequest(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveSend({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** One request, body consumed but not decoded: the client's own cost stays small. */
function hit(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolveHit, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolveHit(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Target {
  name: string;
  url: string;
  withKey: boolean;
  /** The server process, to read its CPU time. */
  pid: number;
}

interface Totals {
  requests: number;
  seconds: number;
  cpuSeconds: number;
  latencies: number[];
}

interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  /** Server CPU time per request, in microseconds: less sensitive to other load on the machine. */
  cpuUsPerRequest: number;
}

/** utime + stime of a process, in seconds (Linux clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `clients` keep-alive clients request `target` back to back for `ms`. */
async function drive(target: Target, ms: number, totals: Totals | null): Promise<void> {
  const headers: Record<string, string> = target.withKey ? { authorization: `Bearer ${adminKey}` } : {};
  const stopAt = performance.now() + ms;
  const cpuBefore = cpuSecondsOf(target.pid);
  const started = performance.now();
  let count = 0;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const sent = performance.now();
      const status = await hit(target.url, headers);
      if (status !== 200) throw new Error(`GET ${target.url} answered ${status}`);
      totals?.latencies.push(performance.now() - sent);
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  if (totals) {
    totals.seconds += (performance.now() - started) / 1000;
    totals.cpuSeconds += cpuSecondsOf(target.pid) - cpuBefore;
    totals.requests += count;
  }
}

interface Measured {
  results: Map<string, LoadResult>;
  /** Requests per second of each target in each round, in round order. */
  roundRps: Map<string, number[]>;
}

/**
 * Warms every target up, then measures them in alternating rounds, so a change in the machine's
 * other load (it is shared) affects each target alike, and each round's ratio compares like with like.
 */
async function measure(targets: Target[]): Promise<Measured> {
  for (const target of targets) await drive(target, warmupMs, null);
  const totals = new Map(targets.map((t) => [t.name, { requests: 0, seconds: 0, cpuSeconds: 0, latencies: [] } as Totals]));
  const roundRps = new Map(targets.map((t) => [t.name, [] as number[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const t = totals.get(target.name)!;
      const [requests, seconds] = [t.requests, t.seconds];
      await drive(target, roundMs, t);
      roundRps.get(target.name)!.push((t.requests - requests) / (t.seconds - seconds));
    }
  }
  const results = new Map<string, LoadResult>();
  for (const [name, t] of totals) {
    t.latencies.sort((a, b) => a - b);
    const quantile = (q: number) => t.latencies[Math.min(t.latencies.length - 1, Math.floor(q * t.latencies.length))] ?? NaN;
    results.set(name, {
      requests: t.requests,
      rps: t.requests / t.seconds,
      p50Ms: quantile(0.5),
      p95Ms: quantile(0.95),
      cpuUsPerRequest: (t.cpuSeconds * 1e6) / t.requests,
    });
  }
  return { results, roundRps };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function pool<T>(total: number, concurrency: number, task: (index: number) => Promise<T>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// ---------- child processes ----------

const children: ChildProcess[] = [];

const groups = new Set<ChildProcess>();

/** Runs `command <args>` in the repo; resolves once stdout matches `firstLine` (its group 1 is the URL). */
function startChild(
  command: string,
  args: string[],
  firstLine: RegExp,
  options: { detached?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false, env: options.env });
    children.push(child);
    if (options.detached) groups.add(child);
    let output = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 20 s:\n${errors}`)), 20_000);
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      errors += chunk;
    });
    const onData = (chunk: string) => {
      output += chunk;
      const match = firstLine.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolveStart({ child, url: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${errors}`));
    });
  });
}

/** Extra Node flags for the mock's node (e.g. "--cpu-prof"), passed through NODE_OPTIONS. */
const extraNodeArgs = process.env.BENCH_MOCK_NODE_ARGS?.trim() || null;

/**
 * Starts `npm run mock -- --port 0` exactly as people run it, in a process group of its own (npm,
 * the shell it runs the script in, and node), so the whole group can be measured and stopped.
 */
function startNpmMock(): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env };
  if (extraNodeArgs) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} ${extraNodeArgs}`.trim();
  const firstLine = /^Mock API listening on (http:\/\/\S+)/m;
  // To compare ways of launching the mock (see docs): BENCH_MOCK_COMMAND runs in place of npm.
  const command = process.env.BENCH_MOCK_COMMAND?.trim();
  if (command) return startChild('sh', ['-c', `exec ${command} --port 0`], firstLine, { detached: true, env });
  return startChild('npm', ['run', '--silent', 'mock', '--', '--port', '0'], firstLine, { detached: true, env });
}

/** The processes of process group `pgid`, read from /proc. */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The node process that serves the mock: the group's process running src/mock/launch.mjs (or server.ts). */
function serverPidIn(pgid: number): number {
  const pid = groupPids(pgid).find((p) => {
    const [program = '', ...args] = commandOf(p).split(' ');
    return /(^|\/)node$/.test(program) && args.some((arg) => /src\/mock\/(launch\.mjs|server\.ts)$/.test(arg));
  });
  if (!pid) throw new Error(`no process of group ${pgid} runs src/mock/launch.mjs`);
  return pid;
}

function stopChildren(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    // A detached child leads its own process group: stop all of it (npm, sh and node).
    if (groups.has(child)) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    } else child.kill('SIGTERM');
  }
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return kb / 1024;
}
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** Proportional set size: resident memory with each shared page split among the processes sharing it. */
function pssMb(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1]) / 1024;
}

/**
 * Memory of every process of group `pgid`: the sum of their RSS (what `ps` shows, counting pages they
 * share, such as node's own code, once per process) and the sum of their PSS (each shared page once).
 */
function groupMemory(pgid: number): { rssMb: number; pssMb: number; parts: Array<{ pid: number; command: string; rss: number; pss: number }> } {
  const parts = groupPids(pgid).map((pid) => {
    let rss = 0;
    let pss = 0;
    try {
      rss = rssMb(pid);
      pss = pssMb(pid);
    } catch {
      // Ended meanwhile.
    }
    return { pid, command: commandOf(pid), rss, pss };
  });
  return { rssMb: parts.reduce((sum, p) => sum + p.rss, 0), pssMb: parts.reduce((sum, p) => sum + p.pss, 0), parts };
}

// ---------- the benchmark ----------

const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

async function bench(): Promise<void> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `Mock server benchmark: ${dashboardCount} dashboards, ${clients} keep-alive clients, ` +
      `${rounds} alternating rounds of ${roundMs} ms per target`,
  );
  const startedAt = performance.now();
  const mock = await startNpmMock();
  const startMs = performance.now() - startedAt;
  const pgid = mock.child.pid!;
  const mockPid = serverPidIn(pgid);
  log(`npm run mock answered in ${fmt(startMs, 0)} ms (process group ${pgid}, server pid ${mockPid})`);

  const project = await send(`${mock.url}/api/organizations/@current/projects/`, 'POST', { name: `Benchmark ${Date.now()}` });
  if (project.status !== 201) throw new Error(`creating the project answered ${project.status}: ${project.body}`);
  const projectId = (JSON.parse(project.body) as { id: number }).id;
  const listUrl = `${mock.url}/api/projects/${projectId}/dashboards/`;

  const fillStarted = performance.now();
  await pool(dashboardCount, fillConcurrency, async (i) => {
    const n = String(i + 1).padStart(5, '0');
    const created = await send(listUrl, 'POST', {
      name: `Dashboard ${n}`,
      description: `Benchmark dashboard number ${i + 1}`,
      tags: [`group-${i % 10}`],
      pinned: i % 500 === 0,
    });
    if (created.status !== 201) throw new Error(`creating dashboard ${n} answered ${created.status}: ${created.body}`);
  });
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  log(`Filled ${dashboardCount} dashboards over HTTP in ${fmt(fillSeconds, 1)} s (${fmt(dashboardCount / fillSeconds, 0)}/s)`);

  // The bare server's array: every list item, fetched in pages so no answer is unusually large.
  const items: BareItem[] = [];
  for (let offset = 0; offset < dashboardCount; offset += 1000) {
    const page = await send(`${listUrl}?limit=1000&offset=${offset}`);
    const envelope = JSON.parse(page.body) as { count: number; results: BareItem[] };
    if (envelope.count !== dashboardCount) throw new Error(`expected ${dashboardCount} dashboards, the mock lists ${envelope.count}`);
    items.push(...envelope.results);
  }
  if (items.length !== dashboardCount) throw new Error(`paging gave ${items.length} dashboards, not ${dashboardCount}`);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-mock-'));
  const itemsFile = join(workDir, 'items.json');
  writeFileSync(itemsFile, JSON.stringify(items));
  const bare = await startChild(process.execPath, ['--import', 'tsx', thisFile, '--bare-server', itemsFile], /^Bare server listening on (http:\/\/\S+)/m);
  rmSync(workDir, { recursive: true, force: true });
  const bareUrl = `${bare.url}/api/projects/${projectId}/dashboards/`;

  // The bare server must do the same work: the same envelope and items as the mock's first page.
  const mockPage = await send(`${listUrl}?limit=${pageSize}`);
  const barePage = await send(`${bareUrl}?limit=${pageSize}`, 'GET', undefined, null);
  const strip = (text: string) => {
    const page = JSON.parse(text) as { count: number; next: string | null; previous: string | null; results: unknown };
    return JSON.stringify([page.count, page.next !== null, page.previous, page.results]);
  };
  if (strip(mockPage.body) !== strip(barePage.body)) {
    throw new Error('the bare server does not answer the same first page as the mock');
  }
  log(`First page: mock ${mockPage.body.length} bytes, bare ${barePage.body.length} bytes`);

  const lastOffset = dashboardCount - pageSize;
  const { results: measured, roundRps } = await measure([
    { name: 'mock first', url: `${listUrl}?limit=${pageSize}`, withKey: true, pid: mockPid },
    { name: 'bare first', url: `${bareUrl}?limit=${pageSize}`, withKey: false, pid: bare.child.pid! },
    { name: 'mock last', url: `${listUrl}?limit=${pageSize}&offset=${lastOffset}`, withKey: true, pid: mockPid },
  ]);
  const firstMock = measured.get('mock first')!;
  const firstBare = measured.get('bare first')!;
  const lastMock = measured.get('mock last')!;
  for (const [name, r] of measured) {
    log(
      `${name.padEnd(10)}: ${fmt(r.rps, 0)} req/s over ${r.requests} requests, p50 ${fmt(r.p50Ms)} ms, ` +
        `p95 ${fmt(r.p95Ms)} ms, server CPU ${fmt(r.cpuUsPerRequest, 0)} µs/request`,
    );
  }
  const memory = groupMemory(pgid);
  const rss = memory.rssMb;
  const serverRss = rssMb(mockPid);
  for (const part of memory.parts) {
    log(`  RSS ${fmt(part.rss, 1).padStart(6)} MB, PSS ${fmt(part.pss, 1).padStart(6)} MB  pid ${part.pid}  ${part.command.slice(0, 80)}`);
  }

  const mockRounds = roundRps.get('mock first')!;
  const bareRounds = roundRps.get('bare first')!;
  const roundRatios = mockRounds.map((rps, i) => rps / bareRounds[i]!);
  const ratio = median(roundRatios);
  const ratioLow = Math.min(...roundRatios);
  const ratioHigh = Math.max(...roundRatios);
  log(`Round ratios mock/bare: ${roundRatios.map((r) => fmt(r)).join(' ')}`);
  const lastOverFirst = lastMock.p50Ms / firstMock.p50Ms;
  const rows = [
    ['mock first page (req/s)', fmt(firstMock.rps, 0), '', ''],
    ['bare first page (req/s)', fmt(firstBare.rps, 0), '', ''],
    ['throughput mock/bare, median of rounds', fmt(ratio), `>= ${goals.throughputRatio}`, ratio >= goals.throughputRatio ? 'PASS' : 'MISS'],
    ['  spread (lowest-highest round)', `${fmt(ratioLow)}-${fmt(ratioHigh)}`, '', ''],
    ['p50 first page (ms)', fmt(firstMock.p50Ms), '', ''],
    ['p50 last page (ms)', fmt(lastMock.p50Ms), '', ''],
    ['p50 last/first', fmt(lastOverFirst), `<= ${goals.lastOverFirstP50}`, lastOverFirst <= goals.lastOverFirstP50 ? 'PASS' : 'MISS'],
    ['npm run mock memory, whole group, PSS (MB)', fmt(memory.pssMb, 1), `<= ${goals.rssMb}`, memory.pssMb <= goals.rssMb ? 'PASS' : 'MISS'],
    ['  RSS summed over the group (MB)', fmt(rss, 1), '', ''],
    ['  of which the server process (MB)', fmt(serverRss, 1), '', ''],
    ['npm run mock start to first answer (ms)', fmt(startMs, 0), '', ''],
    ['server CPU, mock first page (µs/req)', fmt(firstMock.cpuUsPerRequest, 0), '', ''],
    ['server CPU, bare first page (µs/req)', fmt(firstBare.cpuUsPerRequest, 0), '', ''],
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...[['figure', 'value', 'goal', ''], ...rows].map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd();
  log('');
  log(line(['figure', 'value', 'goal', '']));
  for (const row of rows) log(line(row));
  log('');
  log(
    `BENCH_MOCK_JSON ${JSON.stringify({
      dashboards: dashboardCount,
      clients,
      rounds,
      round_ms: roundMs,
      fill_per_s: Math.round(dashboardCount / fillSeconds),
      mock_rps: Math.round(firstMock.rps),
      bare_rps: Math.round(firstBare.rps),
      throughput_ratio: Number(ratio.toFixed(3)),
      throughput_ratio_low: Number(ratioLow.toFixed(3)),
      throughput_ratio_high: Number(ratioHigh.toFixed(3)),
      throughput_ratio_goal: goals.throughputRatio,
      p50_first_ms: Number(firstMock.p50Ms.toFixed(3)),
      p50_last_ms: Number(lastMock.p50Ms.toFixed(3)),
      p50_last_over_first: Number(lastOverFirst.toFixed(3)),
      p50_last_over_first_goal: goals.lastOverFirstP50,
      rss_mb: Number(rss.toFixed(1)),
      rss_mb_goal: goals.rssMb,
      pss_mb: Number(memory.pssMb.toFixed(1)),
      server_rss_mb: Number(serverRss.toFixed(1)),
      command: process.env.BENCH_MOCK_COMMAND?.trim() || 'npm run mock',
      start_ms: Math.round(startMs),
      mock_cpu_us_per_request: Math.round(firstMock.cpuUsPerRequest),
      bare_cpu_us_per_request: Math.round(firstBare.cpuUsPerRequest),
      node_args: extraNodeArgs,
      pass: ratio >= goals.throughputRatio && lastOverFirst <= goals.lastOverFirstP50 && memory.pssMb <= goals.rssMb,
    })}`,
  );
}

if (process.argv[2] === '--bare-server') {
  runBareServer(process.argv[3]!);
} else {
  const deadline = setTimeout(() => {
    process.stderr.write(`Benchmark took longer than ${overallTimeoutMs / 1000} s; stopping.\n`);
    stopChildren();
    process.exit(1);
  }, overallTimeoutMs);
  bench().then(
    () => {
      clearTimeout(deadline);
      stopChildren();
      agent.destroy();
    },
    (error: unknown) => {
      clearTimeout(deadline);
      process.stderr.write(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      stopChildren();
      agent.destroy();
      process.exitCode = 1;
    },
  );
}
