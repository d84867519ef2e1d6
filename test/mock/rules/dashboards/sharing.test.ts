/** API.md §5 rows 6–6d and §5.6: the sharing configuration, its tokens and grace period, share passwords, and the public page (§9). */
import { afterEach, describe, expect, it } from 'vitest';
import { details } from '../../../../src/contract/errors.ts';
import { sharePasswordCreatedSchema, sharingConfigurationSchema } from '../../../../src/contract/dashboard-sharing.ts';
import { clock } from '../../../../src/mock/rules/random.ts';
import { findSharedDashboard, hasAdvancedPermissions, sharedLogin, sharedPage } from '../../../../src/mock/rules/dashboards/sharing.ts';
import { admin, expectError, expectKeys, expectValidation, isoUtc, member, parseWith, readonly, seedIds, sharePasswordKeys, sharingKeys, setupMockApi } from '../../helpers.ts';

const api = setupMockApi();
const { projects: P, dashboards: D } = seedIds;
const dashboardPath = (id: number) => `/api/projects/${P.app}/dashboards/${id}/`;
const sharingPath = (id: number) => `${dashboardPath(id)}sharing/`;
const passwordsPath = (id: number) => `${sharingPath(id)}passwords/`;
const token = /^[A-Za-z0-9_-]{22}$/;
const realNow = clock.now;

afterEach(() => {
  clock.now = realNow;
});

/** Moves the mock's clock forward by `ms` (no sleeping). */
function advance(ms: number) {
  const from = clock.now();
  clock.now = () => from + ms;
}

const live = (t: string) => findSharedDashboard(api.store(), t) !== null;

/** The public page over HTTP (msw serves /shared too). */
function publicPage(t: string, init: RequestInit = {}) {
  return fetch(`http://localhost/shared/${t}`, init);
}

describe('GET sharing/', () => {
  it('answers the configuration with exactly its keys, in order', async () => {
    const shared = await readonly.get(sharingPath(D.productOverview));
    expect(shared.status).toBe(200);
    expect(Object.keys(shared.body)).toEqual(['created_at', 'enabled', 'access_token', 'settings', 'password_required', 'share_passwords', 'user_access_level']);
    expectKeys(shared.body, sharingKeys);
    parseWith(sharingConfigurationSchema, shared.body);
    expect(shared.body).toMatchObject({ enabled: true, settings: null, password_required: false, share_passwords: [], user_access_level: 'manager' });
    expect(shared.body.created_at).toMatch(isoUtc);
    expect(shared.body.access_token).toMatch(token);
    expect((await member.get(sharingPath(D.productOverview))).body.user_access_level).toBe('editor');
  });

  it('before the first save: the unsaved default with a provisional token, new on each read and not live', async () => {
    const first = (await member.get(sharingPath(D.boardMetrics))).body;
    expect(first).toEqual({
      created_at: null,
      enabled: false,
      access_token: expect.stringMatching(token),
      settings: null,
      password_required: false,
      share_passwords: [],
      user_access_level: 'editor',
    });
    const second = (await member.get(sharingPath(D.boardMetrics))).body;
    expect(second.access_token).not.toBe(first.access_token);
    await admin.patch(sharingPath(D.boardMetrics), { enabled: true });
    expect(live(first.access_token)).toBe(false);
  });
});

