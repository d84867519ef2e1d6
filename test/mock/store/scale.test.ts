/**
 * The big organization of src/mock/store/scale.ts: members the API cannot create, seeded through a data
 * file (`--data`), then read over the API like any other.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberPageSchema } from '../../../src/contract/schemas.ts';
import { usersWithAccessSchema } from '../../../src/contract/access-control.ts';
import { Store } from '../../../src/mock/store/db.ts';
import { answerApiRequest } from '../../../src/mock/handlers/api.ts';
import { openDataFile } from '../../../src/mock/store/persist.ts';
import { scaledStoreData } from '../../../src/mock/store/scale.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import { parseWith } from '../helpers.ts';

const root = resolve(import.meta.dirname, '../../..');

function get(store: Store, path: string, key = 'phx_demo_admin') {
  const answer = answerApiRequest(store, { method: 'GET', url: `http://localhost${path}`, authorization: `Bearer ${key}`, host: 'localhost', body: null });
  return { status: answer.status, body: answer.body === null ? undefined : JSON.parse(answer.body) };
}

describe('scaledStoreData', () => {
  const options = { members: 200, projects: 3, dashboardsPerProject: 40, rulesEvery: 10 };
  const data = scaledStoreData(options);

  it('is the same for the same options, and keeps the seed', () => {
    expect(JSON.stringify(scaledStoreData(options))).toBe(JSON.stringify(data));
    const seed = seedData();
    expect(data.dashboards.slice(0, seed.dashboards.length)).toEqual(seed.dashboards);
    expect(data.projects.slice(0, seed.projects.length)).toEqual(seed.projects);
  });

  it('loads as a data file, and the API then lists 200 members, newest first, and their projects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-'));
    try {
      const file = join(dir, 'big.json');
      writeFileSync(file, JSON.stringify(data));
      const store = new Store(openDataFile(file, seedData).data);
      const page = parseWith(memberPageSchema, get(store, '/api/organizations/@current/members/?limit=100').body);
      expect(page.count).toBe(200);
      const dates = page.results.map((m) => m.joined_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(new Set(page.results.map((m) => m.user.email)).size).toBe(100);
      expect(get(store, `/api/organizations/${seedIds.organization}/`).body.member_count).toBe(200);
      const projects = get(store, `/api/organizations/${seedIds.organization}/projects/?limit=100`).body;
      expect(projects.count).toBe(3 + 3);
      const last = projects.results.at(-1);
      expect(get(store, `/api/projects/${last.id}/dashboards/?limit=1`).body.count).toBe(40);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives every tenth added dashboard a rule for everyone at viewer and one member’s at editor', () => {
    const store = new Store(data);
    const ruled = data.accessControls!.filter((rule) => rule.dashboard_id > seedIds.dashboards.warehouseImport);
    expect(ruled).toHaveLength(((3 * 40) / 10) * 2);
    const dashboard = store.dashboard(ruled[0]!.dashboard_id)!;
    const answer = parseWith(usersWithAccessSchema, get(store, `/api/projects/${dashboard.project_id}/dashboards/${dashboard.id}/users_with_access/`).body);
    expect(answer.total_count).toBe(200);
    const levels = answer.users.map((u) => u.access_level);
    expect(levels.filter((l) => l === 'editor')).toHaveLength(1);
    expect(levels.filter((l) => l === 'viewer').length).toBeGreaterThan(100);
  });

  it('refuses numbers that are not whole and not negative', () => {
    expect(() => scaledStoreData({ members: 10, projects: -1, dashboardsPerProject: 1 })).toThrow('projects must be a whole number of 0 or more, not -1.');
    expect(() => scaledStoreData({ members: 1.5, projects: 0, dashboardsPerProject: 0 })).toThrow(/members must be a whole number/);
  });

  it('writes the file from the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-cli-'));
    try {
      const file = join(dir, 'out.json');
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/mock/store/scale.ts', '--members', '12', '--projects', '1', '--dashboards-per-project', '5', '--out', file], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Wrote ${file}`);
      const written = JSON.parse(readFileSync(file, 'utf8'));
      expect(written).toEqual(JSON.parse(JSON.stringify(scaledStoreData({ members: 12, projects: 1, dashboardsPerProject: 5, rulesEvery: 0 }))));
      const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/mock/store/scale.ts', '--members', '12'], { cwd: root, encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--out FILE is required.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
