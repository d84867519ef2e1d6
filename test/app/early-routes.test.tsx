/**
 * A full page load starts downloading the route's code from the HTML, before any script of the
 * console has run: the cold start's inline script (src/app/cold-start/before-entry.ts, which the
 * build writes into index.html with the table it makes from the routes' own, src/app/route-data.ts).
 * These tests run that very script with that very table: it preloads the route's files (Connect's
 * without a key) and sends no API request, with or without a key.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_ENTRY, earlyRoutes } from '../../build/early-routes.ts';
import type { EarlyRoute } from '../../build/route-modules.ts';
import { inlineScript } from '../../build/inline-script.ts';
import type { EarlyRouteTable } from '../../src/app/cold-start/before-entry.ts';

const STORAGE_KEY = 'analytics-console:connection';

/** The script exactly as the build writes it into the page, and the build's table of routes. */
let earlyScript = '';
let routes: EarlyRoute[] = [];
/** The table as the build writes it, with made-up file names. */
let table: EarlyRouteTable;
beforeAll(async () => {
  earlyScript = await inlineScript(['preloadRoute'], BEFORE_ENTRY);
  routes = await earlyRoutes(process.cwd());
  table = routes.map((route, index) => ({ pattern: route.pattern, files: [`/assets/route-${index}.js`] }));
}, 60_000);

/** Runs the inline script at `path` with `fetch` watched; returns what it sent and linked. */
function runInlineScript(path: string) {
  window.history.replaceState(null, '', path);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'early-routes';
  block.textContent = JSON.stringify(table);
  document.head.append(block);
  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  try {
    new Function(earlyScript)();
  } finally {
    block.remove();
  }
  const sent = fetchSpy.mock.calls.map(([input]) => String(input));
  fetchSpy.mockRestore();
  const linked = [...document.head.querySelectorAll('link')];
  const links = linked.map((link) => ({ rel: link.rel, href: link.getAttribute('href') }));
  for (const link of linked) link.remove();
  return { sent, links };
}

const routeIndex = (path: string) => routes.findIndex((route) => new RegExp(route.pattern).test(path));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the cold start’s inline script', () => {
  it('preloads the route’s code with a stored key, and sends no API request', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin' }));
    const { sent, links } = runInlineScript('/projects/7/dashboards');
    expect(sent).toEqual([]);
    expect(links).toEqual([{ rel: 'modulepreload', href: `/assets/route-${routeIndex('/projects/7/dashboards')}.js` }]);
  });

  it('tells a dashboard’s deep link from the list, and a search changes nothing', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ host: 'https://api.example.com', key: 'phx_x' }));
    const detail = routeIndex('/projects/7/dashboards/12');
    expect(detail).not.toBe(routeIndex('/projects/7/dashboards'));
    expect(runInlineScript('/projects/7/dashboards/12').links).toEqual([{ rel: 'modulepreload', href: `/assets/route-${detail}.js` }]);
    const { sent, links } = runInlineScript('/projects/7/dashboards?search=blog');
    expect(sent).toEqual([]);
    expect(links).toEqual([{ rel: 'modulepreload', href: `/assets/route-${routeIndex('/projects/7/dashboards')}.js` }]);
  });

  it('preloads Connect without a stored key', () => {
    const { sent, links } = runInlineScript('/projects/7/dashboards');
    expect(sent).toEqual([]);
    expect(routeIndex('/connect')).toBe(0);
    expect(links).toEqual([{ rel: 'modulepreload', href: '/assets/route-0.js' }]);
  });

  it('preloads nothing for a path no route has', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin' }));
    expect(runInlineScript('/nowhere/at/all')).toEqual({ sent: [], links: [] });
  });
});

describe('the table of early routes', () => {
  it('has every route of the route table, each with its page modules', () => {
    for (const path of ['/projects', '/projects/7/dashboards', '/projects/7/dashboards/12/sharing', '/projects/7/settings', '/projects/7/activity', '/organization/dashboards']) {
      const route = routes[routeIndex(path)];
      expect(route, path).toBeDefined();
      expect(route!.modules.length, path).toBeGreaterThan(0);
    }
  });
});
