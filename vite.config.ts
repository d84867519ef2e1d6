/**
 * `npm run dev` / `npm run preview`: the console, with `/api`, `/__mock` and `/shared` proxied to
 * `API_TARGET` when it is set, else to the bundled mock, started in-process on a free port.
 * `vite build` never starts anything.
 */
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import { connectRoute, earlyRoutes, type EarlyRoute, type EarlyRouteTable } from './src/app/early-routes.ts';

const PROXIED_PATHS = ['/api', '/__mock', '/shared'] as const;

interface RunningMock {
  url: string;
  close(): Promise<void>;
}

/** Sets the dev and preview proxy; starts the bundled mock when no API_TARGET is given. */
function apiProxy(): Plugin {
  let mock: RunningMock | undefined;
  const stopMock = async () => {
    const running = mock;
    mock = undefined;
    await running?.close();
  };

  return {
    name: 'analytics-console:api-proxy',
    async config(_config, { command }) {
      if (command !== 'serve') return;
      const configured = process.env.API_TARGET?.trim();
      let target: string;
      if (configured) {
        target = configured.replace(/\/+$/, '');
        console.info(`[console] Proxying ${PROXIED_PATHS.join(', ')} to API_TARGET ${target} (no mock started).`);
      } else {
        await stopMock();
        const { startMockServer } = await import('./src/mock/server.ts');
        mock = await startMockServer({ port: 0, host: '127.0.0.1' });
        target = mock.url;
        console.info(`[console] No API_TARGET: proxying ${PROXIED_PATHS.join(', ')} to the bundled mock at ${target}.`);
        console.info('[console] Demo keys: phx_demo_admin, phx_demo_member, phx_demo_readonly.');
      }
      const proxy: Record<string, ProxyOptions> = Object.fromEntries(
        PROXIED_PATHS.map((path) => [path, { target, changeOrigin: true, secure: false }]),
      );
      // Vite's own CORS would answer preflights before the proxy: the API's CORS is the target's (API.md §1.5).
      return { server: { proxy, cors: false }, preview: { proxy, cors: false } };
    },
    configureServer(server) {
      server.httpServer?.once('close', () => void stopMock());
    },
    configurePreviewServer(server) {
      server.httpServer.once('close', () => void stopMock());
    },
  };
}

/**
 * react-router's exports map always resolves to its development build, which carries dev-only
 * warnings: builds use its production files instead (0.6 kB gzip less in the first load, which the
 * budget of 135 kB needs). The floor app of the bench builds with the same plugin.
 */
export function productionReactRouter(): Plugin {
  const dist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'analytics-console:production-react-router',
    config(_config, { command }) {
      if (command !== 'build') return;
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: dist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
          ],
        },
      };
    },
  };
}

/**
 * Writes src/app/early-routes.ts into the built page as a JSON block, with each route's files: the
 * chunks of the route's modules and their imports (those the entry already loads left out) and their
 * CSS. The inline script of index.html reads it to send the route's first requests and preload its
 * code before the entry runs. Not in the in-browser demo: its API is not up before the entry starts it.
 */
function earlyRouteTable(): Plugin {
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
      handler(_html, { bundle, chunk: entry }) {
        if (demo || !bundle || !entry) return;
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
        ];
      },
    },
  };
}

/**
 * Chunks by route: each page's chunk, plus one `shared` chunk for everything two or more lazily
 * loaded chunks share (components, api modules, a feature's own helpers, libraries) that the entry
 * does not already load, and one `forms` chunk of the dialogs and form parts of the pages that edit. Left to itself,
 * Rolldown makes a chunk of each shared component, and the dashboards page needed ten files. Modules
 * the entry imports statically stay where they are, so the first-load JS does not grow.
 */
