// Portability (CONSOLE.md Dashboard detail, Overview): Export as template then Import from JSON gives
// an equal dashboard; an invalid template names its JSON path and creates nothing; Copy to project
// then Open copy; Move <tile title>. Each checked through the API; axe and the dialog keyboard
// contract (focus inside, Escape closes, focus returns) on every dialog.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { checkA11y, eventually, expectDialogKeyboard, expectHeading, expectPath, outDir, pathOf, setupE2E } from './support/harness.ts';
import { dashboardNamed, openConnected } from './support/pages.ts';
import { api } from './support/stack.ts';

const { journey } = setupE2E();

const app = 1;
const marketing = 2;
const detailPath = (projectId: number, dashboardId: number) => `/projects/${projectId}/dashboards/${dashboardId}`;
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

interface ApiTile {
  id: number;
  insight: { name: string | null; description: string | null; query: unknown } | null;
  text: { body: string | null } | null;
  layouts: unknown;
  color: string | null;
}
interface ApiDashboard {
  id: number;
  name: string | null;
  description: string;
  filters: unknown;
  tags: string[];
  tiles: ApiTile[];
  team_id: number;
}

/** What "an equal dashboard" means: name, description, filters, tags, tiles with text, layouts, colours. */
function portable(dashboard: ApiDashboard) {
  return {
    name: dashboard.name ?? '',
    description: dashboard.description,
    filters: dashboard.filters,
    tags: dashboard.tags,
    tiles: dashboard.tiles.map((tile) => ({
      name: tile.insight?.name ?? null,
      description: tile.insight?.description ?? null,
      query: tile.insight?.query ?? null,
      body: tile.text?.body ?? null,
      layouts: tile.layouts,
      color: tile.color,
    })),
  };
}

const count = async (mockUrl: string, projectId: number) =>
  (await api<{ count: number }>(mockUrl, `/api/projects/${projectId}/dashboards/?limit=1`)).count;

