// Tables people can read on any screen (issue 45, item 7): on the Access tab, Collaborators, People, a
// person's page and Settings' onboarding table, at 1440×900 and 390×844, no word in a table's cells or
// headers is split across two lines (an e-mail or a path may wrap), no cell's text is cut with "…", a
// person's name and e-mail sit on two lines, and the page never scrolls sideways (a wide table scrolls
// in its own box, its first column in view). On a phone the top bar's `Organization` shows its name.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, expectHeading, setupE2E } from './support/harness.ts';
import { dashboardNamed, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

interface Layout {
  /** Words drawn on more than one line: `word` (in `cell`). */
  split: string[];
  /** Cells whose text is cut (an ellipsis or a clipped overflow). */
  cut: string[];
  /** Person cells whose e-mail starts on the name's line. */
  together: string[];
  /** Cells measured (at least one is expected). */
  cells: number;
  scrollWidth: number;
  innerWidth: number;
  /** A table whose first column is not held in view while it scrolls sideways. */
  loose: string[];
}

/**
 * Measures every text node inside `main`'s tables: each word's line boxes (Range.getClientRects), the
 * cells' overflow, and where a person's e-mail starts. Words with `@` or `/` (an e-mail, a path) may wrap.
 */
async function measure(page: Page): Promise<Layout> {
  // The test runner's name helper (`__name`, in the compiled function below) gets a stand-in in the page.
  await page.evaluate('globalThis.__name ??= (target) => target');
  return page.evaluate(() => {
    const out = { split: [] as string[], cut: [] as string[], together: [] as string[], cells: 0, loose: [] as string[] };
    const cells = [...document.querySelectorAll<HTMLElement>('main table th, main table td')];
    const seen = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && !element.closest('.visually-hidden, [aria-hidden="true"]');
    };
    for (const cell of cells) {
      if (!seen(cell)) continue;
      out.cells += 1;
      const label = (cell.textContent ?? '').trim().slice(0, 60);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const lines: Array<{ text: string; top: number; bottom: number }> = [];
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || !seen(parent)) continue;
        const text = node.data;
        // A word: letters between spaces; a hyphen is a place a word may break ("Two-" "factor").
        for (const match of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
          if (rects.length === 0) continue;
          lines.push({ text: match[0], top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) });
          const tops = new Set(rects.map((rect) => Math.round(rect.top)));
          if (tops.size > 1 && !/[@/]/.test(match[0])) out.split.push(`${match[0]} (in "${label}")`);
        }
      }
      // A name followed by an e-mail: the e-mail starts below the name's last line.
      const at = lines.findIndex((line) => line.text.includes('@'));
      if (cell.matches('th[scope="row"]') && at > 0) {
        const name = lines[at - 1]!;
        const email = lines[at]!;
        if (email.top < name.bottom - 1) out.together.push(`${name.text} ${email.text}`);
      }
      for (const element of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        if (!seen(element) || element.matches('select, input, button, option')) continue;
        const style = getComputedStyle(element);
        const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        if (clips && element.scrollWidth > element.clientWidth + 1 && !/@/.test(element.textContent ?? '')) {
          out.cut.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 60)}"`);
        }
      }
    }
    // A table wider than its box: its first column stays where it is while the box scrolls.
    for (const box of document.querySelectorAll<HTMLElement>('main .table-scroll')) {
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const first = box.querySelector<HTMLElement>('tbody tr:not(.spacer-row) > :first-child');
      if (!first) continue;
      const before = first.getBoundingClientRect().left;
      box.scrollLeft = box.scrollWidth;
      const after = first.getBoundingClientRect().left;
      box.scrollLeft = 0;
      if (Math.abs(after - before) > 1) out.loose.push(`${box.querySelector('table')?.getAttribute('aria-label') ?? box.querySelector('caption')?.textContent ?? 'a table'} (moved ${Math.round(before - after)} px)`);
    }
    return { ...out, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
  });
}

async function expectWholeWords(page: Page, where: string): Promise<void> {
  await eventually(async () => {
    const found = await measure(page);
    assert.ok(found.cells > 0, `${where}: no table cell to measure`);
    assert.deepEqual(found.split, [], `${where}: words broken across lines`);
    assert.deepEqual(found.cut, [], `${where}: cells whose text is cut`);
    assert.deepEqual(found.together, [], `${where}: a name and its e-mail on one line`);
    assert.deepEqual(found.loose, [], `${where}: a table scrolling sideways without its first column`);
    assert.ok(found.scrollWidth <= found.innerWidth, `${where}: the page is ${found.scrollWidth} px wide in a ${found.innerWidth} px window`);
  });
}

describe('Tables people can read at 1440 and 390 px', () => {
  journey('Access, Collaborators, People, a person and Settings keep every word whole', async ({ page, stack }) => {
    const board = await dashboardNamed(stack.mockUrl, 1, 'Board metrics');
    const members = await api<{ results: Array<{ user: { uuid: string; email: string } }> }>(stack.mockUrl, '/api/organizations/@current/members/');
    const jonas = members.results.find((member) => member.user.email.startsWith('jonas.'));
    assert.ok(jonas, 'the seed has Jonas');
    const main = page.getByRole('main');
    await openConnected(page, '/projects/1/settings', 'Project settings');

    for (const size of SIZES) {
      await page.setViewportSize(size);
      const at = (name: string) => `${name} at ${size.width} px`;

      await page.goto(`/projects/1/dashboards/${board.id}/access`);
      await expectHeading(page, 'Board metrics');
      await main.getByRole('table', { name: 'Who has access' }).getByRole('row').nth(4).waitFor();
      await expectWholeWords(page, at('Access'));

      await page.goto(`/projects/1/dashboards/${board.id}/collaborators`);
      await expectHeading(page, 'Board metrics');
      await main.getByRole('table', { name: 'Collaborators of this dashboard' }).getByRole('row').nth(1).waitFor();
      await expectWholeWords(page, at('Collaborators'));

      await page.goto('/organization/people');
      await expectHeading(page, 'People');
      await main.getByRole('table', { name: 'Members' }).getByRole('row').nth(1).waitFor();
      await main.getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 60_000 });
      await expectWholeWords(page, at('People'));
      if (size.width === 390) {
        // The top bar's Organization shows the organization's name, not its first letter.
        const organization = page.getByRole('combobox', { name: 'Organization', exact: true });
        const shown = await organization.evaluate((input: HTMLInputElement) => ({ value: input.value, scroll: input.scrollWidth, width: input.clientWidth }));
        assert.ok(shown.value.length > 0, 'Organization shows a name');
        assert.ok(shown.scroll <= shown.width + 1, `Organization cuts "${shown.value}" (${shown.scroll} px of text in ${shown.width} px)`);
      }

      await page.goto(`/organization/people/${jonas.user.uuid}`);
      await expectHeading(page, 'Jonas Becker');
      const exceptions = main.getByRole('table', { name: 'Dashboards where Jonas is an exception' });
      await exceptions.getByRole('link', { name: 'Activation experiments', exact: true }).waitFor({ timeout: 60_000 });
      await main.getByRole('progressbar', { name: 'Reading access' }).waitFor({ state: 'detached', timeout: 60_000 });
      await expectWholeWords(page, at('a person'));

      await page.goto('/projects/1/settings');
      await expectHeading(page, 'Project settings');
      await main.getByRole('table', { name: 'Product intents' }).getByRole('row').nth(1).waitFor();
      await expectWholeWords(page, at('Settings'));
    }
  });
});
