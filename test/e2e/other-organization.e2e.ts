// The organization a page is about decides (DESIGN.md rule 6), seen with API.md v5's seed: the
// member key's user (Tomás) is a plain member of Hedgebox Inc. and an admin of Hedgebox Labs, whose
// own member Inès (in no other organization) made its dashboard `Prototype retention`.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, setupE2E } from './support/harness.ts';
import { describedText, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const main = (page: Page) => page.getByRole('main');
const memberKey = 'phx_demo_member';
const labs = '0b6c1f2e-5d4a-4e3b-9a8c-7d6e5f4a3b2c';
const labsProject = 5;
const memberRefusal = 'Only organization admins can create projects. You are a member of this organization.';

interface Page_ {
  results: Array<{ id: number; name: string | null; created_by: { email: string } | null }>;
}

describe('Another organization of the same key', () => {
  journey('New project follows the role in the organization shown: an admin of Hedgebox Labs, a member of Hedgebox Inc.', async ({ page }) => {
    await openConnected(page, `/projects?organization=${labs}`, 'Projects', memberKey);
    const button = main(page).getByRole('button', { name: 'New project', exact: true });
    await main(page).getByRole('link', { name: 'Labs Prototype' }).first().waitFor();
    await eventually(async () => assert.equal(await button.isDisabled(), false, 'New project is open to an admin of Hedgebox Labs'));
    assert.ok(!(await describedText(button)).includes('You are a member'), 'no member refusal in Hedgebox Labs');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Hedgebox Inc., where the same person is a plain member: refused, with the reason.
    await page.goto('/projects');
    await main(page).getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await eventually(async () => assert.equal(await describedText(main(page).getByRole('button', { name: 'New project', exact: true })), memberRefusal));
  });

  journey('All dashboards of Hedgebox Labs: its own member is no one who left', async ({ page, stack }) => {
    const dashboards = await api<Page_>(stack.mockUrl, `/api/projects/${labsProject}/dashboards/`, { key: memberKey });
    const theirs = dashboards.results.find((d) => d.created_by?.email === 'ines.laurent@hedgeboxlabs.example');
    assert.ok(theirs, 'the seed of API.md v5: Inès made a dashboard of Hedgebox Labs');
    await openConnected(page, `/organization/dashboards?organization=${labs}`, 'All dashboards', memberKey);
    await main(page).getByRole('link', { name: 'Prototype retention' }).waitFor({ timeout: 30_000 });
    await main(page).getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
    const createdBy = main(page).getByRole('combobox', { name: 'Created by' });
    await eventually(async () => assert.equal(await createdBy.locator('option', { hasText: 'Someone who left' }).isDisabled(), false));
    await createdBy.selectOption({ label: 'Someone who left' });
    await eventually(async () => assert.match(page.url(), /createdBy=left/));
    // Nobody left Hedgebox Labs: Inès is its member, though not one of Hedgebox Inc.
    await main(page).getByText('No dashboards match', { exact: true }).waitFor();
    assert.equal(await main(page).getByRole('link', { name: 'Prototype retention' }).count(), 0);
  });

  journey('Who has access on a Hedgebox Labs dashboard lists its members, Inès included, with the roles held there', async ({ page }) => {
    await openConnected(page, `/projects/${labsProject}/dashboards`, 'Dashboards', memberKey);
    await main(page).getByRole('link', { name: 'Prototype retention' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Prototype retention' }).waitFor();
    await page.getByRole('tab', { name: 'Access' }).click();
    const table = main(page).getByRole('table', { name: 'Who has access' });
    await table.waitFor();
    const rowOf = async (email: string) => {
      const found = table.getByRole('row').filter({ hasText: email });
      await found.first().waitFor();
      return (await found.first().locator('th, td').allTextContents()).slice(1, 3).map((text) => text.trim());
    };
    assert.deepEqual(await rowOf('ines.laurent@'), ['Member', 'Can manage']);
    // Tomás is an admin here (a plain member of Hedgebox Inc.).
    assert.deepEqual(await rowOf('tomas.garcia@'), ['Admin', 'Can manage']);
    // Hedgebox Inc.'s members who are not in Hedgebox Labs are not listed.
    assert.equal(await table.getByRole('row').filter({ hasText: 'jonas.becker@' }).count(), 0);
  });
});
