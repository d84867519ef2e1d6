// The API explorer in Chromium (CONSOLE.md "API explorer and contract check"): search, a picked
// project and Send with Ctrl+Enter; a PATCH rename that shows on the Dashboards page and in another
// tab within 2 s; an invalid body refused, then sent anyway and marked in the API log; every copy
// button (curl and fetch run against the mock), Copy link opened in a new tab (fills the form, sends
// nothing), and the key in no URL, snippet, link or history entry; Open in explorer from the API
// log; a drift shown for an answer altered in flight; axe at 1440 and 390 px in both themes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, collectPageErrors, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { copyWith, grantClipboard, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();
const keyPattern = /phx_[A-Za-z0-9_]+/;
/** What the issue allows between a change in one tab and the other tab showing it. */
const WITHIN = 2_000;

const operationsNav = (page: Page) => page.getByRole('navigation', { name: 'Operations' });
const responseRegion = (page: Page) => page.getByRole('region', { name: 'Response', exact: true });

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opens a second tab from the first (window.open: it shares the first tab's session key). */
async function openSecondTab(page: Page, path: string): Promise<Page> {
  const [second] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url), path)]);
  await second.waitForLoadState('domcontentloaded');
  return second;
}

describe('API explorer', () => {
  journey('search, a picked project, Send with Ctrl+Enter; the top bar link (in Menu on a phone); axe at 1440 and 390 px', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API explorer', exact: true }).click();
    await expectHeading(page, 'API explorer');
    const nav = operationsNav(page);
    const all = await nav.getByRole('link').count();
    await nav.getByRole('searchbox', { name: 'Search operations' }).fill('get dashboard:read');
    await eventually(async () => {
      const shown = await nav.getByRole('link').allInnerTexts();
      assert.ok(shown.length > 1 && shown.length < all, `${shown.length} of ${all}`);
      assert.ok(shown.every((text) => text.startsWith('GET /api/projects/:project_id/dashboards/')), JSON.stringify(shown));
    });
    await nav.getByRole('link', { name: 'GET /api/projects/:project_id/dashboards/', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'List dashboards' }).waitFor();
    await page.getByText(/^Needs dashboard:read/).waitFor();

    const project = page.getByRole('combobox', { name: 'project_id', exact: true });
    await project.click();
    const option = page.getByRole('listbox', { name: 'project_id' }).getByRole('option').first();
    const optionName = (await option.innerText()).trim();
    const projectId = /\((\d+)\)$/.exec(optionName)?.[1];
    assert.ok(projectId, `an option names its project and id: ${optionName}`);
    await option.click();
    assert.equal(await project.inputValue(), projectId);

    const limit = page.getByRole('textbox', { name: 'limit', exact: true });
    await limit.fill('3');
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/projects/${projectId}/dashboards/`);
    await limit.press('Control+Enter');
    assert.equal(new URL((await sent).url()).search, '?limit=3');
    const response = responseRegion(page);
    await response.getByText('200 OK', { exact: true }).waitFor();
    await response.getByText('Matches the contract', { exact: true }).waitFor();
    await response.getByText('Headers', { exact: true }).click();
    await response.getByText('content-type', { exact: true }).waitFor();
    await checkA11y(page, 'explorer-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'explorer-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page does not scroll sideways at 390 px (${overflow} px)`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API explorer', exact: true }).waitFor();
  });

  journey('a PATCH rename sent from the explorer shows on the Dashboards page and in another tab within 2 s', async ({ page, stack }) => {
    const dashboard = await api<{ id: number; name: string }>(stack.mockUrl, '/api/projects/1/dashboards/', {
      method: 'POST',
      body: { name: 'Explorer rename before' },
    });
    const listPath = `/projects/1/dashboards?search=${encodeURIComponent('Explorer rename')}`;
    await openConnected(page, listPath, 'Dashboards');
    const table = page.getByRole('table', { name: 'Dashboards', exact: true });
    await table.getByText('Explorer rename before', { exact: true }).waitFor();
    const second = await openSecondTab(page, listPath);
    const secondErrors = collectPageErrors(second);
    await expectHeading(second, 'Dashboards');
    const otherTable = second.getByRole('table', { name: 'Dashboards', exact: true });
    await otherTable.getByText('Explorer rename before', { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API explorer', exact: true }).click();
    await operationsNav(page).getByRole('link', { name: 'PATCH /api/projects/:project_id/dashboards/:dashboard_id/', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Update, soft-delete or restore a dashboard' }).waitFor();
    await page.getByRole('combobox', { name: 'project_id', exact: true }).fill('1');
    await page.getByRole('combobox', { name: 'dashboard_id', exact: true }).fill(String(dashboard.id));
    await page.getByRole('textbox', { name: 'Request body', exact: true }).fill('{"name": "Explorer rename after"}');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await responseRegion(page).getByText('200 OK', { exact: true }).waitFor();
    const sentAt = Date.now();
    await otherTable.getByText('Explorer rename after', { exact: true }).waitFor({ timeout: WITHIN });
    assert.ok(Date.now() - sentAt <= WITHIN);

    // Back to the Dashboards page of this tab (the explorer, then its operation, were two steps).
    await page.goBack();
    await page.goBack();
    await expectHeading(page, 'Dashboards');
    await table.getByText('Explorer rename after', { exact: true }).waitFor({ timeout: WITHIN });
    secondErrors.assertNone();
  });

  journey('an invalid body is refused, named by its field, then sent anyway and marked as a negative test in the API log', async ({ page, errors }) => {
    allowHttpStatus(errors, 400);
    await openConnected(page, '/explorer/dashboardsCreate?path.project_id=1', 'API explorer');
    const body = page.getByRole('textbox', { name: 'Request body', exact: true });
    assert.equal(typeof JSON.parse(await body.inputValue()), 'object', 'the body starts as the contract’s example');
    await page.getByText('The body matches the contract’s input schema.').waitFor();
    await body.fill('{"name": "Negative", "pinned": "sometimes"}');
    await page.getByText(/^pinned: /).waitFor();
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/projects/1/dashboards/') sent++;
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Not sent: the body does not match the contract.' }).waitFor();
    assert.equal(sent, 0);

    await page.getByRole('checkbox', { name: 'Send it anyway', exact: true }).check();
    await body.press('Control+Enter');
    await responseRegion(page).getByText('400 Bad Request', { exact: true }).waitFor();
    assert.equal(sent, 1);
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const entry = page
      .getByRole('region', { name: 'API log', exact: true })
      .getByRole('listitem')
      .filter({ hasText: /POST\s+\/api\/projects\/1\/dashboards\/\s+400/ })
      .first();
    await entry.getByText('negative test', { exact: true }).waitFor();
  });

  journey('every copy button holds no key (curl and fetch run against the mock); Copy link in a new tab fills the form and sends nothing', async ({ page, context, stack }) => {
    await grantClipboard(context, new URL(stack.baseUrl).origin);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(frame.url()));
    await openConnected(page, '/explorer/dashboardsList', 'API explorer');
    await page.getByRole('combobox', { name: 'project_id', exact: true }).fill('1');
    await page.getByRole('textbox', { name: 'limit', exact: true }).fill('2');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await responseRegion(page).getByText('200 OK', { exact: true }).waitFor();

    const env = { POSTHOG_API_KEY: 'phx_demo_admin', API_HOST: stack.mockUrl };
    const curl = await copyWith(page, page.getByRole('button', { name: 'Copy as curl', exact: true }));
    assert.doesNotMatch(curl, keyPattern);
    assert.match(curl, /"\$API_HOST"'\/api\/projects\/1\/dashboards\/\?limit=2'/);
    const ranCurl = await run('sh', ['-c', `${curl} -sS`], env);
    assert.equal(ranCurl.code, 0, ranCurl.stderr);
    const page1 = JSON.parse(ranCurl.stdout) as { results: unknown[]; count: number };
    assert.equal(page1.results.length, 2);

    const fetchSnippet = await copyWith(page, page.getByRole('button', { name: 'Copy as fetch', exact: true }));
    assert.doesNotMatch(fetchSnippet, keyPattern);
    assert.match(fetchSnippet, /process\.env\.POSTHOG_API_KEY/);
    const ranFetch = await run(process.execPath, ['--input-type=module', '-e', fetchSnippet], env);
    assert.equal(ranFetch.code, 0, ranFetch.stderr);
    assert.match(ranFetch.stdout, /^200 \{/);

    const python = await copyWith(page, page.getByRole('button', { name: 'Copy as Python', exact: true }));
    assert.doesNotMatch(python, keyPattern);
    assert.match(python, /os\.environ\["POSTHOG_API_KEY"\]/);
    assert.match(python, /os\.environ\["API_HOST"\] \+ "\/api\/projects\/1\/dashboards\/\?limit=2"/);
    const httpie = await copyWith(page, page.getByRole('button', { name: 'Copy as HTTPie', exact: true }));
    assert.doesNotMatch(httpie, keyPattern);
    assert.match(httpie, /"Authorization:Bearer \$POSTHOG_API_KEY"/);

    const link = await copyWith(page, page.getByRole('button', { name: 'Copy link', exact: true }));
    assert.doesNotMatch(link, keyPattern);
    assert.equal(new URL(link).pathname, '/explorer/dashboardsList');
    const second = await openSecondTab(page, 'about:blank');
    const sentThere: string[] = [];
    second.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects/1/dashboards/' && new URL(request.url()).search === '?limit=2') sentThere.push(request.url());
    });
    await second.goto(link);
    await second.getByRole('heading', { level: 2, name: 'List dashboards' }).waitFor();
    assert.equal(await second.getByRole('combobox', { name: 'project_id', exact: true }).inputValue(), '1');
    assert.equal(await second.getByRole('textbox', { name: 'limit', exact: true }).inputValue(), '2');
    assert.equal(await second.getByRole('region', { name: 'Response', exact: true }).count(), 0, 'opening a link sends nothing');
    assert.deepEqual(sentThere, []);

    // The history (sessionStorage) and every URL this tab visited hold no key; a reload keeps the history.
    await page.reload();
    const recent = page.getByRole('list', { name: 'Recent requests' });
    await recent.getByRole('link').filter({ hasText: /GET \/api\/projects\/1\/dashboards\/\?limit=2 200/ }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage).filter(([name]) => name.includes('explorer'))));
    assert.match(stored, /limit=2/);
    assert.doesNotMatch(stored, keyPattern);
    assert.ok(visited.length > 0);
    for (const url of [...visited, page.url(), second.url()]) assert.doesNotMatch(url, keyPattern, url);
    for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      assert.doesNotMatch(href, keyPattern, href);
    }
  });

  journey('Open in explorer from the API log opens the logged request’s operation, filled in', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const entry = page
      .getByRole('region', { name: 'API log', exact: true })
      .getByRole('listitem')
      .filter({ hasText: /GET\s+\/api\/projects\/1\/dashboards\/\?\S*\s+200/ })
      .first();
    await entry.getByRole('link', { name: 'Open in explorer', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'List dashboards' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/explorer/dashboardsList');
    assert.equal(await page.getByRole('combobox', { name: 'project_id', exact: true }).inputValue(), '1');
    assert.notEqual(await page.getByRole('textbox', { name: 'limit', exact: true }).inputValue(), '');
  });

  journey('an answer altered in flight shows as a drift from the contract, one line per difference', async ({ page }) => {
    await openConnected(page, '/explorer/dashboardsGet?path.project_id=1&path.dashboard_id=1', 'API explorer');
    await page.route('**/api/projects/1/dashboards/1/', async (route) => {
      const original = await route.fetch();
      const body = (await original.json()) as Record<string, unknown>;
      await route.fulfill({ response: original, json: { ...body, created_by: 'someone', pinned: 'yes', extra_field: 1 } });
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const response = responseRegion(page);
    await response.getByText('Differs from the contract', { exact: true }).waitFor();
    await response.getByText('created_by: expected an object or null, got a string').waitFor();
    await response.getByText(/^pinned: expected /).waitFor();
    const unnamed = response.getByRole('button', { name: /^\d+ fields? the contract does not name$/ });
    await unnamed.click();
    await response.getByText('extra_field', { exact: true }).waitFor();
  });
});
