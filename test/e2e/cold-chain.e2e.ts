// No waterfall on a cold path (issue 43): each main route, loaded cold under Lighthouse's desktop
// preset (150 ms a request, as DevTools applies it), asks for every script its first screen needs and
// for its first API request within one round trip of the HTML's arrival: no chunk waits for another
// to be parsed, and the data waits for no code. A structural check read from the page's resource
// timing (when each request started), not a timing goal: a request asked for only after a script ran
// starts at least a round trip and a download later.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, emulateNetwork } from '../bench/network.ts';
import { outDir, setupE2E, slug } from './support/harness.ts';
import { adminKey, api } from './support/stack.ts';

const { journey } = setupE2E();

/** One round trip of the preset, and what the page's own work may add to it (parsing the head, a task or two). */
const WITHIN_MS = DESKTOP.latencyMs + 50;
const CONNECTION_KEY = 'analytics-console:connection';
const FIRST_SCREEN = '__coldChainFirstScreen';

interface Timed {
  name: string;
  startTime: number;
  responseEnd: number;
}
interface Chain {
  htmlEnd: number;
  firstScreen: number;
  resources: Timed[];
}

/**
 * A cold visit of `path` (a new context: empty cache) with the key stored, under the desktop preset:
 * the HTML's responseEnd, when the first element matching `selector` with `text` was in the DOM, and
 * every resource's timing, ms after the navigation's start.
 */
async function coldChain(context: BrowserContext, page: Page, path: string, selector: string, text: string): Promise<Chain> {
  await context.addInitScript(
    ({ key, connection, selector, text, mark }) => {
      localStorage.setItem(key, connection);
      const observer = new MutationObserver(() => {
        const found = [...document.querySelectorAll(selector)].some((element) => (element.textContent ?? '').includes(text));
        if (!found) return;
        observer.disconnect();
        Object.assign(window, { [mark]: performance.now() });
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    },
    { key: CONNECTION_KEY, connection: JSON.stringify({ host: '', key: adminKey }), selector, text, mark: FIRST_SCREEN },
  );
  await emulateNetwork(await context.newCDPSession(page), DESKTOP);
  await page.goto(path);
  await page.waitForFunction((mark) => mark in window, FIRST_SCREEN, { timeout: 20_000 });
  return page.evaluate((mark) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, startTime, responseEnd }) => ({
      name: new URL(name).pathname + new URL(name).search,
      startTime,
      responseEnd,
    }));
    return { htmlEnd: navigation!.responseEnd, firstScreen: (window as unknown as Record<string, number>)[mark]!, resources };
  }, FIRST_SCREEN);
}

/** The chain as the issue shows it: each request's start and end, ms after the navigation's start. */
const printed = (chain: Chain) =>
  [`HTML 0 – ${Math.round(chain.htmlEnd)}`, ...chain.resources.map((entry) => `${entry.name} ${Math.round(entry.startTime)} – ${Math.round(entry.responseEnd)}`), `first screen ${Math.round(chain.firstScreen)}`].join('\n');

/**
 * The scripts the first screen was drawn with, and its first API request, asked for within a round
 * trip of the HTML; that request sent once. The chain is kept in test/e2e/out/cold-chain-<path>.txt.
 */
function assertNoWaterfall(chain: Chain, path: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `cold-chain-${slug(path)}.txt`), `${printed(chain)}\n`);
  const scripts = chain.resources.filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= chain.firstScreen);
  assert.ok(scripts.length > 0, `scripts of the first screen:\n${printed(chain)}`);
  // What waited for a script starts after that script arrived, a round trip and a download after the
  // HTML. On a machine so loaded that the head's own work runs late, what it asked for still started
  // before any script could run.
  const latest = Math.max(chain.htmlEnd + WITHIN_MS, Math.min(...scripts.map((script) => script.responseEnd)));
  for (const script of scripts) assert.ok(script.startTime <= latest, `${script.name} was asked for ${Math.round(script.startTime - chain.htmlEnd)} ms after the HTML:\n${printed(chain)}`);
  const requests = chain.resources.filter((entry) => entry.name.startsWith('/api/')).sort((a, b) => a.startTime - b.startTime);
  const first = requests[0];
  assert.ok(first, `an API request:\n${printed(chain)}`);
  assert.ok(first.startTime <= latest, `${first.name} was asked for ${Math.round(first.startTime - chain.htmlEnd)} ms after the HTML:\n${printed(chain)}`);
  assert.equal(requests.filter((entry) => entry.name === first.name).length, 1, `${first.name} is asked for once (the console takes the page's early answer):\n${printed(chain)}`);
}

describe('A cold visit asks for its first screen at once (desktop preset)', () => {
  journey('the projects list', async ({ context, page, stack }) => {
    const { results } = await api<{ results: Array<{ name: string }> }>(stack.mockUrl, '/api/organizations/@current/projects/?limit=1');
    assertNoWaterfall(await coldChain(context, page, '/projects', 'tbody tr', results[0]!.name), 'projects');
  });

  journey("a project's dashboards", async ({ context, page, stack }) => {
    const { results } = await api<{ results: Array<{ name: string }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=1');
    assertNoWaterfall(await coldChain(context, page, '/projects/1/dashboards', 'tbody tr', results[0]!.name), 'dashboards');
  });

  journey("a dashboard's deep link", async ({ context, page, stack }) => {
    const { results } = await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=1');
    assertNoWaterfall(await coldChain(context, page, `/projects/1/dashboards/${results[0]!.id}`, 'h1', results[0]!.name), 'deep-link');
  });

  journey("the organization's dashboards", async ({ context, page }) => {
    assertNoWaterfall(await coldChain(context, page, '/organization/dashboards', 'h1', 'All dashboards'), 'organization-dashboards');
  });
});