describe('PATCH sharing/', () => {
  it('the first save sets created_at and issues a token; is_shared follows enabled', async () => {
    const enabled = await member.patch(sharingPath(D.ahaMoments), { enabled: true });
    expect(enabled.status).toBe(200);
    expectKeys(enabled.body, sharingKeys);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.created_at).toMatch(isoUtc);
    expect(live(enabled.body.access_token)).toBe(true);
    expect((await admin.get(dashboardPath(D.ahaMoments))).body.is_shared).toBe(true);
    expect((await admin.get(`/api/projects/${P.app}/dashboards/?search=aha%20moments`)).body.results[0].is_shared).toBe(true);
    const again = await member.patch(sharingPath(D.ahaMoments), { enabled: true });
    expect(again.body.access_token).toBe(enabled.body.access_token);

    const disabled = await member.patch(sharingPath(D.ahaMoments), { enabled: false });
    expect(disabled.body).toEqual({ ...enabled.body, enabled: false });
    expect(live(enabled.body.access_token)).toBe(false);
    expect((await admin.get(dashboardPath(D.ahaMoments))).body.is_shared).toBe(false);
  });

  it('re-enabling issues a new token; the earlier ones stay dead', async () => {
    const before = (await admin.get(sharingPath(D.productOverview))).body;
    await admin.patch(sharingPath(D.productOverview), { enabled: false });
    const again = (await admin.patch(sharingPath(D.productOverview), { enabled: true })).body;
    expect(again.access_token).toMatch(token);
    expect(again.access_token).not.toBe(before.access_token);
    expect(Date.parse(again.created_at)).toBeGreaterThan(Date.parse(before.created_at));
    expect(live(before.access_token)).toBe(false);
    expect(live(again.access_token)).toBe(true);
  });

  it('an empty PATCH is a first save too, changing nothing else', async () => {
    const result = await admin.patch(sharingPath(D.boardMetrics), {});
    expect(result.body).toMatchObject({ enabled: false, settings: null, password_required: false });
    expect(result.body.created_at).toMatch(isoUtc);
    const again = await admin.patch(sharingPath(D.boardMetrics), {});
    expect(again.body.access_token).toBe(result.body.access_token);
    expect(again.body.created_at).toBe(result.body.created_at);
  });

  it('settings: an object with the known keys kept, or null; anything else Invalid settings format', async () => {
    const result = await admin.patch(sharingPath(D.ahaMoments), { settings: { whitelabel: true, theme: 'dark', colour: 'red' } });
    expect(result.body.settings).toEqual({ whitelabel: true, theme: 'dark' });
    expect((await admin.patch(sharingPath(D.ahaMoments), { settings: null })).body.settings).toBeNull();
    for (const settings of ['x', [1], 5, true]) {
      expectValidation(await admin.patch(sharingPath(D.ahaMoments), { settings }), 'invalid_input', 'settings', 'Invalid settings format');
    }
  });

  it('keeps settings and password_required when a PATCH leaves them out', async () => {
    await admin.patch(sharingPath(D.productOverview), { settings: { whitelabel: true }, password_required: true });
    const toggled = await admin.patch(sharingPath(D.productOverview), { enabled: false });
    expect(toggled.body).toMatchObject({ enabled: false, settings: { whitelabel: true }, password_required: true });
    const settingsOnly = await admin.patch(sharingPath(D.productOverview), { settings: { noHeader: true } });
    expect(settingsOnly.body).toMatchObject({ settings: { noHeader: true }, password_required: true });
    const passwordOnly = await admin.patch(sharingPath(D.productOverview), { password_required: false });
    expect(passwordOnly.body).toMatchObject({ settings: { noHeader: true }, password_required: false });
  });

  it('a first save holds no share passwords', async () => {
    const saved = await admin.patch(sharingPath(D.boardMetrics), { enabled: true });
    expect(saved.body.share_passwords).toEqual([]);
  });

  it('coerces booleans and rejects other values', async () => {
    expect((await admin.patch(sharingPath(D.ahaMoments), { enabled: 'on' })).body.enabled).toBe(true);
    expectValidation(await admin.patch(sharingPath(D.ahaMoments), { enabled: 'maybe' }), 'invalid_input', 'enabled', 'Must be a valid boolean.');
    expectValidation(await admin.patch(sharingPath(D.ahaMoments), { enabled: null }), 'null', 'enabled');
    expectValidation(await admin.patch(sharingPath(D.ahaMoments), { password_required: [] }), 'invalid_input', 'password_required');
  });

  it('needs edit rights on the dashboard', async () => {
    expectError(await member.patch(sharingPath(D.boardMetrics), { enabled: true }), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expectError(await member.post(`${sharingPath(D.boardMetrics)}refresh/`), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expectError(await member.post(passwordsPath(D.boardMetrics), {}), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expect((await member.get(sharingPath(D.boardMetrics))).status).toBe(200);
  });

  it('logs "sharing enabled" and "sharing disabled" for each PATCH holding enabled, and "access token refreshed"', async () => {
    const entries = () => api.store().activityOf(P.app).filter((e) => e.item_id === String(D.ahaMoments));
    const before = entries().length;
    await admin.patch(sharingPath(D.ahaMoments), { enabled: true });
    await admin.patch(sharingPath(D.ahaMoments), { settings: { legend: true } });
    await admin.post(`${sharingPath(D.ahaMoments)}refresh/`);
    await admin.patch(sharingPath(D.ahaMoments), { enabled: false });
    const added = entries().slice(before);
    expect(added.map((e) => e.activity)).toEqual(['sharing enabled', 'access token refreshed', 'sharing disabled']);
    expect(added[0]!.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true }]);
    expect(added[2]!.detail.changes).toEqual([{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: false }]);
    expect(added.every((e) => e.scope === 'Dashboard' && e.user_id === seedIds.users.priya)).toBe(true);
  });
});

