import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { accessKnown, apiGet, renderApp } from '../../render.tsx';

const { projects } = seedIds;

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });
beforeAll(async () => {
  await import('../../../src/features/dashboards/dashboards-page.tsx');
});

const displayName = (d: Pick<DashboardListItem, 'name'>) => (d.name?.trim() ? d.name : 'Untitled dashboard');

async function dashboardsOf(projectId: number, query = ''): Promise<Paginated<DashboardListItem>> {
  return apiGet<Paginated<DashboardListItem>>(`/api/projects/${projectId}/dashboards/?limit=1000${query}`);
}

async function findTable() {
  return screen.findByRole('table', { name: 'Dashboards' });
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Bulk actions' });
const rowCheckbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('selection', () => {
  it('selects one row, then a range with Shift+click, and clears', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const names = (await dashboardsOf(projects.marketing)).results.map(displayName);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(rowCheckbox(names[0]!));
    // The bulk tools load with the first selection (their own chunk).
    expect(await within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).findByText('1 selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(rowCheckbox(names[3]!));
    await user.keyboard('{/Shift}');
    expect(within(toolbar()).getByText('4 selected')).toBeInTheDocument();
    for (const name of names.slice(0, 4)) expect(rowCheckbox(name)).toBeChecked();
    expect(rowCheckbox(names[4]!)).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all loaded dashboards' })).toHaveProperty('indeterminate', true);

    await user.click(within(toolbar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(rowCheckbox(names[0]!)).not.toBeChecked();
    // Focus stays on the page, never on <body>.
    expect(screen.getByRole('checkbox', { name: 'Select all loaded dashboards' })).toHaveFocus();
  });

  it('selects all loaded, then all matching beyond the loaded pages', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards`);
    await findTable();
    const total = (await dashboardsOf(projects.app)).count;
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded dashboards' }));
    expect(within(toolbar()).getByText('100 selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: `Select all ${total} matching` }));
    expect(within(toolbar()).getByText(`${total} selected`)).toBeInTheDocument();
  });

  it('clears the selection when the search changes, and says so', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const names = (await dashboardsOf(projects.marketing)).results.map(displayName);
    await user.click(rowCheckbox(names[1]!));
    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'traffic');
    expect(await within(toolbar()).findByText('Selection cleared: the search or filters changed.')).toBeInTheDocument();
    expect(within(toolbar()).queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('keeps the selection while rows scroll out of the DOM and back', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards`);
    const table = await findTable();
    const names = (await dashboardsOf(projects.app)).results.map(displayName);
    await user.click(rowCheckbox(names[0]!));
    // The focused row stays rendered while scrolled away: focus moves on to the next one.
    rowCheckbox(names[1]!).focus();
    const region = screen.getByRole('region', { name: 'Dashboards, scrollable' });
    // jsdom has no layout: the scroll position is set by hand, as the browser would.
    const scrollTo = (top: number) => {
      Object.defineProperty(region, 'scrollTop', { configurable: true, writable: true, value: top });
      fireEvent.scroll(region);
    };
    scrollTo(48 * 70);
    await waitFor(() => expect(within(table).queryByRole('checkbox', { name: `Select ${names[0]!}` })).not.toBeInTheDocument());
    const far = within(table).getByRole('checkbox', { name: `Select ${names[70]!}` });
    await user.click(far);
    scrollTo(0);
    expect(await within(table).findByRole('checkbox', { name: `Select ${names[0]!}` })).toBeChecked();
    expect(within(toolbar()).getByText('2 selected')).toBeInTheDocument();
  });
});

describe('bulk actions', () => {
  it('pins the selected dashboards, updating the rows from the answers', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const unpinned = (await dashboardsOf(projects.marketing, '&pinned=false')).results.slice(0, 3);
    for (const d of unpinned) await user.click(rowCheckbox(displayName(d)));
    await user.click(within(toolbar()).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('3 updated, 0 failed')).toBeInTheDocument();
    for (const d of unpinned) {
      expect(await screen.findByRole('button', { name: `Unpin ${displayName(d)}` })).toHaveAttribute('aria-pressed', 'true');
    }
    const after = (await dashboardsOf(projects.marketing)).results;
    for (const d of unpinned) expect(after.find((x) => x.id === d.id)?.pinned).toBe(true);
  });

  it('adds a tag to every dashboard matching a search, loaded or not', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards`);
    await findTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded dashboards' }));
    const total = (await dashboardsOf(projects.app)).count;
    await user.click(within(toolbar()).getByRole('button', { name: `Select all ${total} matching` }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tag' }), 'Reorg');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(`${total} updated, 0 failed`, {}, { timeout: 45_000 })).toBeInTheDocument();
    const tagged = await dashboardsOf(projects.app, '&tags=reorg');
    expect(tagged.count).toBe(total);
  });

  it("adds a tag without erasing one someone else added since the list was read", async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const two = (await dashboardsOf(projects.marketing)).results.slice(0, 2);
    for (const d of two) await user.click(rowCheckbox(displayName(d)));
    expect(await within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).findByText('2 selected')).toBeInTheDocument();
    // Someone else tags the first one after this list was read.
    const theirs = await fetch(new URL(`/api/projects/${projects.marketing}/dashboards/${two[0]!.id}/`, window.location.origin), {
      method: 'PATCH',
      headers: { Authorization: 'Bearer phx_demo_member', 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: [...two[0]!.tags, 'theirs'] }),
    });
    expect(theirs.ok).toBe(true);
    await user.click(within(toolbar()).getByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tag' }), 'mine');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('2 updated, 0 failed')).toBeInTheDocument();
    const after = (await dashboardsOf(projects.marketing)).results;
    expect(after.find((d) => d.id === two[0]!.id)?.tags).toEqual(expect.arrayContaining(['theirs', 'mine']));
    expect(after.find((d) => d.id === two[1]!.id)?.tags).toContain('mine');

    // Removing a tag (the same two still selected) leaves the others, theirs included.
    await user.click(within(toolbar()).getByRole('button', { name: 'Remove tag' }));
    const remove = screen.getByRole('dialog', { name: 'Remove tag' });
    await user.type(within(remove).getByRole('textbox', { name: 'Tag' }), 'mine');
    await user.click(within(remove).getByRole('button', { name: 'Remove tag' }));
    await waitFor(async () => {
      const now = (await dashboardsOf(projects.marketing)).results.find((d) => d.id === two[0]!.id)!;
      expect(now.tags).toEqual([...two[0]!.tags, 'theirs']);
    });
  });

  it('reports a failure with the name and the API reason, then Retry failed reruns only it', async () => {
    const { user, mock } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const three = (await dashboardsOf(projects.marketing)).results.slice(0, 3);
    for (const d of three) await user.click(rowCheckbox(displayName(d)));
    mock.setFaults({
      latency_ms: 0,
      error_rate: 0,
      rules: [{ method: 'PATCH', path: `/api/projects/*/dashboards/${three[1]!.id}/`, status: 500, retry_after: null }],
    });
    await user.click(within(toolbar()).getByRole('button', { name: 'Restrict editing' }));
    expect(await screen.findByText('2 updated, 1 failed')).toBeInTheDocument();
    const failures = screen.getByRole('list', { name: 'Failures' });
    expect(within(failures).getByText(displayName(three[1]!))).toBeInTheDocument();
    expect(failures).toHaveTextContent(/server error/i);

    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    await user.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(await screen.findByText('1 updated, 0 failed')).toBeInTheDocument();
    const after = (await dashboardsOf(projects.marketing)).results;
    for (const d of three) expect(after.find((x) => x.id === d.id)?.restriction_level).toBe(37);
  });

  it('deletes after asking, and Undo restores every one it deleted', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await findTable();
    const before = await dashboardsOf(projects.marketing);
    const two = before.results.slice(0, 2);
    for (const d of two) await user.click(rowCheckbox(displayName(d)));
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 dashboards' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 updated, 0 failed')).toBeInTheDocument();
    expect((await dashboardsOf(projects.marketing)).count).toBe(before.count - 2);
    await waitFor(() => expect(screen.queryByRole('link', { name: displayName(two[0]!) })).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/undo of the delete/)).toBeInTheDocument();
    expect(screen.getByText('2 updated, 0 failed')).toBeInTheDocument();
    expect((await dashboardsOf(projects.marketing)).count).toBe(before.count);
  });

  it('disables the write actions up front for a read-only key, and says why', async () => {
    const { user } = renderApp(`/projects/${projects.marketing}/dashboards`, { key: 'phx_demo_readonly' });
    await findTable();
    const first = (await dashboardsOf(projects.marketing)).results[0]!;
    await user.click(rowCheckbox(displayName(first)));
    const reason = 'This API key cannot change dashboards: it lacks the dashboard:write scope.';
    for (const name of ['Pin', 'Unpin', 'Add tag', 'Remove tag', 'Restrict editing', 'Allow everyone to edit', 'Delete']) {
      const button = within(toolbar()).getByRole('button', { name });
      await accessKnown();
      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(within(toolbar()).getByRole('button', { name: 'Clear selection' })).toBeEnabled();
    expect((await dashboardsOf(projects.marketing)).results.find((d) => d.id === first.id)?.pinned).toBe(first.pinned);
  });

  it('leaves out up front a dashboard the person may only view', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards?search=Board%20metrics`, { key: 'phx_demo_member' });
    await findTable();
    await user.click(rowCheckbox('Board metrics'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('0 updated, 0 failed')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Left out' })).toHaveTextContent(
      'Only invited collaborators can edit this dashboard. You can view it, but not change it. (Board metrics)',
    );
  });

  it('leaves out up front a dashboard whose rules hold the person to viewing (both layers, API.md §5.4)', async () => {
    const { user } = renderApp(`/projects/${projects.app}/dashboards?search=hiring%20plan`, { key: 'phx_demo_member' });
    await findTable();
    await accessKnown();
    await user.click(rowCheckbox('Year-end hiring plan'));
    // The toolbar's code loads on the first selection.
    await user.click(within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('0 updated, 0 failed')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Left out' })).toHaveTextContent(
      'You can view this dashboard by its access rules, but not change it. (Year-end hiring plan)',
    );
  });
});
