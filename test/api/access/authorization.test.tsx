/**
 * authorization.ts: the one answer to "may this key do X here, and if not, why" (DESIGN.md rule 2),
 * from the facts (answer, refusal) and from the queries that learn them (useAuthorization and the
 * page-level hooks), against the bundled mock.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  actionRules,
  answer,
  reasons,
  refusal,
  useAuthorization,
  useOrganizationPermissions,
  useProjectPermissions,
  type Action,
  type AuthorizationFacts,
} from '../../../src/api/access/authorization.ts';
import { ACCESS_STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import currentKey from '../../fixtures/personal-api-key.json';
import { type ConsoleOptions, freshConsole, seedConnection, withQueryClient } from '../../console.ts';
import { server } from '../../setup.ts';

const known: AuthorizationFacts = {
  scopes: ['*'],
  scopedProjects: [],
  projectId: '1',
  membershipLevel: 8,
  productionKeyRules: false,
  dashboard: null,
  me: { id: 1, uuid: 'u-1' },
};

type FactsDashboard = NonNullable<AuthorizationFacts['dashboard']>;
const board = (fields: Partial<FactsDashboard> = {}): FactsDashboard => ({
  effective_privilege_level: 37,
  created_by: { id: 1, uuid: 'u-1' },
  ...fields,
});

const sessionOnly = (doing: string) =>
  `The production service does not let personal API keys ${doing}: this action needs PostHog's web app, signed in with your account.`;

describe('answer(): the sentence each action is refused with', () => {
  // Every action, refused for its scope: what it does and the scope it needs, in the one wording.
  const lacking: Record<Action, string> = {
    createProject: 'This API key cannot create projects: it lacks the project:write scope.',
    changeProjectSettings: 'This API key cannot change project settings: it lacks the project:write scope.',
    changeAdminSettings: 'This API key cannot change these project settings: it lacks the project:write scope.',
    deleteProject: 'This API key cannot delete projects: it lacks the project:write scope.',
    resetProjectToken: 'This API key cannot reset the project API key: it lacks the project:write scope.',
    checkDemoData: 'This API key cannot check demo data: it lacks the project:read scope.',
    createDashboard: 'This API key cannot create dashboards: it lacks the dashboard:write scope.',
    restoreDashboard: 'This API key cannot restore dashboards: it lacks the dashboard:write scope.',
    importDashboard: 'This API key cannot import dashboards: it lacks the dashboard:write scope.',
    editDashboard: 'This API key cannot change dashboards: it lacks the dashboard:write scope.',
    restrictDashboard: 'This API key cannot change dashboards: it lacks the dashboard:write scope.',
    moveTile: 'This API key cannot move tiles: it lacks the dashboard:write scope.',
    editSharing: 'This API key cannot change sharing: it lacks the sharing_configuration:write scope.',
    readActivityLog: 'This API key cannot read the activity log: it lacks the activity_log:read scope.',
    readDashboards: 'This API key cannot read dashboards: it lacks the dashboard:read scope.',
    readSharing: 'This API key cannot read sharing settings: it lacks the sharing_configuration:read scope.',
    readMembers: "This API key cannot list the organization's members: it lacks the organization_member:read scope.",
  };

  it.each(Object.entries(lacking))('%s, to a key without its scope', (action, sentence) => {
    expect(answer(action as Action, { ...known, scopes: [] })).toEqual({ kind: 'no', reason: sentence });
    expect(refusal(action as Action, { ...known, scopes: [] })).toBe(sentence);
  });

  it('every action is in the table, and each is allowed to an admin key with every scope', () => {
    expect(Object.keys(actionRules).sort()).toEqual(Object.keys(lacking).sort());
    for (const action of Object.keys(actionRules) as Action[]) {
      expect(answer(action, { ...known, dashboard: board() })).toEqual({ kind: 'yes' });
      expect(refusal(action, { ...known, dashboard: board() })).toBeNull();
    }
  });

  it('a key limited to other projects is refused in this one, with the action in the sentence', () => {
    expect(answer('createDashboard', { ...known, scopedProjects: ['2', '3'] })).toEqual({
      kind: 'no',
      reason: 'This API key cannot create dashboards here: it is limited to other projects.',
    });
    expect(answer('createDashboard', { ...known, scopedProjects: ['2', '1'] }).kind).toBe('yes');
    // Outside a project (the organization's pages), the key's projects do not decide.
    expect(answer('createProject', { ...known, projectId: null, scopedProjects: ['2'] }).kind).toBe('yes');
    // What the scope refuses is said first.
    expect(answer('createDashboard', { ...known, scopes: ['project:read'], scopedProjects: ['2'] })).toEqual({
      kind: 'no',
      reason: lacking.createDashboard,
    });
  });

  it('a key of the scope is not refused for it: a write scope grants the read', () => {
    expect(answer('readDashboards', { ...known, scopes: ['dashboard:write'] }).kind).toBe('yes');
    expect(answer('createDashboard', { ...known, scopes: ['dashboard:write'] }).kind).toBe('yes');
  });
});

describe('answer(): the role', () => {
  const adminOnly = ['createProject', 'changeAdminSettings', 'deleteProject', 'resetProjectToken'] as const;

  it('refuses members the admin-only actions, and only those', () => {
    for (const action of Object.keys(actionRules) as Action[]) {
      const given = answer(action, { ...known, membershipLevel: 1 });
      if ((adminOnly as ReadonlyArray<string>).includes(action)) {
        expect(given).toEqual({ kind: 'no', reason: `Only organization admins can ${actionRules[action].doing}. You are a member of this organization.` });
      } else {
        expect(given.kind, action).toBe('yes');
      }
    }
  });

  it('admin starts at level 8: 7 is a member, 8 and the owner (15) are admins', () => {
    expect(answer('deleteProject', { ...known, membershipLevel: 7 }).kind).toBe('no');
    expect(answer('deleteProject', { ...known, membershipLevel: 8 }).kind).toBe('yes');
    expect(answer('deleteProject', { ...known, membershipLevel: 15 }).kind).toBe('yes');
  });

  it('a role that cannot be learnt leaves admin-only actions to the API; one still loading is not known yet', () => {
    expect(answer('deleteProject', { ...known, membershipLevel: null })).toEqual({ kind: 'yes' });
    expect(answer('deleteProject', { ...known, membershipLevel: undefined })).toEqual({ kind: 'checking', reason: 'Checking access…' });
  });
});

describe('answer(): the session-only actions', () => {
  it.each([
    ['resetProjectToken', 'reset the project API key'],
    ['checkDemoData', 'check whether demo data is being generated'],
    ['importDashboard', 'import dashboards from a template file'],
    ['moveTile', 'move tiles between dashboards'],
  ] as const)('%s is refused up front under production key rules', (action, doing) => {
    expect(answer(action, { ...known, productionKeyRules: true })).toEqual({ kind: 'no', reason: sessionOnly(doing) });
    expect(answer(action, { ...known, productionKeyRules: false }).kind).toBe('yes');
    expect(answer(action, { ...known, productionKeyRules: undefined }).kind).toBe('checking');
  });

  it('the other actions neither wait for the backend nor are refused by its rules', () => {
    expect(answer('createDashboard', { ...known, productionKeyRules: true }).kind).toBe('yes');
    expect(answer('createDashboard', { ...known, productionKeyRules: undefined }).kind).toBe('yes');
  });

  it('the session-only refusal comes before the scope', () => {
    expect(refusal('moveTile', { ...known, productionKeyRules: true, scopes: [] })).toBe(sessionOnly('move tiles between dashboards'));
  });
});

describe('answer(): a dashboard', () => {
  it('the caller below editor is refused with the reason the verdict gives, else the generic sentence for the level', () => {
    const viewer = board({ user_access_level: 'viewer' });
    expect(answer('editDashboard', { ...known, dashboard: viewer })).toEqual({
      kind: 'no',
      reason: 'You can view this dashboard by its access rules, but not change it.',
    });
    expect(answer('editSharing', { ...known, dashboard: board({ user_access_level: 'none' }) })).toEqual({
      kind: 'no',
      reason: 'You have no access to this dashboard.',
    });
    const why = 'You can view this dashboard by the rule for everyone.';
    expect(refusal('editDashboard', { ...known, dashboard: viewer, accessReason: why })).toBe(why);
    expect(refusal('editDashboard', { ...known, dashboard: viewer, accessReason: null })).toBe(reasons.accessLevel('viewer'));
  });

  it('editor and manager, or no level at all, leave it to the privilege: 37 edits, below is view only', () => {
    for (const level of ['editor', 'manager', null, undefined]) {
      expect(answer('editDashboard', { ...known, dashboard: board({ user_access_level: level }) }).kind).toBe('yes');
      expect(answer('editDashboard', { ...known, dashboard: board({ user_access_level: level, effective_privilege_level: 21 }) })).toEqual({
        kind: 'no',
        reason: 'Only invited collaborators can edit this dashboard. You can view it, but not change it.',
      });
    }
    expect(answer('editDashboard', { ...known, dashboard: board({ effective_privilege_level: 36 }) }).kind).toBe('no');
  });

  it('restricting who can edit and moving tiles are edits of the dashboard: a viewer may do neither, even its creator or an admin', () => {
    const viewOnly = 'Only invited collaborators can edit this dashboard. You can view it, but not change it.';
    const readOnly = board({ effective_privilege_level: 21 });
    expect(answer('restrictDashboard', { ...known, dashboard: readOnly })).toEqual({ kind: 'no', reason: viewOnly });
    expect(answer('moveTile', { ...known, dashboard: readOnly })).toEqual({ kind: 'no', reason: viewOnly });
    const viewer = board({ user_access_level: 'viewer' });
    expect(refusal('restrictDashboard', { ...known, dashboard: viewer })).toBe('You can view this dashboard by its access rules, but not change it.');
    expect(refusal('moveTile', { ...known, dashboard: viewer })).toBe('You can view this dashboard by its access rules, but not change it.');
    expect(answer('moveTile', { ...known, dashboard: board() }).kind).toBe('yes');
  });

  it('actions that do not edit the dashboard ignore its levels', () => {
    const closed = board({ user_access_level: 'none', effective_privilege_level: 21 });
    expect(answer('readSharing', { ...known, dashboard: closed }).kind).toBe('yes');
    expect(answer('createDashboard', { ...known, dashboard: closed }).kind).toBe('yes');
  });

  it("only the creator and admins change who can edit: the creator is recognised by uuid or by id", () => {
    const member = { ...known, membershipLevel: 1 };
    const restricted = "Only the dashboard's creator and organization admins can change who can edit it.";
    expect(answer('restrictDashboard', { ...member, dashboard: board() }).kind).toBe('yes');
    expect(answer('restrictDashboard', { ...member, dashboard: board({ created_by: { id: 9, uuid: 'u-1' } }) }).kind).toBe('yes');
    expect(answer('restrictDashboard', { ...member, dashboard: board({ created_by: { id: 1, uuid: 'u-9' } }) }).kind).toBe('yes');
    expect(answer('restrictDashboard', { ...member, dashboard: board({ created_by: { id: 9, uuid: 'u-9' } }) })).toEqual({
      kind: 'no',
      reason: restricted,
    });
    expect(answer('restrictDashboard', { ...member, dashboard: board({ created_by: null }) })).toEqual({ kind: 'no', reason: restricted });
    // The others may edit it: only who can edit is the creator's.
    expect(answer('editDashboard', { ...member, dashboard: board({ created_by: null }) }).kind).toBe('yes');
    // An admin needs not be the creator, nor be known.
    expect(answer('restrictDashboard', { ...known, me: undefined, dashboard: board({ created_by: null }) }).kind).toBe('yes');
  });

  it('waits for the role, then for who the person is; a person who cannot be learnt leaves it to the API', () => {
    const stranger = board({ created_by: { id: 9, uuid: 'u-9' } });
    expect(answer('restrictDashboard', { ...known, membershipLevel: undefined, dashboard: stranger }).kind).toBe('checking');
    expect(answer('restrictDashboard', { ...known, membershipLevel: 1, me: undefined, dashboard: stranger }).kind).toBe('checking');
    expect(answer('restrictDashboard', { ...known, membershipLevel: 1, me: null, dashboard: stranger }).kind).toBe('yes');
    // Without a dashboard there is no creator to wait for.
    expect(answer('restrictDashboard', { ...known, membershipLevel: undefined, dashboard: null }).kind).toBe('yes');
  });
});

// ---------- the hooks ----------

const LOAD = { timeout: 10_000 };
const APP = seedIds.projects.app;

function renderWith<T>(hook: () => T, options: ConsoleOptions = { key: 'phx_demo_admin' }) {
  const { queryClient } = freshConsole(options);
  const wrapper = withQueryClient(queryClient);
  return { ...renderHook(hook, { wrapper }), queryClient };
}

describe('useAuthorization(): the facts the queries learn', () => {
  it("an admin key of every scope: the key's scopes and projects, the role, the backend, who the person is", async () => {
    const dashboard = board();
    const { result } = renderWith(() => useAuthorization({ projectId: APP, dashboard }));
    await waitFor(() => expect(result.current.facts.me).toBeDefined(), LOAD);
    await waitFor(() => expect(result.current.facts.productionKeyRules).toBe(false), LOAD);
    const { facts } = result.current;
    expect(facts.scopes).toEqual(['*']);
    expect(facts.scopedProjects).toEqual([]);
    expect(facts.projectId).toBe(String(APP));
    expect(facts.membershipLevel).toBeGreaterThanOrEqual(8);
    expect(facts.dashboard).toBe(dashboard);
    expect(facts.me).toEqual({ id: expect.any(Number), uuid: expect.any(String) });
    expect(result.current.answer('deleteProject')).toEqual({ kind: 'yes' });
    expect(result.current.refusal('deleteProject')).toBeNull();
  });

  it("a member's key: not an admin, refused the admin-only actions", async () => {
    const { result } = renderWith(() => useAuthorization({ projectId: APP }), { key: 'phx_demo_member' });
    await waitFor(() => expect(result.current.facts.membershipLevel).toBeDefined(), LOAD);
    await waitFor(() => expect(result.current.facts.scopes).toBeDefined(), LOAD);
    expect(result.current.facts.membershipLevel).toBeLessThan(8);
    expect(result.current.refusal('deleteProject')).toBe('Only organization admins can delete projects. You are a member of this organization.');
    // Without a dashboard, who the person is is not asked.
    expect(result.current.facts.dashboard).toBeNull();
    expect(result.current.facts.me).toBeUndefined();
  });

  it("the project's membership level stands before the organization's", async () => {
    const { result } = renderWith(() => useAuthorization({ projectId: APP, project: { effective_membership_level: 1 } }));
    await waitFor(() => expect(result.current.facts.scopes).toEqual(['*']), LOAD);
    expect(result.current.facts.membershipLevel).toBe(1);
    expect(result.current.refusal('deleteProject')).toMatch(/^Only organization admins/);
  });

  it('a key limited to projects: their ids, as strings', async () => {
    server.use(http.get('*/api/personal_api_keys/@current/', () => HttpResponse.json({ ...currentKey, scopes: ['*'], scoped_teams: [7, 8] })));
    const { result } = renderWith(() => useAuthorization({ projectId: APP }));
    await waitFor(() => expect(result.current.facts.scopes).toEqual(['*']), LOAD);
    expect(result.current.facts.scopedProjects).toEqual(['7', '8']);
    expect(result.current.refusal('createDashboard')).toBe('This API key cannot create dashboards here: it is limited to other projects.');
  });

  it('facts that cannot be learnt (a failed @current, organization or person) are null: the API decides', async () => {
    const refused = () => HttpResponse.json({ type: 'authentication_error', code: 'permission_denied', detail: 'No.', attr: null }, { status: 403 });
    server.use(
      http.get('*/api/personal_api_keys/@current/', refused),
      http.get('*/api/organizations/@current/', refused),
      http.get('*/api/users/@me/', refused),
    );
    const { result } = renderWith(() => useAuthorization({ dashboard: board() }));
    await waitFor(() => expect(result.current.facts.scopes).toBeNull(), LOAD);
    await waitFor(() => expect(result.current.facts.membershipLevel).toBeNull(), LOAD);
    await waitFor(() => expect(result.current.facts.me).toBeNull(), LOAD);
    expect(result.current.facts.scopedProjects).toEqual([]);
    expect(result.current.facts.projectId).toBeNull();
  });

  it('while nothing is answered yet, nothing is known: the answer is "Checking access…"', () => {
    server.use(http.get('*/api/personal_api_keys/@current/', () => new Promise<Response>(() => undefined)));
    const { result } = renderWith(() => useAuthorization({ projectId: APP }));
    expect(result.current.facts.scopes).toBeUndefined();
    expect(result.current.refusal('createDashboard')).toBe('Checking access…');
  });

  it('what was kept with the connection answers before the queries do', () => {
    server.use(http.get('*/api/personal_api_keys/@current/', () => new Promise<Response>(() => undefined)));
    server.use(http.get('*/api/organizations/@current/', () => new Promise<Response>(() => undefined)));
    seedConnection({ key: 'phx_demo_admin' });
    sessionStorage.setItem(
      ACCESS_STORAGE_KEY,
      JSON.stringify({ host: '', key: { scopes: ['dashboard:read'], scopedTeams: [3] }, membershipLevel: 1, productionKeyRules: true }),
    );
    const { result } = renderWith(() => useAuthorization({ projectId: APP }), { key: undefined });
    expect(result.current.facts.scopes).toEqual(['dashboard:read']);
    expect(result.current.facts.scopedProjects).toEqual(['3']);
    expect(result.current.facts.membershipLevel).toBe(1);
    expect(result.current.facts.productionKeyRules).toBe(true);
  });

  it('a backend without the mock routes plays production: the session-only actions are refused', async () => {
    server.use(
      http.get('*/__mock/info', () =>
        HttpResponse.json({ type: 'invalid_request', code: 'not_found', detail: 'Endpoint not found.', attr: null }, { status: 404 }),
      ),
    );
    const { result } = renderWith(() => useAuthorization({ projectId: APP }));
    await waitFor(() => expect(result.current.facts.productionKeyRules).toBe(true), LOAD);
    expect(result.current.refusal('resetProjectToken')).toBe(sessionOnly('reset the project API key'));
  });
});