/** Clicks `button` and returns the downloaded file's suggested name and its path on disk. */
async function download(page: Page, button: Locator): Promise<{ name: string; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

async function openImport(page: Page): Promise<Locator> {
  await page.goto(`/projects/${app}/dashboards`);
  await expectHeading(page, 'Dashboards');
  await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New dashboard' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: 'Import from JSON' }).check();
  await dialog.getByRole('textbox', { name: 'Template JSON' }).waitFor();
  return dialog;
}

describe('Portability', () => {
  journey('Export as template, then Import from JSON: an equal dashboard', async ({ page, stack }) => {
    const source = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/1/`);
    await openConnected(page, detailPath(app, 1), 'Product overview');
    const file = await download(page, page.getByRole('button', { name: 'Export as template', exact: true }));
    assert.equal(file.name, 'Product overview.json');
    const text = readFileSync(file.path, 'utf8');
    assert.doesNotMatch(text, /phx_/, 'the file holds no key');
    const template = JSON.parse(text) as Record<string, unknown>;
    assert.equal(template.template, undefined, 'the template object itself, not wrapped');
    assert.equal(template.template_name, 'Product overview');
    assert.equal((template.tiles as unknown[]).length, source.tiles.length);

    const before = await count(stack.mockUrl, app);
    const dialog = await openImport(page);
    await checkA11y(page, 'new-dashboard-import');
    await dialog.getByLabel('Template file', { exact: true }).setInputFiles(file.path);
    await eventually(async () => assert.equal(await dialog.getByRole('textbox', { name: 'Template JSON' }).inputValue(), text));
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click();
    await expectPath(page, /^\/projects\/1\/dashboards\/\d+$/, 10_000);
    await expectHeading(page, 'Product overview');
    const id = Number(pathOf(page).split('/').pop());
    assert.notEqual(id, 1);
    const copy = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/${id}/`);
    assert.deepEqual(portable(copy), portable(source));
    assert.equal(await count(stack.mockUrl, app), before + 1);
  });

  journey('an invalid template: the error names the JSON path, nothing is created', async ({ page, stack }) => {
    await openConnected(page, `/projects/${app}/dashboards`, 'Dashboards');
    const before = await count(stack.mockUrl, app);
    const dialog = await openImport(page);
    const broken = {
      template_name: 'Broken',
      dashboard_description: '',
      dashboard_filters: {},
      tiles: [
        { type: 'TEXT', body: 'one' },
        { type: 'TEXT', body: 'two' },
        { type: 'TEXT', body: 'three', layouts: { sm: { x: 0, y: 0, w: 'wide', h: 2 } } },
      ],
      variables: { plan: {} },
    };
    mkdirSync(outDir, { recursive: true });
    const path = join(outDir, 'broken-template.json');
    writeFileSync(path, JSON.stringify(broken));
    await dialog.getByLabel('Template file', { exact: true }).setInputFiles(path);
    const text = dialog.getByRole('textbox', { name: 'Template JSON' });
    await eventually(async () => assert.equal(await text.inputValue(), JSON.stringify(broken)));
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click();
    await dialog.getByText('tiles[2].layouts.sm.w: expected a number', { exact: true }).waitFor();
    await dialog.getByText('variables: expected a list', { exact: true }).waitFor();
    assert.equal(await text.getAttribute('aria-invalid'), 'true');
    await checkA11y(page, 'new-dashboard-import-errors');
    assert.equal(await count(stack.mockUrl, app), before, 'nothing was created');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await count(stack.mockUrl, app), before);
  });

  journey('Copy to project, then Open copy', async ({ page, stack }) => {
    const source = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/12/`);
    await openConnected(page, detailPath(app, 12), 'Release health');
    const opener = page.getByRole('button', { name: 'Copy to project', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Copy to project' });
    await expectDialogKeyboard(page, opener, dialog);

    await opener.click();
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Name' }).inputValue(), 'Copy of Release health');
    await dialog.getByRole('combobox', { name: 'Destination project' }).fill('Marketing');
    await dialog.getByRole('option', { name: 'Marketing Site', exact: true }).click();
    await checkA11y(page, 'copy-to-project');
    const before = await count(stack.mockUrl, marketing);
    await dialog.getByRole('button', { name: 'Copy dashboard', exact: true }).click();
    await toasts(page).getByRole('button', { name: 'Open copy', exact: true }).click();
    await expectPath(page, /^\/projects\/2\/dashboards\/\d+$/);
    await expectHeading(page, 'Copy of Release health');
    const id = Number(pathOf(page).split('/').pop());
    const copy = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${marketing}/dashboards/${id}/`);
    assert.equal(copy.team_id, marketing);
    assert.deepEqual(portable(copy), { ...portable(source), name: 'Copy of Release health' });
    assert.equal(await count(stack.mockUrl, marketing), before + 1);
  });

  journey('Move a tile to another dashboard', async ({ page, stack }) => {
    const target = await dashboardNamed(stack.mockUrl, app, 'aha moments');
    const source = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/1/`);
    const tile = source.tiles.find((t) => t.insight?.name === 'Retention');
    assert.ok(tile, 'Product overview has a Retention tile');
    await openConnected(page, detailPath(app, 1), 'Product overview');
    const tiles = page.getByRole('list', { name: 'Tiles' });
    const opener = tiles.getByRole('button', { name: 'Move Retention', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Move tile' });
    await expectDialogKeyboard(page, opener, dialog);

    await opener.click();
    await dialog.getByRole('combobox', { name: 'Destination dashboard' }).pressSequentially('aha');
    await dialog.getByRole('option', { name: 'aha moments', exact: true }).click();
    await checkA11y(page, 'move-tile');
    await dialog.getByRole('button', { name: 'Move tile', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await opener.waitFor({ state: 'detached' });
    assert.equal(await tiles.getByRole('listitem').count(), source.tiles.length - 1);

    const moved = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/${target.id}/`);
    assert.ok(moved.tiles.some((t) => t.id === tile.id), 'the destination holds the tile, same id');
    const after = await api<ApiDashboard>(stack.mockUrl, `/api/projects/${app}/dashboards/1/`);
    assert.ok(!after.tiles.some((t) => t.id === tile.id), 'the source no longer holds it');

    await toasts(page).getByRole('button', { name: 'Open aha moments', exact: true }).click();
    await expectPath(page, detailPath(app, target.id));
    await page.getByRole('list', { name: 'Tiles' }).getByRole('button', { name: 'Move Retention', exact: true }).waitFor();
  });
});
