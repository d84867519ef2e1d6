/**
 * `npm run dev` / `npm run preview`: the console, with `/api`, `/__mock` and `/shared` proxied to
 * `API_TARGET` when it is set, else to the bundled mock, started in-process on a free port.
 * `vite build` never starts anything.
 */
import react from '@vitejs/plugin-react';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
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
      return { server: { proxy }, preview: { proxy } };
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
        return [
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
      {
        // What the entry shares with the pages: one chunk beside the entry instead of four.
        name: (id, context) =>
          entryModules((module) => context.getModuleInfo(module)).has(id) && !onlyWithPages.test(id) ? 'first' : null,
        minShareCount: 2,
        priority: 2,
      },
      {
        // The dialogs and forms: the pages that change things share them; Connect and Projects do not load them.
        name: (id, context) => (entryModules((module) => context.getModuleInfo(module)).has(id) ? null : 'forms'),
        test: /\/src\/(components\/(dialog|confirm-dialog|combobox-field|leave-guard|copy-button)\.tsx|components\/use-form\.ts|contract\/(inputs|coerce)\.ts)$/,
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

// `vite build --mode demo` (npm run build:demo): the static in-browser demo in dist-demo/, with
// relative asset paths so the folder can be served from any path of any static host.
export default defineConfig(({ mode }) => ({
  base: mode === 'demo' ? './' : '/',
  plugins: [react(), apiProxy(), demoOnlyWorker(), earlyRouteTable()],
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    rolldownOptions: { output: { codeSplitting: routeChunks(import.meta.dirname) } },
  },
}));
