/**
 * The console reads every production shape (API.md §2.2, §4.6, §4.12, §4.13): the fixtures in
 * test/fixtures/ follow the field lists of production's schema, and the bodies that are not the
 * standard error body are read for their sentence (`detail`, else `error`).
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchActivityLogPage, noActivityFilters } from '../../../src/api/resources/activity.ts';
import { fetchCurrentKey } from '../../../src/api/access/authorization.ts';
import { ApiError } from '../../../src/api/client/http.ts';
import { completeProductOnboarding, resetProjectToken } from '../../../src/api/resources/project-mutations.ts';
import { addSharePassword, fetchSharing, updateSharing } from '../../../src/api/resources/sharing.ts';
import activityLogPage from '../../fixtures/activity-log-page.json';
import onboardingError from '../../fixtures/error-onboarding.json';
import passwordFeatureError from '../../fixtures/error-password-feature.json';
import sessionOnlyError from '../../fixtures/error-session-only.json';
import currentKey from '../../fixtures/personal-api-key.json';
import sharePasswordCreated from '../../fixtures/share-password-created.json';
import sharingWithPasswords from '../../fixtures/sharing-with-passwords.json';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

const HOST = 'https://us.posthog.example';

/** A console connected to the production-like host: what each call runs under. */
const connected = () => freshConsole({ host: HOST, key: 'phx_production_key' }).call;

async function refusal(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('production-shaped answers parse', () => {
  it('reads the key’s scopes from personal_api_keys/@current', async () => {
    const call = connected();
    server.use(http.get(`${HOST}/api/personal_api_keys/@current/`, () => HttpResponse.json(currentKey)));
    const key = await fetchCurrentKey(call);
    expect(key.scopes).toContain('activity_log:read');
    expect(key.scopes).not.toContain('dashboard:write');
    expect(key.scoped_teams).toEqual([]);
    // The secret is never sent again after the key was created.
    expect(key.value).toBeNull();
  });

  it('reads the activity log: full users, nulls, a visitor’s entry and the whole detail', async () => {
    const call = connected();
    server.use(http.get(`${HOST}/api/projects/1234/activity_log/`, () => HttpResponse.json(activityLogPage)));
    const page = await fetchActivityLogPage(1234, noActivityFilters, undefined, call);
    expect(page.results.map((e) => e.activity)).toEqual(['updated', 'access token refreshed', 'share_login_failed']);
    expect(page.results[2]!.user).toBeNull();
    expect(page.results[2]!.detail).toBeNull();
    expect(page.results[0]!.detail!.changes[0]).toMatchObject({ field: 'restriction_level', before: 21, after: 37 });
    expect(page.next).toContain('cursor=');
  });

  it('reads a sharing configuration with settings and passwords, and a new password shown once', async () => {
    const call = connected();
    server.use(
      http.get(`${HOST}/api/projects/1234/dashboards/78/sharing/`, () => HttpResponse.json(sharingWithPasswords)),
      http.post(`${HOST}/api/projects/1234/dashboards/78/sharing/passwords/`, () => HttpResponse.json(sharePasswordCreated, { status: 201 })),
    );
    const sharing = await fetchSharing(1234, 78, call);
    expect(sharing.password_required).toBe(true);
    expect(sharing.share_passwords.map((p) => p.note)).toEqual(['Board', '']);
    expect(sharing.share_passwords[1]!.created_by_email).toBe('deleted user');
    const created = await addSharePassword(1234, 78, { note: 'Investors' }, call);
    expect(created.password).toBe('q5Yd0m3TbZ_kP2xV8sLw9a');
  });
});

describe('bodies that are not the standard error body (§2.2)', () => {
  it('shows `error` when there is no `detail`', async () => {
    const call = connected();
    server.use(
      http.patch(`${HOST}/api/projects/1234/dashboards/78/sharing/`, () => HttpResponse.json(passwordFeatureError, { status: 403 })),
      http.patch(`${HOST}/api/projects/1234/complete_product_onboarding/`, () => HttpResponse.json(onboardingError, { status: 400 })),
    );
    const sharing = await refusal(() => updateSharing(1234, 78, { password_required: true }, call));
    expect(sharing).toMatchObject({ status: 403, code: 'permission_denied', detail: 'Sharing with password requires the Advanced Permissions feature', attr: null });
    const onboarding = await refusal(() => completeProductOnboarding(1234, 'product_analytics', call));
    expect(onboarding.status).toBe(400);
    expect(onboarding.detail).toMatch(/^invalid product_type, expected one of/);
  });

  it('prefers `detail` to `error`, and words a body with neither by its status', async () => {
    const call = connected();
    server.use(
      http.get(`${HOST}/api/projects/1234/dashboards/78/sharing/`, () => HttpResponse.json({ detail: 'Not found.', error: 'x' }, { status: 404 })),
    );
    expect((await refusal(() => fetchSharing(1234, 78, call))).detail).toBe('Not found.');
    server.use(http.get(`${HOST}/api/projects/1234/dashboards/78/sharing/`, () => HttpResponse.json({ error: 42 }, { status: 502 })));
    expect((await refusal(() => fetchSharing(1234, 78, call))).detail).toMatch(/^The server answered 502/);
  });

  it('says in words that a session-only action needs PostHog’s web app', async () => {
    const call = connected();
    server.use(http.patch(`${HOST}/api/projects/1234/reset_token/`, () => HttpResponse.json(sessionOnlyError, { status: 403 })));
    const error = await refusal(() => resetProjectToken(1234, call));
    expect(error.status).toBe(403);
    expect(error.detail).toBe(
      "The production service does not let personal API keys reset the project API key: this action needs PostHog's web app, signed in with your account. (The API answered: This action does not support personal API key access.)",
    );
  });
});