describe('the page-level answers', () => {
  it("useProjectPermissions: the project's answers, from the project it fetches or the one the page holds", async () => {
    const { result } = renderWith(() => useProjectPermissions(APP));
    await waitFor(() => expect(result.current.deleteProject).toBeNull(), LOAD);
    expect(result.current).toEqual({
      changeSettings: null,
      changeAdminSettings: null,
      deleteProject: null,
      resetToken: null,
      createDashboard: null,
      importDashboard: null,
      readActivityLog: null,
    });
    const { result: held } = renderWith(() => useProjectPermissions(APP, { effective_membership_level: 1 }));
    await waitFor(() => expect(held.current.deleteProject).toMatch(/^Only organization admins/), LOAD);
    expect(held.current.changeAdminSettings).toBe('Only organization admins can change these project settings. You are a member of this organization.');
    expect(held.current.resetToken).toBe('Only organization admins can reset the project API key. You are a member of this organization.');
    expect(held.current.changeSettings).toBeNull();
    expect(held.current.createDashboard).toBeNull();
  });

  it('useProjectPermissions: a read-only key is refused the writes, not the activity log', async () => {
    const { result } = renderWith(() => useProjectPermissions(APP), { key: 'phx_demo_readonly' });
    await waitFor(() => expect(result.current.createDashboard).toBe('This API key cannot create dashboards: it lacks the dashboard:write scope.'), LOAD);
    expect(result.current.importDashboard).toBe('This API key cannot import dashboards: it lacks the dashboard:write scope.');
    expect(result.current.changeSettings).toBe('This API key cannot change project settings: it lacks the project:write scope.');
  });

  it("useOrganizationPermissions: creating projects is an admin's; listing members needs its scope", async () => {
    const { result } = renderWith(() => useOrganizationPermissions(), { key: 'phx_demo_member' });
    await waitFor(() => expect(result.current.createProject).toBe('Only organization admins can create projects. You are a member of this organization.'), LOAD);
    expect(result.current.readMembers).toBeNull();
    const { result: readonly } = renderWith(() => useOrganizationPermissions(), { key: 'phx_demo_readonly' });
    await waitFor(() => expect(readonly.current.createProject).toMatch(/lacks the project:write scope/), LOAD);
  });
});
