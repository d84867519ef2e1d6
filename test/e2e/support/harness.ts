// The end-to-end harness: one Chromium per test file, one fresh browser context per journey, one mock
// world per journey (API.md §9: `X-Mock-World`, derived from the file and the journey's name) reset
// before it, and the checks every journey gets for free (no page errors, no API key in a URL or a
// console message, a screenshot when it fails). With a world each, journeys could run in parallel.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from './chromium.ts';
import { eventually } from './console.ts';
import { buildConsole, repoRoot, resetMock, startStack, useMockWorld, type Stack } from './stack.ts';

export { connect, eventually, expectHeading, expectPath, heading, pathOf } from './console.ts';

export const outDir = join(dirname(fileURLToPath(import.meta.url)), '../out');

// ---------- page errors ----------

export interface PageErrors {
  /** Every uncaught exception and console error seen so far, formatted for a failure message. */
  readonly all: readonly string[];
  /** Tolerate the messages that match, e.g. Chromium's "status of 401" line for a refused key. */
  allow(pattern: RegExp): void;
  /** The messages no `allow` pattern covers. */
  unexpected(): string[];
  assertNone(): void;
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`;
}

/** Starts recording `pageerror` and console errors of `page`. */
export function collectPageErrors(page: Page): PageErrors {
  const all: string[] = [];
  const allowed: RegExp[] = [];
  page.on('pageerror', (error) => all.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') all.push(describeConsole(message));
  });
  const unexpected = () => all.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  return {
    all,
    allow: (pattern) => void allowed.push(pattern),
    unexpected,
    assertNone() {
      const left = unexpected();
      assert.equal(left.length, 0, `the page reported ${left.length} error(s):\n  ${left.join('\n  ')}`);
    },
  };
}

/** Chromium logs every non-2xx fetch as a console error; a journey that expects `status` allows it. */
export function allowHttpStatus(errors: PageErrors, status: number): void {
  errors.allow(new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`));
}

// ---------- screenshots ----------

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'page';
}

/** Saves a full-page screenshot to test/e2e/out/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, `${slug(name)}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// ---------- accessibility ----------

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const axeSource = readFileSync(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => {
          const why = node.failureSummary?.split('\n').slice(1, 2).join('').trim();
          return `      ${JSON.stringify(node.target)} ${node.html.slice(0, 120)}${why ? `\n        ${why}` : ''}`;
        })
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : '';
      return `  - [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** The themes of `Theme` (README.md, "Look"): axe checks the page in each. */
export const THEMES = ['light', 'dark'] as const;

/**
 * Runs axe-core on the page as it is now, once in each theme (the `data-theme` of <html>, as `Theme`
 * sets it; put back as it was afterwards), and fails on any `serious` or `critical` violation,
 * listing them readably. Returns every violation of both runs (minor and moderate included).
 */
export async function checkA11y(page: Page, name: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's
  // Content-Security-Policy (rightly) refuses those.
  if (!loaded) await page.evaluate(axeSource);
  const setTheme = (theme: string | null) =>
    page.evaluate((value) => {
      if (value) document.documentElement.setAttribute('data-theme', value);
      else document.documentElement.removeAttribute('data-theme');
    }, theme);
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const all: AxeViolation[] = [];
  try {
    for (const theme of THEMES) {
      await setTheme(theme);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations;
      }) as AxeViolation[];
      all.push(...violations);
      const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      if (blocking.length > 0) {
        await screenshot(page, `a11y-${name}-${theme}`);
        assert.fail(`axe found ${blocking.length} serious/critical violation(s) on "${name}" in the ${theme} theme:\n${formatViolations(blocking)}`);
      }
    }
  } finally {
    await setTheme(before).catch(() => undefined);
  }
  return all;
}

// ---------- keyboard ----------

async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label.trim().slice(0, 40)}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab from the start of the page (or from `from`) and asserts that focus reaches every
 * target, in the given order, within `maxPresses` presses.
 */
