/**
 * API.md v4: the newer access control (§5.7, rows 29–31), the two layers of editing rights (§5.4),
 * reads at `viewer`, lists without the dashboards at `none`, and every error in the order of §2.3.
 */
import { describe, expect, it } from 'vitest';
import { details } from '../../../src/contract/errors.ts';
import { invalidAccessLevel, invalidOrganizationMemberId } from '../../../src/contract/inputs.ts';
import { activityLogPageSchema, dashboardPageSchema } from '../../../src/contract/schemas.ts';
import { accessControlSchema, accessControlsSchema, usersWithAccessSchema } from '../../../src/contract/access-control.ts';
import {
  admin,
  allDashboards,
  client,
  expectError,
  expectKeysInOrder,
  expectValidation,
  isoUtc,
  member,
  parseWith,
  readonly,
  request,
  seedIds,
  setupMockApi,
} from '../helpers.ts';

const api = setupMockApi();
const { projects: P, dashboards: D, users: U } = seedIds;
const ORG = seedIds.organization;

const dashboardPath = (id: number, project: number | string = P.app) => `/api/projects/${project}/dashboards/${id}/`;
const rulesPath = (id: number, project: number | string = P.app) => `${dashboardPath(id, project)}access_controls/`;
const usersPath = (id: number, project: number | string = P.app) => `${dashboardPath(id, project)}users_with_access/`;
const memberIdOf = (userId: number, organization: string = ORG) => api.store().membershipOf(organization, userId)!.id;
const uuidOf = (userId: number) => api.store().user(userId)!.uuid;
const unknownUuid = '4b0c4a8e-6d3f-4e21-9a57-0c1d2e3f4a5b';

const ruleKeys = ['id', 'access_level', 'resource', 'resource_id', 'organization_member', 'role', 'created_by', 'created_at', 'updated_at'];
const answerKeys = ['access_controls', 'available_access_levels', 'default_access_level', 'minimum_access_level', 'user_access_level', 'user_can_edit_access_levels'];
const personKeys = ['user_id', 'access_level', 'access_source', 'organization_membership_id', 'organization_membership_level'];

/** Sets a rule as the admin (the rule for everyone without `userId`). */
async function setRule(dashboard: number, level: string | null, userId?: number) {
  const body = userId === undefined ? { access_level: level } : { access_level: level, organization_member: memberIdOf(userId) };
  const result = await admin.put(rulesPath(dashboard), body);
  expect(result.status, result.text).toBe(level === null ? 204 : 200);
  return result;
}

/** The caller's `user_access_level` on a dashboard, from its rules' answer. */
async function levelOf(key: ReturnType<typeof client>, dashboard: number) {
  const result = await key.get(rulesPath(dashboard));
  return result.status === 200 ? parseWith(accessControlsSchema, result.body).user_access_level : `${result.status}`;
}

describe('the seed (API.md §9)', () => {
  it('has a dashboard made by an admin, everyone at viewer, one member (not the member key’s user) at editor, not pinned', async () => {
    const dashboard = (await admin.get(dashboardPath(D.hiringPlan))).body;
    expect(dashboard).toMatchObject({ name: 'Year-end hiring plan', pinned: false, created_by: { id: U.lena }, restriction_level: 21 });
    expect(api.store().membershipOf(ORG, U.lena)!.level).toBeGreaterThanOrEqual(8);
    const rules = parseWith(accessControlsSchema, (await admin.get(rulesPath(D.hiringPlan))).body).access_controls;
    expect(rules.map((r) => [r.organization_member, r.access_level])).toEqual([
      [null, 'viewer'],
      [memberIdOf(U.jonas), 'editor'],
    ]);
    expect((await admin.get(`${dashboardPath(D.hiringPlan)}collaborators/`)).body).toEqual([]);
    expect(dashboard.is_shared).toBe(false);
  });

  it('has a dashboard restricted to invited collaborators with one collaborator, not made by or shared with the member key’s user, not pinned', async () => {
    const dashboard = (await admin.get(dashboardPath(D.boardMetrics))).body;
    expect(dashboard).toMatchObject({ restriction_level: 37, pinned: false, created_by: { id: U.olivia } });
    const collaborators = (await admin.get(`${dashboardPath(D.boardMetrics)}collaborators/`)).body;
    expect(collaborators.map((c: { user: { id: number } }) => c.user.id)).toEqual([U.jonas]);
  });

  it('has a dashboard whose creator left (inactive, no member) and one whose created_by is null', async () => {
    const left = (await admin.get(dashboardPath(D.vendorNotes))).body;
    expect(left.created_by).toMatchObject({ id: U.noah, email: 'noah.fischer@hedgebox.net' });
    expect(api.store().user(U.noah)!.is_active).toBe(false);
    const members = (await admin.get(`/api/organizations/${ORG}/members/?limit=100`)).body.results;
    expect(members.map((m: { user: { id: number } }) => m.user.id)).not.toContain(U.noah);
    expect((await admin.get(dashboardPath(D.warehouseImport))).body.created_by).toBeNull();
    // Both are listed.
    const names = (await allDashboards(P.app)).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Vendor review notes', 'Warehouse import (legacy)']));
  });

  it('logged each seeded rule as `access control changed`', async () => {
    const log = parseWith(activityLogPageSchema, (await admin.get(`/api/projects/${P.app}/activity_log/?scope=Dashboard&item_id=${D.hiringPlan}`)).body);
    const changes = log.results.filter((e) => e.activity === 'access control changed').map((e) => e.detail?.changes[0]);
    expect(changes).toEqual([
      { type: 'Dashboard', action: 'changed', field: 'access_level', before: null, after: 'editor' },
      { type: 'Dashboard', action: 'changed', field: 'access_level', before: null, after: 'viewer' },
    ]);
  });
});

