// Cold first visits: each visit starts Chromium on a new, empty profile (no HTTP cache, no compiled
// code, no service worker), with only the stored connection the console would have, and times from
// the navigation's start until the frame that shows the awaited text has been laid out and painted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../e2e/support/chromium.ts';
import { adminKey } from '../e2e/support/stack.ts';
import type { CpuProfile } from './profile.ts';
import { emulateNetwork, type NetworkPreset } from './network.ts';

/** What a visit waits for: the first element matching `selector` whose text contains `text`. */
export interface Awaited {
  selector: string;
  text: string;
}

/** The storage entry of src/api/runtime/connection-storage.ts: what a person who ticked "Remember this key" has. */
export const CONNECTION_STORAGE_KEY = 'analytics-console:connection';

/** What the page logs, followed by the figure, once the awaited text is painted. */
const READY_PREFIX = 'cold-visit-ready ';
/** How long a new browser is left to finish starting before the visit. */
const BROWSER_START_MS = 1000;
/** The longest a visit may take. */
const VISIT_TIMEOUT_MS = 20_000;

/**
 * Runs in the page before any of its scripts: stores the key, and watches for the awaited text. A
 * string, not a function: tsx's transform adds helpers to named inner functions that the page lacks.
 */
function beforePageScripts(connection: string, awaited: Awaited): string {
  const args = JSON.stringify({ storageKey: CONNECTION_STORAGE_KEY, connection, readyPrefix: READY_PREFIX, ...awaited });
  return `(function (args) {
  try {
    if (location.protocol !== 'http:') return;
    localStorage.setItem(args.storageKey, args.connection);
  } catch (error) {
    return;
  }
  var found = false;
  var observer = new MutationObserver(function () {
    if (found) return;
    var elements = document.querySelectorAll(args.selector);
    for (var i = 0; i < elements.length; i++) {
      if ((elements[i].textContent || '').indexOf(args.text) < 0) continue;
      found = true;
      observer.disconnect();
      // The frame after the DOM change is the one that paints it. Its animation callbacks run before
      // its style, layout and paint, and a user-blocking task posted from them runs once those are
      // done, ahead of the tasks the app has queued. (The time at the callback itself would leave
      // out that frame's layout, which an app pays there unless its own code forced it earlier: the
      // two apps would not be timed at the same point.)
      requestAnimationFrame(function () {
        scheduler.postTask(function () { console.debug(args.readyPrefix + performance.now()); }, { priority: 'user-blocking' });
      });
      return;
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})(${args});`;
}

export interface VisitOptions {
  /**
   * A warm visit: the same profile visits `url` once first (its scripts then sit in the HTTP cache
   * and V8's code cache, and the console keeps the key's access beside the connection), and the
   * second visit is timed: the administrator who comes back every day.
   */
  warm?: boolean;
  /** Records Chrome's performance trace of the timed visit and hands its events here. */
  trace?: (events: TraceEvent[]) => void;
  /** Records V8's sampling profile of the timed visit (every 100 µs) and hands it here (profile.ts). */
  profile?: (profile: CpuProfile) => void;
  /** The network (and CPU) the visits run under, as DevTools applies Lighthouse's presets; none: loopback. */
  network?: NetworkPreset;
}

/** One event of Chrome's trace format (the fields the bench reads). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/** The trace's categories: DevTools' own timeline, V8's compile and execution, and user timings. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel'];

/** One visit of `url` on a new profile (cold, unless `warm`): milliseconds from the navigation's start until `awaited` is painted. */
export async function coldVisit(url: string, awaited: Awaited, options: VisitOptions = {}): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'console-bench-cold-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1280, height: 800 },
    });
    try {
      await context.addInitScript({ content: beforePageScripts(JSON.stringify({ host: '', key: adminKey }), awaited) });
      const page = context.pages()[0] ?? (await context.newPage());
      if (options.network) await emulateNetwork(await context.newCDPSession(page), options.network);
      // A new Chromium spends its first second loading its own pages (Chromium 156: about 300 files of
      // its omnibox popup), which on two cores fell inside the visit of either app; a person's browser
      // is up before they follow a link.
      await page.waitForTimeout(BROWSER_START_MS);
      // The page reports the figure in a console message: nothing is evaluated in it while it loads.
      // (Polling with waitForFunction made Playwright inject its own script, which took 30 to 55 ms
      // of the page's main thread inside the figure, in both apps.)
      const visit = async () => {
        let timer: NodeJS.Timeout | undefined;
        let report: (message: { text(): string }) => void = () => {};
        const ready = new Promise<number>((resolve, reject) => {
          report = (message) => {
            const text = message.text();
            if (text.startsWith(READY_PREFIX)) resolve(Number(text.slice(READY_PREFIX.length)));
          };
          page.on('console', report);
          timer = setTimeout(() => reject(new Error(`${url}: "${awaited.text}" not painted within ${VISIT_TIMEOUT_MS} ms`)), VISIT_TIMEOUT_MS);
        });
        try {
          await page.goto(url, { waitUntil: 'commit' });
          return await ready;
        } finally {
          clearTimeout(timer);
          page.off('console', report);
        }
      };
      if (options.warm) {
        await visit();
        // Let the first visit's idle work (the key's access kept, code caches written) finish, then leave.
        await page.waitForTimeout(1500);
        await page.goto('about:blank');
      }
      if (options.profile) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const figure = await visit();
        options.profile((await cdp.send('Profiler.stop')).profile as CpuProfile);
        return figure;
      }
      if (!options.trace) return await visit();
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
      const figure = await visit();
      await cdp.send('Tracing.end');
      await complete;
      options.trace(events);
      return figure;
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

export interface ColdTarget {
  label: string;
  /** The same path in both apps. */
  path: string;
  awaited: Awaited;
}

export interface ColdFigures {
  console: number[];
  floor: number[];
  /**
   * A second series of the same floor app, in the same rounds: the floor against itself shows how
   * far two identical apps' medians land apart in this run, beside the console's ratio.
   */
  floorAgain: number[];
}

/**
 * The orders of a round's three visits: every order of the three, so that over six rounds each
 * series takes each place twice and comes straight after each other series twice (whatever one
 * visit leaves warm on its server, the next one gets).
 */
const ORDERS: ReadonlyArray<ReadonlyArray<keyof ColdFigures>> = [
  ['console', 'floor', 'floorAgain'],
  ['floor', 'floorAgain', 'console'],
  ['floorAgain', 'console', 'floor'],
  ['console', 'floorAgain', 'floor'],
  ['floor', 'console', 'floorAgain'],
  ['floorAgain', 'floor', 'console'],
];

/**
 * `rounds` rounds of one console visit and two visits of the floor app (`floor`, and the same app
 * again as `floorAgain`), in the orders above, one round after another; cold visits, or `warm` ones.
 */
export async function coldRounds(
  consoleUrl: string,
  floorUrl: string,
  target: ColdTarget,
  rounds: number,
  options: Pick<VisitOptions, 'warm' | 'network'> = {},
): Promise<ColdFigures> {
  const figures: ColdFigures = { console: [], floor: [], floorAgain: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const series of ORDERS[round % ORDERS.length]!) {
      const base = series === 'console' ? consoleUrl : floorUrl;
      figures[series].push(await coldVisit(new URL(target.path, base).href, target.awaited, options));
    }
  }
  return figures;
}
