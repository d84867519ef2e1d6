import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { details } from '../../../../src/contract/errors.ts';
import type { Dashboard } from '../../../../src/contract/schemas.ts';
import {
  apiDashboardPath,
  apiSend,
  dashboardPath,
  dashboards,
  preloadDashboardDetail,
  sentRequests,
} from '../dashboard-detail-helpers.ts';
import { accessKnown, apiGet, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

/** The page's heading, once the key's access is known (the form is disabled while it is checked). */
async function heading(name: string) {
  const found = await screen.findByRole('heading', { level: 1, name });
  await accessKnown();
  return found;
}

// Generous waits: the page's lazy chunks and the mock share two cores with other test runs.
beforeAll(preloadDashboardDetail, 30_000);

describe('dashboard detail: heading, tabs and not found', () => {
  it('selects the tab of a deep link and moves between tabs with the keyboard', async () => {
    const { user, location } = renderApp(dashboardPath(dashboards.productOverview, 'sharing'));
    expect(await heading('Product overview')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Collaborators', 'Sharing', 'Access', 'History']);
    expect(screen.getByRole('tab', { name: 'Sharing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('switch', { name: 'Share publicly' })).toBeInTheDocument();

    screen.getByRole('tab', { name: 'Sharing' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.productOverview, 'collaborators')));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Collaborators' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: 'Collaborators' })).toHaveFocus();
    expect(await screen.findByRole('combobox', { name: 'User' })).toBeInTheDocument();

    await user.keyboard('{Home}');
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.productOverview)));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Product overview');

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.productOverview, 'history')));

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.productOverview)));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('calls a dashboard without a name "Untitled dashboard"', async () => {
    renderApp(dashboardPath(dashboards.untitled));
    expect(await heading('Untitled dashboard')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByText('This dashboard has no tiles yet.')).toBeInTheDocument();
  });

  it('shows a deleted dashboard as not found, with a way back to the list', async () => {
    const { user, location } = renderApp(dashboardPath(dashboards.legacyKpis));
    expect(await heading('Dashboard not found')).toBeInTheDocument();
    // A deleted dashboard is an unknown id (`Not found.`, API.md §2): said once, by the heading.
    expect(screen.getByRole('main').textContent?.match(/not found/gi)).toHaveLength(1);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboards' }));
    await waitFor(() => expect(location().pathname).toBe('/projects/1/dashboards'));
  });

  it('shows a failed load with the API detail and Try again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/projects/:projectId/dashboards/:dashboardId/', () =>
        fail
          ? HttpResponse.json({ type: 'server_error', code: 'error', detail: 'The database is asleep.', attr: null }, { status: 500 })
          : undefined,
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.productOverview));
    expect(await screen.findByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Product overview')).toBeInTheDocument();
  });
});