export async function expectTabOrder(
  page: Page,
  targets: Locator[],
  options: { from?: Locator; maxPresses?: number } = {},
): Promise<void> {
  const { from, maxPresses = 40 } = options;
  for (const target of targets) await target.waitFor({ state: 'visible' });
  if (from) await from.focus();
  else {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  const visited: string[] = [];
  let next = 0;
  for (let press = 0; press < maxPresses && next < targets.length; press += 1) {
    await page.keyboard.press('Tab');
    visited.push(await describeFocus(page));
    for (let later = next + 1; later < targets.length; later += 1) {
      if (await isFocused(targets[later]!)) {
        assert.fail(`Tab reached ${targets[later]} before ${targets[next]}.\nFocus went: ${visited.join(' → ')}`);
      }
    }
    if (await isFocused(targets[next]!)) next += 1;
  }
  if (next < targets.length) {
    assert.fail(`Tab never reached ${targets[next]} in ${maxPresses} presses.\nFocus went: ${visited.join(' → ')}`);
  }
}

async function focusIsInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * Opens a dialog from `opener` with the keyboard and asserts the dialog contract: focus moves into
 * it, Tab and Shift+Tab keep focus inside, Escape closes it and focus returns to `opener`.
 */
export async function expectDialogKeyboard(
  page: Page,
  opener: Locator,
  dialog: Locator,
  options: { openKey?: string } = {},
): Promise<void> {
  // A control is drawn disabled (`Checking access…`) until the key's access is known; a key press on it
  // then rightly does nothing, so wait for it to be usable, as a mouse click would.
  await eventually(async () => assert.ok(await opener.isEnabled() && (await opener.getAttribute('aria-disabled')) !== 'true', 'the opener is not usable yet'), 10_000);
  await opener.focus();
  await page.keyboard.press(options.openKey ?? 'Enter');
  await dialog.waitFor({ state: 'visible' });
  await eventually(async () => assert.ok(await focusIsInside(dialog), `focus did not move into the dialog (it is on ${await describeFocus(page)})`), 2_000);
  const focusable = await dialog.evaluate(
    (el) =>
      el.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < focusable + 2; press += 1) {
      await page.keyboard.press(key);
      if (!(await focusIsInside(dialog))) {
        assert.fail(`${key} #${press + 1} moved focus out of the open dialog, to ${await describeFocus(page)}`);
      }
    }
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' }).catch(() => assert.fail('Escape did not close the dialog'));
  await eventually(async () =>
    assert.ok(await isFocused(opener), `focus did not return to the opener after Escape (it is on ${await describeFocus(page)})`),
  2_000);
}

// ---------- journeys ----------

export interface Journey {
  page: Page;
  context: BrowserContext;
  errors: PageErrors;
  stack: Stack;
}

export interface E2E {
  readonly stack: Stack;
  readonly browser: Browser;
  /** A test that runs in a fresh browser context against a freshly reset mock. */
  journey(name: string, body: (journey: Journey) => Promise<void>, options?: { timeout?: number }): void;
}

const keyPattern = /phx_[A-Za-z0-9_]+/;

/** The test file that called setupE2E (from the stack), e.g. `dashboards`. */
function callerFile(): string {
  const frame = (new Error().stack ?? '').split('\n').find((line) => /\.e2e\.ts/.test(line));
  const match = /([^/\\(]+)\.e2e\.ts/.exec(frame ?? '');
  return match?.[1] ?? 'e2e';
}

/** A journey's world: readable, unique per file and journey, and a valid name (≤ 40 of [A-Za-z0-9_-]). */
function journeyWorld(file: string, journey: string): string {
  const hash = createHash('sha256').update(`${file}\n${journey}`).digest('hex').slice(0, 8);
  return `${slug(basename(file)).slice(0, 12)}-${slug(journey).slice(0, 18)}-${hash}`.replace(/-+/g, '-');
}

/** The connection key of connection-store.ts: at every page load the stored connection gets the journey's world. */
const connectionStorageKey = 'analytics-console:connection';
function keepWorldInConnection({ key, world }: { key: string; world: string }): void {
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const raw = storage.getItem(key);
    if (!raw) continue;
    try {
      const stored = JSON.parse(raw) as { world?: string };
      if (stored.world !== world) storage.setItem(key, JSON.stringify({ ...stored, world }));
    } catch {
      // Not a connection: leave it.
    }
  }
}

/**
 * Registers the file's before/after hooks: the stack (from run.ts through E2E_BASE_URL and
 * E2E_MOCK_URL, or built and started here when the file runs alone) and one Chromium.
 */
export function setupE2E(): E2E {
  const file = callerFile();
  let stack: Stack | undefined;
  let chromium: LaunchedChromium | undefined;

  before(async () => {
    const baseUrl = process.env.E2E_BASE_URL;
    const mockUrl = process.env.E2E_MOCK_URL;
    if (baseUrl && mockUrl) stack = { baseUrl, mockUrl, close: async () => {}, stopNow: () => {} };
    else {
      await buildConsole();
      stack = await startStack();
    }
    chromium = await launchChromium();
  }, { timeout: 180_000 });

  after(async () => {
    await chromium?.close();
    await stack?.close();
  });

  const e2e: E2E = {
    get stack() {
      if (!stack) throw new Error('the e2e stack is not started (use it inside a journey).');
      return stack;
    },
    get browser() {
      if (!chromium) throw new Error('Chromium is not started (use it inside a journey).');
      return chromium.browser;
    },
    journey(name, body, options = {}) {
      it(name, { timeout: options.timeout ?? 60_000 }, async () => {
        const current = e2e.stack;
        // This journey's own world: the direct calls (api(), resetMock(), fetch) and the browser use it.
        const world = journeyWorld(file, name);
        useMockWorld(world, [current.baseUrl, current.mockUrl]);
        await resetMock(current.mockUrl);
        const context = await e2e.browser.newContext({
          baseURL: current.baseUrl,
          viewport: { width: 1280, height: 800 },
          locale: 'en-US',
          timezoneId: 'UTC',
          // Every request of the page (before the connection holds the world too, and /shared pages).
          extraHTTPHeaders: { 'X-Mock-World': world },
        });
        // The world is kept with the connection, as Mock controls' World keeps it.
        await context.addInitScript(keepWorldInConnection, { key: connectionStorageKey, world });
        context.setDefaultTimeout(10_000);
        context.setDefaultNavigationTimeout(15_000);
        const leaks: string[] = [];
        context.on('request', (request) => {
          if (keyPattern.test(request.url())) leaks.push(`request URL: ${request.url()}`);
        });
        const page = await context.newPage();
        page.on('console', (message) => {
          if (keyPattern.test(message.text())) leaks.push(`console.${message.type()}: ${message.text()}`);
        });
        const errors = collectPageErrors(page);
        try {
          await body({ page, context, errors, stack: current });
          errors.assertNone();
          assert.deepEqual(leaks, [], 'an API key appeared where it must never be');
        } catch (error) {
          const path = await screenshot(page, `${name}-failure`).catch(() => undefined);
          if (path && error instanceof Error) error.message += `\n  screenshot: ${path}`;
          throw error;
        } finally {
          await context.close();
          useMockWorld(null, []);
        }
      });
    },
  };
  return e2e;
}
