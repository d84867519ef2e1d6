// Themes (../shared/CONSOLE.md, "Look"): `Theme` offers System, Light and Dark, in the top bar or its
// `Menu` on a phone; the choice is remembered on the device (a reload, a new tab) and reaches the tabs
// already open; and the first painted frame already has the theme, with the system dark and with
// `Dark` chosen on a light system (index.html's inline script runs before the first paint).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { connect, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';

const { journey } = setupE2E();

/** The page colours of src/app/tokens.css (`--page`), as Chromium computes them. */
const LIGHT_PAGE = 'rgb(246, 247, 249)';
const DARK_PAGE = 'rgb(15, 18, 22)';

const themeControl = (page: Page) => page.getByRole('combobox', { name: 'Theme', exact: true });

/** What the page shows: the theme attribute, the root's colour scheme, and the page's background. */
function shown(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

async function expectTheme(page: Page, theme: string | null, background: string, where: string): Promise<void> {
  await eventually(async () => assert.deepEqual(await shown(page), { theme, background }, where));
}

/**
 * Records, from the document's start, what each animation frame is about to paint (a frame's
 * callbacks run just before its paint; `at` is the frame's time), so the frame of the first paint
 * can be found afterwards. A string, not a function: the test runner's transform would add helpers
 * to a function's source that the page does not have.
 */
const RECORD_FRAMES = `(() => {
  const frames = [];
  window.__frames = frames;
  function record(at) {
    frames.push({
      at,
      theme: document.documentElement.getAttribute('data-theme'),
      background: document.body ? getComputedStyle(document.body).backgroundColor : null,
    });
    if (frames.length < 120) requestAnimationFrame(record);
  }
  requestAnimationFrame(record);
})();`;

/** The state of the frame of the first paint, and of every frame after it that was recorded. */
async function firstPaint(page: Page): Promise<{ first: { theme: string | null; background: string | null }; later: Array<string | null> }> {
  return eventually(async () => {
    const result = await page.evaluate(() => {
      const paint = performance.getEntriesByType('paint').find((entry) => entry.name === 'first-paint');
      const frames = (window as unknown as { __frames?: Array<{ at: number; theme: string | null; background: string | null }> }).__frames ?? [];
      return { paintAt: paint?.startTime ?? null, frames };
    });
    assert.ok(result.paintAt !== null, 'no first-paint entry yet');
    const before = result.frames.filter((frame) => frame.at <= result.paintAt!);
    const first = before.at(-1);
    assert.ok(first, `no animation frame ran before the first paint at ${result.paintAt} ms (frames at ${result.frames.map((f) => Math.round(f.at)).join(', ')})`);
    return { first: { theme: first.theme, background: first.background }, later: result.frames.filter((frame) => frame.at > result.paintAt!).map((frame) => frame.background) };
  });
}

/** A new tab of the context that records its frames from the document's start. */
async function recordingTab(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  await tab.addInitScript(RECORD_FRAMES);
  return tab;
}

describe('Theme', () => {
  journey('Theme is remembered across a reload and a new tab, and reaches the tab already open', async ({ page, context }) => {
    await page.goto('/connect');
    await connect(page, 'phx_demo_admin', { remember: true });
    await expectHeading(page, 'Projects');
    const other = await context.newPage();
    await other.goto('/projects/1/dashboards');
    await expectHeading(other, 'Dashboards');

    assert.equal(await themeControl(page).inputValue(), 'system', 'System is the first choice');
    assert.deepEqual(
      await themeControl(page).locator('option').allTextContents(),
      ['System', 'Light', 'Dark'],
    );
    await expectTheme(page, null, LIGHT_PAGE, 'a light system, System chosen');

    await themeControl(page).selectOption('dark');
    await expectTheme(page, 'dark', DARK_PAGE, 'Dark chosen');
    // The other open tab follows, its control too.
    await expectTheme(other, 'dark', DARK_PAGE, 'the other tab after Dark');
    await eventually(async () => assert.equal(await themeControl(other).inputValue(), 'dark'));

    await page.reload();
    await expectHeading(page, 'Projects');
    await expectTheme(page, 'dark', DARK_PAGE, 'after a reload');
    assert.equal(await themeControl(page).inputValue(), 'dark');

    const third = await context.newPage();
    await third.goto('/projects/1/settings');
    await expectHeading(third, 'Project settings');
    await expectTheme(third, 'dark', DARK_PAGE, 'a new tab');
    assert.equal(await themeControl(third).inputValue(), 'dark');

    // Light from another tab, then System: every tab follows; System follows the system's scheme.
    await themeControl(other).selectOption('light');
    for (const tab of [page, other, third]) await expectTheme(tab, 'light', LIGHT_PAGE, 'Light chosen in the other tab');
    await themeControl(third).selectOption('system');
    for (const tab of [page, other, third]) await expectTheme(tab, null, LIGHT_PAGE, 'System chosen');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, null, DARK_PAGE, 'System, with the system turned dark');
    await other.close();
    await third.close();
  });

  journey('on a phone Theme is in the Menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openConnected(page, '/projects', 'Projects');
    assert.equal(await themeControl(page).isVisible(), false, 'folded into Menu');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await themeControl(page).selectOption('dark');
    await expectTheme(page, 'dark', DARK_PAGE, 'Dark chosen from the Menu');
  });

  journey('the first painted frame is dark with the system dark', async ({ context }) => {
    const tab = await recordingTab(context);
    await tab.emulateMedia({ colorScheme: 'dark' });
    await tab.goto('/connect');
    await expectHeading(tab, 'Connect');
    const { first, later } = await firstPaint(tab);
    assert.deepEqual(first, { theme: null, background: DARK_PAGE }, 'the first painted frame');
    assert.deepEqual([...new Set(later.filter(Boolean))], [DARK_PAGE], 'every frame after it');
    await tab.close();
  });

  journey('the first painted frame is dark with Dark chosen on a light system', async ({ page, context }) => {
    await openConnected(page, '/projects', 'Projects');
    await themeControl(page).selectOption('dark');
    await expectTheme(page, 'dark', DARK_PAGE, 'Dark chosen');
    for (const path of ['/projects/1/dashboards', '/connect']) {
      const tab = await recordingTab(context);
      await tab.goto(path);
      await tab.getByRole('heading', { level: 1 }).first().waitFor();
      const { first, later } = await firstPaint(tab);
      assert.deepEqual(first, { theme: 'dark', background: DARK_PAGE }, `the first painted frame of ${path}`);
      assert.deepEqual([...new Set(later.filter(Boolean))], [DARK_PAGE], `every frame after it (${path})`);
      await tab.close();
    }
  });
});