describe('POST sharing/refresh/', () => {
  it('a new token at once; the previous one keeps working for 5 minutes, then stops', async () => {
    const before = (await admin.get(sharingPath(D.productOverview))).body;
    const result = await admin.post(`${sharingPath(D.productOverview)}refresh/`);
    expect(result.status).toBe(200);
    expectKeys(result.body, sharingKeys);
    expect(result.body.access_token).toMatch(token);
    expect(result.body.access_token).not.toBe(before.access_token);
    expect(result.body.enabled).toBe(true);
    expect(Date.parse(result.body.created_at)).toBeGreaterThan(Date.parse(before.created_at));
    expect(live(result.body.access_token)).toBe(true);
    expect(live(before.access_token)).toBe(true);
    advance(299_000);
    expect(live(before.access_token)).toBe(true);
    advance(301_000);
    expect(live(before.access_token)).toBe(false);
    expect(live(result.body.access_token)).toBe(true);
  });

  it('a rotated token dies at exactly 5 minutes', async () => {
    const start = clock.now();
    clock.now = () => start;
    const before = (await admin.get(sharingPath(D.productOverview))).body.access_token;
    await admin.post(`${sharingPath(D.productOverview)}refresh/`);
    clock.now = () => start + 299_999;
    expect(live(before)).toBe(true);
    clock.now = () => start + 300_000;
    expect(live(before)).toBe(false);
  });

  it('after two rotations, the older token expires on its own while the newer one still works', async () => {
    const start = clock.now();
    clock.now = () => start;
    const first = (await admin.get(sharingPath(D.productOverview))).body.access_token;
    await admin.post(`${sharingPath(D.productOverview)}refresh/`);
    clock.now = () => start + 240_000;
    const second = (await admin.get(sharingPath(D.productOverview))).body.access_token;
    await admin.post(`${sharingPath(D.productOverview)}refresh/`);
    expect(live(first)).toBe(true);
    clock.now = () => start + 360_000;
    expect(live(first)).toBe(false);
    expect(live(second)).toBe(true);
  });

  it('disabling ends every grace period at once', async () => {
    const before = (await admin.get(sharingPath(D.productOverview))).body;
    const rotated = (await admin.post(`${sharingPath(D.productOverview)}refresh/`)).body;
    await admin.patch(sharingPath(D.productOverview), { enabled: false });
    await admin.patch(sharingPath(D.productOverview), { enabled: true });
    expect(live(before.access_token)).toBe(false);
    expect(live(rotated.access_token)).toBe(false);
  });

  it('saves the configuration when it was never saved, keeping enabled false', async () => {
    const result = await admin.post(`${sharingPath(D.boardMetrics)}refresh/`);
    expect(result.body.created_at).toMatch(isoUtc);
    expect(result.body.enabled).toBe(false);
    expect((await admin.get(sharingPath(D.boardMetrics))).body.access_token).toBe(result.body.access_token);
  });

  it('keeps settings, password_required and passwords', async () => {
    await admin.patch(sharingPath(D.productOverview), { settings: { noHeader: true }, password_required: true });
    const password = (await admin.post(passwordsPath(D.productOverview), { note: 'board' })).body;
    const result = (await admin.post(`${sharingPath(D.productOverview)}refresh/`)).body;
    expect(result).toMatchObject({ settings: { noHeader: true }, password_required: true });
    expect(result.share_passwords.map((p: { id: number }) => p.id)).toEqual([password.id]);
  });
});

