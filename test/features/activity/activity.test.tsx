/**
 * The Activity page and a dashboard's History tab read the activity log (API.md §6.3): cursor
 * pages, filters in the URL, changes in words, and Restore on a deleted dashboard. The log is
 * answered here as production answers it (test/fixtures/activity-log-page.json's shape).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiSend } from '../dashboard-detail/dashboard-detail-helpers.ts';
import { apiGet, renderApp } from '../../render.tsx';
import { server } from '../../setup.ts';

const APP = seedIds.projects.app;
const SLOW = { timeout: 30_000 };
const LOAD = { timeout: 10_000 };

beforeAll(async () => {
  await import('../../../src/features/activity/activity-page.tsx');
  await import('../../../src/features/activity/history-tab.tsx');
  await import('../../../src/features/dashboard-detail/dashboard-detail-page.tsx');
}, 60_000);

interface Member {
  results: Array<{ user: { id: number; uuid: string; first_name: string; email: string } }>;
}

const ada = { id: 9001, uuid: '0190aaaa-1111-7000-8000-000000009001', distinct_id: 'ada', first_name: 'Ada', last_name: '', email: 'ada@example.com', is_email_verified: true, hedgehog_config: null, role_at_organization: 'engineering' };

let sequence = 0;
/** One production-shaped entry. */
function entry(fields: { activity: string; scope: string; item_id: string | null; name?: string | null; changes?: unknown[] | null; user?: unknown; at: string }) {
  sequence += 1;
  return {
    id: `0190aaaa-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    user: fields.user === undefined ? ada : fields.user,
    unread: false,
    organization_id: '0190aaaa-2222-7000-8000-000000000001',
    was_impersonated: false,
    is_system: false,
    activity: fields.activity,
    item_id: fields.item_id,
    scope: fields.scope,
    detail:
      fields.name === undefined && fields.changes === undefined
        ? null
        : { name: fields.name ?? null, changes: fields.changes ?? null, merge: null, trigger: null, short_id: null, type: fields.scope === 'Dashboard' ? 'dashboard' : null, context: null },
    created_at: fields.at,
  };
}

type Entry = ReturnType<typeof entry>;

/** Answers the log from `all` (newest first) as production does: filtered, `size` a page, `next` with an opaque cursor. */
function serveLog(all: Entry[], size = 100) {
  server.use(
    http.get(`*/api/projects/${APP}/activity_log/`, ({ request }) => {
      const url = new URL(request.url);
      const scope = url.searchParams.get('scope');
      const itemId = url.searchParams.get('item_id');
      const user = url.searchParams.get('user');
      const matching = all.filter(
        (e) =>
          (!scope || e.scope === scope) &&
          (!itemId || e.item_id === itemId) &&
          (!user || String((e.user as { id?: number } | null)?.id) === user),
      );
      const start = Number(atob(url.searchParams.get('cursor') ?? btoa('0')));
      const results = matching.slice(start, start + size);
      const next = new URL(`https://us.posthog.com/api/projects/${APP}/activity_log/`);
      if (scope) next.searchParams.set('scope', scope);
      next.searchParams.set('cursor', btoa(String(start + size)));
      return HttpResponse.json({ next: start + size < matching.length ? next.href : null, previous: null, results });
    }),
  );
}

const entryList = () => screen.findByRole('list', { name: 'Activity entries' }, LOAD);
// eslint-disable-next-line testing-library/no-node-access -- the entries are the list's own items, not those of the lists inside them.
const entries = (list: HTMLElement) => [...list.children] as HTMLElement[];
const logPaths = (runtime: ConsoleRuntime) =>
  runtime.requestLog.get()
    .filter((e) => e.path.startsWith(`/api/projects/${APP}/activity_log/`))
    .map((e) => e.path)
    .reverse();

