// A deployment as an administrator would make one (docs/deploy.md): Debian's nginx serves dist/
// with the shipped deploy/nginx.conf, and the console talks to an API on another origin straight
// from the browser (API.md §1.5), here the mock on another port. Then the console on one origin
// (vite preview) with the mock on another: every request goes to the mock, a reload's first ones too, and
// `Saved connections` switch between two hosts, each load under its own Content-Security-Policy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import type { Locator, Page, Request } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { startNginx, type Nginx } from './support/nginx.ts';
import { dashboardNamed, expectDescribedBy } from './support/pages.ts';
import { api, distDir, startMockProcess, type MockProcess } from './support/stack.ts';

const { journey } = setupE2E();
const keyPattern = /phx_[A-Za-z0-9_]+/;

let nginx: Nginx | undefined;
before(async () => {
  nginx = await startNginx(distDir);
}, { timeout: 60_000 });
after(async () => {
  await nginx?.close();
});

function served(): Nginx {
  if (!nginx) throw new Error('nginx is not started');
  return nginx;
}

/** Every URL the page asks for, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => void urls.push(request.url()));
  return urls;
}

const apiCallsTo = (urls: string[], origin: string) => urls.filter((url) => url.startsWith(`${origin}/api/`));

/** The page's `connect-src` lock (the second policy, added once connected), or null. */
const lock = (page: Page) => page.evaluate(() => document.querySelector('meta[data-connection-lock]')?.getAttribute('content') ?? null);

async function download(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync(await file.path(), 'utf8');
}

async function fillConnect(page: Page, host: string, key: string): Promise<void> {
  await page.getByRole('textbox', { name: 'API host', exact: true }).fill(host);
  await page.getByLabel('Personal API key', { exact: true }).fill(key);
  await page.getByRole('checkbox', { name: 'Remember this key on this device', exact: true }).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

describe('Deployed on nginx, the API on another origin', () => {
  journey('connects through Connect, pins a dashboard, reloads a deep link, and nginx sends the headers', async ({ page, stack }) => {
    const site = served().url;
    const mock = new URL(stack.mockUrl).origin;
    const requests = recordRequests(page);
    const aha = await dashboardNamed(stack.mockUrl, 1, 'aha moments');

    // A deep link, first thing: nginx answers it with index.html; the console asks for a key.
    const listPath = '/projects/1/dashboards?search=aha';
    await page.goto(`${site}${listPath}`);
    await expectHeading(page, 'Connect');
    // The mock on its own origin is recognised from here (its /__mock/ routes answer cross-origin).
    await page.getByRole('textbox', { name: 'API host', exact: true }).fill(mock);
    await page.getByRole('button', { name: 'Use demo key phx_demo_admin', exact: true }).waitFor();
    await fillConnect(page, mock, 'phx_demo_admin');
    await expectPath(page, listPath);
    await expectHeading(page, 'Dashboards');
    await page.getByRole('banner').getByText('Bundled mock', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Pin aha moments', exact: true }).click();
    await page.getByRole('button', { name: 'Unpin aha moments', exact: true }).waitFor();
    await eventually(async () => assert.equal((await api<{ pinned: boolean }>(stack.mockUrl, `/api/projects/1/dashboards/${aha.id}/`)).pinned, true));

    // A full load of another deep link: served by the fallback, locked to the mock's origin.
    const detailPath = `/projects/1/dashboards/${aha.id}`;
    await page.goto(`${site}${detailPath}`);
    await expectHeading(page, 'aha moments');
    assert.equal(await lock(page), `connect-src 'self' ${mock}`);

    // Coming back: the hashed scripts and stylesheet come from the browser's cache without asking
    // nginx again (`immutable`: no revalidation, a transfer of 0 bytes); the page itself is asked for.
    await page.goto(`${site}${detailPath}`);
    await expectHeading(page, 'aha moments');
    const assets = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize })),
    );
    assert.ok(assets.length >= 3, `the page's assets: ${JSON.stringify(assets)}`);
    assert.deepEqual(assets.filter((asset) => asset.transferSize > 0), [], 'every asset of a second visit comes from the cache');
    const pageBytes = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).transferSize);
    assert.ok(pageBytes > 0, 'the page itself is asked for again (no-cache)');

    // Every API request went to the mock; none to the site's own /api/.
    assert.deepEqual(apiCallsTo(requests, site), []);
    assert.ok(apiCallsTo(requests, mock).length > 5, 'the console called the mock');

    // The API log and its exports name the mock's origin, and never the key.
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const panel = page.getByRole('region', { name: 'API log', exact: true });
    await panel.getByRole('listitem').first().waitFor();
    const har = await download(page, panel.getByRole('button', { name: 'Export HAR', exact: true }));
    const urls = (JSON.parse(har) as { log: { entries: Array<{ request: { url: string } }> } }).log.entries.map((entry) => entry.request.url);
    assert.ok(urls.length > 0 && urls.every((url) => url.startsWith(`${mock}/`)), `HAR URLs: ${JSON.stringify(urls.slice(0, 3))}`);
    const script = await download(page, panel.getByRole('button', { name: 'Export as script', exact: true }));
    assert.ok(script.includes(mock), 'the script defaults API_HOST to the mock');
    assert.doesNotMatch(har + script, keyPattern);

    // The headers nginx adds, which the page cannot set itself.
    const security = (headers: Headers, what: string) => {
      assert.equal(headers.get('content-security-policy'), "frame-ancestors 'none'", what);
      assert.equal(headers.get('x-frame-options'), 'DENY', what);
      assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
      assert.equal(headers.get('referrer-policy'), 'no-referrer', what);
    };
    const deepLink = await fetch(`${site}${detailPath}`);
    const html = await deepLink.text();
    assert.equal(deepLink.status, 200);
    assert.match(deepLink.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(deepLink.headers.get('cache-control'), 'no-cache');
    assert.match(html, /<meta http-equiv="Content-Security-Policy"/);
    security(deepLink.headers, 'a deep link');
    const index = await fetch(`${site}/index.html`);
    await index.arrayBuffer();
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    assert.ok(asset, 'the page links a hashed script');
    const script200 = await fetch(`${site}${asset}`);
    await script200.arrayBuffer();
    assert.equal(script200.status, 200);
    assert.match(script200.headers.get('content-type') ?? '', /javascript/);
    assert.equal(script200.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    security(script200.headers, 'a hashed asset');
    const missing = await fetch(`${site}/assets/not-there-0000.js`);
    assert.equal(missing.status, 404, 'a missing asset is a 404, not the page');
    assert.doesNotMatch(await missing.text(), /<div id="root">/);
  }, { timeout: 90_000 });
});

