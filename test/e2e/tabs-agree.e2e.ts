// Tabs agree on every kind of change (../shared/CONSOLE.md, "Safety"): a second tab of the same
// context, opened with window.open (so it shares the first tab's session key), shows each change the
// first makes within 2 s, in place (the same document: no reload), and keeps what it is typing.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api } from './support/stack.ts';
import { collectPageErrors, connect, eventually, expectHeading, setupE2E } from './support/harness.ts';

const { journey } = setupE2E();

/** What the issue allows between a change in one tab and the other tab showing it. */
const WITHIN = 2_000;

interface Listed {
  id: number;
  name: string;
  description: string | null;
  pinned: boolean;
}

/** Opens the second tab from the first (window.open), at `path`, and marks its document. */
async function openSecondTab(page: Page, path: string): Promise<Page> {
  const [second] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url), path)]);
  await second.waitForLoadState('domcontentloaded');
  return second;
}

const markDocument = (page: Page) => page.evaluate(() => void ((window as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = async (page: Page) =>
  assert.equal(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true), true, 'the tab reloaded');

/** Client-side navigation inside a tab (keeps the document). */
async function goInPlace(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('Tabs agree on every change', () => {
  journey(
    'a pin, a rename while the other tab types, Share publicly, a restriction, a bulk pin, a delete and a project rename reach the second tab',
    async ({ page, stack }) => {
      // Five dashboards of its own, found by one search in both tabs (the list is long and virtualized).
      const created: Listed[] = [];
      for (const n of [1, 2, 3, 4, 5]) {
        created.push(
          await api<Listed>(stack.mockUrl, '/api/projects/1/dashboards/', {
            method: 'POST',
            body: { name: `Tabs agree ${n}`, description: `Dashboard ${n} of the tabs journey` },
          }),
        );
      }
      const [toPin, toRename, toBulkA, toBulkB, toDelete] = created as [Listed, Listed, Listed, Listed, Listed];
      const listPath = `/projects/1/dashboards?search=${encodeURIComponent('Tabs agree')}`;

      await page.goto('/connect');
      await connect(page, 'phx_demo_admin');
      await page.goto(listPath);
      await expectHeading(page, 'Dashboards');
      const second = await openSecondTab(page, listPath);
      const secondErrors = collectPageErrors(second);
      await expectHeading(second, 'Dashboards');
      await markDocument(second);
      const firstTable = page.getByRole('table', { name: 'Dashboards', exact: true });
      const otherTable = second.getByRole('table', { name: 'Dashboards', exact: true });

      // 1. A pin on the list.
      await otherTable.getByRole('button', { name: `Pin ${toPin.name}`, exact: true }).waitFor();
      await firstTable.getByRole('button', { name: `Pin ${toPin.name}`, exact: true }).click();
      await otherTable.getByRole('button', { name: `Unpin ${toPin.name}`, exact: true }).waitFor({ timeout: WITHIN });

      // 5. A bulk pin.
      for (const dashboard of [toBulkA, toBulkB]) {
        await firstTable.getByRole('checkbox', { name: `Select ${dashboard.name}`, exact: true }).check();
      }
      await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Pin', exact: true }).click();
      await page.getByText('2 updated, 0 failed').waitFor();
      for (const dashboard of [toBulkA, toBulkB]) {
        await otherTable.getByRole('button', { name: `Unpin ${dashboard.name}`, exact: true }).waitFor({ timeout: WITHIN });
      }
      await page.getByRole('button', { name: 'Clear selection', exact: true }).click().catch(() => undefined);

      // 6. A delete.
      await otherTable.getByRole('link', { name: toDelete.name, exact: true }).waitFor();
      await page.goto(`/projects/1/dashboards/${toDelete.id}`);
      await expectHeading(page, toDelete.name);
      await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectHeading(page, 'Dashboards');
      await eventually(async () => assert.equal(await otherTable.getByRole('link', { name: toDelete.name, exact: true }).count(), 0), WITHIN);

      // 2. An Overview rename while the second tab is typing in Description.
      await goInPlace(second, `/projects/1/dashboards/${toRename.id}`);
      await expectHeading(second, toRename.name);
      const description = second.getByRole('textbox', { name: 'Description', exact: true });
      await description.fill('Typed in the second tab, not saved yet');
      await page.goto(`/projects/1/dashboards/${toRename.id}`);
      await expectHeading(page, toRename.name);
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await eventually(async () => assert.equal(await name.inputValue(), toRename.name));
      const renamed = `${toRename.name}, renamed in the first tab`;
      await name.fill(renamed);
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      await expectHeading(page, renamed);
      await expectHeading(second, renamed, WITHIN);
      assert.equal(await description.inputValue(), 'Typed in the second tab, not saved yet', 'the typed text was lost');
      assert.equal(await second.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), renamed);

      // The person in the second tab takes their text back, so leaving asks nothing.
      await description.fill(toRename.description ?? '');

      // 3. Share publicly.
      await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
      await second.getByRole('tab', { name: 'Sharing', exact: true }).click();
      const otherSwitch = second.getByRole('switch', { name: 'Share publicly', exact: true });
      await otherSwitch.waitFor();
      assert.equal(await otherSwitch.getAttribute('aria-checked'), 'false');
      await page.getByRole('switch', { name: 'Share publicly', exact: true }).click();
      await eventually(async () => assert.equal(await otherSwitch.getAttribute('aria-checked'), 'true'), WITHIN);

      // 4. Restrict editing to invited collaborators.
      await page.getByRole('tab', { name: 'Collaborators', exact: true }).click();
      await second.getByRole('tab', { name: 'Collaborators', exact: true }).click();
      const restrict = page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true });
      await second.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true }).waitFor();
      await restrict.click();
      await second.getByText('Only invited collaborators, the creator', { exact: false }).waitFor({ timeout: WITHIN });

      // 7. A project rename.
      await page.goto('/projects/1/settings');
      await expectHeading(page, 'Project settings');
      await goInPlace(second, '/projects');
      await expectHeading(second, 'Projects');
      const projectName = page.getByRole('textbox', { name: 'Project name', exact: true });
      const before = await eventually(async () => {
        const value = await projectName.inputValue();
        assert.ok(value);
        return value;
      });
      await second.getByRole('link', { name: before, exact: true }).first().waitFor();
      await projectName.fill(`${before} (renamed)`);
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      await second.getByRole('link', { name: `${before} (renamed)`, exact: true }).first().waitFor({ timeout: WITHIN });

      await sameDocument(second);
      secondErrors.assertNone();
    },
    { timeout: 120_000 },
  );

  journey(
    "All dashboards and Public links in other tabs: a pin, a bulk pin, tags, a rename, a restriction, sharing on, a rotation, sharing off, a delete and its Undo",
    async ({ page, stack }) => {
      const made: Listed[] = [];
      for (const n of ['pin', 'bulk A', 'bulk B', 'tags', 'detail']) {
        made.push(await api<Listed>(stack.mockUrl, '/api/projects/2/dashboards/', { method: 'POST', body: { name: `Orgtabs ${n}` } }));
      }
      const [toPin, bulkA, bulkB, toTag, detail] = made as [Listed, Listed, Listed, Listed, Listed];
      const sharing = () => api<{ access_token: string; enabled: boolean }>(stack.mockUrl, `/api/projects/2/dashboards/${detail.id}/sharing/`);

      await page.goto('/connect');
      await connect(page, 'phx_demo_admin');
      await page.goto(`/projects/2/dashboards?search=${encodeURIComponent('Orgtabs')}`);
      await expectHeading(page, 'Dashboards');
      const all = await openSecondTab(page, `/organization/dashboards?search=${encodeURIComponent('Orgtabs')}`);
      const links = await openSecondTab(page, '/organization/public-links');
      const allErrors = collectPageErrors(all);
      const linksErrors = collectPageErrors(links);
      for (const [tab, heading] of [[all, 'All dashboards'], [links, 'Public links']] as const) {
        await expectHeading(tab, heading);
        await tab.getByRole('main').getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
        await markDocument(tab);
      }
      const allTable = all.getByRole('table', { name: 'All dashboards', exact: true });
      const row = (name: string) => allTable.getByRole('row').filter({ has: all.getByRole('link', { name, exact: true }) });
      // The name cell's badges (drawn only when true; the wide layout hides them beside their columns).
      const flag = (name: string, badge: string) => row(name).getByText(badge, { exact: true });
      const flagged = (name: string, badge: string) => flag(name, badge).waitFor({ state: 'attached', timeout: WITHIN });
      await row(toPin.name).waitFor();
      const firstTable = page.getByRole('table', { name: 'Dashboards', exact: true });

      // A pin on the project's list.
      await firstTable.getByRole('button', { name: `Pin ${toPin.name}`, exact: true }).click();
      await flagged(toPin.name, 'Pinned');

      // A bulk pin, then a bulk tag.
      const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
      for (const dashboard of [bulkA, bulkB]) await firstTable.getByRole('checkbox', { name: `Select ${dashboard.name}`, exact: true }).check();
      await bulk.getByRole('button', { name: 'Pin', exact: true }).click();
      await page.getByText('2 updated, 0 failed').waitFor();
      for (const dashboard of [bulkA, bulkB]) await flagged(dashboard.name, 'Pinned');
      await page.getByRole('button', { name: 'Clear selection', exact: true }).click().catch(() => undefined);
      await firstTable.getByRole('checkbox', { name: `Select ${toTag.name}`, exact: true }).check();
      await bulk.getByRole('button', { name: 'Add tag', exact: true }).click();
      const tagDialog = page.getByRole('dialog', { name: 'Add tag' });
      await tagDialog.getByRole('textbox', { name: 'Tag', exact: true }).fill('orgtabs-tagged');
      await tagDialog.getByRole('button', { name: 'Add tag', exact: true }).click();
      await page.getByText('1 updated, 0 failed').waitFor();
      // Tags are not a column: the second tab's Export CSV carries them.
      await eventually(async () => {
        const [download] = await Promise.all([all.waitForEvent('download'), all.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
        const text = (await readFile((await download.path())!)).toString('utf8');
        const line = text.split('\r\n').find((l) => l.includes(toTag.name));
        assert.ok(line?.includes('orgtabs-tagged'), `the tag in the second tab's CSV: ${line}`);
      }, WITHIN + 1_000);

      // A rename on the dashboard's Overview.
      await page.getByRole('link', { name: detail.name, exact: true }).click();
      await expectHeading(page, detail.name);
      const renamed = `${detail.name} renamed`;
      const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
      await eventually(async () => assert.equal(await nameBox.inputValue(), detail.name));
      await nameBox.fill(renamed);
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      await expectHeading(page, renamed);
      await row(renamed).waitFor({ timeout: WITHIN });

      // A restriction.
      await page.getByRole('tab', { name: 'Collaborators', exact: true }).click();
      await page.getByRole('button', { name: 'Restrict editing to invited collaborators', exact: true }).click();
      await flagged(renamed, 'Restricted');

      // Sharing on: the row says Shared, and joins Public links with its link.
      await page.getByRole('tab', { name: 'Sharing', exact: true }).click();
      const shareSwitch = page.getByRole('switch', { name: 'Share publicly', exact: true });
      await shareSwitch.click();
      await eventually(async () => assert.equal(await shareSwitch.getAttribute('aria-checked'), 'true'));
      await flagged(renamed, 'Shared');
      const linkRow = links.getByRole('table', { name: 'Public links', exact: true }).getByRole('row').filter({ has: links.getByRole('link', { name: renamed, exact: true }) });
      const first = (await sharing()).access_token;
      await scrollUntil(links, linkRow, WITHIN);
      await linkRow.getByText(`/shared/${first}`).waitFor({ timeout: WITHIN });

      // A rotation: Public links shows the new link.
      await page.getByRole('button', { name: 'Rotate link', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate link', exact: true }).click();
      const rotated = await eventually(async () => {
        const token = (await sharing()).access_token;
        assert.notEqual(token, first);
        return token;
      });
      await linkRow.getByText(`/shared/${rotated}`).waitFor({ timeout: WITHIN });

      // Sharing off: it leaves Public links.
      await shareSwitch.click();
      await eventually(async () => assert.equal(await linkRow.count(), 0, 'left Public links'), WITHIN);
      await eventually(async () => assert.equal(await flag(renamed, 'Shared').count(), 0, 'no longer Shared'), WITHIN);

      // A delete, then its Undo.
      await page.getByRole('tab', { name: 'Overview', exact: true }).click();
      await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expectHeading(page, 'Dashboards');
      await eventually(async () => assert.equal(await row(renamed).count(), 0, 'deleted there'), WITHIN);
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await row(renamed).waitFor({ timeout: WITHIN });

      for (const tab of [all, links]) await sameDocument(tab);
      allErrors.assertNone();
      linksErrors.assertNone();
    },
    { timeout: 180_000 },
  );
});

/** Scrolls a virtualized table's region down until `target` is rendered (the rows arrive meanwhile). */
async function scrollUntil(page: Page, target: Locator, within: number) {
  const scroller = page.getByRole('main').getByRole('region', { name: 'Public links, scrollable' });
  const until = Date.now() + within;
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  while ((await target.count()) === 0 && Date.now() < until + 5_000) {
    await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight * 0.8));
    await page.waitForTimeout(50);
    const atEnd = await scroller.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1);
    if (atEnd && (await target.count()) === 0) await scroller.evaluate((element) => element.scrollTo(0, 0));
  }
  await target.waitFor({ timeout: 1_000 });
}