describe('share passwords (6c, 6d)', () => {
  it('need password_required first: 400 {"error": …}', async () => {
    const result = await admin.post(passwordsPath(D.productOverview), { raw_password: 'long enough' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Password protection must be enabled before creating passwords' });
    const removal = await admin.delete(`${passwordsPath(D.productOverview)}1/`);
    expect(removal.status).toBe(400);
    expect(removal.body).toEqual({ error: 'Password protection must be enabled before creating passwords' });
  });

  it('create answers the password once, lists it without it newest first, delete makes it inactive', async () => {
    await admin.patch(sharingPath(D.productOverview), { password_required: true });
    const given = await admin.post(passwordsPath(D.productOverview), { raw_password: '  correct horse  ', note: 'For the board' });
    expect(given.status).toBe(201);
    expect(Object.keys(given.body)).toEqual(['id', 'password', 'note', 'created_at', 'created_by_email']);
    parseWith(sharePasswordCreatedSchema, given.body);
    expect(given.body).toMatchObject({ password: 'correct horse', note: 'For the board', created_by_email: 'priya.raman@hedgebox.net' });
    const generated = await admin.post(passwordsPath(D.productOverview), { raw_password: '' });
    expect(generated.body.password).toMatch(token);
    expect(generated.body.note).toBe('');
    const listed = (await readonly.get(sharingPath(D.productOverview))).body.share_passwords;
    expect(listed.map((p: { id: number }) => p.id)).toEqual([generated.body.id, given.body.id]);
    for (const p of listed) expectKeys(p, sharePasswordKeys);
    expect(listed[1]).toEqual({ id: given.body.id, created_at: given.body.created_at, note: 'For the board', created_by_email: 'priya.raman@hedgebox.net', is_active: true });

    const removed = await admin.delete(`${passwordsPath(D.productOverview)}${given.body.id}/`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await admin.get(sharingPath(D.productOverview))).body.share_passwords.map((p: { id: number }) => p.id)).toEqual([generated.body.id]);
    expectError(await admin.delete(`${passwordsPath(D.productOverview)}${given.body.id}/`), 404, 'invalid_request', 'not_found', 'Password not found');
    expectError(await admin.delete(`${passwordsPath(D.productOverview)}999/`), 404, 'invalid_request', 'not_found', 'Password not found');
  });

  it('on a dashboard never shared, need password_required first too', async () => {
    const result = await admin.post(passwordsPath(D.boardMetrics), { raw_password: 'long enough' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Password protection must be enabled before creating passwords' });
    const removal = await admin.delete(`${passwordsPath(D.boardMetrics)}1/`);
    expect(removal.status).toBe(400);
  });

  it('delete takes the id in decimal digits only (leading zeros fine)', async () => {
    await admin.patch(sharingPath(D.productOverview), { password_required: true });
    const { id } = (await admin.post(passwordsPath(D.productOverview), { raw_password: 'long enough' })).body;
    for (const written of [`+${id}`, `${id}e0`, ` ${id}`, `${id}.0`]) {
      expectError(await admin.delete(`${passwordsPath(D.productOverview)}${encodeURIComponent(written)}/`), 404, 'invalid_request', 'not_found');
    }
    expect((await admin.delete(`${passwordsPath(D.productOverview)}00${id}/`)).status).toBe(204);
    expect((await admin.get(sharingPath(D.productOverview))).body.share_passwords).toEqual([]);
  });

  it('check the password length and the note', async () => {
    await admin.patch(sharingPath(D.productOverview), { password_required: 'true' });
    expectValidation(await admin.post(passwordsPath(D.productOverview), { raw_password: 'short' }), 'invalid_input', 'raw_password', 'Password must be at least 8 characters long.');
    expectValidation(await admin.post(passwordsPath(D.productOverview), { note: 'n'.repeat(101) }), 'max_length', 'note', 'Ensure this field has no more than 100 characters.');
    expect((await admin.post(passwordsPath(D.productOverview), { raw_password: 12345678 })).body.password).toBe('12345678');
  });

  it('without the advanced-permissions feature: 403 {"error": …} bodies', async () => {
    const organization = api.store().organization(seedIds.organization)!;
    const saved = organization.available_product_features;
    await admin.patch(sharingPath(D.productOverview), { password_required: true });
    organization.available_product_features = [];
    try {
      const enabling = await admin.patch(sharingPath(D.ahaMoments), { password_required: true });
      expect(enabling.status).toBe(403);
      expect(enabling.body).toEqual({ error: 'Sharing with password requires the Advanced Permissions feature' });
      const creating = await admin.post(passwordsPath(D.productOverview), {});
      expect(creating.status).toBe(403);
      expect(creating.body).toEqual({ error: 'Password management requires the Advanced Permissions feature' });
    } finally {
      organization.available_product_features = saved;
    }
  });

  it('password protection needs the advanced-permissions feature itself, not just any feature; the rest of sharing does not', async () => {
    const organization = api.store().organization(seedIds.organization)!;
    const saved = organization.available_product_features;
    organization.available_product_features = [{ key: 'organizations_projects', name: 'Projects', limit: null }];
    try {
      expect(hasAdvancedPermissions(api.store(), seedIds.organization)).toBe(false);
      const enabling = await admin.patch(sharingPath(D.ahaMoments), { password_required: true });
      expect(enabling.status).toBe(403);
      expect(enabling.body).toEqual({ error: 'Sharing with password requires the Advanced Permissions feature' });
      for (const body of [{ enabled: true }, { settings: { whitelabel: true } }, { password_required: false }]) {
        const result = await admin.patch(sharingPath(D.ahaMoments), body);
        expect(result.status, result.text).toBe(200);
      }
    } finally {
      organization.available_product_features = saved;
    }
    organization.available_product_features = [{ key: 'advanced_permissions', name: 'Advanced permissions' }];
    try {
      expect(hasAdvancedPermissions(api.store(), seedIds.organization)).toBe(true);
    } finally {
      organization.available_product_features = saved;
    }
    expect(hasAdvancedPermissions(api.store(), 'no-such-organization')).toBe(false);
  });

  it('an organization that turned public sharing off refuses to enable it', async () => {
    const organization = api.store().organization(seedIds.organization)!;
    organization.allow_publicly_shared_resources = false;
    try {
      expectError(await admin.patch(sharingPath(D.ahaMoments), { enabled: true }), 403, 'authentication_error', 'permission_denied', 'Public sharing is disabled for this organization.');
      expect((await admin.patch(sharingPath(D.productOverview), { enabled: false })).status).toBe(200);
    } finally {
      organization.allow_publicly_shared_resources = true;
    }
  });
});

describe('the public page (§9)', () => {
  it('shows a live share, escaping every name; 404 for a dead token', async () => {
    await admin.patch(dashboardPath(D.activationFunnel), { name: '<script>alert(1)</script> & "Co"' });
    const t = (await admin.get(sharingPath(D.activationFunnel))).body.access_token;
    const page = await publicPage(t);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Sign-up to first upload');
    expect((await publicPage('no-such-token-at-all-xx')).status).toBe(404);
  });

  it('honours the grace period of a rotated token', async () => {
    const old = (await admin.get(sharingPath(D.activationFunnel))).body.access_token;
    await admin.post(`${sharingPath(D.activationFunnel)}refresh/`);
    expect((await publicPage(old)).status).toBe(200);
    advance(300_001);
    expect((await publicPage(old)).status).toBe(404);
  });

  it('asks for the password of a protected share; POST {password} answers a shareToken that opens it', async () => {
    await admin.patch(sharingPath(D.activationFunnel), { password_required: true });
    const { password } = (await admin.post(passwordsPath(D.activationFunnel), { raw_password: 'open sesame' })).body;
    const t = (await admin.get(sharingPath(D.activationFunnel))).body.access_token;
    const asking = await publicPage(t);
    expect(asking.status).toBe(200);
    const form = await asking.text();
    expect(form).toContain('type="password"');
    expect(form).not.toContain('Sign-up to first upload');

    const wrong = await publicPage(t, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'nope' }) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Incorrect password' });

    const right = await publicPage(t, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }).toString() });
    expect(right.status).toBe(200);
    const { shareToken } = (await right.json()) as { shareToken: string };
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const opened = await publicPage(t, { headers: { Authorization: `Bearer ${shareToken}` } });
    expect(await opened.text()).toContain('Sign-up to first upload');
    expect(await (await publicPage(t, { headers: { Authorization: 'Bearer forged' } })).text()).not.toContain('Sign-up to first upload');

    const logins = api.store().activityOf(P.app).filter((e) => e.activity.startsWith('share_login'));
    expect(logins.map((e) => [e.activity, e.user_id, e.item_id])).toEqual([
      ['share_login_failed', null, String(D.activationFunnel)],
      ['share_login_success', null, String(D.activationFunnel)],
    ]);
  });
});

