// Helpers the page journeys share: opening a page connected, reading what a control says about
// itself, the clipboard, the rows a table really renders, the API's own answers, and the README's
// screenshots.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { connect, eventually, expectHeading, expectPath, pathOf } from './console.ts';
import { api, repoRoot } from './stack.ts';

/**
 * Opens `path` without a key, connects with `key` through the real Connect page and waits until the
 * console is back at `path` (the deep link survives connecting) with the h1 `heading`.
 */
export async function openConnected(page: Page, path: string, heading: string, key = 'phx_demo_admin'): Promise<void> {
  await page.goto(path);
  await expectHeading(page, 'Connect');
  await connect(page, key);
  await expectPath(page, path);
  await expectHeading(page, heading);
}

/** The text of the elements a control names in `aria-describedby` (its hint, error or reason). */
export async function describedText(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );
}

/** Waits until `control` is described (hint, error, reason) by text matching `expected`. */
export async function expectDescribedBy(control: Locator, expected: string | RegExp, timeout = 5_000): Promise<void> {
  await eventually(async () => {
    const text = await describedText(control);
    if (typeof expected === 'string') assert.ok(text.includes(expected), `${control} is described by ${JSON.stringify(text)}, not ${JSON.stringify(expected)}`);
    else assert.match(text, expected, `${control} is described by ${JSON.stringify(text)}`);
  }, timeout);
}

/** Lets the console's origin read and write the clipboard (Copy buttons, and the test reading them back). */
export async function grantClipboard(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** What the page would paste: `navigator.clipboard.readText()` in the page. */
export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Clicks a Copy button and returns the clipboard once it changed from `before` (cleared first). */
export async function copyWith(page: Page, button: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await button.click();
  return eventually(async () => {
    const text = await readClipboard(page);
    assert.notEqual(text, '', `${button} put nothing on the clipboard`);
    return text;
  });
}

/** Rows of `table` a person (or screen reader) can reach, the header row included; spacer rows are aria-hidden. */
export function tableRows(table: Locator): Locator {
  return table.getByRole('row');
}

/** "Showing N of M …" under an infinite table, as numbers. */
export async function shownCount(page: Page, noun: string): Promise<{ shown: number; total: number }> {
  const line = page.getByText(new RegExp(`^Showing \\d+ of \\d+ ${noun}$`));
  const text = (await line.textContent()) ?? '';
  const match = /^Showing (\d+) of (\d+)/.exec(text);
  assert.ok(match, `no "Showing N of M ${noun}" line (found ${JSON.stringify(text)})`);
  return { shown: Number(match[1]), total: Number(match[2]) };
}

/** Waits for the next request the page makes to an API path matching `pattern` (checked on path + query). */
export function nextApiRequest(page: Page, pattern: RegExp, method = 'GET') {
  return page.waitForRequest((request) => {
    if (request.method() !== method) return false;
    const url = new URL(request.url());
    return url.pathname.startsWith('/api/') && pattern.test(url.pathname + url.search);
  });
}

/** The seed's first project with the most dashboards (the 250+ one) and its id. */
export async function projectWithMostDashboards(mockUrl: string): Promise<{ id: number; name: string; count: number }> {
  const projects = await api<{ results: Array<{ id: number; name: string }> }>(mockUrl, '/api/projects/');
  let best = { id: 0, name: '', count: -1 };
  for (const project of projects.results) {
    const list = await api<{ count: number }>(mockUrl, `/api/projects/${project.id}/dashboards/?limit=1`);
    if (list.count > best.count) best = { ...project, count: list.count };
  }
  assert.ok(best.id, 'the seed has projects with dashboards');
  return best;
}

/** A dashboard of `projectId` found by exact name through the API. */
export async function dashboardNamed(mockUrl: string, projectId: number, name: string): Promise<{ id: number; name: string | null }> {
  const list = await api<{ results: Array<{ id: number; name: string | null }> }>(
    mockUrl,
    `/api/projects/${projectId}/dashboards/?search=${encodeURIComponent(name)}&limit=100`,
  );
  const found = list.results.find((dashboard) => dashboard.name === name);
  assert.ok(found, `no dashboard named ${JSON.stringify(name)} in project ${projectId}`);
  return found;
}

export const docScreenshotDir = join(repoRoot, 'docs/screenshots');

/**
 * The README's screenshots: the 1280×800 viewport (not the full page) to docs/screenshots/<name>.png,
 * only when E2E_DOC_SCREENSHOTS=1, so an ordinary run never rewrites committed files.
 */
export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_DOC_SCREENSHOTS !== '1') return;
  mkdirSync(docScreenshotDir, { recursive: true });
  // Nothing transient in a picture meant for people: no toast left over from an earlier step.
  const dismiss = page.getByRole('status', { name: 'Notifications' }).getByRole('button', { name: /^Dismiss: / });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  // A focus ring left by the journey's keyboard steps is noise (except inside an open dialog); the
  // focus is given back afterwards, so the journey's next key press lands where it would have.
  const blurred = await page.evaluateHandle(async () => {
    await document.fonts.ready;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body || active.closest('[role="dialog"]')) return null;
    active.blur();
    return active;
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(docScreenshotDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
  await blurred.evaluate((element) => element?.focus({ preventScroll: true }));
  await blurred.dispose();
}

export { pathOf };
