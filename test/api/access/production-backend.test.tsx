/**
 * The console pointed at a backend that answers like production: no `/__mock/info`, the key's
 * scopes from `GET /api/personal_api_keys/@current/`, and the session-only 403 of API.md §1.2.
 * Controls the key cannot use are disabled up front, with the reason in words (CONSOLE.md "Shell").
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedIds } from '../../../src/mock/store/seed.ts';
import currentKey from '../../fixtures/personal-api-key.json';
import sessionOnly from '../../fixtures/error-session-only.json';
import { accessKnown, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const APP = seedIds.projects.app;
const DASHBOARD = seedIds.dashboards.productOverview;
const SLOW = { timeout: 30_000 };
const LOAD = { timeout: 10_000 };

beforeAll(async () => {
  await import('../../../src/features/dashboard-detail/dashboard-detail-page.tsx');
  await import('../../../src/features/dashboard-detail/overview/overview-tab.tsx');
  await import('../../../src/features/dashboard-detail/sharing/sharing-tab.tsx');
  await import('../../../src/features/project-settings/project-settings-page.tsx');
}, 60_000);

/** Production: no mock routes; the key describes itself with `scopes`. */
function productionBackend(scopes: string[] = currentKey.scopes) {
  server.use(
    http.get('*/__mock/info', () =>
      HttpResponse.json({ type: 'invalid_request', code: 'not_found', detail: 'Endpoint not found.', attr: null }, { status: 404 }),
    ),
    http.get('*/api/personal_api_keys/@current/', () => HttpResponse.json({ ...currentKey, scopes })),
  );
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    // eslint-disable-next-line testing-library/no-node-access -- aria-describedby names its sentences by id.
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('against a production-shaped backend', SLOW, () => {
  it('learns a read-only key from personal_api_keys/@current and disables dashboard changes up front', async () => {
    productionBackend();
    // The admin demo key holds `*` in the mock: what counts is what @current says.
    renderApp(`/projects/${APP}/dashboards/${DASHBOARD}`);
    const reason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled(), LOAD);
    // `Checking access…` until @current answers, then the reason.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete dashboard' })).toHaveAccessibleDescription(reason), LOAD);
  });

  it('disables sharing for a key without sharing_configuration:write', async () => {
    productionBackend();
    renderApp(`/projects/${APP}/dashboards/${DASHBOARD}/sharing`);
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' }, LOAD);
    await accessKnown();
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(describedBy(toggle)).toContain('This API key cannot change sharing: it lacks the sharing_configuration:write scope.');
  });

  it('says up front that resetting the project API key needs PostHog’s web app', async () => {
    productionBackend(['*']);
    renderApp(`/projects/${APP}/settings`);
    const danger = await screen.findByRole('region', { name: 'Danger zone' }, LOAD);
    const reset = within(danger).getByRole('button', { name: 'Reset project API key' });
    await accessKnown();
    await waitFor(() => expect(reset).toBeDisabled());
    expect(reset).toHaveAccessibleDescription(/needs PostHog's web app/);
    // A key with every scope may still change settings and delete, as production lets it.
    expect(within(danger).getByRole('button', { name: 'Delete project' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Project name' })).toBeEnabled();
  });

  it('says in words that an action needs PostHog’s web app when production refuses it', async () => {
    // The mock (scopes allow it), answering this one action as production does.
    server.use(http.patch(`*/api/projects/${APP}/reset_token/`, () => HttpResponse.json(sessionOnly, { status: 403 })));
    const { user } = renderApp(`/projects/${APP}/settings`);
    const danger = await screen.findByRole('region', { name: 'Danger zone' }, LOAD);
    await user.click(within(danger).getByRole('button', { name: 'Reset project API key' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset key' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      await within(dialog).findByText(
        /The production service does not let personal API keys reset the project API key: this action needs PostHog's web app/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/This action does not support personal API key access/)).toBeInTheDocument();
  });
});

describe('member-only limits', SLOW, () => {
  it('shows the admin-only settings read-only to a member, with the reason, and keeps member settings editable', async () => {
    renderApp(`/projects/${APP}/settings`, { key: 'phx_demo_member' });
    const name = await screen.findByRole('textbox', { name: 'Project name' }, LOAD);
    await accessKnown();
    await waitFor(() => expect(name).toBeDisabled());
    expect(
      screen.getByText(/Only organization admins can change these project settings\. You are a member of this organization\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Anonymize IP addresses' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Product description' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Record user sessions' })).toBeEnabled();
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(danger).getByRole('button', { name: 'Delete project' })).toHaveAccessibleDescription(
      'Only organization admins can delete projects. You are a member of this organization.',
    );
  });

  it('disables New project for a member, with the reason', async () => {
    renderApp('/projects', { key: 'phx_demo_member' });
    const button = await screen.findByRole('button', { name: 'New project' }, LOAD);
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription('Only organization admins can create projects. You are a member of this organization.'),
    );
    expect(button).toBeDisabled();
  });
});
