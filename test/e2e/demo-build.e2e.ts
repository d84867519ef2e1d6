// The static demo build (`npm run build:demo` → dist-demo/): served from a sub-folder by a plain
// static file server (no proxy, no mock process), it must run the whole console against the mock in
// its service worker: connect with a demo key, browse, read the API log, copy a curl command, see a
// fault's error handling, and reset the demo data.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from './support/chromium.ts';
import { eventually, expectHeading } from './support/console.ts';
import { allowHttpStatus, checkA11y, collectPageErrors, screenshot } from './support/harness.ts';
import { repoRoot } from './support/stack.ts';

const demoDir = join(repoRoot, 'dist-demo');
/** Served from a sub-folder, to prove the build's relative paths and the worker's scope. */
const mountPath = '/static/console-demo/';
const adminKey = 'phx_demo_admin';
const keyPattern = /phx_[A-Za-z0-9_]+/;

async function buildDemo(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(demoDir, 'index.html'))) return;
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--mode', 'demo', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`vite build --mode demo failed (exit code ${code}).`);
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.json': 'application/json',
};

/** A plain static file server: files of `root` under `mount`, index.html for a folder, 404 otherwise. */
function serveStatic(root: string, mount: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (!pathname.startsWith(mount)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    let file = normalize(join(root, pathname.slice(mount.length)));
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') fail(new Error('the static server has no TCP port'));
      else done({ url: `http://127.0.0.1:${address.port}`, server });
    });
  });
}

/** The entries of the open API log, newest first. */
const logEntries = (page: Page): Locator =>
  page.getByRole('region', { name: 'API log' }).getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');

