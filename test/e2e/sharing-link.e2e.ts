// Sharing's rough edges (issue 12): the token hidden behind `Show token` is said plainly to be the
// last part of the public link shown above it, and the two rows (link, token) line up: same field
// width, each button under the other, at 1280 px and on a phone.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, setupE2E } from './support/harness.ts';
import { dashboardNamed, describedText, openConnected } from './support/pages.ts';

const { journey } = setupE2E();

async function box(control: Locator): Promise<{ x: number; width: number; right: number }> {
  const found = await control.boundingBox();
  assert.ok(found, `${control} is on screen`);
  return { x: Math.round(found.x), width: Math.round(found.width), right: Math.round(found.x + found.width) };
}

async function expectSameColumn(a: Locator, b: Locator, what: string): Promise<void> {
  const [first, second] = [await box(a), await box(b)];
  assert.ok(Math.abs(first.x - second.x) <= 1 && Math.abs(first.width - second.width) <= 1, `${what} line up: ${JSON.stringify(first)} vs ${JSON.stringify(second)}`);
}

async function expectRowsLinedUp(page: Page, toggle: 'Show token' | 'Hide token'): Promise<void> {
  const role = (name: string) => page.getByRole('button', { name, exact: true });
  await expectSameColumn(page.getByRole('textbox', { name: 'Public link', exact: true }), page.getByLabel('Access token', { exact: true }), 'the link and token fields');
  await expectSameColumn(role('Copy link'), role(toggle), `Copy link and ${toggle}`);
  await expectSameColumn(page.getByRole('link', { name: 'Open the public link in a new tab', exact: true }), role('Copy token'), 'Open and Copy token');
  const viewport = page.viewportSize();
  assert.ok(viewport);
  for (const control of [role('Copy link'), role('Copy token'), page.getByRole('link', { name: 'Open the public link in a new tab' })]) {
    assert.ok((await box(control)).right <= viewport.width, `${control} fits in the ${viewport.width} px viewport`);
  }
}

describe('Sharing: the public link and its token', () => {
  journey('says the token is the last part of the link, and lines the two rows up (1280 px and 390 px)', async ({ page, stack }) => {
    const { id } = await dashboardNamed(stack.mockUrl, 1, 'Product overview');
    await openConnected(page, `/projects/1/dashboards/${id}/sharing`, 'Product overview');
    const link = await page.getByRole('textbox', { name: 'Public link', exact: true }).inputValue();
    const token = page.getByLabel('Access token', { exact: true });
    assert.match(await describedText(token), /^The token is the last part of the public link above, after \/shared\/, so the link shows it too/);
    await expectRowsLinedUp(page, 'Show token');
    await page.getByRole('button', { name: 'Show token', exact: true }).click();
    assert.ok(link.endsWith(`/shared/${await token.inputValue()}`), 'the shown token is the end of the link');
    await expectRowsLinedUp(page, 'Hide token');
    await checkA11y(page, 'sharing-link');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectRowsLinedUp(page, 'Hide token');
    await checkA11y(page, 'sharing-link-phone');
  });
});
