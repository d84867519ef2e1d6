/** The store (snapshot, replace, subscribe, the list index) and the seed's promises (API.md §9). */
import { describe, expect, it } from 'vitest';
import { scopes } from '../../../src/contract/scopes.ts';
import { compareDashboards, Store } from '../../../src/mock/store/db.ts';
import type { DashboardRecord } from '../../../src/mock/store/records.ts';
import { handleApiRequest } from '../../../src/mock/handlers/api.ts';
import { authenticate } from '../../../src/mock/rules/access.ts';
import { createDashboard, listDashboards, updateDashboard } from '../../../src/mock/rules/dashboards/dashboards.ts';
import { demoKeys, seedData, seedIds } from '../../../src/mock/store/seed.ts';

const { projects: P, dashboards: D, users: U } = seedIds;

async function call(store: Store, method: string, path: string, body?: unknown, key = 'phx_demo_admin') {
  const response = await handleApiRequest(
    store,
    new Request(`http://localhost${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('the seed', () => {
  it('is deterministic', () => {
    expect(seedData()).toEqual(seedData());
    expect(JSON.stringify(seedData())).toBe(JSON.stringify(seedData()));
  });

  it('has one organization of at least 6 members of mixed levels and one outside user', () => {
    const data = seedData();
    const members = data.members.filter((m) => m.organization_id === seedIds.organization);
    expect(members.length).toBeGreaterThanOrEqual(6);
    expect(new Set(members.map((m) => m.level))).toEqual(new Set([1, 8, 15]));
    const outside = data.members.filter((m) => m.organization_id === seedIds.outsideOrganization);
    expect(outside.map((m) => m.user_id)).toEqual([U.hugo]);
    expect(data.projects.filter((p) => p.organization_id === seedIds.outsideOrganization).length).toBeGreaterThanOrEqual(1);
    // The admin demo key's user also belongs to a second, smaller organization with one project.
    const second = data.members.filter((m) => m.organization_id === seedIds.secondOrganization);
    expect(second.find((m) => m.user_id === U.priya)?.level).toBe(8);
    expect(data.projects.filter((p) => p.organization_id === seedIds.secondOrganization).map((p) => p.id)).toEqual([P.labs]);
    const features = data.organizations.find((o) => o.id === seedIds.organization)!.available_product_features!.map((f) => f.key);
    expect(features).toEqual(['advanced_permissions', 'organizations_projects']);
    expect(data.organizations.map((o) => o.name)).toContain('Hedgebox Inc.');
    for (const user of data.users) expect(user.email).toMatch(/^[a-z.]+@[a-z.-]+$/);
  });

  it('has the three demo keys with their owners and scopes', () => {
    const data = seedData();
    expect(demoKeys.map((k) => k.key)).toEqual(['phx_demo_admin', 'phx_demo_member', 'phx_demo_readonly']);
    const level = (email: string) => {
      const user = data.users.find((u) => u.email === email)!;
      return data.members.find((m) => m.user_id === user.id && m.organization_id === seedIds.organization)!.level;
    };
    const [adminKey, memberKey, readonlyKey] = demoKeys;
    expect(level(adminKey!.userEmail)).toBe(8);
    expect(adminKey!.scopes).toEqual(['*']);
    expect(level(memberKey!.userEmail)).toBe(1);
    expect(memberKey!.scopes).toEqual(['*']);
    expect(level(readonlyKey!.userEmail)).toBeGreaterThanOrEqual(8);
    expect([...readonlyKey!.scopes].sort()).toEqual(
      ['dashboard:read', 'sharing_configuration:read', 'project:read', 'organization:read', 'organization_member:read', 'user:read', 'activity_log:read'].sort(),
    );
    for (const key of data.apiKeys) expect(key.label.length, key.value).toBeGreaterThan(0);
    for (const key of data.apiKeys) {
      expect(demoKeys.find((k) => k.key === key.value)?.scopes).toEqual(key.scopes);
      for (const scope of key.scopes) expect(['*', ...scopes]).toContain(scope);
    }
    // The key owners' current project is the first project.
    for (const key of demoKeys) expect(data.users.find((u) => u.email === key.userEmail)!.current_project_id).toBe(P.app);
  });

  it("gives the member key's user two roles, and the second organization a member and a dashboard of its own (API.md v5 §9)", () => {
    const data = seedData();
    const levelIn = (organization: string, user: number) => data.members.find((m) => m.organization_id === organization && m.user_id === user)?.level;
    expect(levelIn(seedIds.organization, U.tomas)).toBe(1);
    expect(levelIn(seedIds.secondOrganization, U.tomas)).toBe(8);
    const own = data.members.filter(
      (m) => m.organization_id === seedIds.secondOrganization && data.members.every((o) => o.user_id !== m.user_id || o.organization_id === seedIds.secondOrganization),
    );
    expect(own.map((m) => m.user_id)).toEqual([U.ines]);
    const theirs = data.dashboards.filter((d) => d.created_by === U.ines);
    expect(theirs.map((d) => [d.id, d.project_id])).toEqual([[D.prototypeRetention, P.labs]]);
    expect(data.users.find((u) => u.id === U.ines)).toMatchObject({ current_organization_id: seedIds.secondOrganization, current_project_id: P.labs });
  });

  it('has at least 3 projects with dashboards, one with at least 250 of realistic variety', () => {
    const data = seedData();
    const hedgebox = data.projects.filter((p) => p.organization_id === seedIds.organization);
    expect(hedgebox.length).toBeGreaterThanOrEqual(3);
    for (const project of hedgebox) expect(data.dashboards.some((d) => d.project_id === project.id)).toBe(true);
    const app = data.dashboards.filter((d) => d.project_id === P.app && !d.deleted);
    expect(app.length).toBeGreaterThanOrEqual(250);
    expect(app.filter((d) => d.pinned).length).toBeGreaterThanOrEqual(3);
    expect(app.filter((d) => d.sharing?.enabled).length).toBeGreaterThanOrEqual(5);
    expect(app.filter((d) => d.restriction_level === 37).length).toBeGreaterThanOrEqual(5);
    expect(app.filter((d) => d.name === null).length).toBeGreaterThanOrEqual(2);
    expect(app.filter((d) => d.tags.length > 0).length).toBeGreaterThanOrEqual(50);
    expect(app.filter((d) => d.creation_mode === 'template').length).toBeGreaterThanOrEqual(5);
    expect(app.some((d) => d.tiles.some((t) => t.text))).toBe(true);
    expect(new Set(app.map((d) => d.created_by)).size).toBeGreaterThanOrEqual(6);
    for (const d of data.dashboards) if (d.sharing) expect(d.sharing.access_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.activity.length).toBeGreaterThan(250);
  });

  it('has a restricted dashboard the member may not edit and one they may', () => {
    const data = seedData();
    const collaboratorsOf = (id: number) => data.collaborators.filter((c) => c.dashboard_id === id).map((c) => c.user_id);
    const board = data.dashboards.find((d) => d.id === D.boardMetrics)!;
    expect(board.restriction_level).toBe(37);
    expect(board.created_by).not.toBe(U.tomas);
    expect(collaboratorsOf(board.id)).not.toContain(U.tomas);
    const pricing = data.dashboards.find((d) => d.id === D.pricingExperiment)!;
    expect(pricing.restriction_level).toBe(37);
    expect(pricing.created_by).not.toBe(U.tomas);
    expect(collaboratorsOf(pricing.id)).toContain(U.tomas);
  });

  it('obeys its own rules: collaborators are members without inherent access', () => {
    const data = seedData();
    for (const c of data.collaborators) {
      const dashboard = data.dashboards.find((d) => d.id === c.dashboard_id)!;
      const project = data.projects.find((p) => p.id === dashboard.project_id)!;
      const membership = data.members.find((m) => m.user_id === c.user_id && m.organization_id === project.organization_id);
      expect(membership?.level).toBe(1);
      expect(dashboard.created_by).not.toBe(c.user_id);
      expect(dashboard.restriction_level).toBe(37);
    }
  });
});

describe('the store', () => {
  it('snapshot() is a JSON-safe deep copy', () => {
    const store = new Store(seedData());
    const snapshot = store.snapshot();
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    snapshot.dashboards[0]!.name = 'changed outside';
    snapshot.projects.length = 0;
    expect(store.dashboard(snapshot.dashboards[0]!.id)!.name).not.toBe('changed outside');
    expect(store.project(P.app)).toBeDefined();
    expect(new Store(seedData()).snapshot()).toEqual(new Store(seedData()).snapshot());
  });

  it('a snapshot loads into an equal store that continues its sequences', async () => {
    const store = new Store(seedData());
    const created = await call(store, 'POST', `/api/projects/${P.app}/dashboards/`, { name: 'Before save' });
    const reloaded = new Store(store.snapshot());
    expect(reloaded.snapshot()).toEqual(store.snapshot());
    expect((await call(reloaded, 'GET', `/api/projects/${P.app}/dashboards/${created.body.id}/`)).body.name).toBe('Before save');
    const next = await call(reloaded, 'POST', `/api/projects/${P.app}/dashboards/`, { name: 'After load' });
    expect(next.body.id).toBeGreaterThan(created.body.id);
  });

  it('never hands out an id twice, even if a file lags its sequences', async () => {
    const data = seedData();
    data.sequences.dashboard = 1;
    const store = new Store(data);
    const created = await call(store, 'POST', `/api/projects/${P.app}/dashboards/`, {});
    expect(Math.max(...data.dashboards.map((d) => d.id))).toBeLessThan(created.body.id);
  });

  it('rejects data that is not a store, saying why', () => {
    expect(() => new Store({} as never)).toThrow(/format/);
    const data = seedData() as unknown as Record<string, unknown>;
    delete data.dashboards;
    expect(() => new Store(data as never)).toThrow(/dashboards/);
  });

  it('notifies subscribers once per committed change, and replace() too', async () => {
    const store = new Store(seedData());
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    await call(store, 'POST', `/api/projects/${P.app}/dashboards/`, { name: 'One', use_template: 'DEFAULT_APP' });
    expect(calls).toBe(1);
    await call(store, 'PATCH', `/api/projects/${P.app}/dashboards/${D.productOverview}/`, { deleted: true });
    expect(calls).toBe(2);
    await call(store, 'GET', `/api/projects/${P.app}/dashboards/`);
    await call(store, 'PATCH', `/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { name: 'x' }, 'phx_demo_member');
    expect(calls).toBe(2);
    store.replace(seedData());
    expect(calls).toBe(3);
    expect(store.dashboard(D.productOverview)!.deleted).toBe(false);
    unsubscribe();
    await call(store, 'POST', `/api/projects/${P.app}/dashboards/`, {});
    expect(calls).toBe(3);
  });

  it('a failing subscriber does not break the request', async () => {
    const store = new Store(seedData());
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      store.subscribe(() => {
        throw new Error('disk full');
      });
      expect((await call(store, 'POST', `/api/projects/${P.app}/dashboards/`, {})).status).toBe(201);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it('keeps the list order index exact through many random changes', () => {
    const store = new Store(seedData());
    const principal = authenticate(store, 'Bearer phx_demo_admin');
    const project = store.project(P.mobile)!;
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const names = ['alpha', 'Alpha', 'beta', null, 'Gamma', 'gamma', 'delta', 'Épée', 'zulu', null];
    const created: DashboardRecord[] = [];
    for (let i = 0; i < 600; i += 1) {
      created.push(createDashboard(store, principal, project, { name: names[rand(names.length)], pinned: rand(5) === 0 }));
    }
    for (let i = 0; i < 1500; i += 1) {
      const dashboard = created[rand(created.length)]!;
      const change = rand(4);
      if (change === 0) updateDashboard(store, principal, project, dashboard, { name: names[rand(names.length)] });
      else if (change === 1) updateDashboard(store, principal, project, dashboard, { pinned: !dashboard.pinned });
      else if (change === 2) updateDashboard(store, principal, project, dashboard, { deleted: !dashboard.deleted });
      else updateDashboard(store, principal, project, dashboard, { description: `d${i}` });
    }
    const expected = [...store.snapshot().dashboards.filter((d) => d.project_id === P.mobile && !d.deleted)].sort(compareDashboards);
    expect(store.orderedDashboards(P.mobile).map((d) => d.id)).toEqual(expected.map((d) => d.id));
    const page = listDashboards(store, principal, project, { search: null, pinned: null, tags: [], limit: 50, offset: 100 });
    expect(page.count).toBe(expected.length);
    expect(page.items.map((item) => JSON.parse(item).id)).toEqual(expected.slice(100, 150).map((d) => d.id));
  });

  // How fast a deep page is compared with the first is a benchmark figure (npm run bench:mock, p50
  // last/first), never a timed assertion here: this test checks what the deep page holds.
  it('serves the last page of 10,000 dashboards in list order, with the right count and links', async () => {
    const store = new Store(seedData());
    const principal = authenticate(store, 'Bearer phx_demo_admin');
    const project = store.project(P.mobile)!;
    store.mutate(() => {
      for (let i = 0; i < 10_000; i += 1) createDashboard(store, principal, project, { name: `Dashboard ${(i * 7919) % 10_000}` });
    });
    const first = await call(store, 'GET', `/api/projects/${P.mobile}/dashboards/?limit=100&offset=0`);
    const last = await call(store, 'GET', `/api/projects/${P.mobile}/dashboards/?limit=100&offset=9900`);
    expect(last.body.count).toBe(10_009);
    expect(last.body.results).toHaveLength(100);
    expect(last.body.next).toBe(`http://localhost/api/projects/${P.mobile}/dashboards/?limit=100&offset=10000`);
    expect(last.body.previous).toBe(`http://localhost/api/projects/${P.mobile}/dashboards/?limit=100&offset=9800`);
    const ids = new Set([...first.body.results, ...last.body.results].map((item: { id: number }) => item.id));
    expect(ids.size).toBe(200);
  });
});
