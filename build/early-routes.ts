/**
 * Writes src/app/early-routes.ts into the built page as a JSON block, with each route's files: the
 * chunks of the route's modules and their imports (those the entry already loads left out) and their
 * CSS. An inline script (`startEarlyRequests` of src/app/page-start.ts) reads it to send the route's
 * first requests and preload its code before the entry runs. The in-browser demo gets no table: its
 * API is not up before the entry starts it.
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { connectRoute, earlyRoutes, type EarlyRoute } from '../src/app/early-routes.ts';
import type { EarlyRouteTable } from '../src/app/page-start.ts';
import { inlineScript } from './inline-script.ts';

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
        // The locale's date formats warm up in every build; the early requests need the table. Ahead
        // of the stylesheet's link, which a classic script would wait for.
        const script = {
          tag: 'script',
          children: await inlineScript(['startEarlyRequests', 'warmUpDateFormats']),
          injectTo: 'head-prepend' as const,
        };
        if (demo || !bundle || !entry) return [script];
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
          connect: { files: filesOf(connectRoute) },
          routes: earlyRoutes.map((route) => ({ pattern: route.pattern, requests: route.requests, files: filesOf(route) })),
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