function routeChunks(root: string): NonNullable<Rolldown.OutputOptions['codeSplitting']> {
  const main = resolve(root, 'src/main.tsx');
  const onlyWithPages = /\/node_modules\/@tanstack\/(react-query\/build\/modern\/useInfiniteQuery|query-core\/build\/modern\/infiniteQueryObserver)\.js$/;
  let loadedByEntry: Set<string> | undefined;
  const entryModules = (getModuleInfo: (id: string) => Rolldown.ModuleInfo | null) => {
    if (loadedByEntry) return loadedByEntry;
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(main);
    loadedByEntry = seen;
    return seen;
  };
  return {
    // Only the modules named here: their imports (React, the entry's modules) stay where they are.
    includeDependenciesRecursively: false,
    groups: [
      { name: 'react-dom', test: /\/node_modules\/(react-dom|scheduler)\//, priority: 3 },
      {
        // What the entry shares with the pages: one chunk beside the entry instead of four.
        name: (id, context) =>
          entryModules((module) => context.getModuleInfo(module)).has(id) && !onlyWithPages.test(id) ? 'first' : null,
        minShareCount: 2,
        priority: 2,
      },
      {
        // The dialogs and forms: the pages that change things share them; Connect, Projects and the Dashboards list do not load them.
        name: (id, context) => (entryModules((module) => context.getModuleInfo(module)).has(id) ? null : 'forms'),
        test: /\/src\/components\/(dialog|confirm-dialog|conflict-dialog|combobox-field|leave-guard|copy-button)\.tsx|\/src\/components\/(use-form|use-checked-save)\.ts$/,
        minShareCount: 2,
        priority: 1,
      },
      {
        // The activity log's list and wording: the Activity page and the History tab share them, no other page needs them.
        name: (id, context) => (entryModules((module) => context.getModuleInfo(module)).has(id) ? null : 'activity'),
        test: /\/src\/features\/activity\/activity-(list|text)\.tsx?$/,
        minShareCount: 2,
        priority: 1,
      },
      {
        // A module of the entry's static graph is one the entry might load (a library's index names
        // every file): the few such files that are only ever loaded with a page are named here.
        name: (id, context) =>
          entryModules((module) => context.getModuleInfo(module)).has(id) && !onlyWithPages.test(id) ? null : 'shared',
        test: /\/(src\/(components|api|contract|features)|node_modules\/(@tanstack|react|react-dom|react-router|scheduler|zod))\//,
        minShareCount: 2,
      },
    ],
  };
}

/**
 * Vite wraps every dynamic `import()` in its preload helper, even with `modulePreload: false`
 * (vitejs/vite#13952, #18551). With modulePreload off and one stylesheet (`cssCodeSplit: false`) the
 * helper is never given a file to preload: every call is `__vitePreload(load, [])`, and its 0.5 kB
 * gzip of the first load only runs `load`. The helper module is then this one line.
 */
function withoutPreloadHelper(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  let active = false;
  return {
    name: 'analytics-console:without-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      active = config.build.modulePreload === false && !config.build.cssCodeSplit;
    },
    load(id) {
      if (!active || id !== helperId) return null;
      return 'export const __vitePreload = (load) => load();';
    },
  };
}

/** MSW's worker is for the demo build only: the production build must not ship it. */
function demoOnlyWorker(): Plugin {
  let outDir = '';
  let demo = false;
  return {
    name: 'analytics-console:demo-only-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      demo = config.mode === 'demo';
    },
    closeBundle() {
      if (!demo) rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the app's own
 * code of a first visit: `first` (what the entry shares with the pages), the groups the pages share
 * (`shared`, `forms`, `activity`) and each early route's own chunks (test/e2e/bundle-size.e2e.ts
 * holds the list). V8 then compiles their functions on a background thread while the files stream
 * in, instead of on the main thread at each function's first call (docs/performance.md has the
 * measured effect). Not on `react-dom` nor the entry, which is mostly react-router: a first visit
 * calls a small part of either, and compiling all of them ahead kept a background thread busy for
 * longer than the main thread then saved, on a two-core machine. Chunks loaded later (dialogs, bulk
 * tools, the API log) stay lazily compiled too. Other engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** The groups of `routeChunks` that get the hint besides the early routes' own chunks. */
const HINTED_GROUPS: readonly string[] = ['first', 'shared', 'forms', 'activity'];

function compileHint(root: string): (chunk: Rolldown.RenderedChunk) => string {
  const firstVisitModules = new Set(earlyRoutes.flatMap((route) => route.modules.map((module) => resolve(root, 'src', module))));
  return (chunk) =>
    !chunk.isEntry && (HINTED_GROUPS.includes(chunk.name) || chunk.moduleIds.some((id) => firstVisitModules.has(id)))
      ? COMPILE_HINT
      : '';
}

// ---------- Content-Security-Policy (docs/security.md) ----------

/** Headers the dev and preview servers send with every answer; docs/security.md lists them for static hosts. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Runs before any other script of the built page: when a connection is stored (and not past its
 * `Forget the key after`), it adds a second policy `connect-src 'self' <host>`. Policies add up, so
 * from then on the page reaches this site and the connected host only. Mirrors src/api/connection.ts.
 */