describe('the checks of §2.3, in order, on rows 29–31', () => {
  it('an unknown path is 404 before the key; then the key (401)', async () => {
    expectError(await request('GET', `${dashboardPath(D.hiringPlan)}access_control/`, null), 404, 'invalid_request', 'not_found', details.endpointNotFound);
    expectError(await request('GET', rulesPath(D.hiringPlan), null), 401, 'authentication_error', 'not_authenticated', details.notAuthenticated);
    expectError(await request('PUT', rulesPath(D.hiringPlan), 'phx_nope'), 401, 'authentication_error', 'authentication_failed', details.authenticationFailed);
  });

  it('a method the path does not offer is 403, even for a * key', async () => {
    for (const [method, path] of [
      ['PATCH', rulesPath(D.hiringPlan)],
      ['POST', rulesPath(D.hiringPlan)],
      ['DELETE', rulesPath(D.hiringPlan)],
      ['PUT', usersPath(D.hiringPlan)],
      ['POST', usersPath(D.hiringPlan)],
    ] as const) {
      expectError(await admin.send(method, path), 403, 'authentication_error', 'permission_denied', details.methodNotOffered);
    }
  });

  it('an unknown project is 404 before the scope; the scope (403) before another organization’s project (403)', async () => {
    expectError(await readonly.get(rulesPath(D.hiringPlan, 999)), 404, 'invalid_request', 'not_found', details.projectNotFound);
    expectError(await readonly.get(rulesPath(D.hiringPlan)), 403, 'authentication_error', 'permission_denied', details.missingScope('access_control:read'));
    expectError(await readonly.get(usersPath(D.hiringPlan)), 403, 'authentication_error', 'permission_denied', details.missingScope('access_control:read'));
    expectError(await readonly.put(rulesPath(D.hiringPlan), { access_level: 'viewer' }), 403, 'authentication_error', 'permission_denied', details.missingScope('access_control:write'));
    expectError(await admin.get(rulesPath(1, P.outside)), 403, 'authentication_error', 'permission_denied', details.noProjectAccess);
  });

  it('an unknown or deleted dashboard is 404 `Not found.` (a dashboard’s own path)', async () => {
    for (const path of [rulesPath(999999), usersPath(999999), rulesPath(D.legacyKpis), usersPath(D.legacyKpis)]) {
      expectError(await admin.get(path), 404, 'invalid_request', 'not_found', details.notFound);
    }
    expectError(await admin.put(rulesPath(999999), { access_level: 'viewer' }), 404, 'invalid_request', 'not_found', details.notFound);
    expectError(await admin.put(rulesPath(D.legacyKpis), { access_level: 'bogus' }), 404, 'invalid_request', 'not_found', details.notFound);
  });

  it('answers under /api/environments/ and @current as under /api/projects/', async () => {
    const direct = await admin.get(rulesPath(D.hiringPlan));
    expect((await admin.get(`/api/environments/${P.app}/dashboards/${D.hiringPlan}/access_controls/`)).body).toEqual(direct.body);
    expect((await admin.get(rulesPath(D.hiringPlan, '@current'))).body).toEqual(direct.body);
    expect((await admin.get(`/api/environments/@current/dashboards/${D.hiringPlan}/users_with_access`)).status).toBe(200);
  });
});

