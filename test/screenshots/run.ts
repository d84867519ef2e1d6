// `npm run screenshots [-- --out <folder>]`: the README's pictures (../shared/CONSOLE.md, "Look"). Builds
// the console (E2E_SKIP_BUILD=1 reuses dist/), serves it against the bundled mock as the journeys do,
// connects with the demo admin key and draws the main pages in both themes at 1440×900 and 390×844
// into docs/screenshots/<page>-<theme>-<width>.png (or <folder>): the lists, a dashboard and its
// Access tab, People and a person's page, Settings (its top and its onboarding table) and Activity. CI runs it into a temporary folder,
// as a smoke test; people run it to bring the committed pictures up to date.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey, api, buildConsole, repoRoot, resetMock, startStack } from '../e2e/support/stack.ts';

const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

function outFolder(): string {
  const at = process.argv.indexOf('--out');
  if (at >= 0) {
    const folder = process.argv[at + 1];
    if (!folder) throw new Error('--out needs a folder');
    return resolve(folder);
  }
  return join(repoRoot, 'docs/screenshots');
}

/** The first dashboard of the seed's first project, for the detail page's picture. */
async function firstDashboard(mockUrl: string): Promise<{ projectId: number; id: number; name: string }> {
  const projects = await api<{ results: Array<{ id: number }> }>(mockUrl, '/api/projects/');
  const projectId = projects.results[0]?.id;
  if (!projectId) throw new Error('the seed has no project');
  const list = await api<{ results: Array<{ id: number; name: string }> }>(mockUrl, `/api/projects/${projectId}/dashboards/?limit=1`);
  const dashboard = list.results[0];
  if (!dashboard) throw new Error('the seed has no dashboard');
  return { projectId, id: dashboard.id, name: dashboard.name };
}

/** The seed's `Board metrics` (restricted, with an invited collaborator) and Jonas Becker (its collaborator), for Access and a person's page. */
async function accessSubjects(mockUrl: string, projectId: number): Promise<{ board: { id: number; name: string }; person: { uuid: string; name: string } }> {
  const list = await api<{ results: Array<{ id: number; name: string }> }>(
    mockUrl,
    `/api/projects/${projectId}/dashboards/?search=${encodeURIComponent('Board metrics')}`,
  );
  const board = list.results.find((d) => d.name === 'Board metrics') ?? list.results[0];
  if (!board) throw new Error('the seed has no Board metrics dashboard');
  const members = await api<{ results: Array<{ user: { uuid: string; email: string; first_name: string; last_name?: string } }> }>(
    mockUrl,
    '/api/organizations/@current/members/',
  );
  const jonas = members.results.find((m) => m.user.email.startsWith('jonas.')) ?? members.results[0];
  if (!jonas) throw new Error('the seed has no members');
  return { board, person: { uuid: jonas.user.uuid, name: `${jonas.user.first_name} ${jonas.user.last_name ?? ''}`.trim() } };
}

interface Shot {
  name: string;
  path: string;
  heading: string;
  /** What must be drawn before the picture (beyond the heading). */
  ready: (page: Page) => Promise<void>;
}

const firstRow = (page: Page) => page.getByRole('main').locator('table tbody tr').nth(1).waitFor({ timeout: 30_000 });

const loaded = (page: Page, name: string) => page.getByRole('progressbar', { name }).waitFor({ state: 'detached', timeout: 60_000 });

