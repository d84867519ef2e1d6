// The rough edges of issue 12 a demanding user notices: disabled fields that look editable, a
// dashboards table in a fixed box with empty space below, tags cut mid-word, too many toasts, and
// an error toast that follows the user to another page.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { allowHttpStatus, checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const dashboardsTable = (page: Page) => page.getByRole('table', { name: 'Dashboards', exact: true });

/** WCAG relative luminance contrast of two `rgb(…)` colors. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b2] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('Rough edges', () => {
  journey('a disabled text field looks disabled: muted background, 3:1 border, not-allowed cursor', async ({ page }) => {
    await openConnected(page, '/projects/1/dashboards/1', 'Product overview', 'phx_demo_readonly');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await eventually(async () => assert.ok(await name.isDisabled(), 'Name is disabled for a read-only key'));
    const style = await name.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, border: computed.borderTopColor, cursor: computed.cursor, page: getComputedStyle(document.body).backgroundColor };
    });
    assert.notEqual(style.background, 'rgb(255, 255, 255)', 'a disabled field is not white like an editable one');
    assert.ok(contrast(style.border, style.background) >= 3, `the border has ${contrast(style.border, style.background).toFixed(2)}:1 contrast with the background`);
    assert.equal(style.cursor, 'not-allowed');
    await checkA11y(page, 'disabled-fields');
  });

  journey('the dashboards table fills the window; rows out of view stay out of the DOM; tags end in +N', async ({ page, stack }) => {
    const tags = ['marketing', 'quarterly-review', 'executive-summary', 'finance', 'growth', 'retention', 'acquisition', 'north-star'];
    await api(stack.mockUrl, '/api/projects/1/dashboards/', { body: { name: 'Aaa many tags', tags } });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    await tableRows(dashboardsTable(page)).nth(1).waitFor();
    const scroll = page.getByRole('region', { name: 'Dashboards, scrollable' });
    const count = page.getByText(/^Showing \d+ of \d+ dashboards$/);
    await eventually(async () => {
      const box = await scroll.boundingBox();
      const line = await count.boundingBox();
      assert.ok(box && line, 'the table and its count line are on screen');
      assert.ok(line.y + line.height <= 900, `the count line is in view (bottom at ${line.y + line.height} px)`);
      assert.ok(box.y + box.height >= 900 - 120, `the table reaches down the window (bottom at ${box.y + box.height} px of 900)`);
    });
    const rendered = await tableRows(dashboardsTable(page)).count();
    assert.ok(rendered < 60, `only the rows in view are in the DOM (${rendered} rows)`);

    // Tags: as many as fit, then +N with the rest in a tooltip and in words.
    await page.getByRole('searchbox', { name: 'Search dashboards', exact: true }).fill('Aaa many tags');
    const row = tableRows(dashboardsTable(page)).filter({ hasText: 'Aaa many tags' });
    await row.first().waitFor();
    await eventually(async () => assert.equal(await tableRows(dashboardsTable(page)).count(), 2));
    const tagList = row.first().getByRole('list');
    const more = tagList.getByRole('listitem').filter({ hasText: /^\+\d+/ });
    await more.waitFor();
    const moreText = await more.innerText();
    const hidden = Number(/^\+(\d+)/.exec(moreText)?.[1]);
    const chips = (await tagList.getByRole('listitem').allInnerTexts()).filter((text) => !text.startsWith('+'));
    assert.deepEqual(chips, tags.slice(0, tags.length - hidden), 'the first tags show whole');
    assert.equal(await more.getAttribute('title'), tags.slice(tags.length - hidden).join(', '));
    assert.match((await more.textContent()) ?? '', new RegExp(`and ${hidden} more: ${tags.slice(tags.length - hidden).join(', ')}`));
    for (const chip of await tagList.getByRole('listitem').all()) {
      const fits = await chip.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= element.parentElement!.getBoundingClientRect().right + 1);
      assert.ok(fits, `the chip ${await chip.innerText()} is not cut`);
    }
    await checkA11y(page, 'dashboards-tags');
  });

  journey('at most three toasts at once, and an error toast stays on its page', async ({ page, stack, errors }) => {
    allowHttpStatus(errors, 500);
    await openConnected(page, '/projects/1/dashboards?pinned=true', 'Dashboards');
    await tableRows(dashboardsTable(page)).nth(4).waitFor();
    await api(stack.mockUrl, '/__mock/faults', {
      method: 'PUT',
      key: null,
      body: { latency_ms: 0, error_rate: 0, rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*/', status: 500 }] },
    });
    const pins = dashboardsTable(page).getByRole('button', { name: /^Unpin / });
    for (let n = 0; n < 4; n += 1) {
      await pins.nth(n).click();
      await eventually(async () => assert.equal(await toasts(page).getByText(/^Could not unpin/).count(), n + 1), 10_000);
    }
    const shown = toasts(page).locator('.toast:visible');
    await eventually(async () => assert.equal(await shown.count(), 3, 'three toasts show'));
    await toasts(page).getByText('1 more', { exact: true }).waitFor();
    await checkA11y(page, 'toasts-folded');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await expectHeading(page, 'Activity');
    await eventually(async () => assert.equal(await toasts(page).getByText(/^Could not unpin/).count(), 0, 'the errors stayed with the dashboards page'));
  });

  journey('a dialog opened beside a toast starts below it, at 1440 px and at 390 px', async ({ page, stack, errors }) => {
    allowHttpStatus(errors, 500);
    await openConnected(page, '/projects/1/dashboards?pinned=true', 'Dashboards');
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await tableRows(dashboardsTable(page)).nth(1).waitFor();
      await api(stack.mockUrl, '/__mock/faults', {
        method: 'PUT',
        key: null,
        body: { latency_ms: 0, error_rate: 0, rules: [{ method: 'PATCH', path: '/api/projects/*/dashboards/*/', status: 500 }] },
      });
      await dashboardsTable(page).getByRole('button', { name: /^Unpin / }).first().click();
      await toasts(page).getByText(/^Could not unpin/).waitFor();
      await api(stack.mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: 0, error_rate: 0, rules: [] } });

      await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New dashboard' });
      await dialog.waitFor();
      await eventually(async () => {
        const region = await toasts(page).boundingBox();
        const box = await dialog.boundingBox();
        assert.ok(region && box, 'both are on screen');
        assert.ok(region.y < height / 2, `the toasts moved to the top (y ${region.y})`);
        assert.ok(box.y >= region.y + region.height, `the dialog (top ${box.y}) starts below the toasts (bottom ${region.y + region.height})`);
      });
      await checkA11y(page, `dialog-beside-toast-${width}`);

      // With the toast dismissed the dialog keeps no room for it.
      await toasts(page).getByRole('button', { name: /^Dismiss: / }).click();
      await eventually(async () =>
        assert.equal(await page.evaluate(() => document.documentElement.style.getPropertyValue('--toast-clearance')), ''),
      );
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });
});