describe('GET access_controls/ (29)', () => {
  it('answers the rules and the caller’s level, fields in order', async () => {
    const result = await admin.get(rulesPath(D.hiringPlan));
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, answerKeys);
    const answer = parseWith(accessControlsSchema, result.body);
    expect(answer).toMatchObject({
      available_access_levels: ['none', 'viewer', 'editor', 'manager'],
      default_access_level: 'editor',
      minimum_access_level: 'none',
      user_access_level: 'manager',
      user_can_edit_access_levels: true,
    });
    for (const rule of result.body.access_controls) {
      expectKeysInOrder(rule, ruleKeys);
      expect(rule).toMatchObject({ resource: 'dashboard', resource_id: String(D.hiringPlan), role: null, created_by: U.lena });
      expect(rule.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(rule.created_at).toMatch(isoUtc);
      expect(rule.updated_at).toMatch(isoUtc);
    }
  });

  it('gives the member key viewer (the rule for everyone) and no right to edit the rules', async () => {
    expect(parseWith(accessControlsSchema, (await member.get(rulesPath(D.hiringPlan))).body)).toMatchObject({
      user_access_level: 'viewer',
      user_can_edit_access_levels: false,
    });
  });

  it('is an empty list with `editor` for everyone on a dashboard without rules', async () => {
    const answer = parseWith(accessControlsSchema, (await member.get(rulesPath(D.productOverview))).body);
    expect(answer.access_controls).toEqual([]);
    expect(answer).toMatchObject({ user_access_level: 'editor', user_can_edit_access_levels: false });
    // The creator and admins are managers whatever the rules.
    expect(await levelOf(member, D.tomasNotes)).toBe('manager');
    expect(await levelOf(admin, D.productOverview)).toBe('manager');
  });
});

describe('the level: highest wins (§5.7)', () => {
  it('a member’s own rule raises them above the rule for everyone', async () => {
    await setRule(D.activationFunnel, 'none');
    await setRule(D.activationFunnel, 'viewer', U.tomas);
    // Tomás created Activation funnel: ask on another dashboard.
    await setRule(D.ahaMoments, 'none');
    await setRule(D.ahaMoments, 'viewer', U.tomas);
    expect(await levelOf(member, D.ahaMoments)).toBe('viewer');
    await setRule(D.ahaMoments, 'manager', U.tomas);
    expect(await levelOf(member, D.ahaMoments)).toBe('manager');
  });

  it('never lowers them below it', async () => {
    await setRule(D.ahaMoments, 'viewer');
    await setRule(D.ahaMoments, 'none', U.tomas);
    expect(await levelOf(member, D.ahaMoments)).toBe('viewer');
    await setRule(D.ahaMoments, null);
    // No rule for everyone: `editor`, above Tomás's own `none`.
    expect(await levelOf(member, D.ahaMoments)).toBe('editor');
  });

  it('someone else’s rule changes nothing for the member', async () => {
    await setRule(D.ahaMoments, 'none');
    await setRule(D.ahaMoments, 'manager', U.jonas);
    expect(await levelOf(member, D.ahaMoments)).toBe('403');
  });

  it('a rule for an admin, an owner or the creator is stored and changes nothing: they stay manager', async () => {
    await setRule(D.tomasNotes, 'none');
    await setRule(D.tomasNotes, 'none', U.tomas);
    await setRule(D.tomasNotes, 'none', U.priya);
    await setRule(D.tomasNotes, 'viewer', U.olivia);
    expect(await levelOf(member, D.tomasNotes)).toBe('manager');
    expect(await levelOf(admin, D.tomasNotes)).toBe('manager');
    const answer = parseWith(accessControlsSchema, (await admin.get(rulesPath(D.tomasNotes))).body);
    expect(answer.access_controls).toHaveLength(4);
    const people = parseWith(usersWithAccessSchema, (await admin.get(usersPath(D.tomasNotes))).body).users;
    expect(people.find((p) => p.user_id === uuidOf(U.tomas))).toMatchObject({ access_level: 'manager', access_source: 'creator' });
    expect(people.find((p) => p.user_id === uuidOf(U.olivia))).toMatchObject({ access_level: 'manager', access_source: 'organization_admin' });
    // The creator keeps their dashboard in their list.
    expect((await allDashboards(P.app, 'phx_demo_member')).map((d) => d.id)).toContain(D.tomasNotes);
  });

  it('the list items and the dashboard carry the caller’s level as user_access_level (§4.2)', async () => {
    const item = (await allDashboards(P.app, 'phx_demo_member')).find((d) => d.id === D.hiringPlan);
    expect(item?.user_access_level).toBe('viewer');
    expect((await member.get(dashboardPath(D.hiringPlan))).body.user_access_level).toBe('viewer');
    expect((await admin.get(dashboardPath(D.hiringPlan))).body.user_access_level).toBe('manager');
    await setRule(D.hiringPlan, 'manager', U.tomas);
    expect((await member.get(dashboardPath(D.hiringPlan))).body.user_access_level).toBe('manager');
    const again = (await allDashboards(P.app, 'phx_demo_member')).find((d) => d.id === D.hiringPlan);
    expect(again?.user_access_level).toBe('manager');
    // The tiles' insights carry it too.
    const tiles = (await member.get(dashboardPath(D.hiringPlan))).body.tiles;
    expect(tiles.filter((t: { insight: unknown }) => t.insight).map((t: { insight: { user_access_level: string } }) => t.insight.user_access_level)).toEqual([
      'manager',
      'manager',
    ]);
  });
});

