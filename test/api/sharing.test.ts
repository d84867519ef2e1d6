/** API.md §5 rows 6–6b: the sharing configuration, and the public view the /shared page uses. */
import { describe, expect, it } from 'vitest';
import { details } from '../../src/contract/errors.ts';
import { sharingConfigurationSchema } from '../../src/contract/schemas.ts';
import { findSharedDashboard } from '../../src/mock/rules/sharing.ts';
import { admin, expectError, expectKeys, expectValidation, isoUtc, member, parseWith, readonly, seedIds, sharingKeys, setupMockApi } from './helpers.ts';

const api = setupMockApi();
const { projects: P, dashboards: D } = seedIds;
const dashboardPath = (id: number) => `/api/projects/${P.app}/dashboards/${id}/`;
const sharingPath = (id: number) => `${dashboardPath(id)}sharing/`;
const token = /^[A-Za-z0-9_-]{22}$/;

describe('GET sharing/', () => {
  it('answers the configuration with exactly its keys', async () => {
    const shared = await readonly.get(sharingPath(D.productOverview));
    expect(shared.status).toBe(200);
    expectKeys(shared.body, sharingKeys);
    parseWith(sharingConfigurationSchema, shared.body);
    expect(shared.body.enabled).toBe(true);
    expect(shared.body.created_at).toMatch(isoUtc);
    expect(shared.body.access_token).toMatch(token);
    const never = (await member.get(sharingPath(D.boardMetrics))).body;
    expect(never).toEqual({ created_at: null, enabled: false, access_token: expect.stringMatching(token) });
  });

  it('every dashboard has a token from its creation', async () => {
    const created = await admin.post(`/api/projects/${P.app}/dashboards/`, { name: 'Fresh' });
    const sharing = (await admin.get(sharingPath(created.body.id))).body;
    expect(sharing).toEqual({ created_at: null, enabled: false, access_token: expect.stringMatching(token) });
  });
});

describe('PATCH sharing/', () => {
  it('enabling keeps the token, sets created_at on the first save, and is_shared follows', async () => {
    const before = (await admin.get(sharingPath(D.ahaMoments))).body;
    const enabled = await member.patch(sharingPath(D.ahaMoments), { enabled: true });
    expect(enabled.status).toBe(200);
    expectKeys(enabled.body, sharingKeys);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.access_token).toBe(before.access_token);
    expect(enabled.body.created_at).toMatch(isoUtc);
    expect((await admin.get(dashboardPath(D.ahaMoments))).body.is_shared).toBe(true);
    const listed = (await admin.get(`/api/projects/${P.app}/dashboards/?search=aha%20moments`)).body.results[0];
    expect(listed.is_shared).toBe(true);

    const disabled = await member.patch(sharingPath(D.ahaMoments), { enabled: false });
    expect(disabled.body).toEqual({ ...enabled.body, enabled: false });
    expect((await admin.get(dashboardPath(D.ahaMoments))).body.is_shared).toBe(false);
  });

  it('an empty PATCH is a first save too, changing nothing else', async () => {
    const result = await admin.patch(sharingPath(D.boardMetrics), {});
    expect(result.body.enabled).toBe(false);
    expect(result.body.created_at).toMatch(isoUtc);
    const again = await admin.patch(sharingPath(D.boardMetrics), { enabled: true });
    expect(again.body.created_at).toBe(result.body.created_at);
  });

  it('rejects a non-boolean enabled and a body that is not an object', async () => {
    expectValidation(await admin.patch(sharingPath(D.ahaMoments), { enabled: 'yes' }), 'invalid_input', 'enabled', 'Must be a valid boolean.');
    expectValidation(await admin.patch(sharingPath(D.ahaMoments), { enabled: null }), 'null', 'enabled');
    expectValidation(await admin.send('PATCH', sharingPath(D.ahaMoments), { raw: '[true]' }), 'invalid_input', null, details.expectedDictionary('list'));
  });

  it('needs edit rights on the dashboard', async () => {
    expectError(await member.patch(sharingPath(D.boardMetrics), { enabled: true }), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expectError(await member.post(`${sharingPath(D.boardMetrics)}refresh/`), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expect((await member.get(sharingPath(D.boardMetrics))).status).toBe(200);
  });

  it('records sharing enabled and sharing disabled in the activity log', async () => {
    await admin.patch(sharingPath(D.ahaMoments), { enabled: true });
    await admin.patch(sharingPath(D.ahaMoments), { enabled: false });
    const [disabled, enabled] = (await admin.get(`/api/projects/${P.app}/activity_log/?scope=Dashboard&item_id=${D.ahaMoments}`)).body.results;
    expect(disabled).toMatchObject({ activity: 'sharing disabled', scope: 'Dashboard', item_id: String(D.ahaMoments), detail: { type: 'dashboard' } });
    expect(enabled).toMatchObject({ activity: 'sharing enabled', item_id: String(D.ahaMoments) });
    expect(enabled.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true }]);
    expect(disabled.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: false }]);
  });
});

