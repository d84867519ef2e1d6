import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { Project } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiSend } from '../dashboard-detail/dashboard-detail-helpers.ts';
import { accessKnown, apiGet, renderApp } from '../../render.tsx';
import { mock, server } from '../../setup.ts';

const APP = seedIds.projects.app;
const MOBILE = seedIds.projects.mobile;


// The page is a lazily loaded chunk: compile it once before the first test measures anything.
beforeAll(async () => {
  await import('../../../src/features/project-settings/project-settings-page.tsx');
}, 60_000);

const patches = (runtime: ConsoleRuntime, projectId: number) =>
  runtime.requestLog.get()
    .filter((entry) => entry.method === 'PATCH' && entry.path === `/api/projects/${projectId}/`)
    .map((entry) => entry.requestBody);

async function openSettings(projectId: number = APP, key?: string) {
  const view = renderApp(`/projects/${projectId}/settings`, key ? { key } : {});
  await screen.findByRole('textbox', { name: 'Project name' });
  return view;
}

const saveButton = () => screen.getByRole('button', { name: 'Save changes' });
/** Save changes does nothing now, but stays focusable (aria-disabled), so focus never drops to the page. */
const expectNothingToSave = () => {
  expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  expect(saveButton()).not.toBeDisabled();
};
const region = (name: string) => screen.getByRole('region', { name });

describe('Project settings: reading', () => {
  it('shows a loading state, then the read-only facts and the saved values', async () => {
    const project = await apiGet<Project>(`/api/projects/${APP}/`);
    renderApp(`/projects/${APP}/settings`);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading project settings…'))).toBe(true);

    expect(await screen.findByRole('heading', { level: 1, name: 'Project settings' })).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Project details' });
    expect(details).toHaveTextContent(`Project ID${project.id}`);
    expect(within(details).getByRole('textbox', { name: 'Project API key' })).toHaveValue(project.api_token);
    expect(within(details).getByRole('button', { name: 'Copy project API key' })).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- <time> has no role to query by; its datetime is what is checked.
    const times = details.querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('datetime'))).toEqual([project.created_at, project.updated_at]);
    expect(times[0]).toHaveAttribute('title', project.created_at);

    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Hedgebox App');
    expect(screen.getByRole('textbox', { name: 'Product description' })).toHaveValue(project.product_description);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    expect(screen.getByRole('combobox', { name: 'Week starts on' })).toHaveValue('1');
    expect(within(region('Web')).getByRole('textbox', { name: 'Authorized URL 1' })).toHaveValue('https://app.hedgebox.net');
    expect(screen.getByRole('checkbox', { name: 'Record user sessions' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Sample rate' })).toHaveValue(0.5);
    expect(screen.getByRole('spinbutton', { name: 'Sample rate' })).toHaveDisplayValue('0.50');
    expect(screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' })).toHaveValue(2000);
    expect(screen.getByRole('checkbox', { name: 'Capture exceptions' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Disable autocapture' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Capture console logs' })).toBeChecked();
    expectNothingToSave();
  });

  it('says so when the project does not exist, with a link to Projects and nothing to retry', async () => {
    renderApp('/projects/9999/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to projects' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the API’s error when loading fails, and loads on Try again', async () => {
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: `/api/projects/${APP}/`, status: 500, retry_after: null }] });
    const { user } = renderApp(`/projects/${APP}/settings`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the project' })).toBeInTheDocument();
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Project name' })).toHaveValue('Hedgebox App');
  });
});

