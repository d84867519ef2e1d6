// Who can do what, and why (CONSOLE.md): the Access tab's verdicts for the admin, a rule for
// everyone with one person raised, the member key held to viewing, the read-only key without rules,
// and People with a person page; axe on Access and People at 1440 and 390 px.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, setupE2E } from './support/harness.ts';
import { dashboardNamed, describedText, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const main = (page: Page) => page.getByRole('main');
const accessTable = (page: Page) => main(page).getByRole('table', { name: 'Who has access' });

/** The row of `email` in `table`, as [person, role, access, why]. */
async function row(table: Locator, email: string): Promise<string[]> {
  const found = table.getByRole('row').filter({ hasText: email });
  await found.first().waitFor();
  const cells = await found.first().locator('th, td').allTextContents();
  return cells.slice(0, 4).map((text) => text.trim());
}

interface Rules {
  access_controls: Array<{ access_level: string; organization_member: string | null }>;
}
interface Members {
  results: Array<{ id: string; user: { email: string; uuid: string } }>;
}

describe('Who can do what, and why', () => {
  journey('the admin: creator, admins, an invited collaborator and a restricted member, each with the verdict and reason', async ({ page, stack }) => {
    const board = await dashboardNamed(stack.mockUrl, 1, 'Board metrics');
    await openConnected(page, `/projects/1/dashboards/${board.id}/access`, 'Board metrics');
    const table = accessTable(page);
    await table.waitFor();
    assert.deepEqual((await row(table, 'olivia')).slice(1), ['Owner', 'Can manage', 'Created this dashboard']);
    assert.deepEqual((await row(table, 'priya')).slice(1), ['Admin', 'Can manage', 'Organization admin: manages every dashboard']);
    assert.deepEqual((await row(table, 'jonas.becker@')).slice(1), ['Member', 'Can edit', 'Invited to edit']);
    assert.deepEqual((await row(table, 'mei.tanaka@')).slice(1), ['Member', 'Can view', 'Can view: editing is restricted to invited people']);
    await main(page).getByText('Your key can edit this dashboard and change who has access to it.').waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Access' }).getAttribute('aria-selected'), 'true');
    await checkA11y(page, 'Access at 1440 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'Access at 390 px');
    // Nothing on the narrow page is wider than the window but the table's own scroll area.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow} px`);
  });

  journey('a rule for everyone at viewer, and one person raised to editor, checked through the API', async ({ page, stack }) => {
    const plan = await dashboardNamed(stack.mockUrl, 1, 'Year-end hiring plan');
    await openConnected(page, `/projects/1/dashboards/${plan.id}/access`, 'Year-end hiring plan');
    const table = accessTable(page);
    await table.waitFor();
    const everyone = main(page).getByRole('combobox', { name: 'Everyone else' });
    await eventually(async () => assert.equal(await everyone.inputValue(), 'viewer'));
    assert.deepEqual((await row(table, 'jonas.becker@')).slice(2), ['Can edit', 'Can edit by their own rule']);
    assert.deepEqual((await row(table, 'mei.tanaka@')).slice(2), ['Can view', 'Can view by the rule for everyone']);
    const mei = main(page).getByRole('combobox', { name: 'Access for mei.tanaka@hedgebox.net' });
    assert.match(await describedText(mei), /never lower them below it/);
    await mei.selectOption({ label: 'Can edit' });
    await eventually(async () => assert.deepEqual((await row(table, 'mei.tanaka@')).slice(2), ['Can edit', 'Can edit by their own rule']));
    const members = await api<Members>(stack.mockUrl, '/api/organizations/@current/members/?limit=100');
    const meiId = members.results.find((m) => m.user.email.startsWith('mei.'))!.id;
    const rules = await api<Rules>(stack.mockUrl, `/api/projects/1/dashboards/${plan.id}/access_controls/`);
    assert.deepEqual(
      rules.access_controls.filter((r) => r.organization_member === meiId).map((r) => r.access_level),
      ['editor'],
    );
    // The select keeps focus through the save.
    assert.equal(await mei.evaluate((el) => el === document.activeElement), true);
  });

  journey('the member key is held to viewing, with the reason in words', async ({ page, stack }) => {
    const plan = await dashboardNamed(stack.mockUrl, 1, 'Year-end hiring plan');
    await openConnected(page, `/projects/1/dashboards/${plan.id}`, 'Year-end hiring plan', 'phx_demo_member');
    const name = main(page).getByRole('textbox', { name: 'Name' });
    await eventually(async () => assert.equal(await name.isDisabled(), true));
    await main(page).getByRole('note').filter({ hasText: 'You can view this dashboard by the rule for everyone.' }).waitFor();
    assert.equal(await main(page).getByRole('button', { name: 'Delete dashboard' }).isDisabled(), true);
    await page.getByRole('tab', { name: 'Access' }).click();
    await main(page).getByText('Your key can view this dashboard but not change it. Can view by the rule for everyone.').waitFor();
    assert.equal(await main(page).getByRole('combobox', { name: 'Everyone else' }).isDisabled(), true);
  });

  journey('the read-only key: no rules to read, the table worked out without them', async ({ page, stack }) => {
    const plan = await dashboardNamed(stack.mockUrl, 1, 'Year-end hiring plan');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/access_controls|users_with_access/.test(request.url())) asked.push(request.url());
    });
    await openConnected(page, `/projects/1/dashboards/${plan.id}/access`, 'Year-end hiring plan', 'phx_demo_readonly');
    await main(page).getByText(/This key cannot read the dashboard’s access rules \(it lacks access_control:read\)/).waitFor();
    const table = accessTable(page);
    assert.deepEqual((await row(table, 'mei.tanaka@')).slice(2), ['Can edit', 'Can edit, assuming there are no rules']);
    await main(page).getByText('Your key can view this dashboard but not change it: it lacks dashboard:write.').waitFor();
    assert.deepEqual(asked, []);
  });

  journey('People and a person page', async ({ page }) => {
    await openConnected(page, '/organization/people', 'People');
    const members = main(page).getByRole('table', { name: 'Members' });
    await members.waitFor();
    await main(page).getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
    const lena = members.getByRole('row').filter({ hasText: 'lena.' });
    const cells = await lena.locator('th, td').allTextContents();
    assert.equal(cells[1], 'Admin');
    assert.ok(Number(cells[5]) >= 1, `Lena created ${cells[5]} dashboards`);
    await checkA11y(page, 'People at 1440 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'People at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await members.getByRole('link', { name: 'Jonas Becker' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Jonas Becker' }).waitFor();
    const exceptions = main(page).getByRole('table', { name: 'Dashboards where Jonas is an exception' });
    await exceptions.waitFor();
    await main(page).getByRole('progressbar', { name: 'Reading access' }).waitFor({ state: 'detached', timeout: 60_000 });
    const board = exceptions.getByRole('row').filter({ has: page.getByRole('link', { name: 'Board metrics', exact: true }) });
    await board.waitFor();
    assert.match(await board.textContent() ?? '', /Can edit\s*Invited to edit/);
    // The virtualized table renders the rows in view: scroll to the last one by name.
    const plan = exceptions.getByRole('row').filter({ has: page.getByRole('link', { name: 'Year-end hiring plan', exact: true }) });
    const scroller = main(page).getByRole('region', { name: 'Dashboards where Jonas is an exception, scrollable' });
    for (let step = 0; step < 40 && (await plan.count()) === 0; step++) {
      await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight * 0.8));
      await page.waitForTimeout(50);
    }
    await plan.waitFor();
    assert.match(await plan.textContent() ?? '', /Can edit\s*Can edit by their own rule/);
  });
});
