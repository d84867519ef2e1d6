/**
 * Who is calling and what they may touch (src/mock/rules/access.ts): the key, its scopes, the
 * current organization and project, the objects of a path, and the two layers of dashboard rights
 * (API.md §2, §5.4, §5.7). Over a seeded store, through the module's functions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { details } from '../../../src/contract/errors.ts';
import { Store } from '../../../src/mock/store/db.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import type { AccessControlRecord, StoreData, UserRecord } from '../../../src/mock/store/records.ts';
import {
  authenticate,
  canEdit,
  canView,
  currentOrganization,
  currentProject,
  findOrganization,
  findProject,
  isAdmin,
  isMember,
  levelIn,
  privilegeLevel,
  requireEdit,
  requireScope,
  requireView,
  resolveDashboard,
  resolveOrganization,
  resolveOwnProject,
  resolveProject,
  type Principal,
} from '../../../src/mock/rules/access.ts';
import { RuleFailure, type FailureKind } from '../../../src/mock/rules/failure.ts';

const { organization: ORG, outsideOrganization: OUTSIDE, secondOrganization: LABS, users: U, projects: P, dashboards: D } = seedIds;

function seedWithExtraKeys(): StoreData {
  const data = seedData();
  const admin = data.apiKeys.find((k) => k.value === 'phx_demo_admin')!;
  // Noah is deactivated; user 999 does not exist.
  data.apiKeys.push({ ...admin, id: 'noah-key', value: 'phx_noah', user_id: U.noah });
  data.apiKeys.push({ ...admin, id: 'ghost-key', value: 'phx_ghost', user_id: 999 });
  return data;
}
const seed = seedWithExtraKeys();

let store: Store;
beforeEach(() => {
  store = new Store(seed);
});

const user = (id: number): UserRecord => store.user(id)!;
const principalOf = (value: string): Principal => ({ key: store.keyByValue(value)!, user: user(store.keyByValue(value)!.user_id) });

function expectFailure(run: () => unknown, kind: FailureKind, detail: string) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RuleFailure);
  expect((thrown as RuleFailure).kind).toBe(kind);
  expect((thrown as RuleFailure).detail).toBe(detail);
}

describe('authenticate', () => {
  it('finds the key’s owner from a Bearer header, whatever the case and spacing', () => {
    for (const header of ['Bearer phx_demo_admin', 'bearer phx_demo_admin', 'BEARER   phx_demo_admin', '  Bearer\tphx_demo_admin  ']) {
      const principal = authenticate(store, header);
      expect(principal.key.value, header).toBe('phx_demo_admin');
      expect(principal.user.id, header).toBe(U.priya);
    }
    expect(authenticate(store, 'Bearer phx_demo_member').user.id).toBe(U.tomas);
  });

  it('no credentials: a missing header, or one that is not a single Bearer token', () => {
    for (const header of [null, '', '   ', 'Bearer', 'Bearer ', 'Bearerphx_demo_admin', 'Token phx_demo_admin', 'Basic phx_demo_admin', 'xBearer phx_demo_admin', 'Bearer phx_demo_admin extra']) {
      expectFailure(() => authenticate(store, header), 'unauthenticated', details.notAuthenticated);
    }
  });

  it('a key that names nothing, a key whose user is gone, a deactivated user’s key: bad credentials', () => {
    expectFailure(() => authenticate(store, 'Bearer phx_unknown'), 'bad_credentials', details.authenticationFailed);
    expectFailure(() => authenticate(store, 'Bearer phx_ghost'), 'bad_credentials', details.authenticationFailed);
    expectFailure(() => authenticate(store, 'Bearer phx_noah'), 'bad_credentials', details.authenticationFailed);
  });
});

describe('requireScope', () => {
  it('passes a granted scope, refuses a missing one naming it', () => {
    const readonly = principalOf('phx_demo_readonly');
    expect(() => requireScope(readonly, 'dashboard:read')).not.toThrow();
    expect(() => requireScope(principalOf('phx_demo_admin'), 'dashboard:write')).not.toThrow();
    expectFailure(() => requireScope(readonly, 'dashboard:write'), 'missing_scope', details.missingScope('dashboard:write'));
  });
});

describe('membership levels', () => {
  it('levelIn is the user’s level in the organization, or null outside it', () => {
    expect(levelIn(store, user(U.olivia), ORG)).toBe(15);
    expect(levelIn(store, user(U.priya), ORG)).toBe(8);
    expect(levelIn(store, user(U.tomas), ORG)).toBe(1);
    expect(levelIn(store, user(U.tomas), OUTSIDE)).toBeNull();
  });

  it('isAdmin from level 8 up', () => {
    expect(isAdmin(store, user(U.olivia), ORG)).toBe(true);
    expect(isAdmin(store, user(U.priya), ORG)).toBe(true);
    expect(isAdmin(store, user(U.tomas), ORG)).toBe(false);
    expect(isAdmin(store, user(U.tomas), LABS)).toBe(true);
    expect(isAdmin(store, user(U.priya), OUTSIDE)).toBe(false);
  });

  it('isMember', () => {
    const tomas = principalOf('phx_demo_member');
    expect(isMember(store, tomas, ORG)).toBe(true);
    expect(isMember(store, tomas, OUTSIDE)).toBe(false);
  });
});

describe('the current organization and project', () => {
  it('the chosen organization when the user belongs to it', () => {
    store.updateUser(user(U.priya), { current_organization_id: LABS });
    expect(currentOrganization(store, user(U.priya))?.id).toBe(LABS);
  });

  it('else the first organization the user belongs to', () => {
    store.updateUser(user(U.priya), { current_organization_id: OUTSIDE });
    expect(currentOrganization(store, user(U.priya))?.id).toBe(ORG);
    store.updateUser(user(U.priya), { current_organization_id: null });
    expect(currentOrganization(store, user(U.priya))?.id).toBe(ORG);
    store.updateUser(user(U.priya), { current_organization_id: 'no-such-organization' });
    expect(currentOrganization(store, user(U.priya))?.id).toBe(ORG);
  });

  it('none for a user of no organization', () => {
    expect(currentOrganization(store, user(U.noah))).toBeUndefined();
    expect(currentProject(store, user(U.noah))).toBeUndefined();
  });

  it('the chosen project when the user belongs to its organization', () => {
    expect(currentProject(store, user(U.priya))?.id).toBe(P.app);
    store.updateUser(user(U.priya), { current_project_id: P.labs });
    expect(currentProject(store, user(U.priya))?.id).toBe(P.labs);
    store.updateUser(user(U.priya), { current_project_id: P.mobile });
    expect(currentProject(store, user(U.priya))?.id).toBe(P.mobile);
  });

  it('else the first project of the current organization', () => {
    store.updateUser(user(U.priya), { current_project_id: P.outside });
    expect(currentProject(store, user(U.priya))?.id).toBe(P.app);
    store.updateUser(user(U.priya), { current_project_id: 999 });
    expect(currentProject(store, user(U.priya))?.id).toBe(P.app);
    store.updateUser(user(U.priya), { current_organization_id: LABS, current_project_id: null });
    expect(currentProject(store, user(U.priya))?.id).toBe(P.labs);
  });
});

describe('finding the objects of a path', () => {
  it('findOrganization: @current, or any organization by its UUID in either case', () => {
    const priya = principalOf('phx_demo_admin');
    expect(findOrganization(store, priya, '@current')?.id).toBe(ORG);
    expect(findOrganization(store, priya, OUTSIDE.toUpperCase())?.id).toBe(OUTSIDE);
    expect(findOrganization(store, priya, 'nope')).toBeUndefined();
  });

  it('findProject: @current, or any project by its id', () => {
    const priya = principalOf('phx_demo_admin');
    expect(findProject(store, priya, '@current')?.id).toBe(P.app);
    expect(findProject(store, priya, String(P.outside))?.id).toBe(P.outside);
    expect(findProject(store, priya, '999')).toBeUndefined();
    expect(findProject(store, priya, 'app')).toBeUndefined();
  });

  it('resolveOrganization: the caller’s, else Not found.', () => {
    const priya = principalOf('phx_demo_admin');
    expect(resolveOrganization(store, priya, ORG).id).toBe(ORG);
    expect(resolveOrganization(store, priya, '@current').id).toBe(ORG);
    expectFailure(() => resolveOrganization(store, priya, OUTSIDE), 'not_found', details.notFound);
    expectFailure(() => resolveOrganization(store, priya, 'nope'), 'not_found', details.notFound);
  });

  it('resolveProject: an unknown project is not found, another organization’s is forbidden', () => {
    const priya = principalOf('phx_demo_admin');
    expect(resolveProject(store, priya, String(P.mobile)).id).toBe(P.mobile);
    expectFailure(() => resolveProject(store, priya, '999'), 'not_found', details.projectNotFound);
    expectFailure(() => resolveProject(store, priya, 'x'), 'not_found', details.projectNotFound);
    expectFailure(() => resolveProject(store, priya, String(P.outside)), 'forbidden', details.noProjectAccess);
  });

  it('resolveOwnProject: unknown, another organization’s, or not under the organization named: Not found.', () => {
    const priya = principalOf('phx_demo_admin');
    const hedgebox = store.organization(ORG)!;
    expect(resolveOwnProject(store, priya, String(P.labs)).id).toBe(P.labs);
    expect(resolveOwnProject(store, priya, String(P.app), hedgebox).id).toBe(P.app);
    expectFailure(() => resolveOwnProject(store, priya, '999'), 'not_found', details.notFound);
    expectFailure(() => resolveOwnProject(store, priya, String(P.outside)), 'not_found', details.notFound);
    expectFailure(() => resolveOwnProject(store, priya, String(P.labs), hedgebox), 'not_found', details.notFound);
  });

  it('resolveDashboard: a dashboard of the project; deleted ones only when asked', () => {
    const app = store.project(P.app)!;
    expect(resolveDashboard(store, app, String(D.productOverview)).id).toBe(D.productOverview);
    expectFailure(() => resolveDashboard(store, app, String(D.legacyKpis)), 'not_found', details.dashboardNotFound);
    expect(resolveDashboard(store, app, String(D.legacyKpis), true).id).toBe(D.legacyKpis);
    expectFailure(() => resolveDashboard(store, app, String(D.prototypeRetention), true), 'not_found', details.dashboardNotFound);
    expectFailure(() => resolveDashboard(store, app, '99999'), 'not_found', details.dashboardNotFound);
    expectFailure(() => resolveDashboard(store, app, 'one'), 'not_found', details.dashboardNotFound);
  });
});

describe('dashboard rights', () => {
  const app = () => store.project(P.app)!;
  const dashboard = (id: number) => store.dashboard(id)!;

  it('the privilege levels are 37 (edit) and 21 (view)', () => {
    expect([canEdit, canView]).toEqual([37, 21]);
  });

  it('privilegeLevel: 37 for admins, on “everyone can edit” dashboards, for the creator and collaborators; else 21', () => {
    const board = dashboard(D.boardMetrics); // only collaborators can edit; created by Olivia; Jonas collaborates
    expect(board.restriction_level).toBe(37);
    expect(privilegeLevel(store, user(U.tomas), board, false)).toBe(21);
    expect(privilegeLevel(store, user(U.tomas), board, true)).toBe(37);
    expect(privilegeLevel(store, user(U.olivia), board, false)).toBe(37);
    expect(privilegeLevel(store, user(U.jonas), board, false)).toBe(37);
    expect(privilegeLevel(store, user(U.tomas), dashboard(D.productOverview), false)).toBe(37);
  });

  it('requireEdit: the access level first, then the privilege', () => {
    const tomas = principalOf('phx_demo_member');
    const jonas: Principal = { key: tomas.key, user: user(U.jonas) };
    // Everyone views the hiring plan; Jonas’s own rule makes him an editor.
    expectFailure(() => requireEdit(store, tomas, app(), dashboard(D.hiringPlan)), 'forbidden', details.noEditorAccess);
    expect(() => requireEdit(store, jonas, app(), dashboard(D.hiringPlan))).not.toThrow();
    expectFailure(() => requireEdit(store, tomas, app(), dashboard(D.boardMetrics)), 'forbidden', details.noEditPermission);
    expect(() => requireEdit(store, jonas, app(), dashboard(D.boardMetrics))).not.toThrow();
    expect(() => requireEdit(store, tomas, app(), dashboard(D.productOverview))).not.toThrow();
    expect(() => requireEdit(store, principalOf('phx_demo_admin'), app(), dashboard(D.boardMetrics))).not.toThrow();
  });

  it('requireEdit: both layers failing answers the access level', () => {
    const tomas = principalOf('phx_demo_member');
    const rule: AccessControlRecord = {
      id: 'r-view',
      dashboard_id: D.boardMetrics,
      organization_member_id: null,
      access_level: 'viewer',
      created_by: U.olivia,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    };
    store.addAccessControl(rule);
    expectFailure(() => requireEdit(store, tomas, app(), dashboard(D.boardMetrics)), 'forbidden', details.noEditorAccess);
  });

  it('requireView: a viewer may read, a member at none may not, an admin always may', () => {
    const tomas = principalOf('phx_demo_member');
    expect(() => requireView(store, tomas, app(), dashboard(D.hiringPlan))).not.toThrow();
    expect(() => requireView(store, tomas, app(), dashboard(D.boardMetrics))).not.toThrow();
    store.addAccessControl({
      id: 'r-none',
      dashboard_id: D.productOverview,
      organization_member_id: null,
      access_level: 'none',
      created_by: U.olivia,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });
    expectFailure(() => requireView(store, tomas, app(), dashboard(D.productOverview)), 'forbidden', details.noViewerAccess);
    expect(() => requireView(store, principalOf('phx_demo_admin'), app(), dashboard(D.productOverview))).not.toThrow();
  });
});
