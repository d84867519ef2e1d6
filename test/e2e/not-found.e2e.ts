// An unknown project (issue 12, item 9) is not a server error: `/projects/99/…` shows "Project not
// found" with a link to Projects and nothing to retry or create; another organization's project says
// the API's sentence; a deleted dashboard says "Dashboard not found" once.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { dashboardNamed, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

/** The page offers no action: no button in the page, no Try again, no New dashboard; one link to Projects. */
async function expectNoActions(page: Page): Promise<void> {
  const main = page.getByRole('main');
  assert.equal(await main.getByRole('button').count(), 0, 'no button on the page');
  assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0, 'no Try again');
  assert.equal(await page.getByRole('button', { name: 'New dashboard' }).count(), 0, 'no New dashboard');
  assert.equal(await main.getByRole('alert').count(), 0, 'not an error alert');
  assert.doesNotMatch(await main.innerText(), /HTTP 40\d/, 'no raw status line');
  await main.getByRole('link', { name: 'Go to projects', exact: true }).waitFor();
}

describe('Not found', () => {
  journey('an unknown project on every project page: Project not found, no actions, a link to Projects', async ({ page, errors }) => {
    allowHttpStatus(errors, 404);
    await openConnected(page, '/projects/99/dashboards', 'Project not found');
    await expectNoActions(page);
    await eventually(async () => assert.equal(await page.title(), 'Project not found · Analytics Console'));
    await checkA11y(page, 'project-not-found');

    for (const path of ['/projects/99/settings', '/projects/99/activity', '/projects/99/dashboards/1/sharing']) {
      await page.goto(path);
      await expectHeading(page, 'Project not found');
      await expectNoActions(page);
    }

    await page.getByRole('main').getByRole('link', { name: 'Go to projects', exact: true }).click();
    await expectPath(page, '/projects');
    await expectHeading(page, 'Projects');
  });

  journey("another organization's project: the API's sentence, no actions", async ({ page, errors }) => {
    allowHttpStatus(errors, 403);
    allowHttpStatus(errors, 404);
    await openConnected(page, '/projects/4/dashboards', 'No access to this project');
    await page.getByText("You don't have access to the project.", { exact: true }).waitFor();
    await expectNoActions(page);
    await checkA11y(page, 'project-no-access');
  });

  journey('a server error still offers Try again', async ({ page, errors, stack }) => {
    allowHttpStatus(errors, 503);
    await api(stack.mockUrl, '/__mock/faults', {
      method: 'PUT',
      key: null,
      body: { latency_ms: 0, error_rate: 0, rules: [{ method: 'GET', path: '/api/projects/1/dashboards/', status: 503, retry_after: null }] },
    });
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the dashboards' });
    await alert.waitFor({ timeout: 15_000 });
    await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 0, error_rate: 0, rules: [] } });
    await alert.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.getByRole('table', { name: 'Dashboards', exact: true }).waitFor();
  });

  journey('a deleted dashboard says "Dashboard not found" once', async ({ page, errors, stack }) => {
    allowHttpStatus(errors, 404);
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Release health');
    await api(stack.mockUrl, `/api/projects/1/dashboards/${id}/`, { method: 'PATCH', body: { deleted: true } });
    await openConnected(page, `/projects/1/dashboards/${id}/sharing`, 'Dashboard not found');
    const text = await page.getByRole('main').innerText();
    assert.equal(text.match(/not found/gi)?.length, 1, `"not found" once, in: ${text}`);
    await checkA11y(page, 'dashboard-not-found');
    await page.getByRole('link', { name: 'Back to the dashboards', exact: true }).click();
    await expectHeading(page, 'Dashboards');
  });
});
