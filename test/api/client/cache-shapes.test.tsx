// DESIGN.md rule 5, "every cache updater is tested against every shape under its root": one QueryClient
// holds an entry of every factory of src/api/ (each list and search, Go to's, the organization's rows),
// fetched from the mock by the factories themselves; then every declared change of every mutation hook
// (and every optimistic onMutate; the bulk runs' batches of answers are mutations too) runs over it. Nothing may throw; an
// entry keeps its shape; an entry outside what a change names stays the very same data.
import { hashKey, useMutation, type MutationObserverOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { noActivityFilters } from '../../../src/api/resources/activity.ts';
import type { BulkActionKind } from '../../../src/api/bulk/dashboard-actions.ts';
import { applyChanges, isPages, type Change } from '../../../src/api/client/changes.ts';
import { isProjectRows, type OrganizationDashboard } from '../../../src/api/resources/dashboards/dashboard-rows.ts';
import type { OrganizationBulkAction } from '../../../src/api/bulk/organization-actions.ts';
import type { Dashboard, MockFaults, Organization, Project } from '../../../src/contract/schemas.ts';
import type { AccessControl } from '../../../src/contract/access-control.ts';
import type { Collaborator, SharingConfiguration } from '../../../src/contract/dashboard-sharing.ts';
import { freshConsole, withQueryClient } from '../../console.ts';

const apiDir = join(import.meta.dirname, '../../../src/api');
const apiFiles = readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
const load = (name: string) => import(/* @vite-ignore */ join(apiDir, name)) as Promise<Record<string, unknown>>;

const PROJECT = 1;
type Options = { queryKey: QueryKey; initialPageParam?: unknown };
type Factory = (...args: never[]) => Options;

/** Each factory of src/api/ (`<export>.<name>`) with the arguments of its entries in the filled client. */
const factoryArgs = (dashboardId: number, project: { id: number; name: string }): Record<string, unknown[][]> => ({
  'accessControlQueries.rules': [[PROJECT, dashboardId]],
  'accessControlQueries.usersWithAccess': [[PROJECT, dashboardId]],
  'activityQueries.log': [[PROJECT, noActivityFilters]],
  'collaboratorQueries.list': [[PROJECT, dashboardId]],
  'dashboardQueries.list': [[PROJECT], [PROJECT, { search: 'a', pinned: true }]],
  'dashboardSearchQueries.goTo': [[PROJECT, 'a']],
  'dashboardQueries.detail': [[PROJECT, dashboardId]],
  'personalApiKeyQueries.current': [[]],
  'mockQueries.info': [['']],
  'mockQueries.faults': [[]],
  'organizationDashboardQueries.projects': [['']],
  'organizationDashboardQueries.rows': [[project]],
  'organizationQueries.current': [[]],
  'organizationQueries.all': [[]],
  'organizationQueries.members': [[]],
  'userQueries.me': [[]],
  'projectQueries.list': [[]],
  'projectQueries.switcher': [['@current', 'a']],
  'projectQueries.detail': [[PROJECT]],
  'projectQueries.demoData': [[PROJECT]],
  'sharingQueries.detail': [[PROJECT, dashboardId]],
  'personAccessQueries.exceptions': [[{ organization: '', member: null, readRules: true, features: null }]],
});

async function factories(): Promise<Map<string, Factory>> {
  const found = new Map<string, Factory>();
  for (const name of apiFiles) {
    const module = await load(name);
    for (const [exported, value] of Object.entries(module)) {
      if (!/Queries$/.test(exported) || !value || typeof value !== 'object') continue;
      for (const [member, factory] of Object.entries(value)) if (typeof factory === 'function') found.set(`${exported}.${member}`, factory as Factory);
    }
  }
  return found;
}

interface Entry {
  queryKey: QueryKey;
  data: unknown;
}

/** One entry of every factory's shape, fetched from the mock by the factory's own query function. */
async function fill(): Promise<{ entries: Entry[]; dashboard: Dashboard; sharing: SharingConfiguration; project: Project }> {
  const { queryClient: client } = freshConsole({ key: 'phx_demo_admin' });
  const all = await factories();
  const { dashboardQueries } = (await load('resources/dashboards/dashboards.ts')) as { dashboardQueries: { list: Factory } };
  const first = (await client.fetchInfiniteQuery(dashboardQueries.list(...([PROJECT] as never[])) as never)) as { pages: { results: Dashboard[] }[] };
  const dashboardId = first.pages[0]!.results[0]!.id;
  const { projectQueries } = (await load('resources/projects.ts')) as { projectQueries: { detail: Factory } };
  const project = (await client.fetchQuery(projectQueries.detail(...([PROJECT] as never[])) as never)) as Project;
  const table = factoryArgs(dashboardId, { id: project.id, name: project.name });
  const missing = [...all.keys()].filter((name) => !(name in table));
  expect(missing, 'a factory with no entry in this test: add its arguments to factoryArgs').toEqual([]);
  for (const [name, argsList] of Object.entries(table)) {
    const factory = all.get(name);
    expect(factory, `${name} is no longer a factory`).toBeTypeOf('function');
    for (const args of argsList) {
      const options = factory!(...(args as never[]));
      if ('initialPageParam' in options) await client.fetchInfiniteQuery(options as never);
      else await client.fetchQuery(options as never);
    }
  }
  const entries = client
    .getQueryCache()
    .findAll()
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  const sharing = entries.find((e) => e.queryKey.at(-1) === 'sharing')!.data as SharingConfiguration;
  const dashboard = entries.find((e) => e.queryKey.length === 4 && e.queryKey[2] === 'detail')!.data as Dashboard;
  return { entries, dashboard, sharing, project };
}

const shapeOf = (data: unknown): string => {
  if (isPages(data)) return 'infinite pages';
  if (isProjectRows(data)) return 'project rows';
  if (Array.isArray(data)) return 'array';
  if (data && typeof data === 'object') return `object {${Object.keys(data).sort().join(',')}}`;
  return typeof data;
};

const startsWith = (queryKey: QueryKey, prefix: QueryKey) =>
  prefix.length <= queryKey.length && prefix.every((part, i) => hashKey([part]) === hashKey([queryKey[i]]));

function restore(client: QueryClient, entries: Entry[]) {
  for (const { queryKey, data } of entries) client.setQueryData(queryKey, data);
}

function snapshot(client: QueryClient): Map<string, Entry> {
  return new Map(client.getQueryCache().findAll().map((q) => [q.queryHash, { queryKey: q.queryKey, data: q.state.data }] as const));
}

/** What a change may touch: its key and beneath (`everything`: all). */
const reach = (change: Change): QueryKey | null => (change.kind === 'everything' ? null : change.queryKey);

function expectShapesKept(before: Map<string, Entry>, client: QueryClient, touched: QueryKey | null, what: string) {
  for (const [hash, after] of snapshot(client)) {
    const was = before.get(hash);
    if (!was) continue;
    expect(shapeOf(after.data), `${what}: ${hash} changed shape`).toBe(shapeOf(was.data));
    if (touched && !startsWith(after.queryKey, touched)) expect(after.data, `${what}: ${hash} is outside what it names`).toBe(was.data);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Walked {
  hook: string;
  options: MutationObserverOptions<unknown, unknown, unknown, unknown>;
}

/** Every mutation hook of src/api/, rendered over `client` (its options as it hands them to useMutation). */
async function mutationsOver(client: QueryClient, dashboardId: number): Promise<Walked[]> {
  const walked: Walked[] = [];
  for (const name of apiFiles) {
    const source = readFileSync(join(apiDir, name), 'utf8');
    if (!source.includes('useMutation(')) continue;
    const module = await load(name);
    for (const [exported, value] of Object.entries(module)) {
      if (!/^use[A-Z]/.test(exported) || typeof value !== 'function') continue;
      const seen: Walked['options'][] = [];
      const defaults = client.defaultMutationOptions.bind(client);
      const spy = vi.spyOn(client, 'defaultMutationOptions').mockImplementation((options) => {
        if (options) seen.push(options as Walked['options']);
        return defaults(options);
      });
      const wrapper = withQueryClient(client);
      const args = exported === 'useDeleteProject' ? [{ onDeleted: () => {} }] : [String(PROJECT), String(dashboardId)];
      const { unmount } = renderHook(() => (value as (...a: unknown[]) => unknown)(...args), { wrapper });
      unmount();
      spy.mockRestore();
      if (seen[0]) walked.push({ hook: exported, options: seen[0] });
    }
  }
  return walked;
}

const bulkKinds: BulkActionKind[] = ['pin', 'unpin', 'addTag', 'removeTag', 'restrict', 'allowEveryone', 'delete', 'restore'];

/** Each mutation's answers and variables: every declared change it can make. */
function samples(entries: Entry[], dashboard: Dashboard, sharing: SharingConfiguration, project: Project): Record<string, Array<[unknown, unknown]>> {
  const answer = (queryKey: QueryKey) => entries.find((e) => hashKey(e.queryKey) === hashKey(queryKey))!.data;
  const collaborators = entries.find((e) => e.queryKey.at(-1) === 'collaborators')!.data as Collaborator[];
  const collaborator = collaborators[0] ?? ({ user: { uuid: 'someone' } } as unknown as Collaborator);
  const organization = answer(['organization', 'current']) as Organization;
  const faults = answer(['mock', 'faults']) as MockFaults;
  const rows = (entries.find((e) => isProjectRows(e.data))!.data as { rows: OrganizationDashboard[] }).rows;
  const bulkAnswers = [{ ...dashboard, pinned: !dashboard.pinned }, { ...dashboard, id: dashboard.id + 1, deleted: true }];
  const organizationResults = [
    { row: rows[0]!, answer: { row: { pinned: true } } },
    { row: rows[1]!, answer: { row: null } },
    { row: rows[2]!, answer: { row: { is_shared: false }, sharing } },
  ];
  const done = Promise.resolve();
  const rule: AccessControl = {
    id: 'rule',
    access_level: 'editor',
    resource: 'dashboard',
    resource_id: String(dashboard.id),
    organization_member: null,
    role: null,
    created_by: null,
    created_at: null,
    updated_at: null,
  };
  return {
    useBulkRun: bulkKinds.map((kind) => [undefined, { kind, done }]),
    useBulkAnswers: [[bulkAnswers, bulkAnswers]],
    useOrganizationBulkAnswers: [false, true].map((restoring) => [organizationResults, { results: organizationResults, restoring }]),
    useAddCollaborator: [[collaborator, 'someone']],
    useRemoveCollaborator: [[undefined, 'someone']],
    useCreateDashboard: [[dashboard, { name: 'x' }]],
    useCreateDashboardFromTemplateJson: [[dashboard, { template: {} }]],
    useCopyDashboardToProject: [[dashboard, { dashboardId: dashboard.id, destinationProjectId: PROJECT, name: 'copy' }]],
    useMoveTile: [[dashboard, { tileId: 1, toDashboard: dashboard.id + 1 }]],
    useUpdateDashboard: [[dashboard, { name: 'renamed' }]],
    useDeleteDashboard: [[{ ...dashboard, deleted: true }, dashboard.id]],
    useRestoreDashboard: [[dashboard, dashboard.id]],
    usePinDashboard: [[{ ...dashboard, pinned: true }, { dashboardId: dashboard.id, pinned: true }], [{ ...dashboard, pinned: false }, { dashboardId: dashboard.id, pinned: false }]],
    useUpdateMockFaults: [[faults, {}]],
    // The API explorer's send: its changes follow the path it went to (src/api/resources/explorer.ts).
    useExplorerSend: [
      [{ status: 200 }, { method: 'PATCH', path: `/api/projects/${PROJECT}/dashboards/${dashboard.id}/` }],
      [{ status: 201 }, { method: 'POST', path: `/api/organizations/@current/projects/` }],
      [{ status: 200 }, { method: 'PATCH', path: `/api/projects/${PROJECT}/` }],
      [{ status: 200 }, { method: 'PATCH', path: '/api/projects/@current/' }],
      [{ status: 403 }, { method: 'PATCH', path: `/api/projects/${PROJECT}/` }],
    ],
    useSetProductionKeyRules: [[faults, true]],
    useResetMock: [[undefined, undefined]],
    useSwitchKey: [[organization, 'phx_demo_admin']],
    useOrganizationBulkRun: ([...bulkKinds.map((kind) => ({ kind, tag: 'x' })), { kind: 'stopSharing' }, { kind: 'rotateLinks' }] as OrganizationBulkAction[]).map(
      (action) => [[PROJECT], { action, done: Promise.resolve([PROJECT]) }],
    ),
    useCreateProject: [[project, { name: 'x' }]],
    useUpdateProject: [[project, { name: 'x' }]],
    useDeleteProject: [[undefined, PROJECT]],
    useResetProjectToken: [[project, undefined]],
    useAddProductIntent: [[project, { product_type: 'product_analytics' }]],
    useCompleteProductOnboarding: [[project, 'product_analytics']],
    useUpdateSharing: [[sharing, true], [{ ...sharing, enabled: false }, false]],
    useRefreshSharing: [[sharing, undefined]],
    useRequireSharePassword: [[sharing, true]],
    useAddSharePassword: [[{ id: 1, note: '', password: 'x' }, { raw_password: '' }]],
    useDeleteSharePassword: [[undefined, 1]],
    useSetAccessRule: [
      [{ ...rule, organization_member: 'someone' }, { organizationMember: 'someone', accessLevel: 'editor' }],
      [null, { organizationMember: null, accessLevel: null }],
    ],
    useConnectWithKey: [[{ organization, me: null, currentKey: null }, { host: 'https://us.posthog.com', key: 'phx_x' }]],
  };
}

describe('every cache updater against every shape', () => {
  it('runs every declared change (and optimistic write) of every mutation over an entry of every factory: nothing throws, shapes and other entries stay', async () => {
    const { entries, dashboard, sharing, project } = await fill();
    // Every shape is there: the infinite lists, Go to's plain page, the organization's rows.
    const shapes = new Set(entries.map((e) => shapeOf(e.data)));
    expect(shapes).toContain('infinite pages');
    expect(shapes).toContain('project rows');
    expect(entries.some((e) => e.queryKey.includes('go-to') && !isPages(e.data) && Array.isArray((e.data as { results?: unknown }).results))).toBe(true);

    const table = samples(entries, dashboard, sharing, project);
    const { queryClient: probe } = freshConsole({ key: 'phx_demo_admin' });
    const hooks = await mutationsOver(probe, dashboard.id);
    expect(hooks.length).toBeGreaterThanOrEqual(25);
    expect(hooks.map((h) => h.hook).filter((hook) => !(hook in table)), 'a mutation with no sample answer here').toEqual([]);

    let ran = 0;
    for (const { hook } of hooks) {
      for (const [data, variables] of table[hook]!) {
        const { queryClient: client } = freshConsole({ key: 'phx_demo_admin' });
        restore(client, entries);
        const { options } = (await mutationsOver(client, dashboard.id)).find((h) => h.hook === hook)!;
        if (options.onMutate) {
          const before = snapshot(client);
          await options.onMutate(variables, { client, meta: options.meta, mutationKey: options.mutationKey } as never);
          expectShapesKept(before, client, null, `${hook} onMutate`);
        }
        for (const change of options.meta!.changes(data, variables)) {
          const before = snapshot(client);
          expect(() => applyChanges(client, [change]), `${hook}: ${change.kind}`).not.toThrow();
          await settle();
          expectShapesKept(before, client, reach(change), `${hook}: ${change.kind} ${JSON.stringify(reach(change))}`);
          ran += 1;
          restore(client, entries);
        }
      }
    }
    expect(ran).toBeGreaterThan(100);
    // Every mutation's every declared change over a fresh copy of every entry: a long walk on a busy machine.
  }, 120_000);
});

describe('all or nothing', () => {
  it('leaves the cache as it was when one updater of a declaration throws', () => {
    const { queryClient: client } = freshConsole();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    const changes: Change[] = [
      { kind: 'update', queryKey: ['a'], update: (n) => (n as number) + 1 },
      { kind: 'update', queryKey: ['b'], update: () => { throw new TypeError('not the shape it updates'); } },
    ];
    expect(() => applyChanges(client, changes)).toThrow('not the shape it updates');
    expect(client.getQueryData(['a'])).toBe(1);
    expect(client.getQueryData(['b'])).toBe(2);
  });
});

describe('no silent failure', () => {
  it("fails the mutation with its declaration's error (the person sees it where they acted) and keeps the cache", async () => {
    const { queryClient: client } = freshConsole();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 'not a list');
    const wrapper = withQueryClient(client);
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async () => 'saved',
          meta: {
            changes: () => [
              { kind: 'update', queryKey: ['a'], update: () => 2 },
              { kind: 'update', queryKey: ['b'], update: (list) => (list as string[]).map((x) => x) },
            ],
          },
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync().catch(() => {});
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(TypeError);
    expect(client.getQueryData(['a'])).toBe(1);
    expect(client.getQueryData(['b'])).toBe('not a list');
  });

  it("fails the mutation when its onMutate throws", async () => {
    const { queryClient: client } = freshConsole();
    const wrapper = withQueryClient(client);
    const sent = vi.fn(async () => 'saved');
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: sent,
          onMutate: () => {
            throw new TypeError('an optimistic write that could not be made');
          },
          meta: { changes: () => [] },
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync().catch(() => {});
    });
    await waitFor(() => expect(result.current.error?.message).toBe('an optimistic write that could not be made'));
    // Nothing was sent: what the person asked for was not done, and they are told.
    expect(sent).not.toHaveBeenCalled();
  });
});
