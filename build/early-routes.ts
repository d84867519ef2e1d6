/**
 * The early routes: each route's code (its chunks and their imports, less what the entry loads),
 * read at build time from the routes' own table (src/app/route-data.ts, through
 * route-modules.ts) and written into the built page as a JSON block, which the inline script
 * (`preloadRoute` of src/app/cold-start/before-entry.ts) reads to preload the route's code while the
 * entry downloads. The entry's own files get plain preload links. The in-browser demo gets no table.
 */
import { resolve } from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import type { EarlyRouteTable } from '../src/app/cold-start/before-entry.ts';
import { inlineScript } from './inline-script.ts';
import type { EarlyRoute, describeRoutes } from './route-modules.ts';

export const BEFORE_ENTRY = resolve(import.meta.dirname, '../src/app/cold-start/before-entry.ts');

/** The early routes of the app at `root`, read in Vite's module runner. */
export async function earlyRoutes(root: string): Promise<EarlyRoute[]> {
  const file = resolve(import.meta.dirname, 'route-modules.ts');
  const { module } = await runnerImport<{ describeRoutes: typeof describeRoutes }>(file, { root, configFile: false, logLevel: 'error' });
  return module.describeRoutes();
}

export function earlyRouteTable(): Plugin {
  let base = '/';
  let root = '';
  let demo = false;
  return {
    name: 'analytics-console:early-routes',
    apply: 'build',
    configResolved(config) {
      ({ base, root } = config);
      demo = config.mode === 'demo';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, { bundle, chunk: entry }) {
        // Every build warms up the date formats; only the table needs the bundle. Ahead of the
        // stylesheet's link, which a classic script would wait for.
        const script = {
          tag: 'script',
          children: await inlineScript(['preloadRoute', 'warmUpDateFormats'], BEFORE_ENTRY),
          injectTo: 'head-prepend' as const,
        };
        if (demo || !bundle || !entry) return [script];
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string, seen = new Set<string>()) => {
          if (!seen.has(start)) {
            seen.add(start);
            for (const imported of byFile.get(start)?.imports ?? []) closure(imported, seen);
          }
          return seen;
        };
        const loadedByEntry = closure(entry.fileName);
        // One stylesheet for every page (cssCodeSplit: false, linked by the page): a route's files are its JS.
        const filesOf = (route: EarlyRoute) => {
          const js = new Set<string>();
          for (const module of route.modules) {
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(resolve(root, 'src', module)));
            if (!chunk) throw new Error(`early routes: no chunk holds src/${module}`);
            for (const fileName of closure(chunk.fileName)) if (!loadedByEntry.has(fileName)) js.add(`${base}${fileName}`);
          }
          return [...js];
        };
        const table: EarlyRouteTable = (await earlyRoutes(root)).map((route) => ({ pattern: route.pattern, files: filesOf(route) }));
        // The entry first (its <script> at the end of the body is found only after the inline
        // script ran), then its imports: plain links the preload scanner finds before any script runs.
        return [
          ...[...loadedByEntry].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` },
            injectTo: 'head-prepend' as const,
          })),
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'early-routes' },
            children: JSON.stringify(table).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
          script,
        ];
      },
    },
  };
}