function shots(
  dashboard: { projectId: number; id: number; name: string },
  subjects: Awaited<ReturnType<typeof accessSubjects>>,
): Shot[] {
  const project = `/projects/${dashboard.projectId}`;
  return [
    { name: 'projects', path: '/projects', heading: 'Projects', ready: firstRow },
    { name: 'dashboards', path: `${project}/dashboards`, heading: 'Dashboards', ready: firstRow },
    {
      name: 'dashboard',
      path: `${project}/dashboards/${dashboard.id}`,
      heading: dashboard.name,
      ready: (page) => page.getByRole('tabpanel').getByRole('textbox').first().waitFor(),
    },
    {
      name: 'all-dashboards',
      path: '/organization/dashboards',
      heading: 'All dashboards',
      ready: async (page) => {
        await firstRow(page);
        await page.getByRole('progressbar', { name: 'Loading dashboards' }).waitFor({ state: 'detached', timeout: 30_000 });
      },
    },
    {
      name: 'access',
      path: `${project}/dashboards/${subjects.board.id}/access`,
      heading: subjects.board.name,
      ready: (page) => page.getByRole('table', { name: 'Who has access' }).locator('tbody tr').nth(1).waitFor({ timeout: 30_000 }),
    },
    {
      name: 'people',
      path: '/organization/people',
      heading: 'People',
      ready: async (page) => {
        await firstRow(page);
        await loaded(page, 'Loading dashboards');
      },
    },
    {
      name: 'person',
      path: `/organization/people/${subjects.person.uuid}`,
      heading: subjects.person.name,
      ready: async (page) => {
        await loaded(page, 'Loading dashboards');
        await loaded(page, 'Reading access');
        await firstRow(page);
      },
    },
    { name: 'settings', path: `${project}/settings`, heading: 'Project settings', ready: (page) => page.getByRole('button', { name: 'Save changes', exact: true }).waitFor() },
    {
      name: 'settings-onboarding',
      path: `${project}/settings`,
      heading: 'Project settings',
      ready: async (page) => {
        const table = page.getByRole('table', { name: 'Product intents' });
        await table.locator('tbody tr').first().waitFor();
        // The intents table in the middle of the window, below the sticky top bar.
        await table.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      },
    },
    {
      name: 'activity',
      path: `${project}/activity`,
      heading: 'Activity',
      ready: (page) => page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li').first().waitFor(),
    },
    {
      // The explorer with a dashboard read and its answer checked against the contract.
      name: 'explorer',
      path: `/explorer/dashboardsGet?path.project_id=${dashboard.projectId}&path.dashboard_id=${dashboard.id}`,
      heading: 'API explorer',
      ready: async (page) => {
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await page.getByRole('region', { name: 'Response', exact: true }).getByText('Matches the contract', { exact: true }).waitFor();
      },
    },
    {
      name: 'contract-check',
      path: '/explorer/check',
      heading: 'Contract check',
      ready: async (page) => {
        await page.getByRole('button', { name: 'Check this backend', exact: true }).click();
        await page.getByRole('status').filter({ hasText: /operations: \d+ match/ }).waitFor({ timeout: 30_000 });
        await page.getByRole('progressbar', { name: 'Checking operations' }).waitFor({ state: 'detached' });
      },
    },
  ];
}

async function main(): Promise<void> {
  const out = outFolder();
  mkdirSync(out, { recursive: true });
  await buildConsole();
  const stack = await startStack();
  const chromium = await launchChromium();
  const written: string[] = [];
  try {
    await resetMock(stack.mockUrl);
    const dashboard = await firstDashboard(stack.mockUrl);
    const subjects = await accessSubjects(stack.mockUrl, dashboard.projectId);
    for (const theme of THEMES) {
      for (const size of SIZES) {
        const context = await chromium.browser.newContext({ baseURL: stack.baseUrl, viewport: size, locale: 'en-US', timezoneId: 'UTC' });
        // The theme as `Theme` remembers it on the device (index.html applies it before the first paint).
        await context.addInitScript(`try { localStorage.setItem('console-theme', ${JSON.stringify(theme)}); } catch {}`);
        const page = await context.newPage();
        try {
          await page.goto('/connect');
          await expectHeading(page, 'Connect');
          await page.getByRole('button', { name: /^Use demo key / }).first().waitFor();
          await picture(page, out, `connect-${theme}-${size.width}`, written);
          await connect(page, adminKey);
          for (const shot of shots(dashboard, subjects)) {
            await page.goto(shot.path);
            await expectHeading(page, shot.heading, 30_000);
            await shot.ready(page);
            await picture(page, out, `${shot.name}-${theme}-${size.width}`, written);
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await chromium.close();
    await stack.close();
  }
  console.info(`screenshots: ${written.length} pictures in ${out}`);
}

/** The window as a person sees it: fonts loaded, no focus ring or pointer hover, no caret. */
async function picture(page: Page, out: string, name: string, written: string[]): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await page.mouse.move(0, 0);
  const path = join(out, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  written.push(path);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
