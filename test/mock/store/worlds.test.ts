// Mock worlds (API.md §9): `X-Mock-World` picks an isolated, seeded world; at most 50 are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/contract/errors.ts';
import { mockFaultsSchema, mockInfoSchema, mockWorldsSchema } from '../../../src/contract/schemas.ts';
import { createDashboard } from '../../../src/mock/rules/dashboards/dashboards.ts';
import { authenticate } from '../../../src/mock/rules/access.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import { startMockServer, type MockServer } from '../../../src/mock/serve/server.ts';
import { Worlds } from '../../../src/mock/store/worlds.ts';
import { persistWorlds } from '../../../src/mock/store/persist.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { projects: P } = seedIds;

describe('Worlds (the store of each world)', () => {
  it('keeps each world apart: a change in one is seen by none of the others', () => {
    const worlds = new Worlds({ seed: seedData, log: () => undefined });
    const alice = worlds.get('alice');
    const bob = worlds.get('bob');
    const principal = authenticate(alice.store, 'Bearer phx_demo_admin');
    const made = alice.store.mutate(() =>
      createDashboard(alice.store, principal, alice.store.project(P.app)!, { name: 'Only in alice' } as never),
    );
    expect(alice.store.dashboard(made.id)?.name).toBe('Only in alice');
    expect(bob.store.dashboard(made.id)).toBeUndefined();
    expect(worlds.default.store.dashboard(made.id)).toBeUndefined();
    // Seeded the same: the same dashboards, ids and all.
    expect(bob.store.orderedDashboards(P.app).map((d) => d.id)).toEqual(worlds.default.store.orderedDashboards(P.app).map((d) => d.id));
    // The same name is the same world; "default" and no name are the default world.
    expect(worlds.get('alice')).toBe(alice);
    expect(worlds.get(null)).toBe(worlds.default);
    expect(worlds.get('default')).toBe(worlds.default);
    // Faults are per world.
    alice.faults = { ...alice.faults, error_rate: 1 };
    expect(bob.faults.error_rate).toBe(0);
    expect(worlds.default.faults.error_rate).toBe(0);
  });

  it('drops the least recently used world when a 51st is created, says so, and never drops the default', () => {
    const lines: string[] = [];
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    const worlds = new Worlds({ seed: seedData, log: (line) => lines.push(line), now: () => (clock += 1000) });
    for (let i = 0; i < 50; i += 1) worlds.get(`w${i}`);
    expect(worlds.list()).toHaveLength(51);
    expect(lines).toEqual([]);
    // w0 is used again: w1 is now the least recently used.
    worlds.get('w0');
    worlds.get(null);
    worlds.get('w50');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"w1"');
    const names = worlds.list().map((w) => w.name);
    expect(names).toHaveLength(51);
    expect(names[0]).toBe('default');
    expect(names).not.toContain('w1');
    expect(names).toContain('w0');
    expect(names[1]).toBe('w50');
    expect(worlds.peek('w1')).toBeUndefined();
    // A dropped world comes back fresh from the seed when asked for again.
    expect(worlds.get('w1').store.snapshot()).toEqual(worlds.default.store.snapshot());
    expect(lines).toHaveLength(2);
    expect(worlds.peek('default')).toBe(worlds.default);
    // 52 stores built from the seed: slow on a busy machine.
  }, 30_000);
});