describe('Project settings: saving', () => {
  it('renames: the PATCH carries only the name, and the form shows the API’s trimmed name', async () => {
    const { user, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, '  Hedgebox Web  ');
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
    await user.click(saveButton());

    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ name: '  Hedgebox Web  ' }]));
    await waitFor(() => expect(name).toHaveValue('Hedgebox Web'));
    expectNothingToSave();
    expect(mock.store.project(APP)!.name).toBe('Hedgebox Web');
    expect(await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Project settings saved.')).toBeInTheDocument();
  });

  it('shows a blank name under Project name without sending, and a taken name (409) there too', async () => {
    const { user, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.click(saveButton());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(name).toHaveFocus();
    expect(patches(runtime, APP)).toEqual([]);

    await user.type(name, 'marketing site');
    await user.click(saveButton());
    const conflict = 'There is already a project called "marketing site" in this organization. Choose a different name.';
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining(conflict)));
    expect(name).toHaveValue('marketing site');
  });

  it('round-trips the sample rate as the API’s two-decimal string, and checks its rules first', async () => {
    const { user, runtime } = await openSettings();
    const rate = screen.getByRole('spinbutton', { name: 'Sample rate' });
    await user.clear(rate);
    await user.type(rate, '0.555');
    await user.click(saveButton());
    expect(rate).toHaveAccessibleDescription(expect.stringContaining('Ensure that there are no more than 2 decimal places.'));
    expect(patches(runtime, APP)).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '.3');
    await user.click(saveButton());
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ session_recording_sample_rate: '0.30' }]));
    await waitFor(() => expect(rate).toHaveDisplayValue('0.30'));
    expect(mock.store.project(APP)!.session_recording_sample_rate).toBe('0.30');
    expectNothingToSave();
  });

  it('checks the minimum duration’s range under its field', async () => {
    const { user, runtime } = await openSettings();
    const duration = screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' });
    await user.clear(duration);
    await user.type(duration, '40000');
    await user.click(saveButton());
    expect(duration).toHaveAccessibleDescription(expect.stringContaining('Ensure this value is less than or equal to 30000.'));
    await user.clear(duration);
    await user.type(duration, '1500');
    expect(duration).not.toHaveAttribute('aria-invalid');
    await user.click(saveButton());
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ session_recording_minimum_duration_milliseconds: 1500 }]));
  });

  it('changes time zone, week start, URLs and toggles, sending exactly those', async () => {
    const { user, runtime } = await openSettings();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'tokyo');
    await user.keyboard('{Enter}');
    expect(zone).toHaveValue('Asia/Tokyo');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Week starts on' }), 'Sunday');

    const web = region('Web');
    await user.click(within(web).getByRole('button', { name: 'Add URL' }));
    const added = within(web).getByRole('textbox', { name: 'Authorized URL 2' });
    expect(added).toHaveFocus();
    await user.type(added, 'https://hedgebox.example');
    await user.click(within(web).getByRole('button', { name: 'Remove https://app.hedgebox.net' }));
    expect(within(web).getAllByRole('textbox')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Anonymize IP addresses' }));
    await user.click(screen.getByRole('checkbox', { name: 'Disable autocapture' }));
    await user.click(screen.getByRole('checkbox', { name: 'Capture performance' }));
    // Toggled twice: no change, not sent.
    await user.click(screen.getByRole('checkbox', { name: 'Capture web vitals' }));
    await user.click(screen.getByRole('checkbox', { name: 'Capture web vitals' }));

    await user.click(saveButton());
    await waitFor(() =>
      expect(patches(runtime, APP)).toEqual([
        {
          timezone: 'Asia/Tokyo',
          week_start_day: 0,
          app_urls: ['https://hedgebox.example'],
          anonymize_ips: true,
          autocapture_opt_out: true,
          capture_performance_opt_in: false,
        },
      ]),
    );
    await waitFor(() => expectNothingToSave());
    expect(mock.store.project(APP)).toMatchObject({ timezone: 'Asia/Tokyo', week_start_day: 0, app_urls: ['https://hedgebox.example'] });
  });

  it('Discard changes puts back the saved values', async () => {
    const { user } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(name, ' 2');
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    await user.click(discard);
    expect(name).toHaveValue('Hedgebox App');
    // Nothing is left to discard, but focus stays on the button rather than falling to the page.
    expect(discard).toHaveFocus();
    expect(discard).toHaveAttribute('aria-disabled', 'true');
    expectNothingToSave();
  });
});

