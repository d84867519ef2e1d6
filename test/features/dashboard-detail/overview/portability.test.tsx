/**
 * Overview's portability (CONSOLE.md Dashboard detail): `Export as template`, `Copy to project`,
 * `Move <tile title>`; and `Import from JSON` in New dashboard. Against the bundled mock (msw),
 * each checked through the API.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardToTemplate } from '../../../../src/api/resources/dashboards/dashboard-template.ts';
import type { Dashboard } from '../../../../src/contract/schemas.ts';
import { seedIds } from '../../../../src/mock/store/seed.ts';
import posthogTemplate from '../../../fixtures/dashboard-template-posthog.json';
import { apiDashboardPath, dashboardPath, dashboards, preloadDashboardDetail, sentRequests } from '../dashboard-detail-helpers.ts';
import { accessKnown, apiGet, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

const LOAD = { timeout: 10_000 };
const P = seedIds.projects;
const importPath = `/api/projects/${P.app}/dashboards/create_from_template_json/`;

beforeAll(async () => {
  await preloadDashboardDetail();
  await Promise.all([
    import('../../../../src/features/dashboard-detail/overview/copy-to-project-dialog.tsx'),
    import('../../../../src/features/dashboard-detail/overview/move-tile-dialog.tsx'),
    import('../../../../src/features/dashboards/dashboards-page.tsx'),
    import('../../../../src/features/dashboards/new-dashboard-dialog.tsx'),
  ]);
}, 60_000);
afterEach(() => vi.restoreAllMocks());

/** Catches what the page hands the browser to download. */
function catchDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let last: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob;
    return 'blob:template';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ name: this.download, blob: last });
  });
  return files;
}

async function openOverview(id: number, key?: string) {
  const view = renderApp(dashboardPath(id), key ? { key } : {});
  await screen.findByRole('textbox', { name: 'Name' }, LOAD);
  return view;
}

