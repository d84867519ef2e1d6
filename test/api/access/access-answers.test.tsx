/**
 * Access has three answers (DESIGN.md rule 2): yes, no with the reason, and not known yet, which is
 * drawn disabled with `Checking access…` and never as allowed. What was learnt is kept with the
 * connection, so the next load draws the real answer at once, and a background check corrects it.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, reasons, type AuthorizationFacts } from '../../../src/api/access/authorization.ts';
import { ACCESS_STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import currentKey from '../../fixtures/personal-api-key.json';
import { accessKnown, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const APP = seedIds.projects.app;
const LOAD = { timeout: 10_000 };

const known: AuthorizationFacts = {
  scopes: ['*'],
  scopedProjects: [],
  projectId: '1',
  membershipLevel: 8,
  productionKeyRules: false,
  dashboard: null,
  me: { id: 1, uuid: 'u-1' },
};

describe('answer(): yes, no with the reason, or not known yet', () => {
  it('answers yes only when every fact the question needs is known', () => {
    expect(answer('createDashboard', known)).toEqual({ kind: 'yes' });
    expect(answer('createDashboard', { ...known, scopes: undefined })).toEqual({ kind: 'checking', reason: reasons.checking });
    expect(reasons.checking).toBe('Checking access…');
  });

  it('answers no with the reason when the scope is missing', () => {
    expect(answer('createDashboard', { ...known, scopes: ['dashboard:read'] })).toEqual({
      kind: 'no',
      reason: 'This API key cannot create dashboards: it lacks the dashboard:write scope.',
    });
  });

  it('waits for the role on admin-only questions, not on the others', () => {
    expect(answer('createProject', { ...known, membershipLevel: undefined }).kind).toBe('checking');
    expect(answer('createDashboard', { ...known, membershipLevel: undefined }).kind).toBe('yes');
    expect(answer('createProject', { ...known, membershipLevel: 1 })).toEqual({
      kind: 'no',
      reason: 'Only organization admins can create projects. You are a member of this organization.',
    });
  });

  it('waits for the backend on the session-only questions', () => {
    expect(answer('moveTile', { ...known, productionKeyRules: undefined }).kind).toBe('checking');
    expect(answer('moveTile', { ...known, productionKeyRules: true }).kind).toBe('no');
  });

  it('waits for who the person is before saying a member may restrict a dashboard', () => {
    const dashboard = { effective_privilege_level: 37, created_by: { id: 1, uuid: 'u-1' } } as AuthorizationFacts['dashboard'];
    const member = { ...known, membershipLevel: 1, dashboard };
    expect(answer('restrictDashboard', { ...member, me: undefined }).kind).toBe('checking');
    expect(answer('restrictDashboard', member).kind).toBe('yes');
    expect(answer('restrictDashboard', { ...member, me: { id: 2, uuid: 'u-2' } })).toEqual({ kind: 'no', reason: reasons.restrictionRights });
  });

  it('a refusal already known is said even while another fact still loads', () => {
    expect(answer('createProject', { ...known, scopes: undefined, membershipLevel: 1 }).kind).toBe('no');
  });

  it('what cannot be learnt (no @current on this backend) leaves it to the API: yes', () => {
    expect(answer('createDashboard', { ...known, scopes: null, membershipLevel: null, me: null })).toEqual({ kind: 'yes' });
  });
});

describe('the controls draw the three answers', () => {
  it('with nothing kept, draws the page once the key’s scopes come: New dashboard has its answer at its first draw', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/personal_api_keys/@current/', async () => {
        await held;
        return HttpResponse.json({ ...currentKey, scopes: ['dashboard:read', 'project:read', 'organization:read'] });
      }),
    );
    renderApp(`/projects/${APP}/dashboards`, { key: 'phx_demo_readonly' });
    // The connected routes' loader waits for the key's access: the shell stands with the page's loading state.
    expect(await screen.findByText('Loading dashboards…', undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New dashboard' })).not.toBeInTheDocument();
    release();
    const create = await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('This API key cannot create dashboards: it lacks the dashboard:write scope.');
  });

  it('draws the kept answer at once on the next load, and follows the background check when access changed', async () => {
    // A first load learns the read-only key's access and keeps it with the connection.
    const { unmount: unmountFirst } = renderApp(`/projects/${APP}/dashboards`, { key: 'phx_demo_readonly' });
    await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    await accessKnown();
    expect(JSON.parse(sessionStorage.getItem(ACCESS_STORAGE_KEY) ?? '{}')).toMatchObject({ key: { scopes: expect.any(Array) } });
    expect(sessionStorage.getItem(ACCESS_STORAGE_KEY)).not.toContain('phx_');
    unmountFirst();

    // The next load (a reload): the key's check is slow and, meanwhile, the key was given dashboard:write.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/personal_api_keys/@current/', async () => {
        await held;
        await delay(1);
        return HttpResponse.json({ ...currentKey, scopes: ['*'] });
      }),
    );
    const { unmount: unmountSecond } = renderApp(`/projects/${APP}/dashboards`, { key: 'phx_demo_readonly' });
    const create = await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    // Known before the check answers: the kept answer, never "Checking access…", never enabled.
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('This API key cannot create dashboards: it lacks the dashboard:write scope.');
    release();
    await waitFor(() => expect(create).toBeEnabled());
    unmountSecond();
  });

  it('forgets the kept access when the key changes', async () => {
    const { runtime } = renderApp(`/projects/${APP}/dashboards`, { key: 'phx_demo_readonly' });
    await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    await accessKnown();
    expect(sessionStorage.getItem(ACCESS_STORAGE_KEY)).not.toBeNull();
    // The key changes in this console (as `Switch to …` or Connect change it).
    act(() => void saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: false }));
    // Another key: nothing of the read-only key's access is read.
    const create = await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    expect(create).not.toHaveAccessibleDescription(/lacks the dashboard:write scope/);
    await waitFor(() => expect(create).toBeEnabled());
  });
});
