/** API.md §7: the organization, its members and @me. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { memberPageSchema, meSchema, organizationPageSchema, organizationSchema, personalApiKeySchema } from '../../../src/contract/schemas.ts';
import {
  admin,
  basicOrganizationKeys,
  client,
  expectKeysInOrder,
  meKeys,
  organizationKeys,
  personalApiKeyKeys,
  teamKeys,
  envelopeKeys,
  expectError,
  expectKeys,
  isoUtc,
  member,
  memberKeys,
  parseWith,
  projectListKeys,
  readonly,
  seedIds,
  setupMockApi,
  userKeys,
} from '../helpers.ts';

const api = setupMockApi();
const { organization: ORG, projects: P } = seedIds;

describe('GET organizations/:id/', () => {
  it('answers the current organization with the caller’s level', async () => {
    const result = await admin.get('/api/organizations/@current/');
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, organizationKeys);
    const organization = parseWith(organizationSchema, result.body);
    expect(organization).toMatchObject({ id: ORG, name: 'Hedgebox Inc.', slug: 'hedgebox', membership_level: 8, member_count: 8 });
    expect(result.body).toMatchObject({
      logo_media_id: null,
      plugins_access_level: 9,
      available_product_features: [
        { key: 'advanced_permissions', name: 'Advanced permissions' },
        { key: 'organizations_projects', name: 'Projects', limit: null },
      ],
      is_member_join_email_enabled: true,
      metadata: { instance_tag: 'none' },
      customer_id: null,
      enforce_2fa: null,
      members_can_invite: true,
      members_can_use_personal_api_keys: true,
      allow_publicly_shared_resources: true,
      is_ai_data_processing_approved: null,
      default_experiment_stats_method: 'bayesian',
      default_anonymize_ips: false,
      default_role_id: null,
    });
    expect(result.body.teams.map((t: { id: number }) => t.id)).toEqual([P.app, P.marketing, P.mobile]);
    for (const team of result.body.teams) {
      expectKeysInOrder(team, teamKeys);
      expect(team.project_id).toBe(team.id);
    }
    expect(result.body.created_at).toMatch(isoUtc);
    expect(result.body.projects).toEqual([
      { id: P.app, organization_id: ORG, name: 'Hedgebox App' },
      { id: P.marketing, organization_id: ORG, name: 'Marketing Site' },
      { id: P.mobile, organization_id: ORG, name: 'Mobile Apps' },
    ]);
    expect((await member.get(`/api/organizations/${ORG}/`)).body.membership_level).toBe(1);
    expect((await readonly.get(`/api/organizations/${ORG.toUpperCase()}/`)).status).toBe(200);
  });

  it('counts a new project', async () => {
    await admin.post('/api/organizations/@current/projects/', { name: 'Desktop' });
    expect((await admin.get('/api/organizations/@current/')).body.projects).toHaveLength(4);
  });
});

describe('GET organizations/:id/members/', () => {
  it('answers the envelope of members, newest joined_at first (API.md v4 §7)', async () => {
    const result = await readonly.get('/api/organizations/@current/members/');
    expect(result.status).toBe(200);
    expectKeys(result.body, envelopeKeys);
    const page = parseWith(memberPageSchema, result.body);
    expect(page.count).toBeGreaterThanOrEqual(6);
    for (const item of result.body.results) {
      expectKeys(item, memberKeys);
      expectKeys(item.user, userKeys);
      expect(item.joined_at).toMatch(isoUtc);
    }
    const joined = page.results.map((m) => Date.parse(m.joined_at));
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
    expect(new Set(page.results.map((m) => m.level))).toEqual(new Set([1, 8, 15]));
    expect(page.results.map((m) => m.user.email)).not.toContain('hugo.martin@northwind.example');
  });

  it('?order=joined_at lists oldest first, ?order=-joined_at (and any other value) newest first', async () => {
    const dates = async (query: string) =>
      parseWith(memberPageSchema, (await admin.get(`/api/organizations/${ORG}/members/${query}`)).body).results.map((m) => m.joined_at);
    const newest = await dates('');
    expect(newest.length).toBeGreaterThanOrEqual(6);
    expect(await dates('?order=joined_at')).toEqual([...newest].reverse());
    expect(await dates('?order=-joined_at')).toEqual(newest);
    expect(await dates('?order=email')).toEqual(newest);
    // Paging keeps the order: the oldest three, then the next three.
    const firstPage = await admin.get(`/api/organizations/${ORG}/members/?order=joined_at&limit=3`);
    expect(firstPage.body.results.map((m: { joined_at: string }) => m.joined_at)).toEqual([...newest].reverse().slice(0, 3));
    expect(firstPage.body.next).toBe(`http://localhost/api/organizations/${ORG}/members/?order=joined_at&limit=3&offset=3`);
  });

  it('?email= keeps the member with exactly that e-mail (case included), or none', async () => {
    const emails = async (email: string) =>
      parseWith(memberPageSchema, (await admin.get(`/api/organizations/${ORG}/members/?email=${encodeURIComponent(email)}`)).body);
    const jonas = await emails('jonas.becker@hedgebox.net');
    expect(jonas.count).toBe(1);
    expect(jonas.results.map((m) => m.user.first_name)).toEqual(['Jonas']);
    expect((await emails('Jonas.Becker@hedgebox.net')).count).toBe(0);
    expect((await emails('jonas.becker')).count).toBe(0);
    expect((await emails('')).count).toBe(0);
    // Someone outside the organization, and someone who left, are no member.
    expect((await emails('hugo.martin@northwind.example')).count).toBe(0);
    expect((await emails('noah.fischer@hedgebox.net')).count).toBe(0);
  });

  it('pages like every list', async () => {
    const result = await admin.get(`/api/organizations/${ORG}/members/?limit=3&offset=3`);
    expect(result.body.results).toHaveLength(3);
    expect(result.body.next).toBe(`http://localhost/api/organizations/${ORG}/members/?limit=3&offset=6`);
    expect(result.body.previous).toBe(`http://localhost/api/organizations/${ORG}/members/?limit=3`);
  });

  it('members carry is_2fa_enabled, has_social_auth and last_login', async () => {
    const result = await admin.get('/api/organizations/@current/members/');
    for (const item of result.body.results) {
      expectKeysInOrder(item, memberKeys);
      expect(typeof item.is_2fa_enabled).toBe('boolean');
      expect(typeof item.has_social_auth).toBe('boolean');
      if (item.last_login !== null) expect(item.last_login).toMatch(isoUtc);
    }
    expect(result.body.results.some((m: { is_2fa_enabled: boolean }) => m.is_2fa_enabled)).toBe(true);
    expect(result.body.results.some((m: { last_login: string | null }) => m.last_login === null)).toBe(true);
  });

  it('another organization’s members are 403; an unknown organization 404 Organization not found.', async () => {
    expectError(
      await admin.get(`/api/organizations/${seedIds.outsideOrganization}/members/`),
      403,
      'authentication_error',
      'permission_denied',
      'You do not have permission to perform this action.',
    );
    expectError(await admin.get('/api/organizations/00000000-0000-4000-8000-000000000000/members/'), 404, 'invalid_request', 'not_found', 'Organization not found.');
  });
});

describe('GET users/@me/', () => {
  it('answers the key owner with the organization and the current project', async () => {
    for (const [client, email] of [
      [admin, 'priya.raman@hedgebox.net'],
      [member, 'tomas.garcia@hedgebox.net'],
      [readonly, 'grace.okafor@hedgebox.net'],
    ] as const) {
      const result = await client.get('/api/users/@me/');
      expect(result.status).toBe(200);
      expectKeysInOrder(result.body, meKeys);
      const me = parseWith(meSchema, result.body);
      expect(me.email).toBe(email);
      expect(me.organization?.id).toBe(ORG);
      expectKeysInOrder(result.body.organization, organizationKeys);
      expect(me.team?.id).toBe(P.app);
      expectKeysInOrder(result.body.team, teamKeys);
      expect(result.body.team.project_id).toBe(P.app);
      expect(Object.keys(result.body.team).filter((k) => k !== 'project_id')).toEqual(projectListKeys);
      expect(result.body).toMatchObject({
        pending_email: null,
        is_staff: false,
        is_impersonated: false,
        is_impersonated_until: null,
        sensitive_session_expires_at: null,
        events_column_config: { active: 'DEFAULT' },
        has_sso_enforcement: false,
      });
      expect(result.body.date_joined).toMatch(isoUtc);
      for (const org of result.body.organizations) expectKeysInOrder(org, basicOrganizationKeys);
    }
  });

  it('organizations[] lists every organization of the user, the current one included', async () => {
    const mine = (await admin.get('/api/users/@me/')).body.organizations;
    expect(mine).toEqual([
      { id: ORG, name: 'Hedgebox Inc.', slug: 'hedgebox', logo_media_id: null, membership_level: 8, members_can_use_personal_api_keys: true },
      { id: seedIds.secondOrganization, name: 'Hedgebox Labs', slug: 'hedgebox-labs', logo_media_id: null, membership_level: 8, members_can_use_personal_api_keys: true },
    ]);
    // API.md v5 §9: the member key's user is a plain member here and an admin of the second organization.
    const members = (await member.get('/api/users/@me/')).body.organizations;
    expect(members.map((o: { id: string; membership_level: number }) => [o.id, o.membership_level])).toEqual([
      [ORG, 1],
      [seedIds.secondOrganization, 8],
    ]);
    expect((await readonly.get('/api/users/@me/')).body.organizations.map((o: { id: string }) => o.id)).toEqual([ORG]);
  });

  it('only @me is a user path', async () => {
    expectError(await admin.get('/api/users/2/'), 404, 'invalid_request', 'not_found', 'Endpoint not found.');
  });
});

describe('GET organizations/ (§7 #28)', () => {
  it('answers the envelope of the key owner’s organizations, as full organizations, by created_at', async () => {
    const result = await readonly.get('/api/organizations/');
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, envelopeKeys);
    const page = parseWith(organizationPageSchema, result.body);
    expect(page.results.map((o) => o.id)).toEqual([ORG]);
    const admins = await admin.get('/api/organizations/');
    expect(admins.body.results.map((o: { id: string }) => o.id)).toEqual([ORG, seedIds.secondOrganization]);
    for (const org of admins.body.results) expectKeysInOrder(org, organizationKeys);
    expect(admins.body.results[1]).toMatchObject({ name: 'Hedgebox Labs', membership_level: 8, projects: [{ id: P.labs, name: 'Labs Prototype' }] });
    expect(admins.body.results.map((o: { id: string }) => o.id)).not.toContain(seedIds.outsideOrganization);
  });

  it('the second organization answers by id; its projects list and nest', async () => {
    expect((await admin.get(`/api/organizations/${seedIds.secondOrganization}/`)).body.name).toBe('Hedgebox Labs');
    const projects = await admin.get(`/api/organizations/${seedIds.secondOrganization}/projects/`);
    expect(projects.body.results.map((p: { id: number }) => p.id)).toEqual([P.labs]);
    expect((await admin.get(`/api/projects/${P.labs}/dashboards/`)).body.count).toBeGreaterThan(0);
    expect((await member.get(`/api/organizations/${seedIds.secondOrganization}/`)).body.membership_level).toBe(8);
    expectError(await readonly.get(`/api/organizations/${seedIds.secondOrganization}/`), 404, 'invalid_request', 'not_found', 'Not found.');
  });
});

describe('GET personal_api_keys/@current/ (§4.12)', () => {
  it('describes the key of the request, never its secret, with no scope needed', async () => {
    const result = await readonly.get('/api/personal_api_keys/@current/');
    expect(result.status).toBe(200);
    expectKeysInOrder(result.body, personalApiKeyKeys);
    const key = parseWith(personalApiKeySchema, result.body);
    expect(key).toMatchObject({
      label: 'Admin, read-only key',
      value: null,
      mask_value: 'phx_...only',
      user_id: seedIds.users.grace,
      scoped_teams: [],
      scoped_organizations: [],
      last_rolled_at: null,
    });
    expect(key.scopes).toEqual(expect.arrayContaining(['dashboard:read', 'activity_log:read', 'user:read']));
    expect(key.scopes).not.toContain('project:write');
    expect(result.text).not.toContain('phx_demo_readonly');
    expect((await admin.get('/api/personal_api_keys/@current')).body).toMatchObject({ scopes: ['*'], label: 'Admin (all scopes)' });
    expect((await member.get('/api/personal_api_keys/@current/')).body.label).toBe('Member (all scopes)');
  });

  it('any valid key reads itself, even one without scopes; a bad key is 401', async () => {
    const key = api.store().keyByValue('phx_demo_readonly')!;
    const held = key.scopes;
    key.scopes = [];
    onTestFinished(() => {
      key.scopes = held;
    });
    expect((await readonly.get('/api/personal_api_keys/@current/')).body.scopes).toEqual([]);
    expectError(await readonly.get('/api/users/@me/'), 403, 'authentication_error', 'permission_denied', "API key missing required scope 'user:read'");
    expectError(await client('phx_nope').get('/api/personal_api_keys/@current/'), 401, 'authentication_error', 'authentication_failed');
  });

  it('mask_value shows the first and last 4 characters of a long key', async () => {
    const { maskKey } = await import('../../../src/mock/rules/serialize.ts');
    expect(maskKey('phx_abcdefghijklmnop_only')).toBe('phx_...only');
    expect(maskKey('phx_short')).toBe('********');
  });
});
