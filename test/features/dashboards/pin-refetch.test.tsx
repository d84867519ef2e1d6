/**
 * After a pin settles, a long dashboard list fetches its first page again (the API's order: pinned
 * first) and drops the pages after it, which load again on scroll or by Load more: one request, not
 * one per loaded page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src/api/runtime/request-log.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../render.tsx';

beforeAll(async () => {
  await import('../../../src/features/dashboards/dashboards-page.tsx');
}, 60_000);

const { projects } = seedIds;
const listPath = `/api/projects/${projects.app}/dashboards/?limit=100`;

/**
 * The console's answered list requests of the app project, oldest first (StrictMode's second effect
 * pass cancels a first request before its answer; those are not counted).
 */
const listRequests = (entries: ReadonlyArray<RequestLogEntry>) =>
  entries.filter((entry) => entry.method === 'GET' && entry.path.startsWith(listPath) && entry.status !== null).reverse();

/** The log entries made after the first PATCH (the log is newest first). */
function afterPatch(runtime: ConsoleRuntime): RequestLogEntry[] {
  const log = runtime.requestLog.get();
  const patch = log.findIndex((entry) => entry.method === 'PATCH');
  return patch < 0 ? [] : log.slice(0, patch);
}

const renderedNames = () =>
  within(screen.getByRole('table', { name: 'Dashboards' }))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

describe('pinning in a long list', () => {
  it('refetches only the first page, in the API’s order, and loads the rest again by Load more', async () => {
    const { user, runtime } = renderApp(`/projects/${projects.app}/dashboards`);
    await screen.findByRole('table', { name: 'Dashboards' });
    const { count } = await apiGet<Paginated<DashboardListItem>>(`${listPath}&offset=0`);
    expect(count).toBeGreaterThan(200);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`Showing 200 of ${count} dashboards`);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`Showing ${Math.min(300, count)} of ${count} dashboards`);
    expect(listRequests(runtime.requestLog.get()).map((entry) => entry.path)).toEqual([
      `${listPath}&offset=0`,
      `${listPath}&offset=100`,
      `${listPath}&offset=200`,
    ]);

    const pinButton = within(screen.getByRole('table', { name: 'Dashboards' })).getAllByRole('button', { name: /^Pin / })[0]!;
    const name = pinButton.getAttribute('aria-label')!.replace(/^Pin /, '');
    await user.click(pinButton);

    await screen.findByText(`Showing 100 of ${count} dashboards`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled());
    expect(runtime.requestLog.get().find((entry) => entry.method === 'PATCH')?.status).toBe(200);
    expect(listRequests(afterPatch(runtime)).map((entry) => [entry.path, entry.status])).toEqual([[`${listPath}&offset=0`, 200]]);

    // The API's order: the newly pinned dashboard is now among the pinned ones at the top.
    const fresh = await apiGet<Paginated<DashboardListItem>>(`${listPath}&offset=0`);
    const shown = renderedNames();
    expect(shown).toEqual(fresh.results.slice(0, shown.length).map((d) => d.name ?? 'Untitled dashboard'));
    expect(fresh.results.find((d) => d.name === name)?.pinned).toBe(true);
    expect(screen.getByRole('button', { name: `Unpin ${name}` })).toHaveAttribute('aria-pressed', 'true');

    // The dropped pages come back from where the list now ends.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`Showing 200 of ${count} dashboards`);
    expect(listRequests(afterPatch(runtime)).map((entry) => entry.path)).toEqual([`${listPath}&offset=0`, `${listPath}&offset=100`]);
  });

  it('keeps a one-page list as it is and refetches that page', async () => {
    const { user, runtime } = renderApp(`/projects/${projects.marketing}/dashboards`);
    await screen.findByRole('table', { name: 'Dashboards' });
    const marketingPath = `/api/projects/${projects.marketing}/dashboards/?limit=100`;
    await user.click(screen.getByRole('button', { name: 'Pin Blog traffic' }));
    await waitFor(() => {
      const after = afterPatch(runtime).filter(
        (entry) => entry.method === 'GET' && entry.path.startsWith(marketingPath) && entry.status !== null,
      );
      expect(after.map((entry) => [entry.path, entry.status])).toEqual([[`${marketingPath}&offset=0`, 200]]);
    });
    await waitFor(() => expect(renderedNames().slice(0, 2)).toEqual(['Blog traffic', 'Campaign performance']));
  });
});
