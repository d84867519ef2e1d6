// Names are text, never markup: a project and dashboards named like HTML/script payloads are shown
// literally on every page that names them (lists, detail, settings, activity, the public page), and
// nothing runs. The API key stays out of copied curl commands (the harness checks URLs and logs).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, setupE2E, type Journey } from './support/harness.ts';
import { copyWith, grantClipboard, openConnected } from './support/pages.ts';
import { adminKey, api } from './support/stack.ts';

const { journey } = setupE2E();

const imgPayload = '<img src=x onerror="window.__xss=1">';
const scriptPayload = '<script>window.__xss=1</script>';

interface Created {
  projectIds: number[];
  dashboardIds: number[];
  sharedToken: string;
}

/** Made through the API, as any other client could. */
async function createHostileNames(mockUrl: string): Promise<Created> {
  const projectIds: number[] = [];
  for (const name of [imgPayload, scriptPayload]) {
    const project = await api<{ id: number }>(mockUrl, '/api/organizations/@current/projects/', { body: { name, timezone: 'UTC' } });
    projectIds.push(project.id);
  }
  const dashboardIds: number[] = [];
  for (const [name, description] of [
    [scriptPayload, imgPayload],
    [imgPayload, scriptPayload],
  ]) {
    const dashboard = await api<{ id: number }>(mockUrl, '/api/projects/1/dashboards/', {
      body: { name, description, tags: ['xss'] },
    });
    dashboardIds.push(dashboard.id);
  }
  const sharing = await api<{ access_token: string }>(mockUrl, `/api/projects/1/dashboards/${dashboardIds[0]}/sharing/`, {
    method: 'PATCH',
    body: { enabled: true },
  });
  return { projectIds, dashboardIds, sharedToken: sharing.access_token };
}

/** Nothing ran: the payloads' marker is unset and no element was made from them. */
async function expectNothingRan(page: Page, where: string): Promise<void> {
  const state = await page.evaluate(() => ({
    xss: (window as { __xss?: unknown }).__xss,
    injected:
      document.querySelectorAll('img[src="x"]').length + [...document.scripts].filter((script) => script.text.includes('__xss')).length,
  }));
  assert.equal(state.xss, undefined, `window.__xss was set on ${where}`);
  assert.equal(state.injected, 0, `an element made from a name is in the DOM of ${where}`);
}