describe('POST sharing/refresh/', () => {
  it('rotates the token; the old link stops working at once', async () => {
    const before = (await admin.get(sharingPath(D.productOverview))).body;
    expect(findSharedDashboard(api.store(), before.access_token)?.name).toBe('Product overview');
    const result = await admin.post(`${sharingPath(D.productOverview)}refresh/`);
    expect(result.status).toBe(200);
    expectKeys(result.body, sharingKeys);
    expect(result.body.access_token).toMatch(token);
    expect(result.body.access_token).not.toBe(before.access_token);
    expect(result.body).toMatchObject({ enabled: true, created_at: before.created_at });
    expect(findSharedDashboard(api.store(), before.access_token)).toBeNull();
    expect(findSharedDashboard(api.store(), result.body.access_token)?.name).toBe('Product overview');
    const entry = (await admin.get(`/api/projects/${P.app}/activity_log/?scope=Dashboard&item_id=${D.productOverview}`)).body.results[0];
    expect(entry).toMatchObject({ activity: 'access token refreshed', detail: { changes: null, type: 'dashboard' } });
  });

  it('sets created_at when it was never saved', async () => {
    const result = await admin.post(`${sharingPath(D.boardMetrics)}refresh/`);
    expect(result.body.created_at).toMatch(isoUtc);
    expect(result.body.enabled).toBe(false);
  });
});

describe('findSharedDashboard', () => {
  it('shows a shared dashboard with its tiles', async () => {
    const sharing = (await admin.get(sharingPath(D.activationFunnel))).body;
    const view = findSharedDashboard(api.store(), sharing.access_token);
    expect(view).toEqual({
      name: 'Activation funnel',
      description: 'From sign-up to the first shared file.',
      tiles: [
        { title: 'Sign-up to first upload', kind: 'insight' },
        { title: 'Time to first share', kind: 'insight' },
        { title: 'A user is activated once they share a file with someone else.', kind: 'text' },
      ],
    });
  });

  it('is null unless sharing is on and the dashboard is not deleted', async () => {
    const sharing = (await admin.get(sharingPath(D.activationFunnel))).body;
    await admin.patch(sharingPath(D.activationFunnel), { enabled: false });
    expect(findSharedDashboard(api.store(), sharing.access_token)).toBeNull();
    await admin.patch(sharingPath(D.activationFunnel), { enabled: true });
    expect(findSharedDashboard(api.store(), sharing.access_token)).not.toBeNull();
    await admin.patch(dashboardPath(D.activationFunnel), { deleted: true });
    expect(findSharedDashboard(api.store(), sharing.access_token)).toBeNull();
    expect(findSharedDashboard(api.store(), 'no-such-token-at-all-xx')).toBeNull();
    expect(findSharedDashboard(api.store(), '')).toBeNull();
  });
});