describe('the static demo build', () => {
  let origin = '';
  let server: Server | undefined;
  let chromium: LaunchedChromium | undefined;
  let browser: Browser;

  before(async () => {
    await buildDemo();
    ({ url: origin, server } = await serveStatic(demoDir, mountPath));
    chromium = await launchChromium();
    browser = chromium.browser;
  }, { timeout: 180_000 });

  after(async () => {
    await chromium?.close();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  });

  it('is relative and self-contained: no absolute asset path, the worker beside index.html', () => {
    const html = readFileSync(join(demoDir, 'index.html'), 'utf8');
    assert.doesNotMatch(html, /(src|href)="\/(?!\/)/, 'index.html must use relative asset paths');
    assert.ok(existsSync(join(demoDir, 'mockServiceWorker.js')), 'the service worker must be at the root of the build');
  });

  it('runs the console against the in-browser mock from a static host', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
    context.setDefaultTimeout(15_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const leaks: string[] = [];
    context.on('request', (request) => {
      if (keyPattern.test(request.url())) leaks.push(`request URL: ${request.url()}`);
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (keyPattern.test(message.text())) leaks.push(`console.${message.type()}: ${message.text()}`);
    });
    const errors = collectPageErrors(page);
    // The forced 503 below is logged by Chromium as a failed resource load.
    allowHttpStatus(errors, 503);

    try {
      // 1. Connect: the page says it is the in-browser demo and offers the demo keys.
      await page.goto(`${origin}${mountPath}`);
      await expectHeading(page, 'Connect');
      await page.getByText(/This is the in-browser demo/).waitFor();
      await checkA11y(page, 'demo-connect');
      await page.getByRole('button', { name: `Use demo key ${adminKey}`, exact: true }).click();
      await expectHeading(page, 'Projects');
      assert.ok(new URL(page.url()).pathname.startsWith(mountPath), 'the console stays inside its folder');
      assert.match(new URL(page.url()).hash, /^#\/projects/);

      // 2. A change, kept in localStorage across a reload.
      await page.getByRole('button', { name: 'New project', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Made in the demo');
      await dialog.getByRole('button', { name: 'Create project', exact: true }).click();
      await page.getByRole('link', { name: 'Made in the demo', exact: true }).waitFor();
      await page.reload();
      await expectHeading(page, 'Projects');
      await page.getByRole('link', { name: 'Made in the demo', exact: true }).waitFor();

      // 3. Projects → a project's dashboards → a dashboard.
      await page.getByRole('link', { name: 'Hedgebox App', exact: true }).click();
      await expectHeading(page, 'Dashboards');
      const firstDashboard = page.getByRole('table').getByRole('link').first();
      const dashboardName = (await firstDashboard.innerText()).trim();
      await firstDashboard.click();
      await expectHeading(page, dashboardName);

      // 4. The API log lists the calls, and copies one as curl without the key.
      await page.getByRole('button', { name: 'API log', exact: true }).click();
      const detailEntry = logEntries(page).filter({ hasText: /GET \/api\/projects\/\d+\/dashboards\/\d+\/ 200/ }).first();
      await detailEntry.waitFor();
      await logEntries(page).filter({ hasText: /GET \/api\/projects\/\d+\/dashboards\/\?.* 200/ }).first().waitFor();
      await checkA11y(page, 'demo-dashboard-with-api-log');
      await detailEntry.getByRole('button', { name: 'Copy as curl', exact: true }).click();
      await detailEntry.getByText('Copied', { exact: true }).waitFor();
      const curl = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(curl, new RegExp(`^curl '${origin.replace(/[.]/g, '\\.')}/api/projects/\\d+/dashboards/\\d+/'`));
      assert.ok(curl.includes('-H "Authorization: Bearer $POSTHOG_API_KEY"'), curl);
      assert.ok(!curl.includes(adminKey), 'the copied command must not contain the key');
      await screenshot(page, 'demo-api-log');

      // 5. A fault: the top bar says so, and the page shows the API's error with Try again.
      await page.getByRole('button', { name: 'Mock controls', exact: true }).click();
      const controls = page.getByRole('dialog', { name: 'Mock controls' });
      await controls.getByRole('textbox', { name: 'Path pattern', exact: true }).fill('/api/projects/*/activity_log');
      await controls.getByRole('textbox', { name: 'Status', exact: true }).fill('503');
      await controls.getByRole('button', { name: 'Apply faults', exact: true }).click();
      const indicator = page.getByRole('button', { name: 'Faults on: 503 on any method /api/projects/*/activity_log', exact: true });
      await indicator.waitFor();
      await checkA11y(page, 'demo-mock-controls');
      await page.keyboard.press('Escape');
      await controls.waitFor({ state: 'hidden' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
      const failure = page.getByRole('alert').filter({ hasText: 'Service temporarily unavailable, try again later.' });
      await failure.waitFor();
      await page.getByRole('region', { name: 'API log' }).getByRole('checkbox', { name: 'Failures only' }).check();
      await logEntries(page).filter({ hasText: /GET \/api\/projects\/\d+\/activity_log\/.* 503/ }).first().waitFor();
      await screenshot(page, 'demo-fault');

      // 6. Clear the fault: `Try again` loads the page.
      await indicator.click();
      await controls.getByRole('button', { name: 'Clear faults', exact: true }).click();
      await indicator.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await controls.waitFor({ state: 'hidden' });
      await failure.getByRole('button', { name: 'Try again', exact: true }).click();
      await eventually(async () => assert.equal(await failure.count(), 0, 'the error stays after the fault was cleared'), 10_000);
      await expectHeading(page, 'Activity');

      // 7. A preset in one click, named in the top bar, and still on after a reload, as the data is.
      await page.getByRole('button', { name: 'Mock controls', exact: true }).click();
      await controls.getByRole('button', { name: 'Writes down', exact: true }).click();
      await page.getByRole('button', { name: 'Faults on: Writes down', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await controls.waitFor({ state: 'hidden' });
      await page.reload();
      await expectHeading(page, 'Activity');
      await page.getByRole('button', { name: 'Faults on: Writes down', exact: true }).click();
      assert.equal(await controls.getByRole('button', { name: 'Writes down', exact: true }).getAttribute('aria-pressed'), 'true');

      // 8. Reset (with a fault on): faults off, the demo's own project gone, pages refetched.
      await controls.getByRole('textbox', { name: 'Latency (ms)', exact: true }).fill('20');
      await controls.getByRole('button', { name: 'Apply faults', exact: true }).click();
      await page.getByRole('button', { name: /^Faults on: 20 ms latency/ }).waitFor();
      await controls.getByRole('button', { name: 'Reset demo data', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Reset demo data?' }).getByRole('button', { name: 'Reset', exact: true }).click();
      await page.getByText('Demo data reset: everything is back to the seed, and faults are off.').waitFor();
      await page.getByRole('button', { name: /^Faults on:/ }).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await controls.waitFor({ state: 'hidden' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).click();
      await expectHeading(page, 'Projects');
      await page.getByRole('link', { name: 'Hedgebox App', exact: true }).waitFor();
      // Never shown again, not even as stale data while the list reloads.
      assert.equal(await page.getByRole('link', { name: 'Made in the demo', exact: true }).count(), 0);
      const stored = await page.evaluate(() => localStorage.getItem('analytics-console:mock-store') ?? '');
      await eventually(async () => {
        const now = await page.evaluate(() => localStorage.getItem('analytics-console:mock-store') ?? '');
        assert.ok(!now.includes('Made in the demo'), 'the reset reached localStorage');
      }, 5_000);
      assert.ok(stored.length > 0, 'the demo keeps its store in localStorage');
      // The reset's "no faults" is what a reload finds.
      await page.reload();
      await expectHeading(page, 'Projects');
      await page.getByRole('button', { name: 'Mock controls', exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^Faults on:/ }).count(), 0, 'no fault after a reset and a reload');

      errors.assertNone();
      assert.deepEqual(leaks, [], 'an API key appeared where it must never be');
    } catch (error) {
      const path = await screenshot(page, 'demo-build-failure').catch(() => undefined);
      if (path && error instanceof Error) error.message += `\n  screenshot: ${path}`;
      throw error;
    } finally {
      await context.close();
    }
  });
});
