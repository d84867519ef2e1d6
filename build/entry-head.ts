/**
 * What the built page's head gets ahead of the entry: a plain `modulepreload` link for each of the
 * page's module scripts and their static imports (the preload scanner finds them before any script
 * runs; Vite's own are off with its preload helper, vite.config.ts), and the cold start's inline script
 * (`warmUpDateFormats` of src/app/cold-start/before-entry.ts). A route's chunks are not preloaded:
 * the route's `lazy` asks for them with its data, and preloading them from the page measured no
 * faster (docs/performance.md).
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { inlineScript } from './inline-script.ts';

const BEFORE_ENTRY = resolve(import.meta.dirname, '../src/app/cold-start/before-entry.ts');

export function entryHead(): Plugin {
  let base = '/';
  return {
    name: 'analytics-console:entry-head',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        // Ahead of the stylesheet's link, which a classic script would wait for.
        const script = { tag: 'script', children: await inlineScript(['warmUpDateFormats'], BEFORE_ENTRY), injectTo: 'head-prepend' as const };
        if (!bundle) return [script];
        const loaded = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        // The module scripts Vite wrote (the entry's chunk and Rolldown's runtime chunk: the entry module
        // has no chunk of its own, vite.config.ts) and their static imports. Their <script>s at the end
        // of the head are found only after the inline script ran.
        for (const [, src] of html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)) visit(src!.slice(base.length));
        const links = [...loaded].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` },
          injectTo: 'head-prepend' as const,
        }));
        return [...links, script];
      },
    },
  };
}