describe('editing needs both layers, the level first (§5.4)', () => {
  it('the member key at viewer: 403 `You do not have editor access to this resource.` on every edit', async () => {
    const denied = (result: Awaited<ReturnType<typeof member.get>>) =>
      expectError(result, 403, 'authentication_error', 'permission_denied', details.noEditorAccess);
    const path = dashboardPath(D.hiringPlan);
    denied(await member.patch(path, { name: 'Mine now' }));
    denied(await member.put(path, { name: 'Mine now' }));
    denied(await member.patch(path, { restriction_level: 37 }));
    denied(await member.patch(path, { deleted: true }));
    denied(await member.patch(`${path}sharing/`, { enabled: true }));
    denied(await member.post(`${path}sharing/refresh/`));
    denied(await member.post(`${path}sharing/passwords/`, {}));
    denied(await member.delete(`${path}sharing/passwords/1/`));
    denied(await member.post(`${path}collaborators/`, { user_uuid: uuidOf(U.mei), level: 37 }));
    denied(await member.delete(`${path}collaborators/${uuidOf(U.mei)}/`));
    // Before the body: a malformed body gets the same 403.
    denied(await member.patch(path, undefined, { raw: '{"name": ' }));
    expect((await admin.get(path)).body.name).toBe('Year-end hiring plan');
  });

  it('move_tile needs editor on the source and on the target', async () => {
    const tile = (await admin.get(dashboardPath(D.activationFunnel))).body.tiles[0].id;
    expectError(
      await member.patch(`${dashboardPath(D.activationFunnel)}move_tile/`, { tile: { id: tile }, toDashboard: D.hiringPlan }),
      403,
      'authentication_error',
      'permission_denied',
      details.noEditorAccess,
    );
    const hiringTile = (await admin.get(dashboardPath(D.hiringPlan))).body.tiles[0].id;
    expectError(
      await member.patch(`${dashboardPath(D.hiringPlan)}move_tile/`, { tile: { id: hiringTile }, toDashboard: D.activationFunnel }),
      403,
      'authentication_error',
      'permission_denied',
      details.noEditorAccess,
    );
  });

  it('the level is checked before the restriction: an uninvited member at viewer hears of the level', async () => {
    const path = dashboardPath(D.boardMetrics);
    // Restricted (37), Tomás not invited, level editor by default: the restriction refuses.
    expectError(await member.patch(path, { name: 'x' }), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    await setRule(D.boardMetrics, 'viewer');
    expectError(await member.patch(path, { name: 'x' }), 403, 'authentication_error', 'permission_denied', details.noEditorAccess);
  });

  it('an invited collaborator at viewer may not edit; raised to editor, they may', async () => {
    const path = dashboardPath(D.pricingExperiment);
    expect((await member.patch(path, { description: 'by Tomás' })).status).toBe(200);
    await setRule(D.pricingExperiment, 'viewer');
    expectError(await member.patch(path, { description: 'again' }), 403, 'authentication_error', 'permission_denied', details.noEditorAccess);
    await setRule(D.pricingExperiment, 'editor', U.tomas);
    expect((await member.patch(path, { description: 'again' })).status).toBe(200);
  });

  it('a member raised to editor by their own rule edits an unrestricted dashboard', async () => {
    await setRule(D.hiringPlan, 'editor', U.tomas);
    const result = await member.patch(dashboardPath(D.hiringPlan), { description: 'Updated by Tomás' });
    expect(result.status).toBe(200);
    expect(result.body.user_access_level).toBe('editor');
  });
});

describe('reading needs viewer (§5.4)', () => {
  it('a dashboard at none for the caller: its GET, collaborators, sharing, rules and users_with_access are 403', async () => {
    await setRule(D.boardMetrics, 'none');
    const path = dashboardPath(D.boardMetrics);
    for (const read of [path, `${path}collaborators/`, `${path}sharing/`, rulesPath(D.boardMetrics), usersPath(D.boardMetrics)]) {
      expectError(await member.get(read), 403, 'authentication_error', 'permission_denied', details.noViewerAccess);
    }
    // Editing at none is refused for the editor level.
    expectError(await member.patch(path, { name: 'x' }), 403, 'authentication_error', 'permission_denied', details.noEditorAccess);
    // Admins still read it.
    expect((await admin.get(path)).status).toBe(200);
  });

  it('a viewer reads everything', async () => {
    const path = dashboardPath(D.hiringPlan);
    for (const read of [path, `${path}collaborators/`, `${path}sharing/`, rulesPath(D.hiringPlan), usersPath(D.hiringPlan)]) {
      expect((await member.get(read)).status, read).toBe(200);
    }
  });
});

describe('lists leave out dashboards at none, counts included (§5.4)', () => {
  it('with and without filters, on every page', async () => {
    const before = await allDashboards(P.app, 'phx_demo_member');
    const countBefore = (await member.get(`/api/projects/${P.app}/dashboards/?limit=1`)).body.count;
    expect(countBefore).toBe(before.length);
    await setRule(D.boardMetrics, 'none');
    await setRule(D.releaseHealth, 'none');
    // Tomás's own dashboard stays, and a dashboard where his own rule raises him stays.
    await setRule(D.activationFunnel, 'none');
    await setRule(D.ahaMoments, 'none');
    await setRule(D.ahaMoments, 'viewer', U.tomas);
    const after = await allDashboards(P.app, 'phx_demo_member');
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id).filter((id) => id !== D.boardMetrics && id !== D.releaseHealth));
    const page = parseWith(dashboardPageSchema, (await member.get(`/api/projects/${P.app}/dashboards/?limit=5`)).body);
    expect(page.count).toBe(countBefore - 2);
    expect(page.next).toContain('offset=5');
    // Release health is pinned: the pinned filter leaves it out too; so do search and tags.
    const pinned = parseWith(dashboardPageSchema, (await member.get(`/api/projects/${P.app}/dashboards/?pinned=true&limit=100`)).body);
    expect(pinned.results.map((d) => d.id)).not.toContain(D.releaseHealth);
    expect(pinned.count).toBe(pinned.results.length);
    expect((await member.get(`/api/projects/${P.app}/dashboards/?search=board%20metrics`)).body.count).toBe(0);
    expect((await member.get(`/api/projects/${P.app}/dashboards/?tags=engineering&limit=100`)).body.results.map((d: { id: number }) => d.id)).not.toContain(
      D.releaseHealth,
    );
    // The admin's list is whole.
    expect((await admin.get(`/api/projects/${P.app}/dashboards/?limit=1`)).body.count).toBe(countBefore);
  });
});