describe('the public page (§9): views and logins', () => {
  const json = (password: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) });

  it('titles a tile by the insight name, else its derived name, else nothing; a text tile by its body, else nothing', async () => {
    const made = await admin.post(`/api/projects/${P.app}/dashboards/create_from_template_json/`, {
      template: {
        template_name: 'Public tiles',
        dashboard_description: 'Shown',
        dashboard_filters: {},
        tiles: [
          { type: 'INSIGHT', name: 'Named' },
          { type: 'INSIGHT', query: { kind: 'InsightVizNode', source: { kind: 'TrendsQuery', series: [{ event: '$pageview' }] } } },
          { type: 'INSIGHT' },
          { type: 'TEXT', body: 'A note' },
          { type: 'TEXT' },
        ],
      },
    });
    const derived = made.body.tiles[1].insight.derived_name as string;
    expect(derived).toMatch(/\w/);
    const t = (await admin.patch(sharingPath(made.body.id), { enabled: true })).body.access_token;
    expect(findSharedDashboard(api.store(), t)).toEqual({
      name: 'Public tiles',
      description: 'Shown',
      tiles: [
        { title: 'Named', kind: 'insight' },
        { title: derived, kind: 'insight' },
        { title: '', kind: 'insight' },
        { title: 'A note', kind: 'text' },
        { title: '', kind: 'text' },
      ],
    });
    expect(sharedPage(api.store(), t, null)).toEqual({ kind: 'dashboard', view: findSharedDashboard(api.store(), t) });
  });

  it('a shareToken stops opening the page once its password is deleted, whatever other password is active', async () => {
    await admin.patch(sharingPath(D.activationFunnel), { password_required: true });
    const first = (await admin.post(passwordsPath(D.activationFunnel), { raw_password: 'first secret' })).body;
    await admin.post(passwordsPath(D.activationFunnel), { raw_password: 'second secret' });
    const t = (await admin.get(sharingPath(D.activationFunnel))).body.access_token;
    const { shareToken } = (await (await publicPage(t, json('first secret'))).json()) as { shareToken: string };
    const opened = () => publicPage(t, { headers: { Authorization: `Bearer ${shareToken}` } }).then((r) => r.text());
    expect(await opened()).toContain('Sign-up to first upload');
    await admin.delete(`${passwordsPath(D.activationFunnel)}${first.id}/`);
    const asking = await opened();
    expect(asking).toContain('type="password"');
    expect(asking).not.toContain('Sign-up to first upload');
    expect(sharedPage(api.store(), t, shareToken)).toEqual({ kind: 'password', name: expect.any(String) });
  });

  it('a login to a dead token is 404; a wrong password answers ok false', async () => {
    expect((await publicPage('no-such-token-at-all-xx', json('anything at all'))).status).toBe(404);
    expect(sharedLogin(api.store(), 'no-such-token-at-all-xx', 'anything at all')).toBeNull();
    await admin.patch(sharingPath(D.activationFunnel), { password_required: true });
    const t = (await admin.get(sharingPath(D.activationFunnel))).body.access_token;
    expect(api.store().mutate(() => sharedLogin(api.store(), t, 'not the password'))).toEqual({ ok: false });
  });

  it('an empty or missing password never logs in, even against a stored empty secret', async () => {
    await admin.patch(sharingPath(D.activationFunnel), { password_required: true });
    const store = api.store();
    const dashboard = store.dashboard(D.activationFunnel)!;
    const sharing = structuredClone(dashboard.sharing!);
    sharing.share_passwords.push({ id: 9001, created_at: '2024-01-01T00:00:00.000Z', note: '', created_by: null, is_active: true, secret: '' });
    store.updateDashboard(dashboard, { sharing });
    const t = sharing.access_token;
    for (const password of ['', undefined, null]) {
      const result = await publicPage(t, json(password));
      expect(result.status).toBe(401);
    }
    expect(store.mutate(() => sharedLogin(store, t, ''))).toEqual({ ok: false });
  });
});
