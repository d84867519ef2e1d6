// Waiting, asserting and driving the console's shared pages by role and accessible name. Free of
// node:test, so the benchmark runner uses it too.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

// ---------- waiting and asserting ----------

/** Retries `check` until it stops throwing or `timeout` ms pass; then throws its last error. */
export async function eventually<T>(check: () => Promise<T> | T, timeout = 5_000, interval = 50): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((done) => setTimeout(done, interval));
    }
  }
}

/** The page's path and query, e.g. `/projects/1/dashboards?search=x`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function expectPath(page: Page, expected: string | RegExp, timeout = 5_000): Promise<void> {
  await eventually(() => {
    const actual = pathOf(page);
    if (typeof expected === 'string') assert.equal(actual, expected, 'the page is not at the expected URL');
    else assert.match(actual, expected, 'the page is not at the expected URL');
  }, timeout);
}

export function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

export async function expectHeading(page: Page, name: string, timeout = 10_000): Promise<void> {
  try {
    await heading(page, name).waitFor({ state: 'visible', timeout });
  } catch {
    const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
    assert.fail(`expected the h1 "${name}" at ${pathOf(page)}; the page's h1: ${JSON.stringify(headings)}`);
  }
}

// ---------- the console ----------

/** Connects through the real Connect page by its accessible names; resolves once it has left /connect. */
export async function connect(page: Page, key: string, options: { remember?: boolean; host?: string } = {}): Promise<void> {
  // Right after a goto the console may not have rendered its redirect to Connect yet: going to
  // /connect ourselves then would drop the deep link it keeps, so wait for it first.
  const onConnect =
    page.url() !== 'about:blank' &&
    (await heading(page, 'Connect').waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false));
  if (!onConnect) await page.goto('/connect');
  await expectHeading(page, 'Connect');
  if (options.host !== undefined) await page.getByRole('textbox', { name: 'API host', exact: true }).fill(options.host);
  await page.getByLabel('Personal API key', { exact: true }).fill(key);
  const remember = page.getByRole('checkbox', { name: 'Remember this key on this device', exact: true });
  if (options.remember) await remember.check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/connect'), { timeout: 10_000 });
  } catch {
    // What the page says, for the failure's message: alerts, and the errors under the fields (a host
    // failure is a sentence under `API host`, not an alert).
    const alerts = await page.getByRole('alert').allInnerTexts();
    const fieldErrors = await page.locator('.field-error').allInnerTexts();
    const checking = await page.getByText('Checking the key…', { exact: true }).isVisible();
    assert.fail(
      `connecting with the key did not leave /connect (${pathOf(page)}); alerts: ${JSON.stringify(alerts)}; ` +
        `field errors: ${JSON.stringify(fieldErrors)}; still checking: ${checking}`,
    );
  }
}

