// Long names at 1440×900 (issue 12, item 1): the API allows a 400-character dashboard name and a
// 200-character project name. With no spaces, such a name must wrap or truncate (the full text still
// available) everywhere it shows: the page never scrolls sideways, and every dialog and toast (its
// buttons included) stays inside the viewport.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected, tableRows } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const WIDTH = 1440;
const HEIGHT = 900;
const longDashboardName = `Quarterly${'Revenue'.repeat(55)}End`.slice(0, 400);
const longProjectName = `Growth${'Experiments'.repeat(20)}`.slice(0, 200);

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  await eventually(async () => {
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      let widest = '';
      let right = 0;
      for (const element of document.querySelectorAll('body *')) {
        const box = element.getBoundingClientRect();
        if (box.right > right) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}.${(element as HTMLElement).className} ${Math.round(box.right)} px`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
    });
    assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window (widest: ${widest})`);
  });
}

/** The element's box lies inside the viewport. */
async function expectInViewport(target: Locator, what: string): Promise<void> {
  await eventually(async () => {
    const box = await target.boundingBox();
    assert.ok(box, `${what} is on screen`);
    assert.ok(
      box.x >= 0 && box.y >= 0 && box.x + box.width <= WIDTH + 0.5 && box.y + box.height <= HEIGHT + 0.5,
      `${what} is outside the ${WIDTH}×${HEIGHT} viewport: ${JSON.stringify(box)}`,
    );
  });
}

/** The text is on the page in full: shown, or kept in a title (a tooltip). */
async function expectFullText(scope: Locator, text: string, what: string): Promise<void> {
  const shown = (await scope.innerText()).replace(/\s+/g, '');
  const titles = await scope.evaluate((element) =>
    [element, ...element.querySelectorAll('[title]')].map((node) => node.getAttribute('title') ?? '').join('\n'),
  );
  assert.ok(shown.includes(text) || titles.includes(text), `${what}: the full name is neither shown nor in a title`);
}

describe('Long names at 1440×900', () => {
  journey('a 400-character dashboard name and a 200-character project name never widen the page', async ({ page, stack }) => {
    const project = await api<{ id: number }>(stack.mockUrl, '/api/organizations/@current/projects/', { body: { name: longProjectName } });
    await api(stack.mockUrl, `/api/projects/${project.id}/dashboards/`, {
      body: { name: longDashboardName, pinned: true, tags: ['marketing', 'quarterly-review', 'executive', 'finance', 'growth'] },
    });
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });

    // Projects: the table row and the project switcher.
    await openConnected(page, '/projects', 'Projects');
    const projectsTable = page.getByRole('table', { name: 'Projects', exact: true });
    const projectRow = tableRows(projectsTable).filter({ hasText: longProjectName.slice(0, 40) });
    await projectRow.first().waitFor();
    await expectNoSidewaysScroll(page, 'Projects');
    await expectFullText(projectRow.first(), longProjectName, 'the Projects row');

    // A project created through the dialog: the "Created…" notice and the toast.
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`${longProjectName.slice(0, 190)}Copy2`);
    await dialog.getByRole('button', { name: 'Create project', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const notice = page.locator('.project-created');
    await notice.waitFor();
    await expectNoSidewaysScroll(page, 'Projects with the Created notice');
    await expectInViewport(notice, 'the Created notice');
    const created = toasts(page).locator('.toast').filter({ hasText: 'created' });
    await expectInViewport(created, 'the "created" toast');
    await expectInViewport(created.getByRole('button', { name: /^Dismiss: / }), 'the toast’s Dismiss button');

    // The dashboards of the long-named project: the switcher shows its name; the row keeps its badge and tags.
    await page.goto(`/projects/${project.id}/dashboards`);
    await expectHeading(page, 'Dashboards');
    const dashboardsTable = page.getByRole('table', { name: 'Dashboards', exact: true });
    const dashboardRow = tableRows(dashboardsTable).filter({ hasText: longDashboardName.slice(0, 40) });
    await dashboardRow.first().waitFor();
    await expectNoSidewaysScroll(page, 'Dashboards of the long-named project');
    await expectFullText(dashboardRow.first(), longDashboardName, 'the Dashboards row');
    const nameLink = dashboardRow.first().getByRole('link').first();
    const linkBox = await nameLink.boundingBox();
    assert.ok(linkBox && linkBox.width > 100, `the name link keeps its room beside the badges (${linkBox?.width} px)`);
    await expectInViewport(page.getByRole('combobox', { name: 'Project', exact: true }), 'the project switcher');
    await checkA11y(page, 'long-names-dashboards');

    // The detail page: its h1 wraps.
    await nameLink.click();
    const h1 = page.getByRole('heading', { level: 1 });
    await eventually(async () => assert.equal((await h1.innerText()).replace(/\s+/g, ''), longDashboardName));
    await expectNoSidewaysScroll(page, 'the dashboard’s Overview');
    await expectFullText(h1, longDashboardName, 'the dashboard’s h1');
    for (const tab of ['Collaborators', 'Sharing', 'History']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel').waitFor();
      await expectNoSidewaysScroll(page, `the dashboard’s ${tab} tab`);
    }
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();

    // The Delete dialog's title, then the toast with Undo.
    await page.getByRole('button', { name: 'Delete dashboard', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await expectInViewport(confirm, 'the Delete dialog');
    await expectInViewport(confirm.getByRole('button', { name: 'Delete', exact: true }), 'the dialog’s Delete button');
    await expectNoSidewaysScroll(page, 'the Delete dialog');
    await checkA11y(page, 'long-names-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    const deleted = toasts(page).locator('.toast').filter({ has: page.getByRole('button', { name: 'Undo', exact: true }) });
    await expectInViewport(deleted, 'the deleted toast');
    await expectInViewport(deleted.getByRole('button', { name: 'Undo', exact: true }), 'the toast’s Undo button');
    await expectInViewport(deleted.getByRole('button', { name: /^Dismiss: / }), 'the toast’s Dismiss button');
    await expectFullText(deleted, longDashboardName, 'the deleted toast');
    await expectNoSidewaysScroll(page, 'Dashboards with the deleted toast');

    // Activity lists the creation and the deletion.
    await page.goto(`/projects/${project.id}/activity`);
    await expectHeading(page, 'Activity');
    await page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li').first().waitFor();
    await expectNoSidewaysScroll(page, 'Activity');
    await checkA11y(page, 'long-names-activity');

    // The API log: request paths with the long name in their query.
    await page.goto(`/projects/${project.id}/dashboards?search=${longDashboardName.slice(0, 300)}`);
    await expectHeading(page, 'Dashboards');
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const log = page.getByRole('region', { name: 'API log', exact: true });
    await log.getByRole('listitem').filter({ hasText: longDashboardName.slice(0, 60) }).first().waitFor();
    await expectNoSidewaysScroll(page, 'the API log');
  }, { timeout: 120_000 });
});
