// Getting around: Go to (Ctrl+K), the searchable Project and Organization comboboxes, the keyboard
// shortcuts, the narrow top bar's Menu, a top bar that does not jump, and every page's document title.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { checkA11y, eventually, expectHeading, expectPath, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

interface Organization {
  id: string;
  name: string;
  projects: Array<{ id: number; name: string }>;
}

const goToBox = (page: Page) => page.getByRole('combobox', { name: 'Search projects, dashboards and pages', exact: true });

describe('Getting around', () => {
  journey('Ctrl+K finds a dashboard by name through the API, Enter opens it; Go to passes axe at 1440 and 390', async ({ page, stack }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const list = await api<{ results: Array<{ id: number; name: string | null }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=300');
    const target = list.results.find((dashboard) => dashboard.name && dashboard.name.length > 8)!;
    await openConnected(page, '/projects/1/settings', 'Project settings');

    // Ctrl+K works from inside a field.
    await page.getByRole('textbox', { name: 'Project name', exact: true }).focus();
    const searched = page.waitForRequest((request) => /\/api\/projects\/1\/dashboards\/\?.*search=/.test(request.url()));
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Go to', exact: true });
    await dialog.waitFor();
    await eventually(async () => assert.ok(await goToBox(page).evaluate((el) => el === document.activeElement), 'the search box has focus'));
    await checkA11y(page, 'go-to-1440');

    await page.keyboard.type(target.name!);
    assert.equal(new URL((await searched).url()).searchParams.get('search'), target.name);
    const option = dialog.getByRole('group', { name: 'Dashboards', exact: true }).getByRole('option', { name: target.name!, exact: false }).first();
    await option.waitFor();
    await eventually(async () => {
      const active = await goToBox(page).getAttribute('aria-activedescendant');
      assert.equal(active, await option.getAttribute('id'), 'the first match is active');
    });
    await page.keyboard.press('Enter');
    await expectPath(page, `/projects/1/dashboards/${target.id}`);
    await expectHeading(page, target.name!);
    await dialog.waitFor({ state: 'detached' });

    // One Escape closes it and gives focus back.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const goToButton = page.getByRole('button', { name: 'Go to…', exact: true });
    await goToButton.click();
    await dialog.waitFor();
    await checkA11y(page, 'go-to-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  journey('the Project combobox searches the API beyond its first page', async ({ page, stack }) => {
    for (let index = 1; index <= 22; index += 1) {
      await api(stack.mockUrl, '/api/projects/', { body: { name: `Fleet ${String(index).padStart(2, '0')}` } });
    }
    const wanted = (await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, '/api/projects/?search=Fleet%2022')).results[0]!;
    await openConnected(page, '/projects/1/activity', 'Activity');
    const switcher = page.getByRole('combobox', { name: 'Project', exact: true });
    await eventually(async () => assert.notEqual(await switcher.inputValue(), ''));
    await switcher.click();
    const listbox = page.getByRole('listbox', { name: 'Project', exact: true });
    assert.equal(await listbox.getByRole('option').count(), 20, 'one switcher page of projects');
    assert.equal(await listbox.getByRole('option', { name: wanted.name, exact: true }).count(), 0, 'the wanted project is beyond it');

    const searched = page.waitForRequest((request) => /\/api\/organizations\/[^/]+\/projects\/\?.*search=/.test(request.url()));
    await page.keyboard.type('fleet 22');
    assert.equal(new URL((await searched).url()).searchParams.get('search'), 'fleet 22');
    await listbox.getByRole('option', { name: wanted.name, exact: true }).click();
    await expectPath(page, `/projects/${wanted.id}/activity`);
    await expectHeading(page, 'Activity');
    await eventually(async () => assert.equal(await switcher.inputValue(), wanted.name));
    await checkA11y(page, 'project-combobox');
  });

  journey('the Organization switcher shows the other organization’s projects', async ({ page, stack }) => {
    const organizations = await api<{ results: Organization[] }>(stack.mockUrl, '/api/organizations/');
    assert.ok(organizations.results.length > 1, 'the admin demo key sees two organizations');
    const labs = organizations.results.find((org) => org.name === 'Hedgebox Labs')!;
    const labsProjects = await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, `/api/organizations/${labs.id}/projects/`);

    await openConnected(page, '/projects', 'Projects');
    const orgSwitcher = page.getByRole('combobox', { name: 'Organization', exact: true });
    await orgSwitcher.click();
    await page.getByRole('listbox', { name: 'Organization', exact: true }).getByRole('option', { name: 'Hedgebox Labs', exact: true }).click();
    await eventually(async () => {
      const url = new URL(page.url());
      assert.equal(url.pathname, '/projects');
      assert.equal(url.searchParams.get('organization'), labs.id);
    });
    const table = page.getByRole('table', { name: 'Projects', exact: true });
    for (const project of labsProjects.results) await table.getByRole('link', { name: project.name, exact: true }).waitFor();
    assert.equal(await table.getByRole('link', { name: 'Hedgebox App', exact: true }).count(), 0);
    assert.equal(await orgSwitcher.inputValue(), 'Hedgebox Labs');
    await checkA11y(page, 'organization-switcher');

    await table.getByRole('link', { name: labsProjects.results[0]!.name, exact: true }).click();
    await expectHeading(page, 'Dashboards');
    assert.equal(await orgSwitcher.inputValue(), 'Hedgebox Labs');
    await eventually(async () => assert.equal(await page.getByRole('combobox', { name: 'Project', exact: true }).inputValue(), labsProjects.results[0]!.name));
  });

  journey('? lists the shortcuts; g d, g s, g a, g p and / work, never while typing', async ({ page }) => {
    await openConnected(page, '/projects/2/settings', 'Project settings');
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts', exact: true });
    await shortcuts.waitFor();
    await checkA11y(page, 'keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });

    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expectPath(page, '/projects/2/dashboards');
    await expectHeading(page, 'Dashboards');
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search dashboards', exact: true });
    await eventually(async () => assert.ok(await search.evaluate((el) => el === document.activeElement), '/ focuses the search box'));
    await page.keyboard.type('gs?');
    assert.equal(await search.inputValue(), 'gs?');
    assert.equal(new URL(page.url()).pathname, '/projects/2/dashboards', 'typing in the search box runs no shortcut');
    assert.equal(await shortcuts.count(), 0);

    await search.evaluate((el) => (el as HTMLElement).blur());
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expectPath(page, '/projects/2/activity');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expectPath(page, '/projects');
  });

  journey('at 390×844 the top bar folds into Menu, and the API log’s Close stays reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openConnected(page, '/projects/1/dashboards', 'Dashboards');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the links are folded away');

    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).focus();
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.ok(await menu.evaluate((el) => el === document.activeElement), 'Escape gives focus back to Menu');

    await menu.click();
    await checkA11y(page, 'menu-390');
    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const close = page.getByRole('button', { name: 'Close API log', exact: true });
    await close.waitFor();
    await page.getByRole('heading', { name: 'API log', exact: true }).waitFor();
    const hit = await close.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // (Sub-pixel rounding of a scrolled page may put the top at -0.4 px.)
      return { inView: box.top >= -1 && box.bottom <= window.innerHeight, same: found === el || el.contains(found), top: box.top, scrollY: window.scrollY };
    });
    assert.ok(hit.inView, `Close is in view (${JSON.stringify(hit)})`);
    assert.ok(hit.same, 'nothing covers Close');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page overflows sideways by ${overflow}px`);
    await close.click();
    await page.getByRole('complementary', { name: 'API log panel' }).waitFor({ state: 'detached' });
  });

  journey('at 1440×900 the top bar keeps its height and API log its place while its parts load', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConnected(page, '/projects', 'Projects');
    // A fresh load of the page. The bar is measured once its own answers have come (the organization,
    // which decides whether an Organization switcher is shown, and the mock's info, which names the
    // demo key), and while the switchers and the mock controls are still their look-alikes: loading
    // their code must not move anything. (The answers themselves may change the bar: a second
    // organization adds a switcher, which is data, not loading.)
    // (Answers to requests of the reloaded page only: the page before it may still be asking.)
    const reloadedAt = Date.now();
    const answered = ['/api/organizations/', '/api/organizations/@current/', '/__mock/info'].map((path) =>
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === path && response.request().timing().startTime >= reloadedAt,
      ),
    );
    await page.reload();
    const apiLog = page.getByRole('button', { name: 'API log', exact: true });
    await apiLog.waitFor();
    await Promise.all(answered);
    await page.waitForFunction(() => {
      const bar = document.querySelector('header.top-bar');
      if (!bar || bar.textContent?.includes('Loading organization')) return false;
      const panel = bar.querySelector('.mock-panel');
      return !!panel && (!panel.classList.contains('mock-panel-placeholder') || !!panel.querySelector('.mock-key-badge'));
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const first = { bar: await page.locator('header.top-bar').boundingBox(), button: await apiLog.boundingBox() };
    await page.getByRole('button', { name: 'Mock controls', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Project', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const settled = { bar: await page.locator('header.top-bar').boundingBox(), button: await apiLog.boundingBox() };
    assert.deepEqual(settled.bar?.height, first.bar?.height, 'the top bar’s height');
    assert.deepEqual({ x: settled.button?.x, y: settled.button?.y }, { x: first.button?.x, y: first.button?.y }, 'API log’s position');
  });

  journey('every page sets its document title', async ({ page, stack }) => {
    const org = await api<Organization>(stack.mockUrl, '/api/organizations/@current/');
    const projectName = org.projects.find((project) => project.id === 1)!.name;
    const dashboard = await api<{ name: string | null }>(stack.mockUrl, '/api/projects/1/dashboards/2/');
    await page.goto('/connect');
    await eventually(async () => assert.equal(await page.title(), 'Connect · Analytics Console'));
    await openConnected(page, '/projects', 'Projects');
    const cases: Array<[string, string]> = [
      ['/projects', 'Projects · Analytics Console'],
      ['/projects/1/dashboards', `Dashboards · ${projectName} · Analytics Console`],
      ['/projects/1/dashboards/2', `${dashboard.name ?? 'Untitled dashboard'} · ${projectName} · Analytics Console`],
      ['/projects/1/settings', `Project settings · ${projectName} · Analytics Console`],
      ['/projects/1/activity', `Activity · ${projectName} · Analytics Console`],
      ['/no/such/page', 'Page not found · Analytics Console'],
    ];
    for (const [path, title] of cases) {
      await page.goto(path);
      await eventually(async () => assert.equal(await page.title(), title, path));
    }
  });
});
