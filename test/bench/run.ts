// `npm run bench`: the performance budgets in one run, each figure beside its budget with PASS or MISS.
// Builds the console (skip with E2E_SKIP_BUILD=1 when dist/ is current), serves it with
// `vite preview` against the bundled mock, measures in Chromium (warm navigations, then cold first
// visits in rounds with two series of the floor app of test/bench/floor/, then scrolling both),
// then runs `npm run bench:mock`. See docs/performance.md.
// Exits 1 when a budget is missed or a figure could not be measured.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { launchChromium } from '../e2e/support/chromium.ts';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey, api, buildConsole, distDir, repoRoot, startMockProcess, startPreview, startStack } from '../e2e/support/stack.ts';
import { bulkPin } from './bulk.ts';
import { budgets, kB, measureBundle } from './bundle-size.ts';
import type { Browser } from 'playwright-core';
import { startFloor, type Floor } from './floor/serve.ts';
import { createBigOrganization, organizationFigures } from './organization.ts';
import { contractCheckFigures } from './contract-check.ts';
import { writeFileSync, mkdirSync } from 'node:fs';
import { CONNECTION_STORAGE_KEY, coldRounds, coldVisit, type ColdTarget, type TraceEvent } from './cold.ts';
import { DESKTOP, MOBILE, type NetworkPreset } from './network.ts';
import { breakdown, type TraceBreakdown } from './trace.ts';
import { selfTimeBySource } from './profile.ts';
import { accessFigures } from './access.ts';
import { peopleFigures, writePeopleData } from './people.ts';
import { explorerFigures } from './explorer.ts';
import {
  createBigProject,
  jsLoadedBy,
  median,
  newContext,
  scrollToRow,
  timeToFirstRow,
  type ScrollFigures,
} from './console-figures.ts';

const navigationRuns = 5;
// Nine, not the five the issue asks at least: on a shared two-core machine a median of five cold
// visits moved by up to 40% between runs a minute apart.
const coldRuns = Number(process.env.BENCH_ROUNDS ?? 9);
/** Rounds under the mobile preset and on loopback (a mobile visit takes seconds). */
const otherRuns = Number(process.env.BENCH_ROUNDS ?? 5);
// The desktop preset's goals: two round trips after the HTML against the floor's three (issue 43).
const coldListGoal = 0.85;
const coldDetailGoal = 0.9;
const warmListGoal = 1.0;
const coldMobileGoal = 1.0;
const coldLoopbackGoal = 1.35;
/** Traced cold visits of each app for the table of where the time goes. */
const traceRuns = 9;
const traceDir = join(repoRoot, 'test/e2e/out/bench');
const navigationBudgetMs = 1000;
const bigProjectDashboards = 10_000;
const scrollTarget = 2_000;
const rowsInDomBudget = 150;
const orgProjects = 20;
const orgDashboardsPerProject = 2_500;
const PEOPLE_MEMBERS_LABEL = `200 members, ${orgProjects} projects × ${orgDashboardsPerProject} dashboards from a --data file`;
/**
 * `BENCH_ONLY=organization npm run bench`: only the build, the bundle and the organization's figures
 * (`access`: the Access tab's; `people`: People's; `explorer`: the API explorer's; `cold`: the cold and warm visits beside the floor;
 * `contract-check`: the contract check's).
 */
const only = process.env.BENCH_ONLY ?? '';
const wanted = (part: string) => !only || only === part;

type Status = 'PASS' | 'MISS' | '' | 'ERROR';
interface Row {
  figure: string;
  value: string;
  budget: string;
  status: Status;
}
const rows: Row[] = [];
const notes: string[] = [];

function add(figure: string, value: string, budget = '', pass?: boolean) {
  rows.push({ figure, value, budget, status: pass === undefined ? '' : pass ? 'PASS' : 'MISS' });
}

function failed(figure: string, error: unknown) {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  rows.push({ figure, value: 'not measured', budget: '', status: 'ERROR' });
  notes.push(`${figure}: ${message}`);
}