/** Requests the payload's <img src=x> would have made if it had been parsed as HTML. */
function watchForPayloadRequests(journeyContext: Journey): string[] {
  const seen: string[] = [];
  journeyContext.context.on('request', (request) => {
    if (/\/x$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

describe('Security', () => {
  journey('names that look like HTML or scripts are shown literally everywhere and never run', async (journeyContext) => {
    const { page, stack } = journeyContext;
    const payloadRequests = watchForPayloadRequests(journeyContext);
    const created = await createHostileNames(stack.mockUrl);

    await openConnected(page, '/projects?search=window.__xss', 'Projects');
    const projects = page.getByRole('table', { name: 'Projects', exact: true });
    await projects.getByRole('link', { name: imgPayload, exact: true }).waitFor();
    await projects.getByRole('link', { name: scriptPayload, exact: true }).waitFor();
    await expectNothingRan(page, 'Projects');
    await page.getByRole('combobox', { name: 'Project', exact: true }).click();
    const switcherOptions = await page.getByRole('listbox', { name: 'Project', exact: true }).getByRole('option').allTextContents();
    await page.getByRole('combobox', { name: 'Project', exact: true }).press('Escape');
    assert.ok(switcherOptions.includes(imgPayload) && switcherOptions.includes(scriptPayload), 'the Project switcher shows them as text');

    await projects.getByRole('link', { name: `Settings of ${imgPayload}`, exact: true }).click();
    await expectHeading(page, 'Project settings');
    await eventually(async () =>
      assert.equal(await page.getByRole('textbox', { name: 'Project name', exact: true }).inputValue(), imgPayload),
    );
    await page.getByRole('main').getByText(imgPayload, { exact: true }).first().waitFor();
    await expectNothingRan(page, 'Project settings');

    await page.goto('/projects/1/dashboards?search=window.__xss');
    await expectHeading(page, 'Dashboards');
    const dashboards = page.getByRole('table', { name: 'Dashboards', exact: true });
    await dashboards.getByRole('link', { name: scriptPayload, exact: true }).waitFor();
    await dashboards.getByRole('link', { name: imgPayload, exact: true }).waitFor();
    await dashboards.getByRole('button', { name: `Pin ${scriptPayload}`, exact: true }).waitFor();
    await expectNothingRan(page, 'Dashboards');

    await dashboards.getByRole('link', { name: scriptPayload, exact: true }).click();
    await expectHeading(page, scriptPayload);
    assert.equal(await page.getByRole('textbox', { name: 'Description', exact: true }).inputValue(), imgPayload);
    await expectNothingRan(page, 'the dashboard detail');
    await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
    const link = await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue();
    assert.ok(link.endsWith(`/shared/${encodeURIComponent(created.sharedToken)}`));
    await expectNothingRan(page, 'the Sharing tab');
    assert.ok(await page.title().then((title) => title.startsWith(scriptPayload)), 'the document title holds the name as text');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    const entries = page.getByRole('list', { name: 'Activity entries' });
    await entries.getByRole('link', { name: scriptPayload, exact: true }).first().waitFor();
    await entries.getByRole('link', { name: imgPayload, exact: true }).first().waitFor();
    await expectNothingRan(page, 'Activity');
    await checkA11y(page, 'activity-with-hostile-names');

    // The public page the mock serves for the shared dashboard, through the console's origin.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: scriptPayload, exact: true }).waitFor();
    await page.getByText(imgPayload, { exact: true }).waitFor();
    await expectNothingRan(page, 'the public shared page');

    assert.deepEqual(payloadRequests, [], 'no <img src=x> from a name was ever loaded');
  });

  journey('Copy as curl writes $POSTHOG_API_KEY, never the key, for reads and for writes with a body', async ({ page, context, stack }) => {
    await grantClipboard(context, stack.baseUrl);
    await openConnected(page, '/projects/1/dashboards?search=aha', 'Dashboards');
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    await table.getByRole('button', { name: 'Pin aha moments', exact: true }).click();
    await table.getByRole('button', { name: 'Unpin aha moments', exact: true }).waitFor();

    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const panel = page.getByRole('region', { name: 'API log', exact: true });
    const requests = panel.getByRole('list', { name: 'Requests, newest first' });
    const patch = requests.getByRole('listitem').filter({ hasText: /PATCH\s+\/api\/projects\/1\/dashboards\/\d+\/\s+200/ });
    await patch.first().waitFor();
    const writeCurl = await copyWith(page, patch.first().getByRole('button', { name: 'Copy as curl', exact: true }));
    assert.match(writeCurl, /^curl -X PATCH '.*\/api\/projects\/1\/dashboards\/\d+\/'/);
    assert.ok(writeCurl.includes('"Authorization: Bearer $POSTHOG_API_KEY"'), `the curl names the variable:\n${writeCurl}`);
    assert.match(writeCurl, /--data-binary '\{"pinned":true\}'/);

    const count = Math.min(await requests.getByRole('listitem').count(), 8);
    assert.ok(count >= 3, 'the log lists the page’s requests');
    for (let index = 0; index < count; index += 1) {
      const curl = await copyWith(page, requests.getByRole('listitem').nth(index).getByRole('button', { name: 'Copy as curl', exact: true }));
      assert.ok(!curl.includes(adminKey) && !/phx_[A-Za-z0-9_]+/.test(curl), `a copied curl holds the key:\n${curl}`);
    }
    const panelText = await panel.innerText();
    assert.ok(!panelText.includes(adminKey), 'the API log never shows the key');
  });
});
