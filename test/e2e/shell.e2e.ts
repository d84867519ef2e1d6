// The shell around every connected page: its top bar by keyboard, and the not-found page.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  checkA11y,
  connect,
  expectHeading,
  expectPath,
  expectTabOrder,
  screenshot,
  setupE2E,
} from './support/harness.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

describe('Shell', () => {
  journey('Tab reaches the top bar controls in order, and the shell passes axe', async ({ page, stack }) => {
    const projects = await api<{ results: Array<{ id: number }> }>(stack.mockUrl, '/api/projects/');
    const projectId = projects.results[0]?.id;
    assert.ok(projectId, 'the seed has a project');
    await page.goto(`/projects/${projectId}/dashboards`);
    await connect(page, 'phx_demo_admin');
    await expectHeading(page, 'Dashboards');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectTabOrder(page, [
      page.getByRole('link', { name: 'Skip to main content', exact: true }),
      page.getByRole('combobox', { name: 'Organization', exact: true }),
      page.getByRole('combobox', { name: 'Project', exact: true }),
      nav.getByRole('link', { name: 'Projects', exact: true }),
      nav.getByRole('link', { name: 'Dashboards', exact: true }),
      nav.getByRole('link', { name: 'Settings', exact: true }),
      nav.getByRole('link', { name: 'Activity', exact: true }),
      page.getByRole('button', { name: 'Go to…', exact: true }),
      page.getByRole('button', { name: 'API log', exact: true }),
      page.getByRole('button', { name: 'Disconnect', exact: true }),
    ]);
    await checkA11y(page, 'shell');
  });

  journey('an unknown route shows Page not found with a link home, and passes axe', async ({ page }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin');
    await page.goto('/no/such/page?at=all');
    await expectHeading(page, 'Page not found');
    await checkA11y(page, 'page-not-found');
    await screenshot(page, 'page-not-found');
    await page.getByRole('link', { name: 'Go to the home page', exact: true }).click();
    await expectPath(page, '/projects');
    await expectHeading(page, 'Projects');
  });
});