describe('Worlds.drop', () => {
  it('drops a named world (and from the data file), never the default one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worlds-drop-'));
    try {
      const file = join(dir, 'data.json');
      const worlds = new Worlds({ seed: seedData, log: () => undefined });
      const persister = persistWorlds(worlds, file, { delayMs: 0 });
      const gone = worlds.get('gone');
      worlds.get('kept');
      await persister.flush();
      expect(readFileSync(file, 'utf8')).toContain('"name":"gone"');
      expect(worlds.drop('gone')).toBe(true);
      expect(worlds.peek('gone')).toBeUndefined();
      expect(worlds.drop('gone')).toBe(false);
      expect(worlds.drop('default')).toBe(false);
      expect(worlds.peek('default')).toBe(worlds.default);
      await persister.flush();
      const written = readFileSync(file, 'utf8');
      expect(written).not.toContain('"name":"gone"');
      expect(written).toContain('"name":"kept"');
      // Named again: a new world from the seed.
      expect(worlds.get('gone')).not.toBe(gone);
      await persister.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('worlds over HTTP', () => {
  let server: MockServer;
  const logged: string[] = [];
  const info = console.info;

  beforeAll(async () => {
    console.info = (...args: unknown[]) => void logged.push(args.join(' '));
    server = await startMockServer({ port: 0 });
  });

  afterAll(async () => {
    console.info = info;
    await server.close();
  });

  const headers = (world?: string): Record<string, string> => ({
    authorization: 'Bearer phx_demo_admin',
    'content-type': 'application/json',
    ...(world === undefined ? {} : { 'x-mock-world': world }),
  });
  const dashboardsPath = `/api/projects/${P.app}/dashboards/`;

  async function names(world?: string): Promise<string[]> {
    const response = await fetch(`${server.url}${dashboardsPath}?limit=1000`, { headers: headers(world) });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { results: Array<{ name: string | null }> };
    return page.results.map((d) => d.name ?? '');
  }

  it('lets two worlds change their own data at once, neither seeing the other', async () => {
    const made = await Promise.all(
      ['qa-alice', 'qa-bob'].flatMap((world) =>
        [1, 2, 3].map(async (n) => {
          const response = await fetch(`${server.url}${dashboardsPath}`, {
            method: 'POST',
            headers: headers(world),
            body: JSON.stringify({ name: `${world} board ${n}` }),
          });
          expect(response.status).toBe(201);
          return (await response.json()) as { id: number };
        }),
      ),
    );
    const alice = await names('qa-alice');
    const bob = await names('qa-bob');
    const byDefault = await names();
    for (const n of [1, 2, 3]) {
      expect(alice).toContain(`qa-alice board ${n}`);
      expect(alice).not.toContain(`qa-bob board ${n}`);
      expect(bob).toContain(`qa-bob board ${n}`);
      expect(bob).not.toContain(`qa-alice board ${n}`);
      expect(byDefault.filter((name) => name.startsWith('qa-'))).toEqual([]);
    }
    // Each world hands out its own ids (both start from the seed's sequence).
    expect(new Set(made.map((d) => d.id)).size).toBe(3);

    // Reset acts on the caller's world only.
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'x-mock-world': 'qa-alice' } })).status).toBe(204);
    expect((await names('qa-alice')).filter((name) => name.startsWith('qa-'))).toEqual([]);
    expect(await names('qa-bob')).toContain('qa-bob board 1');
  });

  it('keeps fault settings per world: a broken world breaks no other', async () => {
    const put = await fetch(`${server.url}/__mock/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-mock-world': 'flaky' },
      body: JSON.stringify({ rules: [{ method: '*', path: '/api/**', status: 503 }] }),
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${server.url}${dashboardsPath}`, { headers: headers('flaky') })).status).toBe(503);
    expect((await fetch(`${server.url}${dashboardsPath}`, { headers: headers('calm') })).status).toBe(200);
    expect((await fetch(`${server.url}${dashboardsPath}`, { headers: headers() })).status).toBe(200);
    const calm = mockFaultsSchema.parse(await (await fetch(`${server.url}/__mock/faults`, { headers: { 'x-mock-world': 'calm' } })).json());
    expect(calm.rules).toEqual([]);
    const flakyInfo = mockInfoSchema.parse(await (await fetch(`${server.url}/__mock/info`, { headers: { 'x-mock-world': 'flaky' } })).json());
    expect(flakyInfo.world).toBe('flaky');
    expect(flakyInfo.faults.rules).toHaveLength(1);
    expect(mockInfoSchema.parse(await (await fetch(`${server.url}/__mock/info`)).json()).world).toBe('default');
  });

  it('lists the worlds with their creation and last use', async () => {
    const before = Date.now();
    await fetch(`${server.url}${dashboardsPath}`, { headers: headers('listed') });
    const response = await fetch(`${server.url}/__mock/worlds`);
    expect(response.status).toBe(200);
    const worlds = mockWorldsSchema.parse(await response.json());
    expect(worlds[0]!.name).toBe('default');
    expect(worlds[1]!.name).toBe('listed');
    expect(Date.parse(worlds[1]!.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(worlds[1]!.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(worlds.map((w) => w.name)).toEqual(expect.arrayContaining(['qa-alice', 'qa-bob', 'flaky', 'calm']));
  });

  it('drops a world and its faults with DELETE /__mock/worlds/<name>; the next use starts it from the seed', async () => {
    const world = 'scratch-1';
    const made = await fetch(`${server.url}${dashboardsPath}`, { method: 'POST', headers: headers(world), body: JSON.stringify({ name: 'scratch board' }) });
    expect(made.status).toBe(201);
    const faults = await fetch(`${server.url}/__mock/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-mock-world': world },
      body: JSON.stringify({ rules: [{ method: 'DELETE', path: '/api/**', status: 503 }] }),
    });
    expect(faults.status).toBe(200);
    const defaultBefore = await names();

    const dropped = await fetch(`${server.url}/__mock/worlds/${world}`, { method: 'DELETE' });
    expect(dropped.status).toBe(204);
    expect(await dropped.text()).toBe('');
    const listed = mockWorldsSchema.parse(await (await fetch(`${server.url}/__mock/worlds`)).json());
    expect(listed.map((w) => w.name)).not.toContain(world);

    // Named again, it is a fresh world: the seed's data, no faults.
    expect(await names(world)).not.toContain('scratch board');
    const fresh = mockFaultsSchema.parse(await (await fetch(`${server.url}/__mock/faults`, { headers: { 'x-mock-world': world } })).json());
    expect(fresh.rules).toEqual([]);
    // The default world is untouched.
    expect(await names()).toEqual(defaultBefore);
  });

  it.each([['never-made'], ['default'], ['bad%20name']])('answers DELETE /__mock/worlds/%s 404 {"detail": "Not found."}', async (name) => {
    const response = await fetch(`${server.url}/__mock/worlds/${name}`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
    // Nothing was created or dropped: the default world is still there.
    const listed = mockWorldsSchema.parse(await (await fetch(`${server.url}/__mock/worlds`)).json());
    expect(listed[0]!.name).toBe('default');
    expect(listed.slice(1).map((w) => w.name)).not.toContain(decodeURIComponent(name));
  });

  it('drops a world twice: 204, then 404; other methods are 405; a page on another origin may call it', async () => {
    await fetch(`${server.url}${dashboardsPath}`, { headers: headers('twice') });
    const origin = 'https://console.example';
    const preflight = await fetch(`${server.url}/__mock/worlds/twice`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    const first = await fetch(`${server.url}/__mock/worlds/twice`, { method: 'DELETE', headers: { origin } });
    expect(first.status).toBe(204);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${server.url}/__mock/worlds/twice`, { method: 'DELETE' })).status).toBe(404);
    const get = await fetch(`${server.url}/__mock/worlds/twice`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('DELETE');
  });

  it.each([
    ['', '/api/projects/'],
    ['has space', '/api/projects/'],
    ['a'.repeat(41), '/__mock/reset'],
    ['dots.not.allowed', '/__mock/faults'],
    ['slash/no', '/__mock/info'],
    ['ünïcode', '/shared/abc'],
  ])('refuses X-Mock-World %j with 400 invalid_input (%s)', async (world, path) => {
    const method = path === '/__mock/reset' ? 'POST' : 'GET';
    const response = await fetch(`${server.url}${path}`, { method, headers: { ...headers(), 'x-mock-world': world } });
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(body).toMatchObject({ type: 'validation_error', code: 'invalid_input', attr: null });
    expect(body.detail).toContain('X-Mock-World');
    // Nothing was created for it.
    const worlds = mockWorldsSchema.parse(await (await fetch(`${server.url}/__mock/worlds`)).json());
    expect(worlds.map((w) => w.name)).not.toContain(world);
  });

  it('accepts names of exactly 40 letters, digits, "-" and "_"', async () => {
    const name = `Aa0-_${'z'.repeat(35)}`;
    expect((await fetch(`${server.url}${dashboardsPath}`, { headers: headers(name) })).status).toBe(200);
  });

  it('opens a shared link of a world without the header (the token names its world)', async () => {
    const world = 'sharer';
    const [first] = (
      (await (await fetch(`${server.url}${dashboardsPath}?limit=1`, { headers: headers(world) })).json()) as { results: Array<{ id: number }> }
    ).results;
    const sharing = await fetch(`${server.url}${dashboardsPath}${first!.id}/sharing/`, {
      method: 'PATCH',
      headers: headers(world),
      body: JSON.stringify({ enabled: true }),
    });
    expect(sharing.status).toBe(200);
    const refreshed = await fetch(`${server.url}${dashboardsPath}${first!.id}/sharing/refresh/`, { method: 'POST', headers: headers(world) });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await fetch(`${server.url}/shared/${access_token}`)).status).toBe(200);
    // With a header, only that world answers.
    expect((await fetch(`${server.url}/shared/${access_token}`, { headers: { 'x-mock-world': 'someone-else' } })).status).toBe(404);
  });
});
