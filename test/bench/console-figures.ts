// The console's figures measured in Chromium against the mock: JavaScript a page loads, time to the
// first dashboard row, and scrolling a 10,000-dashboard project.
import { Agent, request } from 'node:http';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { connect, expectHeading } from '../e2e/support/console.ts';
import { adminKey, api } from '../e2e/support/stack.ts';
import { gzipSize } from './bundle-size.ts';

interface Envelope<T> {
  count: number;
  results: T[];
}

export async function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The gzipped size of every JavaScript response while `load` runs in a fresh page. */
export async function jsLoadedBy(
  context: BrowserContext,
  load: (page: Page) => Promise<void>,
): Promise<{ gzipBytes: number; files: number }> {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname)) {
      sizes.push(response.body().then(gzipSize, () => 0));
    }
  });
  await load(page);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  await page.close();
  return { gzipBytes: all.reduce((sum, size) => sum + size, 0), files: all.length };
}

/** The data rows of the dashboards table (the header row has no `cell`). */
export function dataRows(page: Page): Locator {
  return page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
}

async function waitForFirstRow(page: Page): Promise<void> {
  try {
    await dataRows(page).first().waitFor({ state: 'visible' });
  } catch {
    const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
    throw new Error(
      `no row of a dashboards table appeared at ${new URL(page.url()).pathname} within 15 s (h1: ${JSON.stringify(headings)}, tables: ${await page.getByRole('table').count()})`,
    );
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Connects once (key remembered), then times `runs` full navigations to the first visible row. */
export async function timeToFirstRow(
  context: BrowserContext,
  projectId: number,
  runs: number,
): Promise<number[]> {
  const page = await context.newPage();
  await page.goto('/connect');
  await connect(page, adminKey, { remember: true });
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(`/projects/${projectId}/dashboards`, { waitUntil: 'commit' });
    await waitForFirstRow(page);
    times.push(performance.now() - started);
  }
  await page.close();
  return times;
}

const pad = (n: number) => String(n).padStart(5, '0');
export const benchDashboardName = (n: number): string => `Bench dashboard ${pad(n)}`;

/** POST a JSON body with the admin key over a kept-alive connection (fetch costs more per request). */
function post(agent: Agent, url: URL, body: unknown): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          Authorization: `Bearer ${adminKey}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 201 ? done() : fail(new Error(`POST ${url.pathname} answered ${response.statusCode}: ${text.slice(0, 300)}`)),
        );
        response.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(payload);
  });
}

/** A new project with `count` dashboards named `Bench dashboard 00001…`, made through the API. */
let projectsMade = 0;

export async function createBigProject(mockUrl: string, count: number, concurrency = 16): Promise<{ id: number; seconds: number }> {
  projectsMade += 1;
  const started = performance.now();
  const project = await api<{ id: number }>(mockUrl, '/api/organizations/@current/projects/', {
    // Several may start in the same millisecond (the organization's projects are made four at a time).
    body: { name: `Bench ${count} dashboards ${Date.now()}-${projectsMade}` },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(`/api/projects/${project.id}/dashboards/`, mockUrl);
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const n = next;
      next += 1;
      await post(agent, url, { name: benchDashboardName(n) });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const listed = await api<Envelope<unknown>>(mockUrl, `/api/projects/${project.id}/dashboards/?limit=1`);
  if (listed.count !== count) throw new Error(`made ${count} dashboards, the API lists ${listed.count}`);
  return { id: project.id, seconds: (performance.now() - started) / 1000 };
}

interface RowWindow {
  min: number;
  max: number;
  rowHeight: number;
}

/** The numbers of the bench dashboards whose rows are in the DOM now, and a row's height. */
function rowWindow(page: Page): Promise<RowWindow | null> {
  return page.evaluate(() => {
    const numbers: number[] = [];
    const heights: number[] = [];
    for (const row of document.querySelectorAll('tr, [role="row"]')) {
      const match = /Bench dashboard (\d{5})/.exec(row.textContent ?? '');
      if (!match) continue;
      numbers.push(Number(match[1]));
      heights.push(row.getBoundingClientRect().height);
    }
    if (!numbers.length) return null;
    heights.sort((a, b) => a - b);
    return { min: Math.min(...numbers), max: Math.max(...numbers), rowHeight: heights[heights.length >> 1] || 40 };
  });
}

/** The console: connect with the admin key (remembered), then open `path`. */
async function openConnected(page: Page, path: string): Promise<void> {
  await page.goto('/connect');
  await connect(page, adminKey, { remember: true });
  await page.goto(path);
}

export interface ScrollFigures {
  seconds: number;
  rowsInDom: number;
  heapUsedBytes: number;
  wheelSteps: number;
}

/**
 * Opens the project's dashboards (with `open`: the console connects first) and scrolls with the
 * mouse wheel, as a person would, until the row of dashboard number `target` is wholly in the
 * viewport; then counts the rows in the DOM and the JS heap in use.
 */
export async function scrollToRow(
  context: BrowserContext,
  projectId: number,
  target: number,
  open: (page: Page, path: string) => Promise<void> = openConnected,
): Promise<ScrollFigures> {
  const page = await context.newPage();
  await open(page, `/projects/${projectId}/dashboards`);
  await expectHeading(page, 'Dashboards');
  await waitForFirstRow(page);
  // The wheel scrolls whatever scrolls under the pointer: put it on the first row.
  const box = await dataRows(page).first().boundingBox();
  if (!box) throw new Error('the first dashboard row has no box on the screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  const targetName = benchDashboardName(target);
  const targetInView = () =>
    page.evaluate((name) => {
      for (const row of document.querySelectorAll('tr, [role="row"]')) {
        if (!row.textContent?.includes(name)) continue;
        const box = row.getBoundingClientRect();
        let top = 0;
        let bottom = window.innerHeight;
        // Clip by every scrolling ancestor: the table scrolls inside its own area.
        for (let el = row.parentElement; el; el = el.parentElement) {
          const { overflowY } = getComputedStyle(el);
          if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
          const area = el.getBoundingClientRect();
          top = Math.max(top, area.top);
          bottom = Math.min(bottom, area.bottom);
        }
        return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1;
      }
      return false;
    }, targetName);
  const started = performance.now();
  const deadline = started + 120_000;
  let steps = 0;
  for (;;) {
    if (performance.now() > deadline) throw new Error(`row ${target} not reached in 120 s of scrolling`);
    const seen = await rowWindow(page);
    if (seen && seen.min <= target && target <= seen.max) {
      if (await targetInView()) break;
    }
    const rowHeight = seen?.rowHeight ?? 40;
    const middle = seen ? (seen.min + seen.max) / 2 : 0;
    const delta = Math.max(-8000, Math.min(8000, (target - middle) * rowHeight)) || rowHeight;
    await page.mouse.wheel(0, delta);
    steps += 1;
    // Let the scroll land and the virtualizer render before looking again.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (seen && target > seen.max) {
      const before = seen.max;
      await page
        .waitForFunction(
          (previous) => {
            let max = 0;
            for (const row of document.querySelectorAll('tr, [role="row"]')) {
              const match = /Bench dashboard (\d{5})/.exec(row.textContent ?? '');
              if (match) max = Math.max(max, Number(match[1]));
            }
            return max > previous;
          },
          before,
          { timeout: 5_000, polling: 'raf' },
        )
        .catch(() => undefined);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const rowsInDom = await page.evaluate(() => document.querySelectorAll('tr, [role="row"]').length);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  await page.close();
  return { seconds, rowsInDom, heapUsedBytes: heap.usedSize, wheelSteps: steps };
}
