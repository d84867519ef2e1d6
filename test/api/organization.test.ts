/** API.md §7: the organization, its members and @me. */
import { describe, expect, it } from 'vitest';
import { memberPageSchema, meSchema, organizationSchema } from '../../src/contract/schemas.ts';
import {
  admin,
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
} from './helpers.ts';

setupMockApi();
const { organization: ORG, projects: P } = seedIds;

describe('GET organizations/:id/', () => {
  it('answers the current organization with the caller’s level', async () => {
    const result = await admin.get('/api/organizations/@current/');
    expect(result.status).toBe(200);
    const organization = parseWith(organizationSchema, result.body);
    expect(organization).toMatchObject({ id: ORG, name: 'Hedgebox Inc.', slug: 'hedgebox', membership_level: 8, member_count: 8 });
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
  it('answers the envelope of members by joined_at', async () => {
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
    expect(joined).toEqual([...joined].sort((a, b) => a - b));
    expect(new Set(page.results.map((m) => m.level))).toEqual(new Set([1, 8, 15]));
    expect(page.results.map((m) => m.user.email)).not.toContain('hugo.martin@northwind.example');
  });

  it('pages like every list', async () => {
    const result = await admin.get(`/api/organizations/${ORG}/members/?limit=3&offset=3`);
    expect(result.body.results).toHaveLength(3);
    expect(result.body.next).toBe(`http://localhost/api/organizations/${ORG}/members/?limit=3&offset=6`);
    expect(result.body.previous).toBe(`http://localhost/api/organizations/${ORG}/members/?limit=3`);
  });

  it('another organization’s members are 404', async () => {
    expectError(await admin.get(`/api/organizations/${seedIds.outsideOrganization}/members/`), 404, 'invalid_request', 'not_found', 'Not found.');
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
      expectKeys(result.body, [...userKeys, 'organization', 'team']);
      const me = parseWith(meSchema, result.body);
      expect(me.email).toBe(email);
      expect(me.organization?.id).toBe(ORG);
      expect(me.team?.id).toBe(P.app);
      expectKeys(result.body.team, projectListKeys);
    }
  });

  it('only @me is a user path', async () => {
    expectError(await admin.get('/api/users/2/'), 404, 'invalid_request', 'not_found', 'Endpoint not found.');
  });
});