describe('The console on one origin, the mock on another', () => {
  let second: MockProcess | undefined;
  before(async () => {
    second = await startMockProcess();
  }, { timeout: 60_000 });
  after(async () => {
    await second?.close();
  });

  journey('a host that refuses this origin or does not answer is named in one sentence, in a real browser', async ({ page, errors }) => {
    // Chromium reports both failures on its console; the page says them in words.
    errors.allow(/blocked by CORS policy/);
    errors.allow(/net::ERR_/);
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    const hostField = page.getByRole('textbox', { name: 'API host', exact: true });
    const keyField = page.getByLabel('Personal API key', { exact: true });
    // nginx serving the console answers, but without any CORS header: the browser refuses the answer.
    const strict = served().url;
    await hostField.fill(strict);
    await keyField.fill('phx_demo_admin');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectDescribedBy(hostField, `${strict} answers, but refuses requests from this page's origin (${new URL(page.url()).origin}) by its CORS settings`);
    assert.equal(await keyField.inputValue(), 'phx_demo_admin', 'the key stays in its field');
    // Nothing listens on port 9 of this computer.
    await hostField.fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectDescribedBy(hostField, 'http://127.0.0.1:9 does not answer: check the address, your network, and that the server is running.');
    assert.equal(await keyField.inputValue(), 'phx_demo_admin');
    await checkA11y(page, 'connect-host-fails');
  });

  journey('every request goes to the mock, a reload’s first ones too; saved connections switch hosts into the right policy', async ({ page, stack }) => {
    if (!second) throw new Error('the second mock is not started');
    const a = new URL(stack.mockUrl).origin;
    const b = new URL(second.url).origin;
    const site = new URL(stack.baseUrl).origin;
    const requests = recordRequests(page);

    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    await fillConnect(page, a, 'phx_demo_admin');
    await expectHeading(page, 'Projects');
    await page.getByRole('banner').getByText('Bundled mock', { exact: true }).waitFor();
    assert.equal(await lock(page), `connect-src 'self' ${a}`);

    // A reload: the page's first requests (its routes' loaders') go to the mock too.
    requests.length = 0;
    await page.reload();
    await expectHeading(page, 'Projects');
    assert.ok(apiCallsTo(requests, a).length > 0);

    // Connect to another host while locked to the first: one reload unlocks the policy, then the key is checked.
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    await fillConnect(page, b, 'phx_demo_member');
    await expectHeading(page, 'Projects');
    await eventually(async () => assert.equal(await lock(page), `connect-src 'self' ${b}`));

    // Back to the first in one click: its key was remembered for it.
    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    const saved = page.getByRole('region', { name: 'Saved connections' });
    const hostA = new URL(a).host;
    const hostB = new URL(b).host;
    await saved.getByRole('button', { name: `Use Bundled mock (${hostB})`, exact: true }).waitFor();
    assert.doesNotMatch((await saved.innerText()) ?? '', keyPattern, 'the saved list never shows a key');
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await checkA11y(page, `connect-saved-connections-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await saved.getByRole('button', { name: `Use Bundled mock (${hostA})`, exact: true }).click();
    await expectHeading(page, 'Projects');
    await eventually(async () => assert.equal(await lock(page), `connect-src 'self' ${a}`));
    // Priya again (the admin key remembered for the first mock), not Tomás.
    await eventually(async () => {
      const stored = await page.evaluate(() => localStorage.getItem('analytics-console:connection') ?? '');
      assert.match(stored, new RegExp(`"host":"${a.replace(/[.]/g, '\\.')}"`));
    });

    assert.deepEqual(apiCallsTo(requests, site), [], 'no request to the page’s own /api/');
  }, { timeout: 90_000 });
});