export const CONNECTION_LOCK_SCRIPT =
  '(function(){try{var k="analytics-console:connection",r=sessionStorage.getItem(k),c;' +
  'if(r){c=JSON.parse(r)}else{r=localStorage.getItem(k);if(!r)return;c=JSON.parse(r);' +
  'if(typeof c.expiresAt==="number"&&c.expiresAt<=Date.now())return}' +
  'if(!c||typeof c.key!=="string"||!c.key||typeof c.host!=="string")return;' +
  'var o=c.host?new URL(c.host).origin:"";if(o===location.origin)o="";' +
  'var m=document.createElement("meta");m.httpEquiv="Content-Security-Policy";' +
  'm.content="connect-src \'self\'"+(o?" "+o:"");m.setAttribute("data-connection-lock",o||"self");' +
  'document.head.appendChild(m)}catch(e){}})()';

/** Hosts Connect may check before a connection exists: any https: host, and a local mock over http. */
const UNCONNECTED_CONNECT_SRC = "'self' https: http://localhost:* http://127.0.0.1:*";

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The text of every inline `<script>` of an HTML document that runs: no `src`, and no `type` other
 * than JavaScript or a module (a `type="application/json"` data block never runs and needs no hash).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (/\bsrc\s*=/i.test(attributes) || (type && type !== 'module' && !type.includes('javascript'))) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

export function contentSecurityPolicy(html: string, options: { demo: boolean }): string {
  const scriptHashes = [...new Set(inlineScripts(html).map(sha256Source))];
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${UNCONNECTED_CONNECT_SRC}`,
    // The demo's mock runs in a service worker served from the page's own folder.
    options.demo ? "worker-src 'self'" : "worker-src 'none'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Locks down the built page (production and demo builds): a
 * `<meta http-equiv="Content-Security-Policy">` first in `<head>`, then the character encoding, then
 * the connection lock script. The policy allows scripts from this origin and each inline script by
 * its SHA-256. It runs on the emitted HTML after every other plugin, so it hashes whatever inline
 * scripts the final page holds.
 */
function lockedDownPage(): Plugin {
  let demo = false;
  return {
    name: 'analytics-console:content-security-policy',
    config() {
      return { server: { headers: { ...SECURITY_HEADERS } }, preview: { headers: { ...SECURITY_HEADERS } } };
    },
    configResolved(config) {
      demo = config.mode === 'demo';
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const source = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (source.includes('http-equiv="Content-Security-Policy"')) continue;
          // The character encoding is declared right after the policy, within the first 1,024 bytes as
          // HTML requires (the plugins before this one put the preload links and the route table
          // ahead of it).
          const declared = /<meta charset="[^"]*"\s*\/?>\s*/i.exec(source)?.[0];
          const charset = declared?.trim();
          const withoutCharset = declared ? source.replace(declared, '') : source;
          const withLock = withoutCharset.replace(/<head>/i, `<head>\n    <script>${CONNECTION_LOCK_SCRIPT}</script>`);
          const policy = contentSecurityPolicy(withLock, { demo }).replaceAll('"', '&quot;');
          const first = `<meta http-equiv="Content-Security-Policy" content="${policy}" />${charset ? `\n    ${charset}` : ''}`;
          asset.source = withLock.replace(/<head>/i, `<head>\n    ${first}`);
        }
      },
    },
  };
}

// `vite build --mode demo` (npm run build:demo): the static in-browser demo in dist-demo/, with
// relative asset paths so the folder can be served from any path of any static host.
export default defineConfig(({ mode }) => ({
  base: mode === 'demo' ? './' : '/',
  plugins: [react(), apiProxy(), productionReactRouter(), withoutPreloadHelper(), demoOnlyWorker(), earlyRouteTable(), lockedDownPage()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // One stylesheet for every page (about 5 kB gzip): a route's first paint waits for no CSS file of its own.
    cssCodeSplit: false,
    // No preload helper in the entry (0.5 kB gzip of the 135 kB budget): the inline script of
    // index.html preloads the entry's files and the route's (src/app/early-routes.ts); a chunk loaded
    // later fetches its own imports when it arrives. The manifest lets the bench and the bundle-size
    // journey follow the entry's static imports.
    modulePreload: false,
    manifest: true,
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    rolldownOptions: {
      output: { codeSplitting: routeChunks(import.meta.dirname), postBanner: compileHint(import.meta.dirname) },
    },
  },
}));