describe('Export as template', { timeout: 30_000 }, () => {
  it('downloads <name>.json: the template object itself, equal to the dashboard', async () => {
    const files = catchDownloads();
    const { user } = await openOverview(dashboards.releaseHealth);
    await user.click(screen.getByRole('button', { name: 'Export as template' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('Release health.json');
    const text = await files[0]!.blob.text();
    expect(text).not.toContain('phx_');
    const dashboard = await apiGet<Dashboard>(apiDashboardPath(dashboards.releaseHealth));
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(dashboardToTemplate(dashboard))));
    expect(JSON.parse(text)).toMatchObject({ template_name: 'Release health', tiles: expect.any(Array) });
  });

  it('is disabled, saying why, for a dashboard without tiles', async () => {
    await openOverview(dashboards.untitled);
    const button = screen.getByRole('button', { name: 'Export as template' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/at least one tile/);
  });
});

describe('Import from JSON in New dashboard', { timeout: 40_000 }, () => {
  async function openImport() {
    const view = renderApp(`/projects/${P.app}/dashboards`);
    const create = await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    await accessKnown();
    await view.user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'New dashboard' }, LOAD);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Import from JSON' }));
    return { ...view, dialog };
  }

  it('lists every problem with its JSON path and sends nothing', async () => {
    const { user, dialog, runtime } = await openImport();
    const text = within(dialog).getByRole('textbox', { name: 'Template JSON' });
    const broken = {
      ...posthogTemplate,
      dashboard_description: undefined,
      tiles: posthogTemplate.tiles.map((tile, i) => (i === 2 ? { ...tile, layouts: { sm: { x: 0, y: 5, w: 'wide', h: 2 } } } : tile)),
    };
    fireEvent.change(text, { target: { value: JSON.stringify(broken) } });
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(dialog).findByText('tiles[2].layouts.sm.w: expected a number')).toBeInTheDocument();
    expect(within(dialog).getByText('dashboard_description: required')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/tiles\[2\]\.layouts\.sm\.w: expected a number/);
    expect(text).toHaveFocus();
    expect(sentRequests(runtime, 'POST', importPath)).toHaveLength(0);

    fireEvent.change(text, { target: { value: '{"template_name": ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(dialog).findByText(/This is not valid JSON/)).toBeInTheDocument();
    expect(sentRequests(runtime, 'POST', importPath)).toHaveLength(0);
  });

  it('imports a PostHog template from a file (which fills the text), with the form’s name, and opens it', async () => {
    const { user, dialog, location, runtime } = await openImport();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shop checkout');
    const file = new File([JSON.stringify(posthogTemplate, null, 2)], 'checkout.json', { type: 'application/json' });
    await user.upload(within(dialog).getByLabelText('Template file'), file);
    const text = within(dialog).getByRole('textbox', { name: 'Template JSON' });
    await waitFor(() => expect(text).toHaveValue(JSON.stringify(posthogTemplate, null, 2)));
    expect(text).toHaveAccessibleDescription(/From checkout\.json/);
    await user.click(within(dialog).getByRole('radio', { name: 'Only invited collaborators' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop checkout' }, LOAD)).toBeInTheDocument();
    const id = Number(location().pathname.split('/').pop());
    const created = await apiGet<Dashboard>(apiDashboardPath(id));
    expect(created).toMatchObject({ name: 'Shop checkout', creation_mode: 'template', tags: ['commerce'], restriction_level: 37 });
    expect(created.tiles.map((tile) => tile.insight?.name ?? tile.text?.body)).toEqual([
      'Daily checkouts started',
      'Orders by payment method',
      posthogTemplate.tiles[2]!.body,
    ]);
    const [sent] = sentRequests(runtime, 'POST', importPath);
    expect(sent?.requestBody).toMatchObject({ template: { template_name: 'Shop checkout', variables: posthogTemplate.variables } });
  });

  it('shows the API’s 400 the same way: a path and the validator’s first line', async () => {
    server.use(
      http.post('*/api/projects/:projectId/dashboards/create_from_template_json/', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'invalid_input', detail: "'size' is a required property\n\nFailed validating 'required'", attr: null },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openImport();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template JSON' }), { target: { value: JSON.stringify(posthogTemplate) } });
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(dialog).findByText("template: 'size' is a required property")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Failed validating/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New dashboard' })).toBeInTheDocument();
  });

  it('with production key rules on, says up front that the import needs PostHog’s web app', async () => {
    const view = renderApp(`/projects/${P.app}/dashboards`);
    view.mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: true });
    const create = await screen.findByRole('button', { name: 'New dashboard' }, LOAD);
    // Until the key's access is known the button says `Checking access…` and a click does nothing.
    await accessKnown();
    await view.user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'New dashboard' }, LOAD);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Import from JSON' }));
    // Said as soon as the option is chosen…
    expect(await within(dialog).findByRole('note')).toHaveTextContent(/needs PostHog's web app/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template JSON' }), { target: { value: JSON.stringify(posthogTemplate) } });
    await view.user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    // …and again under Start from when trying, with nothing sent.
    expect(within(dialog).getByRole('radiogroup', { name: 'Start from' })).toHaveAccessibleDescription(/needs PostHog's web app/);
    expect(sentRequests(view.runtime, 'POST', importPath)).toHaveLength(0);
  });
});

describe('Copy to project', { timeout: 40_000 }, () => {
  it('copies into another project in one step; Open copy goes there', async () => {
    const { user, location } = await openOverview(dashboards.productOverview);
    const opener = screen.getByRole('button', { name: 'Copy to project' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Copy to project' }, LOAD);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Copy of Product overview');
    const combobox = within(dialog).getByRole('combobox', { name: 'Destination project' });
    await user.type(combobox, 'Marketing');
    await user.click(await within(dialog).findByRole('option', { name: 'Marketing Site' }, LOAD));
    expect(combobox).toHaveValue('Marketing Site');
    await user.click(within(dialog).getByRole('button', { name: 'Copy dashboard' }));

    const open = await screen.findByRole('button', { name: 'Open copy' }, LOAD);
    expect(screen.queryByRole('dialog', { name: 'Copy to project' })).not.toBeInTheDocument();
    await user.click(open);
    await waitFor(() => expect(location().pathname).toMatch(new RegExp(`^/projects/${P.marketing}/dashboards/\\d+$`)));
    const id = Number(location().pathname.split('/').pop());
    const [copy, source] = await Promise.all([
      apiGet<Dashboard>(`/api/projects/${P.marketing}/dashboards/${id}/`),
      apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview)),
    ]);
    expect(copy.name).toBe('Copy of Product overview');
    expect(copy.tiles.map((t) => [t.insight?.name, t.color, t.layouts])).toEqual(source.tiles.map((t) => [t.insight?.name, t.color, t.layouts]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy of Product overview' }, LOAD)).toBeInTheDocument();
  });

  it('shows the API’s refusal in words and keeps the dialog open; Escape closes it and focus returns', async () => {
    server.use(
      http.post('*/api/projects/:projectId/dashboards/create_from_template_json/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: "You don't have access to the project.", attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openOverview(dashboards.productOverview);
    const opener = screen.getByRole('button', { name: 'Copy to project' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Copy to project' }, LOAD);
    await user.type(within(dialog).getByRole('combobox', { name: 'Destination project' }), 'Mobile');
    await user.click(await within(dialog).findByRole('option', { name: /^Mobile/ }, LOAD));
    await user.click(within(dialog).getByRole('button', { name: 'Copy dashboard' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Could not copy the dashboard: You don't have access to the project.");
    await user.keyboard('{Escape}');
    // The dialog asks before dropping the chosen destination.
    const discard = await screen.findByRole('button', { name: 'Discard' });
    await user.click(discard);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy to project' })).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('says up front when the key is limited to other projects than the destination', async () => {
    server.use(
      http.get('*/api/personal_api_keys/@current/', () =>
        HttpResponse.json({
          id: '0190aaaa-3333-7000-8000-000000000002',
          label: 'Console (app only)',
          value: null,
          mask_value: 'phx_...only',
          created_at: '2024-05-01T10:00:00.123456Z',
          last_used_at: null,
          user_id: 2,
          scopes: ['*'],
          scoped_teams: [P.app],
          scoped_organizations: [],
          last_rolled_at: null,
        }),
      ),
    );
    const { user, runtime } = await openOverview(dashboards.productOverview);
    await user.click(screen.getByRole('button', { name: 'Copy to project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to project' }, LOAD);
    const combobox = within(dialog).getByRole('combobox', { name: 'Destination project' });
    await user.type(combobox, 'Marketing');
    await user.click(await within(dialog).findByRole('option', { name: 'Marketing Site' }, LOAD));
    expect(combobox).toHaveAccessibleDescription(/limited to other projects/);
    expect(within(dialog).getByRole('button', { name: 'Copy dashboard' })).toBeDisabled();
    expect(sentRequests(runtime, 'POST', `/api/projects/${P.marketing}/dashboards/create_from_template_json/`)).toHaveLength(0);
  });

  it('is disabled up front for a key that cannot create dashboards', async () => {
    await openOverview(dashboards.productOverview, 'phx_demo_readonly');
    const button = screen.getByRole('button', { name: 'Copy to project' });
    await accessKnown();
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(/lacks the dashboard:write scope/);
    // Exporting needs only reads.
    expect(screen.getByRole('button', { name: 'Export as template' })).toBeEnabled();
  });
});

describe('Move tile', { timeout: 40_000 }, () => {
  async function pickDestination(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, typed: string, option: string) {
    await user.type(within(dialog).getByRole('combobox', { name: 'Destination dashboard' }), typed);
    await user.click(await within(dialog).findByRole('option', { name: option }, LOAD));
  }

  it('moves the tile: it leaves this list at once, the toast links to the destination', async () => {
    const { user, location } = await openOverview(dashboards.productOverview);
    const tiles = screen.getByRole('list', { name: 'Tiles' });
    const before = within(tiles).getAllByRole('listitem').length;
    await user.click(within(tiles).getByRole('button', { name: 'Move Retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move tile' }, LOAD);
    await pickDestination(user, dialog, 'aha', 'aha moments');
    await user.click(within(dialog).getByRole('button', { name: 'Move tile' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move tile' })).not.toBeInTheDocument());
    expect(within(tiles).queryByRole('button', { name: 'Move Retention' })).not.toBeInTheDocument();
    expect(within(tiles).getAllByRole('listitem')).toHaveLength(before - 1);
    // No refetch was needed for that: the answer replaced the cached dashboard.
    const destination = await apiGet<Dashboard>(apiDashboardPath(dashboards.ahaMoments));
    expect(destination.tiles.some((t) => t.insight?.name === 'Retention')).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Open aha moments' }));
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.ahaMoments)));
    expect(await screen.findByRole('button', { name: 'Move Retention' }, LOAD)).toBeInTheDocument();
  });

  it('a refusal keeps the tile and the dialog says why', async () => {
    server.use(
      http.patch('*/api/projects/:projectId/dashboards/:dashboardId/move_tile/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: 'This action does not support personal API key access', attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openOverview(dashboards.productOverview);
    const tiles = screen.getByRole('list', { name: 'Tiles' });
    const opener = within(tiles).getByRole('button', { name: 'Move Retention' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Move tile' }, LOAD);
    await pickDestination(user, dialog, 'weekly business', 'Weekly business review');
    await user.click(within(dialog).getByRole('button', { name: 'Move tile' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Could not move the tile: .*needs PostHog's web app/);
    expect(opener).toBeInTheDocument();
    const source = await apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview));
    expect(source.tiles.some((t) => t.insight?.name === 'Retention')).toBe(true);
  });

  it('searches the server as one types, and Escape closes the dialog with focus back on the tile’s button', async () => {
    const { user, runtime } = await openOverview(dashboards.productOverview);
    const opener = screen.getByRole('button', { name: 'Move Retention' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Move tile' }, LOAD);
    await user.type(within(dialog).getByRole('combobox', { name: 'Destination dashboard' }), 'café');
    expect(await within(dialog).findByRole('option', { name: 'Café partners (France)' }, LOAD)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        sentRequests(runtime, 'GET', `/api/projects/${P.app}/dashboards/`).some((entry) => new URL(entry.path, 'http://x').searchParams.get('search') === 'café'),
      ).toBe(true),
    );
    // The source is never offered.
    await user.clear(within(dialog).getByRole('combobox', { name: 'Destination dashboard' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Destination dashboard' }), 'product overview');
    await waitFor(() => expect(within(dialog).queryByRole('option', { name: 'Product overview' })).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    const discard = screen.queryByRole('button', { name: 'Discard' });
    if (discard) await user.click(discard);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move tile' })).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('with production key rules on, the Move buttons say up front it needs PostHog’s web app', async () => {
    const view = renderApp(dashboardPath(dashboards.productOverview));
    view.mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [], production_key_rules: true });
    const move = await screen.findByRole('button', { name: 'Move Retention' }, LOAD);
    await accessKnown();
    await waitFor(() => expect(move).toBeDisabled());
    expect(move).toHaveAccessibleDescription(/needs PostHog's web app/);
  });

  it('two /__mock/info probes without an answer decide nothing: retried, the mock is known, Mock controls show and Move is allowed', async () => {
    // A network error, then a 502: neither is an answer (production answers 404).
    server.use(
      http.get('*/__mock/info', () => HttpResponse.error(), { once: true }),
      http.get('*/__mock/info', () => new HttpResponse('Bad gateway', { status: 502 }), { once: true }),
    );
    const { runtime } = renderApp(dashboardPath(dashboards.productOverview));
    const move = await screen.findByRole('button', { name: 'Move Retention' }, LOAD);
    expect(await screen.findByRole('button', { name: 'Mock controls' })).toBeInTheDocument();
    expect(screen.getByText('Bundled mock', { selector: '.backend-badge' })).toBeInTheDocument();
    await accessKnown();
    expect(move).toBeEnabled();
    expect(move).not.toHaveAccessibleDescription(/needs PostHog's web app/);
    // The third probe answered; nothing from the two failed ones was kept as "production".
    expect(runtime.requestLog.get().filter((entry) => entry.path === '/__mock/info').length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/"productionKeyRules":true/);
  });

  it('titles a text tile by its first line', async () => {
    await openOverview(dashboards.releaseHealth);
    const dashboard = await apiGet<Dashboard>(apiDashboardPath(dashboards.releaseHealth));
    const body = dashboard.tiles.find((t) => t.text?.body)!.text!.body!;
    const firstLine = body.trim().split('\n')[0]!.trim();
    expect(screen.getByRole('button', { name: `Move ${firstLine}` })).toBeInTheDocument();
  });
});