describe('PUT access_controls/ (30)', () => {
  it('sets the rule for everyone (organization_member omitted or null) and answers it', async () => {
    const result = await admin.put(rulesPath(D.activationFunnel), { access_level: 'viewer' });
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, ruleKeys);
    const rule = parseWith(accessControlSchema, result.body);
    expect(rule).toMatchObject({
      access_level: 'viewer',
      resource: 'dashboard',
      resource_id: String(D.activationFunnel),
      organization_member: null,
      role: null,
      created_by: null,
    });
    expect(rule.created_at).toBe(rule.updated_at);
    const again = await admin.put(rulesPath(D.activationFunnel), { access_level: 'none', organization_member: null });
    expect(again.body).toMatchObject({ id: rule.id, access_level: 'none', created_at: rule.created_at });
    const listed = parseWith(accessControlsSchema, (await admin.get(rulesPath(D.activationFunnel))).body).access_controls;
    expect(listed).toEqual([again.body]);
  });

  it('a second PUT for the same member replaces their rule; null removes it (204, empty), also when there is none', async () => {
    const jonas = memberIdOf(U.jonas);
    const first = await admin.put(rulesPath(D.ahaMoments), { access_level: 'viewer', organization_member: jonas });
    const second = await admin.put(rulesPath(D.ahaMoments), { access_level: 'manager', organization_member: jonas });
    expect(second.body).toMatchObject({ id: first.body.id, access_level: 'manager', organization_member: jonas });
    expect(parseWith(accessControlsSchema, (await admin.get(rulesPath(D.ahaMoments))).body).access_controls).toHaveLength(1);
    const removed = await admin.put(rulesPath(D.ahaMoments), { access_level: null, organization_member: jonas });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(parseWith(accessControlsSchema, (await admin.get(rulesPath(D.ahaMoments))).body).access_controls).toEqual([]);
    expect((await admin.put(rulesPath(D.ahaMoments), { access_level: null, organization_member: jonas })).status).toBe(204);
    expect((await admin.put(rulesPath(D.ahaMoments), { access_level: null })).status).toBe(204);
  });

  it('takes form bodies, trims the level, and takes a member id in any UUID form', async () => {
    const form = await admin.send('PUT', rulesPath(D.ahaMoments), {
      raw: `access_level=%20viewer%20&organization_member=${memberIdOf(U.mei).toUpperCase()}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toMatchObject({ access_level: 'viewer', organization_member: memberIdOf(U.mei) });
  });

  it('logs `access control changed` with the levels before and after, only for changes', async () => {
    const entries = async () =>
      parseWith(activityLogPageSchema, (await admin.get(`/api/projects/${P.app}/activity_log/?scope=Dashboard&item_id=${D.ahaMoments}`)).body).results.filter(
        (e) => e.activity === 'access control changed',
      );
    await setRule(D.ahaMoments, 'viewer', U.mei);
    await setRule(D.ahaMoments, 'viewer', U.mei);
    await setRule(D.ahaMoments, 'editor', U.mei);
    await setRule(D.ahaMoments, null, U.mei);
    await setRule(D.ahaMoments, null, U.mei);
    const log = await entries();
    expect(log.map((e) => e.detail?.changes[0])).toEqual([
      { type: 'Dashboard', action: 'changed', field: 'access_level', before: 'editor', after: null },
      { type: 'Dashboard', action: 'changed', field: 'access_level', before: 'viewer', after: 'editor' },
      { type: 'Dashboard', action: 'changed', field: 'access_level', before: null, after: 'viewer' },
    ]);
    expect(log[0]).toMatchObject({ scope: 'Dashboard', item_id: String(D.ahaMoments), user: { id: U.priya }, detail: { name: 'aha moments', type: 'dashboard' } });
  });

  describe('its checks, in order', () => {
    it('first the right to edit the rules: 403 `Must be manager to modify dashboard permissions.`, before the body', async () => {
      for (const body of [{ access_level: 'viewer' }, { access_level: 'bogus' }, {}]) {
        expectError(await member.put(rulesPath(D.productOverview), body), 403, 'authentication_error', 'permission_denied', details.mustBeManager);
      }
      expectError(await member.put(rulesPath(D.hiringPlan), undefined, { raw: 'not json' }), 403, 'authentication_error', 'permission_denied', details.mustBeManager);
      // A manager by the rules may.
      await setRule(D.productOverview, 'manager', U.tomas);
      const result = await member.put(rulesPath(D.productOverview), { access_level: 'viewer' });
      expect(result.status).toBe(200);
      expect(parseWith(accessControlsSchema, (await member.get(rulesPath(D.productOverview))).body).user_can_edit_access_levels).toBe(true);
      // The creator may (Tomás made Activation funnel).
      expect((await member.put(rulesPath(D.activationFunnel), { access_level: 'none' })).status).toBe(200);
    });

    it('then the body: size, type, JSON, an object', async () => {
      expectError(await admin.put(rulesPath(D.ahaMoments), undefined, { raw: 'x'.repeat(1024 * 1024 + 1) }), 413, 'invalid_request', 'request_too_large');
      expectError(
        await admin.put(rulesPath(D.ahaMoments), undefined, { raw: 'viewer', headers: { 'Content-Type': 'text/plain' } }),
        415,
        'invalid_request',
        'unsupported_media_type',
        details.unsupportedMediaType('text/plain'),
      );
      expectError(await admin.put(rulesPath(D.ahaMoments), undefined, { raw: '{"access_level": ' }), 400, 'invalid_request', 'parse_error', /^JSON parse error - /);
      expectValidation(await admin.put(rulesPath(D.ahaMoments), ['viewer']), 'invalid_input', null, details.expectedDictionary('list'));
    });

    it('then access_level: required, a string, not blank, one of the four levels', async () => {
      const path = rulesPath(D.ahaMoments);
      expectValidation(await admin.put(path, {}), 'required', 'access_level', 'This field is required.');
      expectValidation(await admin.put(path, { organization_member: memberIdOf(U.mei) }), 'required', 'access_level');
      expectValidation(await admin.put(path, { access_level: true }), 'invalid_input', 'access_level', 'Not a valid string.');
      expectValidation(await admin.put(path, { access_level: ['viewer'] }), 'invalid_input', 'access_level', 'Not a valid string.');
      expectValidation(await admin.put(path, { access_level: '  ' }), 'blank', 'access_level', 'This field may not be blank.');
      expectValidation(await admin.put(path, { access_level: 'owner' }), 'invalid_input', 'access_level', invalidAccessLevel);
      expectValidation(await admin.put(path, { access_level: 'Viewer' }), 'invalid_input', 'access_level', invalidAccessLevel);
      expectValidation(await admin.put(path, { access_level: 3 }), 'invalid_input', 'access_level', invalidAccessLevel);
      expect(invalidAccessLevel).toBe('Invalid access level. Must be one of: none, viewer, editor, manager');
      // The level comes before the member.
      expectValidation(await admin.put(path, { access_level: 'owner', organization_member: 'nope' }), 'invalid_input', 'access_level');
      expect(parseWith(accessControlsSchema, (await admin.get(path)).body).access_controls).toEqual([]);
    });

    it('then organization_member: a UUID, a member, of this organization', async () => {
      const path = rulesPath(D.ahaMoments);
      expectValidation(await admin.put(path, { access_level: 'viewer', organization_member: 'nope' }), 'invalid_input', 'organization_member', invalidOrganizationMemberId);
      expectValidation(await admin.put(path, { access_level: 'viewer', organization_member: 12 }), 'invalid_input', 'organization_member', invalidOrganizationMemberId);
      expectValidation(
        await admin.put(path, { access_level: 'viewer', organization_member: unknownUuid }),
        'invalid_input',
        'organization_member',
        `Invalid pk "${unknownUuid}" - object does not exist.`,
      );
      // A user's UUID is not a member's id.
      expectValidation(await admin.put(path, { access_level: 'viewer', organization_member: uuidOf(U.mei) }), 'invalid_input', 'organization_member');
      // Hugo's membership of Northwind, and Priya's own of Hedgebox Labs: another organization.
      for (const other of [memberIdOf(U.hugo, seedIds.outsideOrganization), memberIdOf(U.priya, seedIds.secondOrganization)]) {
        expectValidation(await admin.put(path, { access_level: 'viewer', organization_member: other }), 'invalid_input', null, details.memberOfOtherOrganization);
      }
      // Removing also checks the member.
      expectValidation(await admin.put(path, { access_level: null, organization_member: unknownUuid }), 'invalid_input', 'organization_member');
      expect(parseWith(accessControlsSchema, (await admin.get(path)).body).access_controls).toEqual([]);
    });
  });
});

describe('GET users_with_access/ (31)', () => {
  it('lists every active member whose level is not none, highest first, ties by user UUID descending', async () => {
    const result = await member.get(usersPath(D.hiringPlan));
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, ['users', 'total_count']);
    const answer = parseWith(usersWithAccessSchema, result.body);
    for (const person of result.body.users) expectKeysInOrder(person, personKeys);
    const active = api.store().membersOf(ORG);
    expect(answer.total_count).toBe(active.length);
    expect(answer.users).toHaveLength(active.length);
    const byUser = new Map(answer.users.map((p) => [p.user_id, p]));
    expect(byUser.get(uuidOf(U.lena))).toMatchObject({ access_level: 'manager', access_source: 'creator', organization_membership_level: 'admin' });
    expect(byUser.get(uuidOf(U.olivia))).toMatchObject({ access_level: 'manager', access_source: 'organization_admin', organization_membership_level: 'owner' });
    expect(byUser.get(uuidOf(U.priya))).toMatchObject({ access_level: 'manager', access_source: 'organization_admin', organization_membership_level: 'admin' });
    expect(byUser.get(uuidOf(U.jonas))).toMatchObject({
      access_level: 'editor',
      access_source: 'explicit_member',
      organization_membership_id: memberIdOf(U.jonas),
      organization_membership_level: 'member',
    });
    expect(byUser.get(uuidOf(U.tomas))).toMatchObject({ access_level: 'viewer', access_source: 'default', organization_membership_level: 'member' });
    expect(byUser.has(uuidOf(U.noah))).toBe(false);
    expect(byUser.has(uuidOf(U.hugo))).toBe(false);
    const rank = { none: 0, viewer: 1, editor: 2, manager: 3 } as Record<string, number>;
    const sorted = [...answer.users].sort((a, b) => rank[b.access_level]! - rank[a.access_level]! || (a.user_id < b.user_id ? 1 : -1));
    expect(answer.users).toEqual(sorted);
  });

  it('leaves out the members at none; a member with a rule of their own is explicit_member whichever rule decided', async () => {
    await setRule(D.ahaMoments, 'none');
    await setRule(D.ahaMoments, 'none', U.jonas);
    await setRule(D.ahaMoments, 'viewer', U.tomas);
    const answer = parseWith(usersWithAccessSchema, (await admin.get(usersPath(D.ahaMoments))).body);
    const ids = answer.users.map((p) => p.user_id);
    expect(ids).not.toContain(uuidOf(U.jonas));
    expect(answer.users.find((p) => p.user_id === uuidOf(U.tomas))).toMatchObject({ access_level: 'viewer', access_source: 'explicit_member' });
    expect(answer.total_count).toBe(answer.users.length);
    // Everyone at viewer, Jonas's own none: he is back, at viewer, by his own rule's presence.
    await setRule(D.ahaMoments, 'viewer');
    const again = parseWith(usersWithAccessSchema, (await admin.get(usersPath(D.ahaMoments))).body);
    expect(again.users.find((p) => p.user_id === uuidOf(U.jonas))).toMatchObject({ access_level: 'viewer', access_source: 'explicit_member' });
  });

  it('knows nothing of the restriction: the uninvited member of a restricted dashboard is `editor`', async () => {
    const answer = parseWith(usersWithAccessSchema, (await admin.get(usersPath(D.boardMetrics))).body);
    expect(answer.users.find((p) => p.user_id === uuidOf(U.tomas))).toMatchObject({ access_level: 'editor', access_source: 'default' });
    expectError(await member.patch(dashboardPath(D.boardMetrics), { name: 'x' }), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
  });
});

describe('a key reads itself by its id (§7 #26)', () => {
  it('answers as @current for its own id, 403 for any other id or method', async () => {
    const current = (await member.get('/api/personal_api_keys/@current/')).body;
    const own = await member.get(`/api/personal_api_keys/${current.id}/`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(current);
    expect((await member.get(`/api/personal_api_keys/${current.id}`)).body).toEqual(current);
    const adminKey = (await admin.get('/api/personal_api_keys/@current/')).body;
    for (const result of [
      await member.get(`/api/personal_api_keys/${adminKey.id}/`),
      await member.get(`/api/personal_api_keys/${unknownUuid}/`),
      await member.send('DELETE', `/api/personal_api_keys/${current.id}/`),
      await member.patch(`/api/personal_api_keys/${current.id}/`, { label: 'x' }),
    ]) {
      expectError(result, 403, 'authentication_error', 'permission_denied', details.personalApiKeysMethod);
    }
    // No scope needed: the read-only key reads itself too.
    const ro = (await readonly.get('/api/personal_api_keys/@current/')).body;
    expect((await readonly.get(`/api/personal_api_keys/${ro.id}/`)).status).toBe(200);
    expectError(await request('GET', `/api/personal_api_keys/${current.id}/`, null), 401, 'authentication_error', 'not_authenticated');
  });
});

describe('someone who left', () => {
  it('counts in no member list or member count; their key (had they one) is refused', async () => {
    const organization = (await admin.get(`/api/organizations/${ORG}/`)).body;
    expect(organization.member_count).toBe(api.store().membersOf(ORG).length);
    expect(api.store().membersOf(ORG, true).length).toBe(api.store().membersOf(ORG).length);
    // A deactivated user: their membership (if the data keeps one) leaves the lists, their keys stop working.
    const tomas = api.store().user(U.tomas)!;
    tomas.is_active = false;
    try {
      expectError(await member.get('/api/users/@me/'), 401, 'authentication_error', 'authentication_failed');
      const members = (await admin.get(`/api/organizations/${ORG}/members/`)).body;
      expect(members.results.map((m: { user: { id: number } }) => m.user.id)).not.toContain(U.tomas);
      expect((await admin.get(`/api/organizations/${ORG}/`)).body.member_count).toBe(organization.member_count - 1);
      const people = parseWith(usersWithAccessSchema, (await admin.get(usersPath(D.productOverview))).body).users;
      expect(people.map((p) => p.user_id)).not.toContain(tomas.uuid);
    } finally {
      tomas.is_active = undefined;
    }
  });
});
