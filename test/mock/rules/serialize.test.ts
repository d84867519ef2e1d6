/**
 * The API's shapes of what the store holds (API.md §4; src/mock/rules/serialize.ts): exactly the
 * contract's keys in its order, the computed fields, the caller-dependent ones and their cache.
 * Over a seeded store, through the module's functions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activityEntrySchema,
  basicOrganizationSchema,
  dashboardListItemSchema,
  dashboardSchema,
  meSchema,
  memberSchema,
  organizationSchema,
  personalApiKeySchema,
  projectSchema,
} from '../../../src/contract/schemas.ts';
import { sharingConfigurationSchema } from '../../../src/contract/dashboard-sharing.ts';
import { Store } from '../../../src/mock/store/db.ts';
import { seedData, seedIds } from '../../../src/mock/store/seed.ts';
import type { ActivityRecord, SharePasswordRecord, SharingRecord, TileRecord } from '../../../src/mock/store/records.ts';
import { accessSubject } from '../../../src/mock/rules/access-control.ts';
import { listCacheOf } from '../../../src/mock/rules/list-cache.ts';
import {
  activityJson,
  basicOrganizationJson,
  collaboratorJson,
  dashboardJson,
  dashboardListItemJson,
  dashboardSearchText,
  insightJson,
  maskKey,
  meJson,
  memberJson,
  organizationJson,
  personalApiKeyJson,
  projectJson,
  projectListItemJson,
  sharePasswordJson,
  sharingJson,
  teamJson,
  textJson,
  tileOrder,
  userAccessLevel,
  userJson,
} from '../../../src/mock/rules/serialize.ts';
import {
  activityKeys,
  basicOrganizationKeys,
  collaboratorKeys,
  dashboardKeys,
  dashboardListKeys,
  insightKeys,
  meKeys,
  memberKeys,
  organizationKeys,
  parseWith,
  personalApiKeyKeys,
  projectKeys,
  projectListKeys,
  sharePasswordKeys,
  sharingKeys,
  textKeys,
  tileKeys,
  userKeys,
} from '../helpers.ts';

const { organization: ORG, users: U, projects: P, dashboards: D } = seedIds;
const seed = seedData();

let store: Store;
beforeEach(() => {
  store = new Store(seed);
});

const user = (id: number) => store.user(id)!;
const dashboard = (id: number) => store.dashboard(id)!;
const viewer = (userId: number) => accessSubject(store, user(userId), ORG);
const keysOf = (value: unknown) => Object.keys(value as object);
const listItem = (id: number, privilege = 37, userId: number = U.priya) => JSON.parse(dashboardListItemJson(store, dashboard(id), privilege, viewer(userId)));

describe('users', () => {
  it('userJson: exactly the contract’s user fields, in order, with the record’s values', () => {
    const olivia = user(U.olivia);
    const json = userJson(olivia);
    expect(keysOf(json)).toEqual(userKeys);
    for (const key of userKeys) expect(json[key as keyof typeof json], key).toEqual(olivia[key as keyof typeof olivia]);
  });
});

describe('dashboard list items', () => {
  it('the contract’s list keys in order, with the computed fields', () => {
    const item = listItem(D.productOverview);
    expect(keysOf(item)).toEqual(dashboardListKeys);
    parseWith(dashboardListItemSchema, item);
    expect(item).toMatchObject({
      id: D.productOverview,
      name: 'Product overview',
      created_by: userJson(user(U.olivia)),
      last_viewed_at: null,
      is_shared: true,
      effective_restriction_level: 21,
      effective_privilege_level: 37,
      user_access_level: 'manager',
      access_control_version: 'v2',
      team_id: P.app,
    });
  });

  it('only collaborators can edit: v1; not shared without a configuration or when sharing is off', () => {
    const board = listItem(D.boardMetrics, 21, U.tomas);
    expect(board).toMatchObject({ effective_restriction_level: 37, access_control_version: 'v1', is_shared: false, effective_privilege_level: 21, user_access_level: 'editor' });
    const shared = dashboard(D.productOverview);
    store.updateDashboard(shared, { sharing: { ...shared.sharing!, enabled: false } });
    expect(listItem(D.productOverview).is_shared).toBe(false);
  });

  it('no creator: created_by null', () => {
    expect(listItem(D.warehouseImport).created_by).toBeNull();
  });

  it('is cached per privilege and access level, and made again after the dashboard changes', () => {
    expect(listItem(D.productOverview, 37).effective_privilege_level).toBe(37);
    expect(listItem(D.productOverview, 21).effective_privilege_level).toBe(21);
    expect(listItem(D.productOverview, 37, U.tomas).user_access_level).toBe('editor');
    expect(listItem(D.productOverview, 37, U.priya).user_access_level).toBe('manager');
    expect(dashboardListItemJson(store, dashboard(D.productOverview), 37, viewer(U.priya))).toBe(
      dashboardListItemJson(store, dashboard(D.productOverview), 37, viewer(U.priya)),
    );
    // Both variants are kept side by side until the dashboard changes.
    expect(Object.keys(listCacheOf(store).get(D.productOverview)!.variants).sort()).toEqual(['21|manager', '37|editor', '37|manager']);
    store.updateDashboard(dashboard(D.productOverview), { name: 'Renamed' });
    expect(listItem(D.productOverview).name).toBe('Renamed');
    expect(Object.keys(listCacheOf(store).get(D.productOverview)!.variants)).toEqual(['37|manager']);
  });

  it('userAccessLevel: manager for admins and the creator, else the rules’ level', () => {
    expect(userAccessLevel(store, dashboard(D.hiringPlan), viewer(U.priya))).toBe('manager');
    expect(userAccessLevel(store, dashboard(D.hiringPlan), viewer(U.lena))).toBe('manager');
    expect(userAccessLevel(store, dashboard(D.hiringPlan), viewer(U.tomas))).toBe('viewer');
    expect(userAccessLevel(store, dashboard(D.hiringPlan), viewer(U.jonas))).toBe('editor');
  });

  it('dashboardSearchText: the lower-cased name and description, apart', () => {
    const product = dashboard(D.productOverview);
    expect(dashboardSearchText(store, product)).toBe(`product overview\u0000${product.description.toLowerCase()}`);
    store.updateDashboard(dashboard(D.untitled), { description: 'Some NOTES' });
    expect(dashboardSearchText(store, dashboard(D.untitled))).toBe('\u0000some notes');
    store.updateDashboard(product, { name: 'ABC' });
    expect(dashboardSearchText(store, product)).toBe(`abc\u0000${product.description.toLowerCase()}`);
  });
});

describe('tileOrder', () => {
  const tile = (id: number, sm?: unknown): TileRecord => ({ id, insight_id: null, text: null, layouts: sm === undefined ? {} : { sm }, color: null });
  const order = (tiles: TileRecord[]) => {
    const positions = tileOrder(tiles);
    return [...tiles].sort((a, b) => positions.get(a)! - positions.get(b)!).map((t) => t.id);
  };

  it('top to bottom, then left to right, then as stored', () => {
    const tiles = [tile(1, { x: 6, y: 0 }), tile(2, { x: 0, y: 5 }), tile(3, { x: 0, y: 0 }), tile(4, { x: 6, y: 5 }), tile(5, { x: 0, y: 5 })];
    expect(order(tiles)).toEqual([3, 1, 2, 5, 4]);
    expect([...tileOrder(tiles).values()].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('tiles without a full sm position come last, in their stored order', () => {
    const tiles = [tile(1), tile(2, { x: 0, y: 3 }), tile(3, { x: 1 }), tile(4, { y: 0 }), tile(5, { x: 0, y: 0 }), { ...tile(6), layouts: null }, tile(7, { x: '0', y: 0 })];
    expect(order(tiles)).toEqual([5, 2, 1, 3, 4, 6, 7]);
  });

  it('equal positions keep their stored order', () => {
    const tiles = [tile(9, { x: 0, y: 0 }), tile(8, { x: 0, y: 0 }), tile(7, { x: 0, y: 0 })];
    expect(order(tiles)).toEqual([9, 8, 7]);
    expect(order([tile(1), tile(2), tile(3)])).toEqual([1, 2, 3]);
  });
});

describe('dashboards', () => {
  it('the contract’s keys in order, the stored filters, the computed fields, no template or copy', () => {
    const json = dashboardJson(store, dashboard(D.productOverview), 37, viewer(U.priya));
    expect(keysOf(json)).toEqual(dashboardKeys);
    parseWith(dashboardSchema, json);
    expect(json).toMatchObject({
      persisted_filters: { date_from: '-30d' },
      persisted_variables: null,
      use_template: null,
      use_dashboard: null,
      delete_insights: false,
      is_shared: true,
      user_access_level: 'manager',
      effective_privilege_level: 37,
      team_id: P.app,
    });
  });

  it('empty filters are null, variables given are kept', () => {
    store.updateDashboard(dashboard(D.boardMetrics), { variables: { region: { code: 'EU' } } });
    const json = dashboardJson(store, dashboard(D.boardMetrics), 21, viewer(U.tomas));
    expect(json.persisted_filters).toBeNull();
    expect(json.persisted_variables).toEqual({ region: { code: 'EU' } });
    expect(json.user_access_level).toBe('editor');
  });

  it('tiles in display order with their insight or text', () => {
    const board = dashboard(D.releaseHealth);
    const json = dashboardJson(store, board, 37, viewer(U.priya));
    expect(json.tiles).toHaveLength(board.tiles.length);
    json.tiles!.forEach((t, i) => {
      expect(keysOf(t)).toEqual(tileKeys);
      expect(t.order).toBe(i);
      expect(t.is_cached).toBe(false);
    });
    const stored = board.tiles.find((t) => t.text !== null)!;
    const shown = json.tiles!.find((t) => t.id === stored.id)!;
    expect(shown.insight).toBeNull();
    expect(shown.text).toEqual(textJson(store, stored.text!, P.app));
    expect(shown.layouts).toEqual(stored.layouts);
    expect(shown.color).toBe(stored.color);
    expect(shown.last_refresh).toBeNull();
  });

  it('tiles in display order whatever their stored order', () => {
    const board = dashboard(D.productOverview);
    const shownOrder = dashboardJson(store, board, 37, viewer(U.priya)).tiles!.map((t) => t.id);
    board.tiles.reverse();
    expect(board.tiles.map((t) => t.id)).not.toEqual(shownOrder);
    const json = dashboardJson(store, board, 37, viewer(U.priya));
    expect(json.tiles!.map((t) => t.id)).toEqual(shownOrder);
    expect(json.tiles!.map((t) => t.order)).toEqual(shownOrder.map((_, i) => i));
  });

  it('an insight tile shows its insight; a tile without layouts shows {}', () => {
    const board = dashboard(D.productOverview);
    const first = board.tiles[0]!;
    store.insight(first.insight_id!)!.last_refresh = '2024-05-01T00:00:00.000Z';
    first.layouts = null;
    const json = dashboardJson(store, board, 21, viewer(U.tomas));
    const shown = json.tiles!.find((t) => t.id === first.id)!;
    expect(shown.insight).toMatchObject({ id: first.insight_id, effective_privilege_level: 21, user_access_level: 'editor' });
    expect(shown.last_refresh).toBe('2024-05-01T00:00:00.000Z');
    expect(shown.layouts).toEqual({});
    expect(shown.text).toBeNull();
  });

  it('a tile whose insight is gone shows none', () => {
    const board = dashboard(D.productOverview);
    board.tiles[0]!.insight_id = 999999;
    const json = dashboardJson(store, board, 37, viewer(U.priya));
    expect(json.tiles!.find((t) => t.id === board.tiles[0]!.id)!.insight).toBeNull();
  });
});

describe('insights and texts', () => {
  it('insightJson: the contract’s keys, the dashboards that show it (deleted ones not), each once', () => {
    const board = dashboard(D.productOverview);
    const insight = store.insight(board.tiles[0]!.insight_id!)!;
    const showing = store.tilesShowing(insight);
    const ids = [...new Set(showing.map((s) => s.dashboard.id))];
    expect(ids.length).toBeGreaterThan(2);
    // A second tile of the same insight on the first dashboard, and the last dashboard deleted.
    board.tiles.push({ ...board.tiles[0]!, id: 777777 });
    store.updateDashboard(dashboard(ids.at(-1)!), { deleted: true });
    const json = insightJson(store, insight, store.project(P.app), board, 37, 'manager');
    expect(keysOf(json)).toEqual(insightKeys);
    expect(json.dashboards).toEqual(ids.slice(0, -1));
    expect(json.dashboard_tiles!.filter((t) => t.dashboard_id === board.id)).toEqual([
      { id: board.tiles[0]!.id, dashboard_id: board.id, deleted: false },
      { id: 777777, dashboard_id: board.id, deleted: false },
    ]);
    expect(json.dashboard_tiles!.some((t) => t.dashboard_id === ids.at(-1))).toBe(false);
    expect(json).toMatchObject({
      id: insight.id,
      name: insight.name,
      query: insight.query,
      cache_target_age: null,
      next_allowed_client_refresh: null,
      result: null,
      hasMore: null,
      columns: null,
      created_by: userJson(user(insight.created_by!)),
      last_modified_by: userJson(user(insight.last_modified_by!)),
      effective_restriction_level: board.restriction_level,
      effective_privilege_level: 37,
      user_access_level: 'manager',
      timezone: store.project(P.app)!.timezone,
      is_cached: false,
      query_status: null,
      hogql: null,
      types: null,
      alerts: [],
      last_viewed_at: null,
    });
  });

  it('insightJson: UTC without a project, no query, no authors', () => {
    const board = dashboard(D.productOverview);
    const insight = { ...store.insight(board.tiles[0]!.insight_id!)!, query: null, created_by: null, last_modified_by: 999, tags: ['a'] };
    const json = insightJson(store, insight, undefined, board, 37, 'manager');
    expect(json).toMatchObject({ timezone: 'UTC', query: null, created_by: null, last_modified_by: null, tags: ['a'] });
  });

  it('textJson: the contract’s keys, its project as team, its authors as users', () => {
    const text = { id: 5, body: 'Hi', last_modified_at: '2024-01-01T00:00:00.000Z', created_by: U.tomas, last_modified_by: null };
    const json = textJson(store, text, P.mobile);
    expect(keysOf(json)).toEqual(textKeys);
    expect(json).toEqual({
      id: 5,
      body: 'Hi',
      created_by: userJson(user(U.tomas)),
      last_modified_at: '2024-01-01T00:00:00.000Z',
      last_modified_by: null,
      team: P.mobile,
    });
  });
});

describe('collaborators and sharing', () => {
  it('collaboratorJson: the contract’s keys with the user', () => {
    const collaborator = store.collaboratorsOf(D.boardMetrics)[0]!;
    const json = collaboratorJson(store, collaborator);
    expect(keysOf(json)).toEqual(collaboratorKeys);
    expect(json).toMatchObject({ id: collaborator.id, dashboard_id: D.boardMetrics, level: 37, user: userJson(user(U.jonas)) });
  });

  const password = (id: number, created_by: number | null, is_active = true): SharePasswordRecord => ({
    id,
    created_at: `2024-01-0${id}T00:00:00.000Z`,
    note: `note ${id}`,
    created_by,
    is_active,
    secret: 'hash',
  });

  it('sharePasswordJson: the creator’s email, or deleted user; never the secret', () => {
    const json = sharePasswordJson(store, password(1, U.priya));
    expect(keysOf(json)).toEqual(sharePasswordKeys);
    expect(json).toEqual({ id: 1, created_at: '2024-01-01T00:00:00.000Z', note: 'note 1', created_by_email: user(U.priya).email, is_active: true });
    expect(sharePasswordJson(store, password(2, null)).created_by_email).toBe('deleted user');
    expect(sharePasswordJson(store, password(3, 999)).created_by_email).toBe('deleted user');
  });

  it('sharingJson before the first save: the unsaved default with the provisional token', () => {
    const json = sharingJson(store, null, 'provisional', 'editor');
    expect(keysOf(json)).toEqual(sharingKeys);
    parseWith(sharingConfigurationSchema, json);
    expect(json).toEqual({
      created_at: null,
      enabled: false,
      access_token: 'provisional',
      settings: null,
      password_required: false,
      share_passwords: [],
      user_access_level: 'editor',
    });
  });

  it('sharingJson of a saved configuration: its values, the active passwords newest first', () => {
    const sharing: SharingRecord = {
      created_at: '2024-01-01T00:00:00.000Z',
      enabled: true,
      access_token: 'token',
      settings: { whitelabel: true },
      password_required: true,
      share_passwords: [password(1, U.priya), password(3, U.tomas), password(2, U.priya, false), password(4, null)],
      retired_tokens: [],
    };
    const json = sharingJson(store, sharing, 'provisional', 'manager');
    expect(json).toMatchObject({ created_at: '2024-01-01T00:00:00.000Z', enabled: true, access_token: 'token', settings: { whitelabel: true }, password_required: true, user_access_level: 'manager' });
    expect(json.share_passwords!.map((p) => p.id)).toEqual([4, 3, 1]);
    expect(json.settings).not.toBe(sharing.settings);
  });
});

describe('projects and organizations', () => {
  it('projectListItemJson and teamJson: the list keys, the organization’s id; teams add project_id after organization', () => {
    const project = store.project(P.mobile)!;
    const item = projectListItemJson(project);
    expect(keysOf(item)).toEqual(projectListKeys);
    expect(item.organization).toBe(ORG);
    expect(item.id).toBe(P.mobile);
    expect(item.name).toBe(project.name);
    const team = teamJson(project);
    const keys = [...projectListKeys];
    keys.splice(keys.indexOf('organization') + 1, 0, 'project_id');
    expect(keysOf(team)).toEqual(keys);
    expect(team).toMatchObject({ ...item, project_id: P.mobile });
  });

  it('projectJson: every key in order, the organization’s id and the caller’s level', () => {
    const project = store.project(P.app)!;
    const json = projectJson(project, 8);
    expect(keysOf(json)).toEqual(projectKeys);
    parseWith(projectSchema, json);
    expect(json.organization).toBe(ORG);
    expect(json.effective_membership_level).toBe(8);
    expect(json.name).toBe(project.name);
    expect(json.timezone).toBe(project.timezone);
    expect(projectJson(project, null).effective_membership_level).toBeNull();
  });

  it('organizationJson: every key in order, its projects as teams and projects, its member count', () => {
    const organization = store.organization(ORG)!;
    const json = organizationJson(store, organization, 15);
    expect(keysOf(json)).toEqual(organizationKeys);
    parseWith(organizationSchema, json);
    expect(json).toMatchObject({ id: ORG, name: organization.name, slug: organization.slug, created_at: organization.created_at, updated_at: organization.updated_at, membership_level: 15, member_count: store.membersOf(ORG).length });
    expect(json.member_count).toBeGreaterThan(1);
    expect(json.teams).toEqual(store.projectsOf(ORG).map(teamJson));
    expect(json.projects).toEqual(store.projectsOf(ORG).map((p) => ({ id: p.id, organization_id: ORG, name: p.name })));
    expect(json.members_can_use_personal_api_keys).toBe(organization.members_can_use_personal_api_keys);
    expect(json.available_product_features).toEqual(organization.available_product_features);
  });

  it('basicOrganizationJson: the basic keys with the caller’s level', () => {
    const organization = store.organization(ORG)!;
    const json = basicOrganizationJson(organization, 1);
    expect(keysOf(json)).toEqual(basicOrganizationKeys);
    parseWith(basicOrganizationSchema, json);
    expect(json).toEqual({
      id: ORG,
      name: organization.name,
      slug: organization.slug,
      logo_media_id: organization.logo_media_id,
      membership_level: 1,
      members_can_use_personal_api_keys: organization.members_can_use_personal_api_keys,
    });
  });
});

describe('members, me, keys and activity', () => {
  it('memberJson: the member’s user and what the user says of their login', () => {
    const membership = store.membershipOf(ORG, U.tomas)!;
    const tomas = user(U.tomas);
    const json = memberJson(store, membership);
    expect(keysOf(json)).toEqual(memberKeys);
    parseWith(memberSchema, json);
    expect(json).toEqual({
      id: membership.id,
      user: userJson(tomas),
      level: 1,
      joined_at: membership.joined_at,
      updated_at: membership.updated_at,
      is_2fa_enabled: tomas.is_2fa_enabled,
      has_social_auth: tomas.has_social_auth,
      last_login: tomas.last_login,
    });
  });

  it('memberJson of a member whose user is gone: no user, no 2FA, no social login, no login', () => {
    const membership = { ...store.membershipOf(ORG, U.tomas)!, user_id: 999 };
    expect(memberJson(store, membership)).toMatchObject({ user: null, is_2fa_enabled: false, has_social_auth: false, last_login: null });
  });

  it('meJson: every key in order, the stored fields and the fixed ones', () => {
    const priya = user(U.priya);
    const organization = organizationJson(store, store.organization(ORG)!, 8);
    const organizations = [basicOrganizationJson(store.organization(ORG)!, 8)];
    const json = meJson(priya, { team: store.project(P.app), organization, organizations });
    expect(keysOf(json)).toEqual(meKeys);
    parseWith(meSchema, json);
    expect(json).toMatchObject({
      ...userJson(priya),
      date_joined: priya.date_joined,
      pending_email: null,
      is_staff: false,
      is_impersonated: false,
      is_impersonated_until: null,
      sensitive_session_expires_at: null,
      team: teamJson(store.project(P.app)!),
      organization,
      organizations,
      events_column_config: { active: 'DEFAULT' },
      has_sso_enforcement: false,
    });
    expect(meJson(priya, { team: undefined, organization: null, organizations: [] })).toMatchObject({ team: null, organization: null, organizations: [] });
  });

  it('maskKey: the first and last 4 characters from 16 characters on, else stars', () => {
    expect(maskKey('phx_abcdefghijkl')).toBe('phx_...ijkl');
    expect(maskKey('phx_abcdefghijk')).toBe('********');
    expect(maskKey('phx_demo_admin')).toBe('********');
    expect(maskKey('')).toBe('********');
  });

  it('personalApiKeyJson: every key, the mask and never the value', () => {
    const key = { ...store.keyByValue('phx_demo_readonly')!, value: 'phx_0123456789abcdef', scoped_teams: [P.app], scoped_organizations: [ORG] };
    const json = personalApiKeyJson(key);
    expect(keysOf(json)).toEqual(personalApiKeyKeys);
    parseWith(personalApiKeySchema, json);
    expect(json).toEqual({
      id: key.id,
      label: key.label,
      value: null,
      mask_value: 'phx_...cdef',
      created_at: key.created_at,
      last_used_at: key.last_used_at,
      user_id: U.grace,
      scopes: key.scopes,
      scoped_teams: [P.app],
      scoped_organizations: [ORG],
      last_rolled_at: key.last_rolled_at,
    });
    expect(JSON.stringify(json)).not.toContain('0123456789');
  });

  it('activityJson: the entry with its author as a user, never unread', () => {
    const entry: ActivityRecord = {
      id: 'a1',
      project_id: P.app,
      user_id: U.tomas,
      organization_id: ORG,
      was_impersonated: false,
      is_system: true,
      activity: 'updated',
      item_id: '5',
      scope: 'Dashboard',
      detail: { name: 'x', changes: null, merge: null, trigger: null, short_id: null, type: 'dashboard', context: null },
      created_at: '2024-01-01T00:00:00.000Z',
    };
    const json = activityJson(store, entry);
    expect(keysOf(json)).toEqual(activityKeys);
    parseWith(activityEntrySchema, json);
    expect(json).toEqual({
      id: 'a1',
      user: userJson(user(U.tomas)),
      unread: false,
      organization_id: ORG,
      was_impersonated: false,
      is_system: true,
      activity: 'updated',
      item_id: '5',
      scope: 'Dashboard',
      detail: entry.detail,
      created_at: '2024-01-01T00:00:00.000Z',
    });
    expect(activityJson(store, { ...entry, user_id: null }).user).toBeNull();
    expect(activityJson(store, { ...entry, user_id: 999 }).user).toBeNull();
  });
});