describe('Project settings: every problem at once', () => {
  it('shows every invalid field after one save, focuses the first, and sends nothing', async () => {
    const { user, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    fireEvent.change(name, { target: { value: '   ' } });
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.tab();
    const web = region('Web');
    await user.click(within(web).getByRole('button', { name: 'Add URL' }));
    fireEvent.change(within(web).getByRole('textbox', { name: 'Authorized URL 2' }), { target: { value: 'not a url' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' }), { target: { value: '50000' } });

    await user.click(saveButton());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(zone).toHaveAccessibleDescription(expect.stringContaining('"Mars/Olympus" is not a valid choice.'));
    expect(within(web).getByRole('textbox', { name: 'Authorized URL 2' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid URL'),
    );
    expect(within(web).getByRole('textbox', { name: 'Authorized URL 1' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' })).toHaveAccessibleDescription(
      expect.stringContaining('Ensure this value is less than or equal to 30000.'),
    );
    expect(name).toHaveFocus();
    expect(patches(runtime, APP)).toEqual([]);

    // Fixing one field clears its message only.
    await user.type(name, 'Hedgebox');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(zone).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the API’s error under the Authorized URL its attr names (app_urls__N, empty rows skipped)', async () => {
    server.use(
      http.patch(`*/api/projects/${APP}/`, () =>
        HttpResponse.json(
          { type: 'validation_error', code: 'max_length', detail: 'Ensure this field has no more than 200 characters.', attr: 'app_urls__1' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSettings();
    const web = region('Web');
    await user.click(within(web).getByRole('button', { name: 'Add URL' }));
    await user.click(within(web).getByRole('button', { name: 'Add URL' }));
    // Row 2 stays empty (not sent): the API's entry 1 is row 3.
    fireEvent.change(within(web).getByRole('textbox', { name: 'Authorized URL 3' }), { target: { value: 'https://b.example' } });
    await user.click(saveButton());
    const third = within(web).getByRole('textbox', { name: 'Authorized URL 3' });
    await waitFor(() => expect(third).toHaveAccessibleDescription(expect.stringContaining('Ensure this field has no more than 200 characters.')));
    expect(third).toHaveFocus();
    expect(within(web).getByRole('textbox', { name: 'Authorized URL 1' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('Project settings: leaving with unsaved changes', () => {
  it('asks before a route change: Stay keeps the edit, Leave page goes', async () => {
    const { user, location, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(name, ' (draft)');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboards' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to the project settings are not saved. If you leave this page, they are lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location().pathname).toBe(`/projects/${APP}/settings`);
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Hedgebox App (draft)');

    await user.click(within(nav).getByRole('link', { name: 'Dashboards' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave page' }));
    await waitFor(() => expect(location().pathname).toBe(`/projects/${APP}/dashboards`));
    expect(patches(runtime, APP)).toEqual([]);
  });

  it('asks the browser before the tab closes, only while there are unsaved changes', async () => {
    const { user } = await openSettings();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Anonymize IP addresses' }));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('does not ask after saving', async () => {
    const { user, location } = await openSettings();
    await user.click(screen.getByRole('checkbox', { name: 'Anonymize IP addresses' }));
    await user.click(saveButton());
    await waitFor(() => expectNothingToSave());
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(location().pathname).toBe(`/projects/${APP}/activity`));
    expect(screen.queryByRole('alertdialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});

describe('Project settings: onboarding', () => {
  it('marks a product as onboarded, records an intent, and says whether demo data is being generated', async () => {
    const { user } = await openSettings();
    const onboarding = region('Onboarding');
    expect(await within(onboarding).findByText('No, demo data is not being generated.')).toBeInTheDocument();
    const intents = within(onboarding).getByRole('table', { name: 'Product intents' });
    expect(within(intents).getByRole('rowheader', { name: 'Feature flags' })).toBeInTheDocument();
    expect(within(within(intents).getByRole('row', { name: /Feature flags/ })).getByText('Not yet')).toBeInTheDocument();
    const onboarded = within(onboarding).getByRole('list', { name: 'Onboarded products' });
    expect(within(onboarded).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Product analytics', 'Session replay']);

    const product = within(onboarding).getByRole('combobox', { name: 'Product' });
    expect(within(product).getAllByRole('option')).toHaveLength(9);
    await user.selectOptions(product, 'surveys');
    await user.click(within(onboarding).getByRole('button', { name: 'Mark product as onboarded' }));
    await waitFor(() =>
      expect(within(within(onboarding).getByRole('list', { name: 'Onboarded products' })).getByText('Surveys')).toBeInTheDocument(),
    );
    const surveysRow = within(within(onboarding).getByRole('table', { name: 'Product intents' })).getByRole('row', { name: /Surveys/ });
    // eslint-disable-next-line testing-library/no-node-access -- as above.
    expect(surveysRow.querySelectorAll('time')).toHaveLength(2);
    expect(mock.store.project(APP)!.has_completed_onboarding_for).toMatchObject({ surveys: true });

    await user.selectOptions(product, 'experiments');
    await user.click(within(onboarding).getByRole('button', { name: 'Add product intent' }));
    const experimentsRow = await within(within(onboarding).getByRole('table', { name: 'Product intents' })).findByRole('row', {
      name: /Experiments/,
    });
    expect(within(experimentsRow).getByText('Not yet')).toBeInTheDocument();
  });

  it('accepts the published document’s project-shaped answer for demo data', async () => {
    server.use(
      http.get('*/api/projects/:id/is_generating_demo_data/', () => HttpResponse.json({ id: APP, name: 'Hedgebox App' })),
    );
    await openSettings();
    expect(await within(region('Onboarding')).findByText('Unknown: the API answered without saying.')).toBeInTheDocument();
  });
});

describe('Project settings: danger zone', () => {
  it('resets the project API key after confirming, and shows the new key', async () => {
    const before = mock.store.project(APP)!.api_token;
    const { user } = await openSettings();
    const danger = region('Danger zone');
    await user.click(within(danger).getByRole('button', { name: 'Reset project API key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset project API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset key' }));

    const shown = await within(danger).findByRole('textbox', { name: 'New project API key' });
    const after = mock.store.project(APP)!.api_token;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^phc_[A-Za-z0-9]{43}$/);
    expect(shown).toHaveValue(after);
    expect(within(danger).getByRole('button', { name: 'Copy new project API key' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Project API key' })).toHaveValue(after);
    expect(screen.queryByRole('alertdialog', { name: 'Reset project API key' })).not.toBeInTheDocument();
  });

  it('deletes the project only after its exact name is typed, then lists the projects', async () => {
    const { user, location, runtime } = await openSettings(MOBILE);
    await user.click(within(region('Danger zone')).getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete project' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type the project name to confirm' });
    expect(confirm).toBeDisabled();
    await user.type(typed, 'mobile apps');
    expect(confirm).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, 'Mobile Apps');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(location().pathname).toBe('/projects'));
    expect(await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Project "Mobile Apps" deleted.')).toBeInTheDocument();
    expect(mock.store.project(MOBILE)).toBeUndefined();
    const table = await screen.findByRole('table', { name: 'Projects' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Mobile Apps' })).not.toBeInTheDocument());
    // The deleted project is not fetched again.
    expect(runtime.requestLog.get().filter((entry) => entry.status === 404)).toEqual([]);
  });

  it('deletes even with unsaved edits, without asking to leave', async () => {
    const { user, location } = await openSettings(MOBILE);
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), ' old');
    await user.click(within(region('Danger zone')).getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the project name to confirm' }), 'Mobile Apps');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(location().pathname).toBe('/projects'));
    expect(screen.queryByRole('alertdialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('disables delete and reset for a member up front, with the reason; member settings stay editable', async () => {
    const { user } = await openSettings(MOBILE, 'phx_demo_member');
    const danger = region('Danger zone');
    const remove = within(danger).getByRole('button', { name: 'Delete project' });
    await accessKnown();
    await waitFor(() => expect(remove).toBeDisabled());
    expect(remove).toHaveAccessibleDescription('Only organization admins can delete projects. You are a member of this organization.');
    expect(within(danger).getByRole('button', { name: 'Reset project API key' })).toHaveAccessibleDescription(
      'Only organization admins can reset the project API key. You are a member of this organization.',
    );
    expect(screen.getByRole('textbox', { name: 'Project name' })).toBeDisabled();

    // A member may still change the member settings (API.md §6.1).
    const description = screen.getByRole('textbox', { name: 'Product description' });
    await user.clear(description);
    await user.type(description, 'Apps for phones.');
    await user.click(saveButton());
    await waitFor(() => expect(mock.store.project(MOBILE)!.product_description).toBe('Apps for phones.'));
  });

  it('shows the API’s 403 in the delete dialog when the role could not be foreseen', async () => {
    server.use(
      http.delete(`*/api/projects/${MOBILE}/`, () =>
        HttpResponse.json(
          { type: 'authentication_error', code: 'permission_denied', detail: "You don't have sufficient permissions in the project.", attr: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openSettings(MOBILE);
    const danger = region('Danger zone');
    await user.click(within(danger).getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the project name to confirm' }), 'Mobile Apps');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("You don't have sufficient permissions in the project.");
    expect(mock.store.project(MOBILE)).toBeDefined();
  });

  it('disables changes for a key without project:write, and says why', async () => {
    await openSettings(APP, 'phx_demo_readonly');
    const reason = 'This API key cannot change project settings: it lacks the project:write scope.';
    await accessKnown();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Project name' })).toBeDisabled());
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(reason);
    const danger = region('Danger zone');
    expect(within(danger).getByRole('button', { name: 'Delete project' })).toBeDisabled();
    expect(within(danger).getByRole('button', { name: 'Delete project' })).toHaveAccessibleDescription(
      'This API key cannot delete projects: it lacks the project:write scope.',
    );
    expect(within(danger).getByRole('button', { name: 'Reset project API key' })).toBeDisabled();
    // Onboarding needs only project:read.
    expect(within(region('Onboarding')).getByRole('button', { name: 'Mark product as onboarded' })).toBeEnabled();
  });

  it('keeps unsaved edits when the API refuses the save', async () => {
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'PATCH', path: `/api/projects/${APP}/`, status: 503, retry_after: null }] });
    const { user } = await openSettings();
    const description = screen.getByRole('textbox', { name: 'Product description' });
    await user.clear(description);
    await user.type(description, 'Files for teams.');
    await user.click(saveButton());
    expect(await screen.findByText('Service temporarily unavailable, try again later.')).toBeInTheDocument();
    expect(description).toHaveValue('Files for teams.');
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
    fireEvent.change(description, { target: { value: 'Files for small teams.' } });
    expect(description).toHaveValue('Files for small teams.');
  });
});

describe('Project settings: no lost update', () => {
  /** Another person's change, saved through the API while this page is open. */
  const theyPatch = async (body: object) => expect((await apiSend('PATCH', `/api/projects/${APP}/`, body)).status).toBe(200);
  const conflictDialog = () => screen.findByRole('alertdialog', { name: 'Changed since you opened it' });
  const rowsOf = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

  it('lists each field someone else changed by its label, in words; Keep mine saves mine', async () => {
    const { user, runtime } = await openSettings();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.tab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Week starts on' }), 'Sunday');
    const description = screen.getByRole('textbox', { name: 'Product description' });
    await user.clear(description);
    await user.type(description, 'Mine.');
    await theyPatch({ timezone: 'America/New_York', week_start_day: null, name: 'Hedgebox (theirs)' });

    const save = saveButton();
    await user.click(save);
    const dialog = await conflictDialog();
    // The name was not edited here: it is not asked about, and the form shows theirs.
    expect(rowsOf(dialog)).toEqual([
      ['Time zone', 'America/New_York', 'Asia/Tokyo'],
      ['Week starts on', 'Not set', 'Sunday'],
    ]);
    expect(dialog).toHaveTextContent('Take theirs keeps theirs in the form and saves your other changes.');
    expect(patches(runtime, APP)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Hedgebox (theirs)');

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Project settings saved.')).toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(patches(runtime, APP)).toEqual([{ product_description: 'Mine.', timezone: 'Asia/Tokyo', week_start_day: 0 }]);
    expect(mock.store.project(APP)).toMatchObject({ name: 'Hedgebox (theirs)', timezone: 'Asia/Tokyo', week_start_day: 0 });
  });

  it('Take theirs keeps their URLs (shown as lists), saves the rest, and the form shows theirs', async () => {
    const { user, runtime } = await openSettings();
    const web = region('Web');
    await user.click(within(web).getByRole('button', { name: 'Add URL' }));
    await user.type(within(web).getByRole('textbox', { name: 'Authorized URL 2' }), 'https://mine.example');
    await user.click(screen.getByRole('checkbox', { name: 'Anonymize IP addresses' }));
    await theyPatch({ app_urls: ['https://theirs.example', 'https://app.hedgebox.net'] });

    await user.click(saveButton());
    const dialog = await conflictDialog();
    const [row] = within(dialog).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Authorized URLs');
    const [theirs, yours] = within(row!).getAllByRole('cell');
    expect(within(theirs!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['https://theirs.example', 'https://app.hedgebox.net']);
    expect(within(yours!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['https://app.hedgebox.net', 'https://mine.example']);

    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ anonymize_ips: true }]));
    await waitFor(() => expect(within(web).getByRole('textbox', { name: 'Authorized URL 1' })).toHaveValue('https://theirs.example'));
    expect(within(web).getByRole('textbox', { name: 'Authorized URL 2' })).toHaveValue('https://app.hedgebox.net');
    expect(mock.store.project(APP)).toMatchObject({ app_urls: ['https://theirs.example', 'https://app.hedgebox.net'], anonymize_ips: true });
    await waitFor(() => expectNothingToSave());
  });

  it('Cancel saves nothing and keeps what was typed; a field nobody else changed saves without asking', async () => {
    const { user, runtime } = await openSettings();
    const rate = screen.getByRole('spinbutton', { name: 'Sample rate' });
    await user.clear(rate);
    await user.type(rate, '0.3');
    await theyPatch({ session_recording_sample_rate: '0.90' });
    await user.click(saveButton());
    const dialog = await conflictDialog();
    expect(rowsOf(dialog)).toEqual([['Sample rate', '0.90', '0.30']]);
    expect(dialog).not.toHaveTextContent('your other changes');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(saveButton()).toHaveFocus();
    expect(rate).toHaveValue(0.3);
    expect(patches(runtime, APP)).toEqual([]);
    expect(mock.store.project(APP)!.session_recording_sample_rate).toBe('0.90');

    // Put back as loaded: nothing of mine is left to ask about; then a change nobody else made.
    await user.clear(rate);
    await user.type(rate, '0.90');
    const duration = screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' });
    await user.clear(duration);
    await user.type(duration, '3000');
    await user.click(saveButton());
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ session_recording_minimum_duration_milliseconds: 3000 }]));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Project settings: nothing left to save', () => {
  const theyPatch = async (body: object) => expect((await apiSend('PATCH', `/api/projects/${APP}/`, body)).status).toBe(200);
  const notifications = () => screen.getByRole('status', { name: 'Notifications' });

  it('sends nothing when the project cannot be read again first, and says why; what was typed stays', async () => {
    const { user, runtime } = await openSettings();
    const description = screen.getByRole('textbox', { name: 'Product description' });
    await user.clear(description);
    await user.type(description, 'Typed.');
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: `/api/projects/${APP}/`, status: 503, retry_after: null }] });
    await user.click(saveButton());
    // eslint-disable-next-line testing-library/no-node-access -- the alert holding this sentence, among the page's other alerts.
    const failed = (await screen.findByText('Could not save:')).closest('[role="alert"]') as HTMLElement;
    expect(failed).toHaveTextContent('Could not save: Service temporarily unavailable, try again later.');
    expect(description).toHaveValue('Typed.');
    expect(saveButton()).toHaveFocus();
    expect(patches(runtime, APP)).toEqual([]);

    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(saveButton());
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ product_description: 'Typed.' }]));
    expect(screen.queryByText('Could not save:')).not.toBeInTheDocument();
  });

  it('Take theirs with no other change sends nothing, says so, and the form shows theirs', async () => {
    const { user, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, 'Mine');
    await theyPatch({ name: 'Theirs' });
    await user.click(saveButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Changed since you opened it' });
    expect(dialog).not.toHaveTextContent('your other changes');
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(await within(notifications()).findByText('Nothing else to save: the form shows their values.')).toBeInTheDocument();
    expect(name).toHaveValue('Theirs');
    expect(saveButton()).toHaveFocus();
    expectNothingToSave();
    expect(patches(runtime, APP)).toEqual([]);
  });

  it('sends nothing when someone else already saved the very value typed here', async () => {
    const { user, runtime } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, 'Same idea');
    await theyPatch({ name: 'Same idea' });
    await user.click(saveButton());
    expect(await within(notifications()).findByText('Nothing to save: the project already holds these values.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expectNothingToSave();
    expect(patches(runtime, APP)).toEqual([]);
  });
});

describe('Project settings: Replay while session recording is off', () => {
  it('shows sample rate and minimum duration as not applying, keeping their values, until recording is on', async () => {
    const { user, runtime } = await openSettings();
    const record = screen.getByRole('checkbox', { name: 'Record user sessions' });
    const rate = screen.getByRole('spinbutton', { name: 'Sample rate' });
    const duration = screen.getByRole('spinbutton', { name: 'Minimum duration (ms)' });
    expect(rate).toBeEnabled();
    expect(rate).not.toHaveAccessibleDescription(/Applies only when session recording is on\./);

    await user.click(record);
    for (const field of [rate, duration]) {
      expect(field).toBeDisabled();
      expect(field).toHaveAccessibleDescription(/^Applies only when session recording is on\./);
    }
    expect(rate).toHaveDisplayValue('0.50');
    expect(duration).toHaveValue(2000);
    await user.click(saveButton());
    await waitFor(() => expect(patches(runtime, APP)).toEqual([{ session_recording_opt_in: false }]));
    expect(mock.store.project(APP)).toMatchObject({ session_recording_sample_rate: '0.50', session_recording_minimum_duration_milliseconds: 2000 });

    await user.click(record);
    expect(rate).toBeEnabled();
    expect(duration).toBeEnabled();
  });
});
