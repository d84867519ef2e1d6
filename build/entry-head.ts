/**
 * What the built page's head gets ahead of the entry: a `modulepreload` link for each of the page's
 * module scripts and their static imports (Vite's own are off with its preload helper), and the cold
 * start's inline script (src/app/cold-start/first-screen-requests.ts): the date formats' warm-up, and the
 * route's chunks (each main route's page chunk and its static imports, from the bundle) and first
 * API request asked for at once: nothing of the first screen waits for a script (docs/performance.md).
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { FIRST_SCREENS } from '../src/app/cold-start/first-screen-requests.ts';
import { inlineScript } from './inline-script.ts';

const FIRST_SCREEN_REQUESTS = resolve(import.meta.dirname, '../src/app/cold-start/first-screen-requests.ts');

export function entryHead(): Plugin {
  let base = '/';
  let demo = false;
  return {
    name: 'analytics-console:entry-head',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      demo = config.mode === 'demo';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const calls = ['warmUpDateFormats()'];
        const loaded = new Set<string>();
        const visit = (fileName: string, into = loaded) => {
          if (loaded.has(fileName) || into.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle?.[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach((imported) => visit(imported, into));
        };
        // The module scripts Vite wrote (the entry's chunk and Rolldown's runtime chunk, vite.config.ts) and their static imports.
        for (const [, src] of html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)) visit(src!.slice(base.length));
        if (bundle && !demo) {
          const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
          const pages = FIRST_SCREENS.map(([, page]) => {
            const files = new Set<string>();
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(resolve(import.meta.dirname, '..', page)));
            visit(chunk!.fileName, files);
            return [...files].map((fileName) => `${base}${fileName}`);
          });
          calls.push(`startFirstScreen(${JSON.stringify(pages)})`);
        }
        // Ahead of the stylesheet's link, which a classic script would wait for.
        const script = { tag: 'script', children: await inlineScript(calls, FIRST_SCREEN_REQUESTS), injectTo: 'head-prepend' as const };
        const link = (fileName: string) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` }, injectTo: 'head-prepend' as const });
        return [...[...loaded].map(link), script];
      },
    },
  };
}
