/**
 * The early routes: what a full page load of each route needs first, its code, made at build time
 * from the routes' own table (src/app/route-data.ts) and written into the built page as a JSON block:
 * each route's chunks and their imports (those the entry already loads left out) and their CSS. The
 * cold start's inline script (`preloadRoute` of src/app/cold-start/before-entry.ts) reads it to
 * preload the route's code before the entry runs. The entry's own files get plain preload links. The
 * in-browser demo gets no table.
 */
import { resolve } from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import type { EarlyRouteTable } from '../src/app/cold-start/before-entry.ts';
import { inlineScript } from './inline-script.ts';
import type { EarlyRoute, describeRoutes } from './route-modules.ts';

export type EarlyRoutes = ReturnType<typeof describeRoutes>;

/** The cold start's inline script: the functions of this file it calls. */
export const BEFORE_ENTRY = resolve(import.meta.dirname, '../src/app/cold-start/before-entry.ts');

async function readEarlyRoutes(root: string): Promise<EarlyRoutes> {
  const { module } = await runnerImport<{ describeRoutes: typeof describeRoutes }>(resolve(import.meta.dirname, 'route-modules.ts'), {
    root,
    configFile: false,
    logLevel: 'error',
  });
  return module.describeRoutes();
}

const read = new Map<string, Promise<EarlyRoutes>>();
/** The early routes of the app at `root` (read once per build). */
export function earlyRoutes(root: string): Promise<EarlyRoutes> {
  let routes = read.get(root);
  if (!routes) read.set(root, (routes = readEarlyRoutes(root)));
  return routes;
}

export function earlyRouteTable(): Plugin {
  let base = '/';
  let root = '';
  let demo = false;
  return {
    name: 'analytics-console:early-routes',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      demo = config.mode === 'demo';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, { bundle, chunk: entry }) {
        // The locale's date formats warm up in every build; the preloads need the table. Ahead of
        // the stylesheet's link, which a classic script would wait for.
        const script = {
          tag: 'script',
          children: await inlineScript(['preloadRoute', 'warmUpDateFormats'], BEFORE_ENTRY),
          injectTo: 'head-prepend' as const,
        };
        if (demo || !bundle || !entry) return [script];
        const { connect, routes } = await earlyRoutes(root);
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: Rolldown.OutputChunk) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          };
          visit(start.fileName);
          return seen;
        };
        const loadedByEntry = closure(entry);
        const filesOf = (route: EarlyRoute) => {
          const js = new Set<string>();
          for (const module of route.modules) {
            const id = resolve(root, 'src', module);
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) throw new Error(`early routes: no chunk holds src/${module}`);
            for (const fileName of closure(chunk)) if (!loadedByEntry.has(fileName)) js.add(fileName);
          }
          const css = [...js].flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]);
          return [...js, ...css].map((fileName) => `${base}${fileName}`);
        };
        const table: EarlyRouteTable = {
          connect: { files: filesOf(connect) },
          routes: routes.map((route) => ({ pattern: route.pattern, files: filesOf(route) })),
        };
        // The entry and its own imports are the same on every path: plain links, which the browser's
        // preload scanner finds before any script runs (the build emits none of its own: modulePreload
        // is off). The entry comes first: its <script> at the end of the body was asked for only once
        // the inline script had run.
        const entryFiles = [entry.fileName, ...[...loadedByEntry].filter((fileName) => fileName !== entry.fileName)];
        return [
          ...entryFiles.map((fileName) => ({
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
