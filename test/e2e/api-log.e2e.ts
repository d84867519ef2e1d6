// The API log panel and the mock's controls: the log lists what the page asked, filters, closes on
// Escape back to its toggle; a fault forced from `Mock controls` shows the page's error state with
// the API's detail, the log lists it under `Failures only`, and clearing it recovers. Axe on both.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { docScreenshot, openConnected, tableRows } from './support/pages.ts';

const { journey } = setupE2E();

const apiLogPanel = (page: Page) => page.getByRole('region', { name: 'API log', exact: true });
const requestList = (page: Page) => apiLogPanel(page).getByRole('list', { name: 'Requests, newest first' });
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

describe('API log and mock controls', () => {
  journey('a full page load: every request the browser sends to the API is in the log, once each', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    const origin = new URL(page.url()).origin;
    const sent: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /^\/(api|__mock)\//.test(url.pathname)) sent.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.reload();
    await tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).nth(1).waitFor();
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const entries = requestList(page).getByRole('listitem');
    const count = (list: string[]) => {
      const times = new Map<string, number>();
      for (const line of list) times.set(line, (times.get(line) ?? 0) + 1);
      return [...times].map(([line, n]) => `${n}× ${line}`).sort();
    };
    await eventually(async () => {
      const logged = (await entries.allInnerTexts()).map((text) => /^(GET|POST|PATCH|PUT|DELETE)\s+(\S+)/.exec(text.trim())).filter((m) => m !== null);
      assert.ok(sent.length > 0, 'the page asked for something');
      assert.deepEqual(count(logged.map((m) => `${m[1]} ${m[2]}`)), count(sent));
    });
  });

  journey('the API log lists the page’s requests, filters them, passes axe and closes on Escape', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    await tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).nth(1).waitFor();
    const toggle = page.getByRole('button', { name: 'API log', exact: true });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    const entries = requestList(page).getByRole('listitem');
    await entries.filter({ hasText: /GET\s+\/api\/projects\/1\/dashboards\/\?\S*\s+200/ }).first().waitFor();
    await entries.filter({ hasText: /GET\s+\/api\/organizations\/@current\/\s+200/ }).first().waitFor();
    const all = await entries.count();
    await checkA11y(page, 'api-log');
    await docScreenshot(page, 'api-log');

    // An entry opens to its bodies.
    const first = entries.filter({ hasText: /GET\s+\/api\/projects\/1\/dashboards\/\?/ }).first();
    const opener = first.getByRole('button', { expanded: false }).first();
    await opener.click();
    await first.getByRole('heading', { name: 'Response body' }).waitFor();

    const filter = apiLogPanel(page).getByRole('searchbox', { name: 'Filter requests', exact: true });
    await filter.fill('organizations');
    await eventually(async () => {
      const texts = await entries.allInnerTexts();
      assert.ok(texts.length > 0 && texts.length < all, `the filter narrows ${all} requests to ${texts.length}`);
      assert.ok(texts.every((text) => text.includes('organizations')), JSON.stringify(texts));
    });
    await apiLogPanel(page).getByText(new RegExp(`^Showing \\d+ of ${all} requests\\.$`)).waitFor();
    await apiLogPanel(page).getByRole('checkbox', { name: 'Failures only', exact: true }).check();
    await apiLogPanel(page).getByText('No request matches the filter among the failures.').waitFor();

    // Escape in the filter clears it first; the next Escape closes the panel and gives focus back.
    await filter.focus();
    await page.keyboard.press('Escape');
    assert.equal(await filter.inputValue(), '');
    await page.keyboard.press('Escape');
    await apiLogPanel(page).waitFor({ state: 'hidden' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await eventually(async () => assert.ok(await toggle.evaluate((el) => el === document.activeElement), 'focus is back on API log'));
  });

  journey('a fault forced in Mock controls shows the page’s error, the log’s failure, and clearing it recovers', async ({ page, errors }) => {
    allowHttpStatus(errors, 503);
    await openConnected(page, '/projects', 'Projects');
    const opener = page.getByRole('button', { name: 'Mock controls', exact: true });
    await opener.click();
    const controls = page.getByRole('dialog', { name: 'Mock controls' });
    await controls.getByRole('heading', { name: 'Faults' }).waitFor();
    await checkA11y(page, 'mock-controls');
    await controls.getByRole('combobox', { name: 'Method', exact: true }).selectOption('GET');
    await controls.getByRole('textbox', { name: 'Path pattern', exact: true }).fill('/api/projects/*/dashboards/');
    await controls.getByRole('textbox', { name: 'Status', exact: true }).fill('503');
    await controls.getByRole('button', { name: 'Apply faults', exact: true }).click();
    await toasts(page).getByText(/^Faults on: /).waitFor();
    await page.keyboard.press('Escape');
    await controls.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Faults on: / }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    const tryAgain = page.getByRole('button', { name: 'Try again', exact: true });
    await tryAgain.waitFor({ timeout: 15_000 });
    await page.getByText('Could not load the dashboards').waitFor();
    await checkA11y(page, 'dashboards-error');
    // The rest of the shell still works.
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    await apiLogPanel(page).getByRole('checkbox', { name: 'Failures only', exact: true }).check();
    await requestList(page).getByRole('listitem').filter({ hasText: /GET\s+\/api\/projects\/1\/dashboards\/\S*\s+503/ }).first().waitFor();
    await page.getByRole('button', { name: 'Close API log', exact: true }).click();

    await page.getByRole('button', { name: /^Faults on: / }).click();
    await controls.getByRole('button', { name: 'Clear faults', exact: true }).click();
    await toasts(page).getByText('Faults cleared: the mock answers every request normally.').waitFor();
    await page.keyboard.press('Escape');
    await controls.waitFor({ state: 'hidden' });
    await tryAgain.click();
    await tableRows(page.getByRole('table', { name: 'Dashboards', exact: true })).nth(1).waitFor();
  });
});