async function section(figure: string, body: () => Promise<void>) {
  process.stderr.write(`[bench] ${figure}…\n`);
  try {
    await body();
  } catch (error) {
    failed(figure, error);
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

const ratio = (consoleMs: number, floorMs: number) => `${(consoleMs / floorMs).toFixed(2)}×`;

/** Already connected, a full navigation inside a warm browser (cache, compiled code): the first row. */
async function warmFigure(browser: Browser, baseUrl: string, projectId: number) {
  const context = await newContext(browser, baseUrl);
  try {
    const times = await timeToFirstRow(context, projectId, navigationRuns);
    add(`warm: first dashboard row, median of ${navigationRuns} (project ${projectId})`, ms(median(times)),
      `< ${ms(navigationBudgetMs)}`, median(times) < navigationBudgetMs);
    notes.push(`warm first-row runs: ${times.map(ms).join(', ')}`);
  } finally {
    await context.close();
  }
}

/** A series of cold (or warm) rounds of `target` under `network` (loopback when absent), printed against `goal`. */
async function roundFigures(
  urls: { console: string; floor: string },
  target: ColdTarget,
  label: string,
  goal: number,
  rounds: number,
  options: { warm?: boolean; network?: NetworkPreset } = {},
) {
  const figures = await coldRounds(urls.console, urls.floor, target, rounds, options);
  const [consoleMs, floorMs] = [median(figures.console), median(figures.floor)];
  add(`${label}, console, median of ${rounds}`, ms(consoleMs));
  add(`${label}, floor app, median of ${rounds}`, ms(floorMs));
  add(`${label}, console/floor`, ratio(consoleMs, floorMs), `<= ${goal.toFixed(2)}×`, consoleMs <= goal * floorMs);
  // Not a goal: the same floor app timed twice in the same rounds. How far its ratio to itself
  // lands from 1.00× is how much of the console's ratio this run's noise alone can move.
  add(`${label}, floor app against itself (a second series)`, ratio(median(figures.floorAgain), floorMs));
  notes.push(`${label}: console ${figures.console.map(ms).join(', ')}; floor ${figures.floor.map(ms).join(', ')}; floor again ${figures.floorAgain.map(ms).join(', ')}`);
}

/**
 * Cold first visits of the list and of a dashboard's deep link under the desktop preset (the figure
 * that counts), the warm visit of the list under it too, then the list under the mobile preset and
 * on loopback (the CPU-only figure): each in rounds of the console and two series of the floor app,
 * console/floor against its goal, and the floor against itself as the run's noise.
 */
async function coldFigures(consoleUrl: string, floor: Floor, mockUrl: string, projectId: number) {
  const urls = { console: consoleUrl, floor: floor.url };
  const first = await api<{ results: Array<{ id: number; name: string }> }>(mockUrl, `/api/projects/${projectId}/dashboards/?limit=1`);
  const dashboard = first.results[0];
  if (!dashboard) throw new Error(`project ${projectId} lists no dashboard`);
  const list: ColdTarget = {
    label: `/projects/${projectId}/dashboards, first row`,
    path: `/projects/${projectId}/dashboards`,
    awaited: { selector: 'tbody tr', text: dashboard.name },
  };
  const deepLink: ColdTarget = {
    label: `/projects/${projectId}/dashboards/${dashboard.id}, its name`,
    path: `/projects/${projectId}/dashboards/${dashboard.id}`,
    awaited: { selector: 'h1', text: dashboard.name },
  };
  if (process.env.BENCH_TRACES !== '0') await section('where the time goes (traces)', () => traceFigures(consoleUrl, floor, list));
  await roundFigures(urls, list, `cold, desktop: ${list.label}`, coldListGoal, coldRuns, { network: DESKTOP });
  await roundFigures(urls, deepLink, `cold, desktop: ${deepLink.label}`, coldDetailGoal, coldRuns, { network: DESKTOP });
  // The second visit of a profile: its scripts in the HTTP cache, the key's access kept.
  await roundFigures(urls, list, `warm second visit, desktop: ${list.label}`, warmListGoal, coldRuns, { network: DESKTOP, warm: true });
  await roundFigures(urls, list, `cold, mobile: ${list.label}`, coldMobileGoal, otherRuns, { network: MOBILE });
  await roundFigures(urls, list, `cold, loopback (the CPU-only figure): ${list.label}`, coldLoopbackGoal, otherRuns);
}

/** Where the time goes: Chrome's trace of `traceRuns` cold visits of each app, alternating; the first of each saved. */
async function traceFigures(consoleUrl: string, floor: Floor, target: ColdTarget) {
  const floorUrl = floor.url;
  const apps = { floor: floorUrl, console: consoleUrl };
  const found: Record<keyof typeof apps, TraceBreakdown[]> = { floor: [], console: [] };
  mkdirSync(traceDir, { recursive: true });
  for (let run = 0; run < traceRuns; run += 1) {
    for (const app of (run % 2 ? ['console', 'floor'] : ['floor', 'console']) as Array<keyof typeof apps>) {
      const url = new URL(target.path, apps[app]).href;
      let events: TraceEvent[] = [];
      const end = await coldVisit(url, target.awaited, { network: DESKTOP, trace: (recorded) => (events = recorded) });
      found[app].push(breakdown(events, url, end));
      if (run === 0) writeFileSync(join(traceDir, `trace-${app}.json`), JSON.stringify({ traceEvents: events }));
    }
  }
  const row = (label: string, of: (figures: TraceBreakdown) => number) =>
    `| ${label} | ${Math.round(median(found.floor.map(of)))} | ${Math.round(median(found.console.map(of)))} |`;
  const last = (list: Array<{ received: number }>) => Math.max(0, ...list.map((entry) => entry.received));
  const busy = (figures: TraceBreakdown) => Object.values(figures.mainThread).reduce((sum, value) => sum + value, 0);
  const table = [
    `| ${target.label}: ms after navigation, median of ${traceRuns} traced cold visits | floor | console |`,
    '|---|---|---|',
    row('HTML received', (f) => f.html?.received ?? 0),
    row('scripts requested before the first row (files)', (f) => f.scripts.length),
    row('last of those scripts received', (f) => last(f.scripts)),
    row('first API request sent', (f) => f.api[0]?.sent ?? 0),
    row('API requests sent before the first row', (f) => f.api.length),
    row('last of those answers received', (f) => last(f.api)),
    row('main thread: HTML parse', (f) => f.mainThread.html),
    row('main thread: script compile', (f) => f.mainThread.compile),
    row('main thread: module evaluation', (f) => f.mainThread.evaluate),
    row('main thread: other script (React, router, Query, JSON and schema parse)', (f) => f.mainThread.script),
    row('main thread: style and layout', (f) => f.mainThread['style & layout']),
    row('main thread: paint', (f) => f.mainThread.paint),
    row('main thread: garbage collection', (f) => f.mainThread.gc),
    row('main thread: other tasks', (f) => f.mainThread.other),
    row('main thread idle (waiting for the network)', (f) => f.end - busy(f)),
    row('first row painted', (f) => f.end),
  ];
  notes.push(`where the time goes (traces in ${traceDir}):\n${table.map((line) => `    ${line}`).join('\n')}`);

  // Each app's script time by source, from V8's sampling profile of more cold visits (profile.ts).
  const bySource = { floor: new Map<string, number>(), console: new Map<string, number>() };
  const dirs = { floor: floor.dir, console: distDir };
  for (let run = 0; run < traceRuns; run += 1) {
    for (const app of (run % 2 ? ['console', 'floor'] : ['floor', 'console']) as Array<keyof typeof apps>) {
      await coldVisit(new URL(target.path, apps[app]).href, target.awaited, {
        network: DESKTOP,
        profile: (profile) => {
          for (const [group, msOf] of selfTimeBySource(profile, dirs[app])) bySource[app].set(group, (bySource[app].get(group) ?? 0) + msOf / traceRuns);
        },
      });
    }
  }
  const groups = [...new Set([...bySource.floor.keys(), ...bySource.console.keys()])]
    .map((group) => [group, bySource.floor.get(group) ?? 0, bySource.console.get(group) ?? 0] as const)
    .filter(([, floorMs, consoleMs]) => Math.max(floorMs, consoleMs) >= 1)
    .sort((a, b) => b[2] - a[2]);
  const profileTable = ['| source | floor | console |', '|---|---|---|', ...groups.map(([group, floorMs, consoleMs]) => `| ${group} | ${floorMs.toFixed(1)} | ${consoleMs.toFixed(1)} |`)];
  notes.push(`${target.label}: sampled main-thread ms by source, mean of ${traceRuns} cold visits per app:\n${profileTable.map((line) => `    ${line}`).join('\n')}`);
}

/** Scrolling to row 2,000 in the console and in the floor app (which keeps every row in the DOM). */
async function scrollFigures(browser: Browser, consoleUrl: string, floorUrl: string, projectId: number) {
  const consoleContext = await newContext(browser, consoleUrl);
  let figures: ScrollFigures;
  try {
    figures = await scrollToRow(consoleContext, projectId, scrollTarget);
  } finally {
    await consoleContext.close();
  }
  const floorContext = await newContext(browser, floorUrl);
  let floorFigures: ScrollFigures;
  try {
    await floorContext.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [CONNECTION_STORAGE_KEY, JSON.stringify({ host: '', key: adminKey })],
    );
    floorFigures = await scrollToRow(floorContext, projectId, scrollTarget, async (page, path) => {
      await page.goto(path);
    });
  } finally {
    await floorContext.close();
  }
  add(`scroll to row ${scrollTarget} of ${bigProjectDashboards}, console (${figures.wheelSteps} wheel steps)`,
    `${figures.seconds.toFixed(2)} s`);
  add(`scroll to row ${scrollTarget}, floor app (${floorFigures.wheelSteps} wheel steps)`, `${floorFigures.seconds.toFixed(2)} s`);
  add(`scroll to row ${scrollTarget}, console/floor`, ratio(figures.seconds, floorFigures.seconds), '<= 1.0×',
    figures.seconds <= floorFigures.seconds);
  add(`rows in the DOM at row ${scrollTarget} (floor: ${floorFigures.rowsInDom})`, String(figures.rowsInDom),
    `<= ${rowsInDomBudget}`, figures.rowsInDom <= rowsInDomBudget);
  add(`JS heap used at row ${scrollTarget} (after GC; floor: ${(floorFigures.heapUsedBytes / 1e6).toFixed(1)} MB)`,
    `${(figures.heapUsedBytes / 1e6).toFixed(1)} MB`);
}

function bundleFigures() {
  const bundle = measureBundle(distDir);
  add(
    `first page JS, gzip (${bundle.firstPage.length} files: the module scripts and their static imports)`,
    kB(bundle.firstPageGzipBytes),
    `< ${kB(budgets.firstPageGzipBytes)}`,
    bundle.firstPageGzipBytes < budgets.firstPageGzipBytes,
  );
  add(`all JS, gzip (${bundle.allJs.length} files)`, kB(bundle.allJsGzipBytes));
  add(
    'no MSW in the production build',
    bundle.mswTraces.length ? `${bundle.mswTraces.length} trace(s)` : 'none found',
    'none',
    bundle.mswTraces.length === 0,
  );
  for (const trace of bundle.mswTraces) notes.push(`MSW trace in dist/: ${trace}`);
}

/** `npm run bench:mock` as a child; its progress goes to stderr, its figures come back as JSON. */
async function mockFigures(): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/bench/mock.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let figures: Record<string, unknown> | undefined;
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    if (line.startsWith('BENCH_MOCK_JSON ')) figures = JSON.parse(line.slice('BENCH_MOCK_JSON '.length)) as Record<string, unknown>;
    else process.stderr.write(`[bench:mock] ${line}\n`);
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  if (code !== 0) throw new Error(`npm run bench:mock exited with code ${code}`);
  if (!figures) throw new Error('npm run bench:mock printed no BENCH_MOCK_JSON line');
  return figures;
}