describe('dashboard detail: overview', () => {
  it('shows the read-only facts and the tiles', async () => {
    const dashboard = await apiGet<Dashboard>(apiDashboardPath(dashboards.boardMetrics));
    renderApp(dashboardPath(dashboards.boardMetrics));
    await heading('Board metrics');
    const facts = screen.getByRole('region', { name: 'About this dashboard' });
    expect(within(facts).getByText('Olivia Chen')).toBeInTheDocument();
    expect(within(facts).getByText('(olivia.chen@hedgebox.net)')).toBeInTheDocument();
    expect(within(facts).getByText('Blank')).toBeInTheDocument();
    expect(within(facts).getByText(`${dashboard.tiles.length} tiles`)).toBeInTheDocument();
    const tiles = within(screen.getByRole('region', { name: 'Tiles' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(4);
    expect(tiles[0]).toHaveTextContent('Monthly recurring revenue');
    expect(tiles[3]).toHaveTextContent('Shared with the board each quarter. Please do not forward.');
  });

  it('sends only the changed fields, then shows the saved values', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const save = screen.getByRole('button', { name: 'Save changes' });
    // Not `disabled`: it stays focusable, so pressing it never drops focus to the page.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('No changes to save yet.');

    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'The numbers we look at every morning.');
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await user.type(tags, ', Weekly, product');
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);

    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(save).toHaveFocus();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview));
    expect(patch?.requestBody).toEqual({
      description: 'The numbers we look at every morning.',
      tags: ['product', 'exec', 'weekly'],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('product, exec, weekly'));
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true');
    const stored = await apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview));
    expect(stored).toMatchObject({ name: 'Product overview', description: 'The numbers we look at every morning.', pinned: true });
  });

  it('sends a cleared name as null and a changed restriction as a number', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.activationFunnel));
    await heading('Activation funnel');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can edit' }), 'Only invited collaborators');
    await user.click(screen.getByRole('checkbox', { name: 'Pinned' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await heading('Untitled dashboard')).toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.activationFunnel));
    expect(patch?.requestBody).toEqual({ name: null, pinned: true, restriction_level: 37 });
    expect(await screen.findByText('Restricted')).toBeInTheDocument();
  });

  it('checks the fields with the API’s rules before sending, and keeps what was typed', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    fireEvent.change(name, { target: { value: 'x'.repeat(401) } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription(/Ensure this field has no more than 400 characters\./);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('x'.repeat(401));
    expect(sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview))).toHaveLength(0);
  });

  it.each(['tags__2'])('shows an API error under the field its attr (%s, API.md’s separator) names, and focuses it', async (attr) => {
    server.use(
      http.patch('*/api/projects/:projectId/dashboards/:dashboardId/', () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'max_length', detail: 'Ensure this field has no more than 32 characters.', attr },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await user.type(tags, ', a-very-long-tag');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Ensure this field has no more than 32 characters.')).toBeInTheDocument();
    expect(tags).toHaveAccessibleDescription(/Ensure this field has no more than 32 characters\./);
    expect(tags).toHaveValue('product, exec, a-very-long-tag');
    expect(tags).toHaveFocus();
    expect(screen.queryByText(/Could not save/)).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, by tab, link or closing the browser tab', async () => {
    const { user, location } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, ' (draft)');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Collaborators' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().pathname).toBe(dashboardPath(dashboards.productOverview));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Product overview (draft)');

    await user.click(screen.getByRole('link', { name: 'All dashboards' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave page' }));
    await waitFor(() => expect(location().pathname).toBe('/projects/1/dashboards'));
    // The router's location changes before React renders the list in its place (a transition).
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();

    const afterLeaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(afterLeaving);
    expect(afterLeaving.defaultPrevented).toBe(false);
  });

  it('does not ask once the changes are saved or reverted', async () => {
    const { user, location } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' Updated.');
    await user.click(screen.getByRole('button', { name: 'Revert changes' }));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('How Hedgebox is doing, at a glance.');
    await user.click(screen.getByRole('tab', { name: 'Sharing' }));
    await waitFor(() => expect(location().pathname).toBe(dashboardPath(dashboards.productOverview, 'sharing')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes after confirming, lands on the list, and Undo restores the dashboard', async () => {
    const { user, location, runtime } = renderApp(dashboardPath(dashboards.activationFunnel));
    await heading('Activation funnel');
    await user.click(screen.getByRole('button', { name: 'Delete dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Activation funnel”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location().pathname).toBe('/projects/1/dashboards'));
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(notifications).findByText('Deleted “Activation funnel”.')).toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.activationFunnel));
    expect(patch?.requestBody).toEqual({ deleted: true });
    expect((await apiSend('GET', apiDashboardPath(dashboards.activationFunnel), undefined)).status).toBe(404);
    // The deleted dashboard is not fetched again on the way out.
    expect(sentRequests(runtime, 'GET', apiDashboardPath(dashboards.activationFunnel)).filter((r) => r.status === 404)).toHaveLength(0);

    await user.click(within(notifications).getByRole('button', { name: 'Undo' }));
    expect(await within(notifications).findByText('Restored “Activation funnel”.')).toBeInTheDocument();
    const restored = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.activationFunnel))[1];
    expect(restored?.requestBody).toEqual({ deleted: false });
    const stored = await apiGet<Dashboard>(apiDashboardPath(dashboards.activationFunnel));
    expect(stored.deleted).toBe(false);
  });

  it('shows a refused delete inside the dialog and stays on the page', async () => {
    server.use(
      http.patch('*/api/projects/:projectId/dashboards/:dashboardId/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: details.noEditPermission, attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user, location } = renderApp(dashboardPath(dashboards.activationFunnel));
    await heading('Activation funnel');
    await user.click(screen.getByRole('button', { name: 'Delete dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Activation funnel”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(details.noEditPermission)).toBeInTheDocument();
    expect(location().pathname).toBe(dashboardPath(dashboards.activationFunnel));
  });
});

describe('dashboard detail: who may edit', () => {
  it('shows a restricted dashboard read-only, with the reason, to a member who was not invited', async () => {
    renderApp(dashboardPath(dashboards.boardMetrics), { key: 'phx_demo_member' });
    await heading('Board metrics');
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Only invited collaborators can edit this dashboard. You can view it, but not change it.',
    );
    for (const field of ['Name', 'Description', 'Tags']) expect(screen.getByRole('textbox', { name: field })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Pinned' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Who can edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    const remove = screen.getByRole('button', { name: 'Delete dashboard' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/Only invited collaborators can edit this dashboard\./);
  });

  it('lets an invited member edit, but says only the creator and admins may change who can edit', async () => {
    renderApp(dashboardPath(dashboards.pricingExperiment), { key: 'phx_demo_member' });
    await heading('Q3 pricing experiment');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    const whoCanEdit = screen.getByRole('combobox', { name: 'Who can edit' });
    await accessKnown();
    await waitFor(() => expect(whoCanEdit).toBeDisabled());
    expect(whoCanEdit).toHaveAccessibleDescription("Only the dashboard's creator and organization admins can change who can edit it.");
  });

  it('shows the API’s restriction-rights refusal at Who can edit when it could not be foreseen', async () => {
    // Without user:read the console cannot tell who the key owner is, so the API decides.
    server.use(
      http.get('*/api/users/@me/', () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: "API key missing required scope 'user:read'", attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user, runtime } = renderApp(dashboardPath(dashboards.pricingExperiment), { key: 'phx_demo_member' });
    await heading('Q3 pricing experiment');
    const whoCanEdit = screen.getByRole('combobox', { name: 'Who can edit' });
    expect(whoCanEdit).toBeEnabled();
    await user.selectOptions(whoCanEdit, 'Everyone in the project');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(details.restrictionRights)).toBeInTheDocument();
    expect(whoCanEdit).toHaveAccessibleDescription(new RegExp(details.restrictionRights.replace(/[.']/g, '.')));
    expect(whoCanEdit).toHaveValue('21');
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.pricingExperiment));
    expect(patch?.requestBody).toEqual({ restriction_level: 21 });
    expect(patch?.status).toBe(403);
  });

  it('tells a read-only key why nothing can be changed', async () => {
    renderApp(dashboardPath(dashboards.productOverview), { key: 'phx_demo_readonly' });
    await heading('Product overview');
    const reason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    expect(await screen.findByRole('note')).toHaveTextContent(reason);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete dashboard' })).toHaveAccessibleDescription(reason);
  });

  it('shows the API’s 403 above the form when the key’s scopes are unknown', async () => {
    // A backend that cannot say which key this is (no personal_api_keys/@current): the API decides.
    server.use(http.get('*/api/personal_api_keys/@current/', () => new HttpResponse(null, { status: 404 })));
    const { user } = renderApp(dashboardPath(dashboards.productOverview), { key: 'phx_demo_readonly' });
    await heading('Product overview');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("API key missing required scope 'dashboard:write'")).toBeInTheDocument();
    expect(screen.getByText('Could not save:')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('How Hedgebox is doing, at a glance. More.');
  });
});

describe('dashboard detail: no lost update', () => {
  /** Another person's change, saved through the API while this page is open (Tomás, a member). */
  const theyPatch = async (body: object, id = dashboards.productOverview) =>
    expect((await apiSend('PATCH', apiDashboardPath(id), body, 'phx_demo_member')).status).toBe(200);
  const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
  const conflictDialog = () => screen.findByRole('alertdialog', { name: 'Changed since you opened it' });

  it('asks before overwriting a name someone else changed; Keep mine saves mine and focus returns to Save changes', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, ' (mine)');
    await theyPatch({ name: 'Product overview (theirs)', description: 'Their description.' });

    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.click(save);
    const dialog = await conflictDialog();
    const rows = within(dialog).getAllByRole('row');
    // A header row, then one row per field someone else changed: their description was not edited here.
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Name');
    expect(cellsOf(rows[1]!)).toEqual(['Product overview (theirs)', 'Product overview (mine)']);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview))).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview));
    expect(patch?.requestBody).toEqual({ name: 'Product overview (mine)' });
    const stored = await apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview));
    expect(stored).toMatchObject({ name: 'Product overview (mine)', description: 'Their description.' });
    // The field nobody edited here shows their change.
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Their description.');
  });

  it('Take theirs keeps their values, saves the rest, and the form then shows theirs; values are in words', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), ', daily');
    await user.click(screen.getByRole('checkbox', { name: 'Pinned' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can edit' }), 'Only invited collaborators');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Mine.');
    // Another admin (only the creator and admins may change who can edit), through the API.
    const body = { name: 'Renamed elsewhere', tags: ['kpi'], pinned: false, restriction_level: 37 };
    expect((await apiSend('PATCH', apiDashboardPath(dashboards.productOverview), body)).status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await conflictDialog();
    const rows = within(dialog).getAllByRole('row').slice(1);
    // Pinned and Who can edit: they chose what I chose, so saving mine overwrites nothing of theirs.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Tags']);
    const [theirs, yours] = within(rows[0]!).getAllByRole('cell');
    expect(within(theirs!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['kpi']);
    expect(within(yours!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['product', 'exec', 'daily']);
    expect(dialog).toHaveTextContent('Take theirs keeps theirs in the form and saves your other changes.');

    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview));
    expect(patch?.requestBody).toEqual({ description: 'Mine.' });
    const stored = await apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview));
    expect(stored).toMatchObject({ name: 'Renamed elsewhere', tags: ['kpi'], pinned: false, restriction_level: 37, description: 'Mine.' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('kpi'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Renamed elsewhere');
    expect(screen.getByRole('checkbox', { name: 'Pinned' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('Cancel and Escape save nothing and keep what was typed', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    await user.click(screen.getByRole('checkbox', { name: 'Pinned' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, ' 2');
    await theyPatch({ name: 'Theirs' });

    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.click(save);
    const dialog = await conflictDialog();
    expect(within(dialog).getAllByRole('row').slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Name']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(name).toHaveValue('Product overview 2');

    await user.keyboard('{Enter}');
    expect(await conflictDialog()).toHaveTextContent('Name');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(save).toHaveFocus();
    expect(name).toHaveValue('Product overview 2');
    expect(screen.getByRole('checkbox', { name: 'Pinned' })).not.toBeChecked();
    expect(sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview))).toHaveLength(0);
    expect((await apiGet<Dashboard>(apiDashboardPath(dashboards.productOverview))).name).toBe('Theirs');
  });

  it('saves without asking when nobody else touched the fields being saved, and shows their other changes', async () => {
    const { user, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' Mine.');
    await theyPatch({ tags: ['theirs'], name: 'Their name' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview));
    expect(patch?.requestBody).toEqual({ description: 'How Hedgebox is doing, at a glance. Mine.' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('theirs'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Their name');
  });

  it('measures from when editing began: a change that arrived before asks nothing, one that arrived after still asks', async () => {
    const { user, queryClient, runtime } = renderApp(dashboardPath(dashboards.productOverview));
    await heading('Product overview');
    const name = screen.getByRole('textbox', { name: 'Name' });
    const description = screen.getByRole('textbox', { name: 'Description' });

    // Their rename reaches this page (a refetch) before the name is touched here: editing starts from theirs.
    await theyPatch({ name: 'Renamed first' });
    await queryClient.invalidateQueries();
    await waitFor(() => expect(name).toHaveValue('Renamed first'));
    await user.type(name, ' and mine');

    // Their new description reaches the page only after it was edited here: the field keeps what was typed.
    await user.type(description, ' Mine.');
    await theyPatch({ description: 'Theirs.' });
    await queryClient.invalidateQueries();
    await waitFor(() => expect(sentRequests(runtime, 'GET', apiDashboardPath(dashboards.productOverview)).length).toBeGreaterThan(1));
    expect(description).toHaveValue('How Hedgebox is doing, at a glance. Mine.');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await conflictDialog();
    expect(within(dialog).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Description']);
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    const [patch] = sentRequests(runtime, 'PATCH', apiDashboardPath(dashboards.productOverview));
    expect(patch?.requestBody).toEqual({ name: 'Renamed first and mine', description: 'How Hedgebox is doing, at a glance. Mine.' });
  });
});