describe('Activity', SLOW, () => {
  it('shows a loading state, then the log in words: never a raw value or a token', async () => {
    serveLog([
      entry({
        activity: 'updated',
        scope: 'Dashboard',
        item_id: '78',
        name: 'Revenue',
        at: '2024-06-12T08:00:00.123456Z',
        changes: [
          { type: 'Dashboard', action: 'changed', field: 'restriction_level', before: 21, after: 37 },
          { type: 'Dashboard', action: 'changed', field: 'pinned', before: false, after: true },
        ],
      }),
      entry({ activity: 'access token refreshed', scope: 'Dashboard', item_id: '78', name: 'Revenue', at: '2024-06-11T08:00:00Z' }),
      entry({
        activity: 'sharing enabled',
        scope: 'Dashboard',
        item_id: '78',
        name: 'Revenue',
        at: '2024-06-10T08:00:00Z',
        changes: [{ type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true }],
      }),
      entry({
        activity: 'updated',
        scope: 'Team',
        item_id: String(APP),
        name: 'Hedgebox App',
        at: '2024-06-09T08:00:00Z',
        changes: [
          { type: 'Team', action: 'changed', field: 'api_token', before: 'phc_old_secret_value', after: 'phc_new_secret_value' },
          { type: 'Team', action: 'changed', field: 'week_start_day', before: null, after: 1 },
        ],
      }),
      entry({ activity: 'share_login_failed', scope: 'Dashboard', item_id: '78', user: null, at: '2024-06-08T08:00:00Z' }),
    ]);
    const { runtime } = renderApp(`/projects/${APP}/activity`);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading'))).toBe(true);
    const list = await entryList();
    const [updated, rotated, shared, settings, visitor] = entries(list);
    expect(updated).toHaveTextContent('Ada (ada@example.com) updated the dashboard Revenue');
    expect(within(updated!).getByRole('list', { name: 'Changes' })).toHaveTextContent(
      'Who can edit: Everyone in the project → Only invited collaborators',
    );
    expect(within(updated!).getByRole('list', { name: 'Changes' })).toHaveTextContent('Pinned: no → yes');
    expect(within(updated!).getByRole('link', { name: 'Revenue' })).toHaveAttribute('href', `/projects/${APP}/dashboards/78`);
    expect(rotated).toHaveTextContent('Ada (ada@example.com) rotated the public link of the dashboard Revenue');
    expect(shared).toHaveTextContent('shared the dashboard Revenue publicly');
    expect(within(shared!).queryByRole('list', { name: 'Changes' })).not.toBeInTheDocument();
    expect(settings).toHaveTextContent('updated the project Hedgebox App');
    expect(settings).toHaveTextContent('Project API key: replaced');
    expect(settings).toHaveTextContent('Week starts on: not set → Monday');
    expect(visitor).toHaveTextContent('A visitor entered a wrong password on the public page of the dashboard Untitled dashboard');
    expect(list).not.toHaveTextContent(/phc_|restriction_level|access_token|21|37|none → none/);
    expect(logPaths(runtime)[0]).toBe(`/api/projects/${APP}/activity_log/`);
  });

  it('pages by the cursor of next: Load more adds the next entries', async () => {
    serveLog(
      Array.from({ length: 130 }, (_, i) =>
        entry({ activity: 'created', scope: 'Dashboard', item_id: String(1000 + i), name: `Board ${i}`, at: new Date(Date.UTC(2024, 5, 1) - i * 60_000).toISOString() }),
      ),
    );
    const { user, runtime } = renderApp(`/projects/${APP}/activity`);
    const list = await entryList();
    expect(entries(list)).toHaveLength(100);
    expect(screen.getByText('Showing 100 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries(list)).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(logPaths(runtime)).toContain(`/api/projects/${APP}/activity_log/?cursor=${encodeURIComponent(btoa('100'))}`);
  });

  it('filters by What and Person, kept in the URL', async () => {
    const members = await apiGet<Member>('/api/organizations/@current/members/');
    const lena = members.results.find((m) => m.user.first_name === 'Lena')!.user;
    serveLog([
      entry({ activity: 'created', scope: 'Dashboard', item_id: '5', name: 'Ada’s board', at: '2024-06-12T08:00:00Z' }),
      entry({ activity: 'updated', scope: 'Team', item_id: String(APP), name: 'Hedgebox App', user: lena, at: '2024-06-11T08:00:00Z', changes: [{ type: 'Team', action: 'changed', field: 'timezone', before: 'UTC', after: 'Europe/Paris' }] }),
      entry({ activity: 'created', scope: 'Dashboard', item_id: '6', name: 'Lena’s board', user: lena, at: '2024-06-10T08:00:00Z' }),
    ]);
    const { user, location, runtime } = renderApp(`/projects/${APP}/activity`);
    await entryList();
    const what = screen.getByRole('combobox', { name: 'What' });
    expect(within(what).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everything', 'Project settings', 'Dashboards']);
    await user.selectOptions(what, 'Project settings');
    await waitFor(() => expect(location().search).toBe('?what=settings'));
    await waitFor(async () => expect(entries(await entryList())).toHaveLength(1));
    expect(await entryList()).toHaveTextContent('Time zone: UTC → Europe/Paris');

    await user.selectOptions(what, 'Dashboards');
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(person).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(person, within(person).getByRole('option', { name: /Lena/ }));
    await waitFor(() => expect(location().search).toBe(`?what=dashboards&person=${lena.id}`));
    await waitFor(async () => expect(entries(await entryList())).toHaveLength(1));
    expect(await entryList()).toHaveTextContent('Lena’s board');
    expect(logPaths(runtime)).toContain(`/api/projects/${APP}/activity_log/?scope=Dashboard&user=${lena.id}`);
  });

  it('opens with the filters of a shared link, and says when nothing matches', async () => {
    serveLog([entry({ activity: 'created', scope: 'Dashboard', item_id: '5', name: 'A board', at: '2024-06-12T08:00:00Z' })]);
    renderApp(`/projects/${APP}/activity?what=settings`);
    expect(await screen.findByText('No activity matches these filters', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'What' })).toHaveValue('settings');
  });

  it('says when there is no activity yet', async () => {
    serveLog([]);
    renderApp(`/projects/${APP}/activity`);
    expect(await screen.findByText('No activity yet', undefined, LOAD)).toBeInTheDocument();
  });

  it('restores a deleted dashboard from its entry', async () => {
    const id = seedIds.dashboards.productOverview;
    expect((await apiSend('PATCH', `/api/projects/${APP}/dashboards/${id}/`, { deleted: true })).status).toBe(200);
    serveLog([
      entry({ activity: 'deleted', scope: 'Dashboard', item_id: String(id), name: 'Product overview', at: '2024-06-12T08:00:00Z' }),
      entry({ activity: 'created', scope: 'Dashboard', item_id: String(id), name: 'Product overview', at: '2024-06-01T08:00:00Z' }),
    ]);
    const { user, runtime } = renderApp(`/projects/${APP}/activity`);
    const list = await entryList();
    const [deleted, created] = entries(list);
    // No link to a page that answers 404, and Restore on the newest entry only.
    expect(within(deleted!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(created!).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    await user.click(within(deleted!).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored “Product overview”.', undefined, LOAD)).toBeInTheDocument();
    const patch = runtime.requestLog.get().find((e) => e.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/projects/${APP}/dashboards/${id}/`);
    expect(patch.requestBody).toEqual({ deleted: false });
    expect(await apiGet<{ deleted: boolean }>(`/api/projects/${APP}/dashboards/${id}/`)).toMatchObject({ deleted: false });
  });

  it('shows the API’s error with Try again, and recovers', async () => {
    let fail = true;
    server.use(
      http.get(`*/api/projects/${APP}/activity_log/`, () =>
        fail
          ? HttpResponse.json(
              { type: 'authentication_error', code: 'permission_denied', detail: "API key missing required scope 'activity_log:read'", attr: null },
              { status: 403 },
            )
          : HttpResponse.json({ next: null, previous: null, results: [] }),
      ),
    );
    const { user } = renderApp(`/projects/${APP}/activity`);
    expect(await screen.findByText("API key missing required scope 'activity_log:read'", undefined, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No activity yet', undefined, LOAD)).toBeInTheDocument();
  });
});

describe('History tab', SLOW, () => {
  it('lists the dashboard’s own log, without links to itself', async () => {
    const id = seedIds.dashboards.productOverview;
    serveLog([
      entry({
        activity: 'updated',
        scope: 'Dashboard',
        item_id: String(id),
        name: 'Product overview',
        at: '2024-06-12T08:00:00Z',
        changes: [{ type: 'Dashboard', action: 'changed', field: 'tags', before: ['kpi'], after: ['kpi', 'finance'] }],
      }),
      entry({ activity: 'created', scope: 'Dashboard', item_id: '999', name: 'Another', at: '2024-06-11T08:00:00Z' }),
    ]);
    const { runtime } = renderApp(`/projects/${APP}/dashboards/${id}/history`);
    expect(await screen.findByRole('tab', { name: 'History' }, LOAD)).toHaveAttribute('aria-selected', 'true');
    const list = await entryList();
    expect(entries(list)).toHaveLength(1);
    expect(list).toHaveTextContent('Ada (ada@example.com) updated the dashboard Product overview');
    expect(list).toHaveTextContent('Tags: kpi → kpi, finance');
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(logPaths(runtime)[0]).toBe(`/api/projects/${APP}/activity_log/?scope=Dashboard&item_id=${id}`);
  });

  it('says when the dashboard has no history yet', async () => {
    serveLog([]);
    renderApp(`/projects/${APP}/dashboards/${seedIds.dashboards.productOverview}/history`);
    expect(await screen.findByText('No history yet', undefined, LOAD)).toBeInTheDocument();
  });
});
