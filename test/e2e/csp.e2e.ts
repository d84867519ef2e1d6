// A locked-down page (../shared/CONSOLE.md, "Safety"): the built console runs under its
// Content-Security-Policy without a single violation; a script that reached the DOM through a name
// (were the console ever to render one as markup) is refused; and once connected the page can reach
// its own origin and the connected host only.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { connect, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey, browser } = (() => {
  const e2e = setupE2E();
  return { journey: e2e.journey, browser: () => e2e.browser };
})();

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/** Records every `securitypolicyviolation` of every page of `context`, from its first script on. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string; page: string }> = [];
    (window as { __violations?: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname }),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as { __violations?: Violation[] }).__violations ?? []);

async function expectNoViolation(page: Page, where: string): Promise<void> {
  assert.deepEqual(await violations(page), [], `Content-Security-Policy violations on ${where}`);
}

/** Inserts `markup` as HTML the way a careless renderer would, scripts included (createContextualFragment runs them). */
async function injectAsMarkup(page: Page, markup: string): Promise<void> {
  await page.evaluate((html) => {
    const main = document.querySelector('main') ?? document.body;
    main.append(document.createRange().createContextualFragment(html));
  }, markup);
}

const scriptPayload = '<script>window.__xss = "script ran"</script>';
const imgPayload = '<img src="data:," onerror="window.__xss = \'handler ran\'">';

describe('Locked down', () => {
  journey('the built console runs under its policy without a violation', async ({ page, context }) => {
    await recordViolations(context);
    await page.goto('/');
    await expectHeading(page, 'Connect');
    await expectNoViolation(page, 'Connect');
    await page.getByRole('button', { name: 'Use demo key phx_demo_admin', exact: true }).click();
    await expectHeading(page, 'Projects');
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    await page.getByRole('region', { name: 'API log', exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    await page.getByRole('table', { name: 'Dashboards', exact: true }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
    await page.getByRole('tabpanel').waitFor();
    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expectHeading(page, 'Project settings');
    await page.getByRole('button', { name: 'Mock controls', exact: true }).click();
    await page.getByRole('dialog', { name: 'Mock controls' }).waitFor();
    await expectNoViolation(page, 'the pages of a connected console');
    // A full load of a deep link, with the connection already stored.
    await page.goto('/projects/1/dashboards');
    await expectHeading(page, 'Dashboards');
    await expectNoViolation(page, 'a reloaded deep link');
  });

  journey('a script that reaches the page through a dashboard name never runs', async ({ page, context, errors, stack }) => {
    errors.allow(/Content Security Policy/);
    await recordViolations(context);
    const created: number[] = [];
    for (const name of [scriptPayload, imgPayload]) {
      created.push((await api<{ id: number }>(stack.mockUrl, '/api/projects/1/dashboards/', { body: { name } })).id);
    }

    await openConnected(page, `/projects/1/dashboards/${created[0]}`, scriptPayload);
    // The console renders names as text; if it ever rendered one as markup, the policy still refuses it.
    await injectAsMarkup(page, await page.getByRole('heading', { level: 1 }).innerText());
    await page.goto(`/projects/1/dashboards/${created[1]}`);
    await expectHeading(page, imgPayload);
    await injectAsMarkup(page, await page.getByRole('heading', { level: 1 }).innerText());
    await eventually(async () => {
      const refused = (await violations(page)).map((violation) => violation.directive);
      assert.ok(refused.includes('script-src-attr'), `the onerror handler was not refused: ${JSON.stringify(refused)}`);
    });
    assert.equal(await page.evaluate(() => (window as { __xss?: unknown }).__xss), undefined, 'an injected script ran');

    // The same injection in a page without its policy does run: the test would catch a weaker policy.
    const unprotected = await browser().newContext({ baseURL: stack.baseUrl, bypassCSP: true });
    try {
      const other = await unprotected.newPage();
      await other.goto('/connect');
      await expectHeading(other, 'Connect');
      await injectAsMarkup(other, scriptPayload);
      assert.equal(await other.evaluate(() => (window as { __xss?: unknown }).__xss), 'script ran');
    } finally {
      await unprotected.close();
    }
  });

  journey('once connected, the page reaches its own origin and the connected host only', async ({ page, context, errors }) => {
    errors.allow(/Content Security Policy/);
    errors.allow(/net::ERR_/);
    await recordViolations(context);
    const lock = () => page.evaluate(() => document.querySelector('meta[data-connection-lock]')?.getAttribute('content') ?? null);
    const fetchOutside = () =>
      page.evaluate(() =>
        fetch('https://api.example.invalid/api/organizations/@current/').then(
          () => 'answered',
          () => 'failed',
        ),
      );

    await page.goto('/connect');
    await expectHeading(page, 'Connect');
    assert.equal(await lock(), null, 'not connected: Connect may check any https: host');
    await fetchOutside();
    assert.deepEqual(
      (await violations(page)).filter((violation) => violation.directive === 'connect-src'),
      [],
      'before connecting, an https: host is allowed',
    );

    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');
    assert.equal(await lock(), "connect-src 'self'");
    assert.equal(await fetchOutside(), 'failed');
    await eventually(async () =>
      assert.ok(
        (await violations(page)).some((violation) => violation.directive === 'connect-src' && violation.blocked.includes('api.example.invalid')),
        'the policy did not refuse another host once connected',
      ),
    );

    // On the next load the inline script locks the page before the console's own code runs.
    await page.reload();
    await expectHeading(page, 'Projects');
    assert.equal(await lock(), "connect-src 'self'");
    assert.equal(await page.locator('head > meta[http-equiv="Content-Security-Policy"]').count(), 2);

    // Disconnect loads the page again, unlocked, so Connect can check any host.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectHeading(page, 'Connect');
    await expectPath(page, '/connect');
    await eventually(async () => assert.equal(await lock(), null));
    await expectNoViolation(page, 'Connect after Disconnect');
  });
});
