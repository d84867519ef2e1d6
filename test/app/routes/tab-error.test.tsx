// A tab whose code fails to load shows its message under the page's heading (an h2 in the tab's
// place), never as a second h1: the dashboard's name stays the page's one h1.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardPath, dashboards } from '../../features/dashboard-detail/dashboard-detail-helpers.ts';
import { renderApp } from '../../render.tsx';

describe('a tab that fails', () => {
  it("shows its message under the page's heading, not as a second h1", async () => {
    renderApp(`${dashboardPath(dashboards.productOverview)}/collaborators`, {
      loadPage: (entry) => (entry.path === 'collaborators' ? Promise.reject(new Error('The tab’s code could not be loaded.')) : entry.page()),
    });
    const problem = await screen.findByRole('heading', { level: 2, name: 'This tab could not be shown' });
    expect(problem).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The tab’s code could not be loaded.');
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent('Product overview');
  });
});