function addMockFigures(figures: Record<string, unknown>) {
  const number = (key: string) => {
    const value = figures[key];
    if (typeof value !== 'number') throw new Error(`BENCH_MOCK_JSON has no number "${key}"`);
    return value;
  };
  const dashboards = number('dashboards');
  add(`mock: list ${dashboards} dashboards, req/s (bare node:http)`, `${number('mock_rps')} (${number('bare_rps')})`);
  add(`mock: throughput mock/bare, median of alternating rounds (spread ${number('throughput_ratio_low').toFixed(2)}–${number('throughput_ratio_high').toFixed(2)})`,
    number('throughput_ratio').toFixed(2), `>= ${number('throughput_ratio_goal')}`,
    number('throughput_ratio') >= number('throughput_ratio_goal'));
  add('mock: p50 first page / last page', `${number('p50_first_ms').toFixed(2)} / ${number('p50_last_ms').toFixed(2)} ms`);
  add('mock: p50 last/first', number('p50_last_over_first').toFixed(2), `<= ${number('p50_last_over_first_goal')}`,
    number('p50_last_over_first') <= number('p50_last_over_first_goal'));
  // The group's share of physical memory: PSS counts a page shared by its processes (node's own code) once.
  add('mock: memory of the whole npm run mock group, PSS', `${number('pss_mb').toFixed(1)} MB`, `<= ${number('rss_mb_goal')} MB`,
    number('pss_mb') <= number('rss_mb_goal'));
  add('mock: RSS summed over the group (shared pages once per process)', `${number('rss_mb').toFixed(1)} MB`);
  add('mock: RSS of the server process alone', `${number('server_rss_mb').toFixed(1)} MB`);
  add('mock: dashboards created per second', String(number('fill_per_s')));
}

