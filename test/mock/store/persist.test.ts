// `--data FILE`: the store survives restarts and hard kills, and FILE is always whole JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MockDataError } from '../../../src/mock/store/persist.ts';
import { startMockServer } from '../../../src/mock/serve/server.ts';

const root = resolve(import.meta.dirname, '../../..');
const admin = { authorization: 'Bearer phx_demo_admin', 'content-type': 'application/json' };

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-persist-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Dashboard {
  id: number;
  name: string | null;
}

function dashboardsIn(file: string): Dashboard[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { dashboards: Dashboard[] }).dashboards;
}

async function firstProjectId(url: string): Promise<number> {
  const page = (await (await fetch(`${url}/api/projects/`, { headers: admin })).json()) as { results: Array<{ id: number }> };
  return page.results[0]!.id;
}

async function createDashboard(url: string, projectId: number, name: string): Promise<Dashboard> {
  const response = await fetch(`${url}/api/projects/${projectId}/dashboards/`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Dashboard;
}

/** The CLI as a child process; resolves with its URL once the first line is printed. */
function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/mock/serve/server.ts', '--port', '0', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Mock API listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
      if (match) resolveStart({ child, url: match[1]! });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the mock exited with ${code} before listening: ${stderr}`)));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolveExit) => child.on('exit', (code, signal) => resolveExit({ code, signal })));
}

/** Polls until `condition` holds; the writes land within 250 ms, so 3 s is plenty even when busy. */
async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the data file did not change in time');
    await sleep(20);
  }
}

/** Child processes start tsx first: give them room on a busy machine. */
const childTimeout = 30_000;

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

describe('--data FILE', () => {
  it('seeds a missing FILE and keeps a created dashboard across a restart', async () => {
    const file = join(dir, 'restart', 'mock-data.json');
    const first = await startMockServer({ port: 0, dataFile: file });
    expect(existsSync(file)).toBe(true);
    const projectId = await firstProjectId(first.url);
    const created = await createDashboard(first.url, projectId, 'Survives a restart');
    await first.close();

    // A temp file left by a killed mock (a process id that is not running) is cleaned up on start.
    writeFileSync(join(dir, 'restart', '.mock-data.json.4194999.1.tmp'), '{"half": ');
    const second = await startMockServer({ port: 0, dataFile: file });
    try {
      const response = await fetch(`${second.url}/api/projects/${projectId}/dashboards/${created.id}/`, { headers: admin });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Dashboard).name).toBe('Survives a restart');
      // The id sequence survived too: the next dashboard gets a new id.
      const next = await createDashboard(second.url, projectId, 'After the restart');
      expect(next.id).toBeGreaterThan(created.id);
    } finally {
      await second.close();
    }
    expect(dashboardsIn(file).map((d) => d.name)).toEqual(expect.arrayContaining(['Survives a restart', 'After the restart']));
    // Every temp file was renamed into place or cleaned up: nothing is left beside FILE.
    expect(readdirSync(join(dir, 'restart'))).toEqual(['mock-data.json']);
  });

  it('persists the seed on /__mock/reset', async () => {
    const file = join(dir, 'reset.json');
    const server = await startMockServer({ port: 0, dataFile: file });
    try {
      const projectId = await firstProjectId(server.url);
      await createDashboard(server.url, projectId, 'Gone after reset');
      const inFile = () => dashboardsIn(file).some((d) => d.name === 'Gone after reset');
      await waitFor(inFile);
      expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
      await waitFor(() => !inFile());
    } finally {
      await server.close();
    }
  });

  it('has a write answered 1.5 s before a SIGKILL in FILE, and FILE stays whole JSON under a burst', async () => {
    const file = join(dir, 'killed.json');
    const { child, url } = await startChild(['--data', file]);
    const projectId = await firstProjectId(url);

    let reads = 0;
    let unreadable = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        try {
          JSON.parse(readFileSync(file, 'utf8'));
          reads += 1;
        } catch {
          unreadable += 1;
        }
        await sleep(1);
      }
    })();

    // A burst of 200 writes from 8 clients, coalesced into a few file writes.
    const names = Array.from({ length: 200 }, (_, i) => `Burst ${i}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < names.length) await createDashboard(url, projectId, names[next++]!);
      }),
    );
    const last = await createDashboard(url, projectId, 'The last write before the kill');
    await sleep(1500);
    child.kill('SIGKILL');
    const exit = await exitOf(child);
    polling = false;
    await poll;

    expect(exit.signal).toBe('SIGKILL');
    expect(unreadable).toBe(0);
    expect(reads).toBeGreaterThan(50);
    const saved = dashboardsIn(file);
    expect(saved.find((d) => d.id === last.id)?.name).toBe('The last write before the kill');
    expect(saved.map((d) => d.name)).toEqual(expect.arrayContaining(names));
  }, childTimeout);

  it('keeps 20 worlds changed in parallel across a SIGKILL and a restart, each apart from the others', async () => {
    const file = join(dir, 'worlds.json');
    const { child, url } = await startChild(['--data', file]);
    const projectId = await firstProjectId(url);
    const worlds = Array.from({ length: 20 }, (_, i) => `run-${i}`);
    const inWorld = (world: string) => ({ ...admin, 'x-mock-world': world });
    // Every world at once: three dashboards each, then one renamed.
    await Promise.all(
      worlds.map(async (world) => {
        const made: Dashboard[] = [];
        for (const n of [1, 2, 3]) {
          const response = await fetch(`${url}/api/projects/${projectId}/dashboards/`, {
            method: 'POST',
            headers: inWorld(world),
            body: JSON.stringify({ name: `${world} #${n}` }),
          });
          expect(response.status).toBe(201);
          made.push((await response.json()) as Dashboard);
        }
        const renamed = await fetch(`${url}/api/projects/${projectId}/dashboards/${made[0]!.id}/`, {
          method: 'PATCH',
          headers: inWorld(world),
          body: JSON.stringify({ name: `${world} renamed` }),
        });
        expect(renamed.status).toBe(200);
      }),
    );
    // Settled: 20 worlds changed at once are 20 stores (about 850 kB each) to write, so allow 3 s.
    await sleep(3000);
    child.kill('SIGKILL');
    expect((await exitOf(child)).signal).toBe('SIGKILL');

    const restarted = await startChild(['--data', file]);
    const names = async (world: string | null) => {
      const response = await fetch(`${restarted.url}/api/projects/${projectId}/dashboards/?limit=1000`, {
        headers: world === null ? admin : inWorld(world),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: Dashboard[] }).results.map((d) => d.name ?? '');
    };
    const listed = (await (await fetch(`${restarted.url}/__mock/worlds`)).json()) as Array<{ name: string }>;
    expect(listed.map((w) => w.name)).toEqual(expect.arrayContaining(['default', ...worlds]));
    for (const world of worlds) {
      const mine = (await names(world)).filter((name) => name.startsWith('run-'));
      expect(mine.sort()).toEqual([`${world} #2`, `${world} #3`, `${world} renamed`]);
    }
    expect((await names(null)).filter((name) => name.startsWith('run-'))).toEqual([]);
  }, 60_000);

  it('refuses a corrupt FILE and leaves it untouched', async () => {
    const notJson = join(dir, 'corrupt.json');
    writeFileSync(notJson, '{"format": "analytics-console-mock", "dashboards": [');
    await expect(startMockServer({ port: 0, dataFile: notJson })).rejects.toThrow(MockDataError);
    expect(readFileSync(notJson, 'utf8')).toBe('{"format": "analytics-console-mock", "dashboards": [');

    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, '{"hello": "world"}\n');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/mock/serve/server.ts', '--port', '0', '--data', foreign], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = await exitOf(child);
    expect(exit.code).toBe(1);
    expect(stderr).toContain(`Cannot load mock data from ${foreign}`);
    expect(stderr).toContain('left unchanged');
    expect(stdout).not.toContain('Mock API listening');
    expect(readFileSync(foreign, 'utf8')).toBe('{"hello": "world"}\n');
  }, childTimeout);

  it('stops on SIGTERM with exit code 0 after writing FILE', async () => {
    const file = join(dir, 'sigterm.json');
    const { child, url } = await startChild(['--data', file]);
    const projectId = await firstProjectId(url);
    const created = await createDashboard(url, projectId, 'Written on SIGTERM');
    child.kill('SIGTERM');
    const exit = await exitOf(child);
    expect(exit.code).toBe(0);
    expect(dashboardsIn(file).find((d) => d.id === created.id)?.name).toBe('Written on SIGTERM');
  }, childTimeout);
});