function print() {
  const header: Row = { figure: 'figure', value: 'value', budget: 'budget', status: '' };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((row) => row[key].length));
  const [f, v, b] = [width('figure'), width('value'), width('budget')];
  const line = (row: Row) => `${row.figure.padEnd(f)}  ${row.value.padStart(v)}  ${row.budget.padEnd(b)}  ${row.status}`.trimEnd();
  const out = ['', line(header), '-'.repeat(f + v + b + 12), ...rows.map(line)];
  const judged = rows.filter((row) => row.status);
  const passed = judged.filter((row) => row.status === 'PASS').length;
  out.push('', `${passed} of ${judged.length} budgets met`);
  if (notes.length) out.push('', 'Notes:', ...notes.map((note) => `  ${note}`));
  process.stdout.write(`${out.join('\n')}\n`);
  return passed === judged.length;
}

async function main(): Promise<boolean> {
  await buildConsole();
  await section('bundle', async () => bundleFigures());

  const stack = await startStack();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stack.stopNow();
      process.exit(130);
    });
  }
  const chromium = await launchChromium().catch(async (error: unknown) => {
    await stack.close();
    throw error;
  });
  try {
    if (wanted('console')) await section('JS loaded in Chromium', async () => {
      const context = await newContext(chromium.browser, stack.baseUrl);
      try {
        const atConnect = await jsLoadedBy(context, async (page) => {
          await page.goto('/connect');
          await expectHeading(page, 'Connect');
        });
        add(`JS loaded by /connect in Chromium, gzip (${atConnect.files} files)`, kB(atConnect.gzipBytes),
          `< ${kB(budgets.pageLoadGzipBytes)}`, atConnect.gzipBytes < budgets.pageLoadGzipBytes);
        const setup = await context.newPage();
        await setup.goto('/connect');
        await connect(setup, adminKey, { remember: true });
        await setup.close();
        const atProjects = await jsLoadedBy(context, async (page) => {
          await page.goto('/projects');
          await expectHeading(page, 'Projects');
        });
        add(`JS loaded by /projects (connected), gzip (${atProjects.files} files)`, kB(atProjects.gzipBytes),
          `< ${kB(budgets.pageLoadGzipBytes)}`, atProjects.gzipBytes < budgets.pageLoadGzipBytes);
      } finally {
        await context.close();
      }
    });

    if (wanted('console') || wanted('cold')) await section(`scroll ${bigProjectDashboards} dashboards to row ${scrollTarget}, cold visits`, async () => {
      const big = await createBigProject(stack.mockUrl, bigProjectDashboards);
      notes.push(`made project ${big.id} with ${bigProjectDashboards} dashboards through the API in ${big.seconds.toFixed(1)} s`);
      const floor = await startFloor(stack.mockUrl);
      try {
        if (wanted('console')) await warmFigure(chromium.browser, stack.baseUrl, big.id);
        await coldFigures(stack.baseUrl, floor, stack.mockUrl, big.id);
        if (wanted('console')) await scrollFigures(chromium.browser, stack.baseUrl, floor.url, big.id);
      } finally {
        await floor.close();
      }
    });

    const bulkCount = 1_000;
    if (wanted('console')) await section(`bulk pin of ${bulkCount} dashboards`, async () => {
      const project = await createBigProject(stack.mockUrl, bulkCount);
      const context = await newContext(chromium.browser, stack.baseUrl);
      try {
        const f = await bulkPin(context, stack.mockUrl, project.id, bulkCount);
        add(`bulk pin of ${bulkCount}: wall time`, `${f.seconds.toFixed(1)} s`);
        add(`bulk pin of ${bulkCount}: peak requests in flight`, String(f.peakInFlight), '<= 4', f.peakInFlight <= 4);
        add(`bulk pin of ${bulkCount}: longest task`, ms(f.longestTaskMs), '< 200 ms', f.longestTaskMs < 200);
        add(`bulk pin of ${bulkCount}: PATCHes / distinct ids / pinned after`, `${f.patches} / ${f.distinctIds} / ${f.pinnedAfter}`,
          `${bulkCount} each`, f.patches === bulkCount && f.distinctIds === bulkCount && f.pinnedAfter === bulkCount);
      } finally {
        await context.close();
      }
    });

    if (wanted('contract-check')) await section('Contract check on the mock, admin key, reading operations', async () => {
      const context = await newContext(chromium.browser, stack.baseUrl);
      try {
        const f = await contractCheckFigures(context);
        add(`Contract check (${f.operations} reading operations): complete`, ms(f.completeMs), '<= 5000 ms', f.completeMs <= 5000);
        add('Contract check: peak requests in flight', String(f.peakInFlight), '<= 4', f.peakInFlight <= 4);
        add('Contract check: rows that match', `${f.matching} of ${f.operations}`, 'every row', f.matching === f.operations && f.operations > 0);
      } finally {
        await context.close();
      }
    });

    const orgDashboards = orgProjects * orgDashboardsPerProject;
    if (wanted('organization')) await section(`All dashboards: ${orgProjects} projects × ${orgDashboardsPerProject} dashboards`, async () => {
      const made = await createBigOrganization(stack.mockUrl, orgProjects, orgDashboardsPerProject);
      notes.push(`made ${orgProjects} projects of ${orgDashboardsPerProject} dashboards through the API in ${made.seconds.toFixed(1)} s (besides the seed's projects)`);
      const context = await newContext(chromium.browser, stack.baseUrl);
      try {
        const f = await organizationFigures(context, made, orgDashboards, orgProjects);
        add(`All dashboards (${orgDashboards} + seed): first row`, ms(f.firstRowMs));
        add('All dashboards: everything loaded', `${(f.allLoadedMs / 1000).toFixed(1)} s`);
        add('All dashboards: peak requests in flight', String(f.peakInFlight), '<= 4', f.peakInFlight <= 4);
        add('All dashboards: rows in the DOM at the middle', String(f.rowsInDomAtMiddle), `<= ${rowsInDomBudget}`,
          f.rowsInDomAtMiddle <= rowsInDomBudget);
        add('All dashboards: JS heap after GC, all loaded', `${(f.heapUsedBytes / 1e6).toFixed(1)} MB`, '<= 60 MB',
          f.heapUsedBytes <= 60e6);
        add('All dashboards: longest task, sorting by Name', ms(f.longestSortTaskMs), '< 100 ms', f.longestSortTaskMs < 100);
        add('All dashboards: longest task, typing a search', ms(f.longestSearchTaskMs), '< 100 ms', f.longestSearchTaskMs < 100);
      } finally {
        await context.close();
      }
    });

    if (wanted('explorer')) await section('API explorer', async () => {
      const f = await explorerFigures(chromium.browser, stack.baseUrl);
      add('opening /explorer warm: first paint of the list', ms(f.firstPaintMs), '<= 150 ms', f.firstPaintMs <= 150);
    });

    if (wanted('access')) await section('Access tab: Who has access for 200 members', async () => {
      const context = await newContext(chromium.browser, stack.baseUrl);
      try {
        const f = await accessFigures(context, stack.mockUrl);
        add(`Access tab: longest task drawing ${f.rows} rows`, ms(f.longestDrawTaskMs), '<= 50 ms', f.longestDrawTaskMs <= 50);
        add('Access tab: longest task, typing in Search people', ms(f.longestSearchTaskMs), '<= 50 ms', f.longestSearchTaskMs <= 50);
      } finally {
        await context.close();
      }
    });

    // People reads 200 members, which no API makes: a mock of its own reads them from a --data file
    // (src/mock/store/scale.ts), with a preview of its own in front of it (the stack's checks reset its mock).
    if (wanted('people')) await section(`People: ${PEOPLE_MEMBERS_LABEL}`, async () => {
      mkdirSync(traceDir, { recursive: true });
      const file = join(traceDir, 'people-data.json');
      const written = Date.now();
      const data = writePeopleData(file, orgProjects, orgDashboardsPerProject);
      notes.push(`People: wrote ${data.dashboards} dashboards in ${data.projects} projects with src/mock/store/scale.ts in ${((Date.now() - written) / 1000).toFixed(1)} s`);
      const mock = await startMockProcess(['--data', file]);
      let preview: Awaited<ReturnType<typeof startPreview>> | undefined;
      try {
        preview = await startPreview(mock.url);
        const context = await newContext(chromium.browser, preview.url);
        try {
          const f = await peopleFigures(context, data.dashboards);
          add(`People (${f.members} members, ${f.dashboards} dashboards): first row after the members' answer`, ms(f.firstRowAfterMembersMs),
            '<= 1000 ms', f.firstRowAfterMembersMs <= 1000);
          add('People: Dashboards created all counted', `${(f.allCountedMs / 1000).toFixed(1)} s`);
          add('People: peak requests in flight', String(f.peakInFlight), '<= 4', f.peakInFlight <= 4);
          add('People: rows in the DOM at the middle', String(f.rowsInDomAtMiddle), `<= ${rowsInDomBudget}`, f.rowsInDomAtMiddle <= rowsInDomBudget);
          add('People: JS heap after GC, all counted', `${(f.heapUsedBytes / 1e6).toFixed(1)} MB`, '<= 60 MB', f.heapUsedBytes <= 60e6);
          add('People: longest task, sorting by Dashboards created', ms(f.longestSortTaskMs), '< 100 ms', f.longestSortTaskMs < 100);
          add('People: longest task, typing in Search people', ms(f.longestSearchTaskMs), '< 100 ms', f.longestSearchTaskMs < 100);
        } finally {
          await context.close();
        }
      } finally {
        await preview?.close();
        await mock.close();
      }
    });
  } finally {
    await chromium.close();
    await stack.close();
  }

  if (wanted('mock')) await section('npm run bench:mock', async () => addMockFigures(await mockFigures()));
  return print();
}

main().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    print();
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
