/**
 * The build and the dev and preview servers: the plugins of build/, one per file. `vite build --mode
 * demo` (npm run build:demo) makes the static in-browser demo in dist-demo/, with relative asset
 * paths so the folder can be served from any path of any static host.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy } from './build/api-proxy.ts';
import { lockedDownPage } from './build/content-security-policy.ts';
import { demoOnlyWorker } from './build/demo-only-worker.ts';
import { entryHead } from './build/entry-head.ts';
import { productionReactRouter } from './build/production-react-router.ts';
import { routeChunks } from './build/route-chunks.ts';
import { withoutPreloadHelper } from './build/without-preload-helper.ts';

export default defineConfig(({ mode }) => ({
  base: mode === 'demo' ? './' : '/',
  plugins: [
    react(),
    apiProxy(),
    productionReactRouter(),
    withoutPreloadHelper(),
    demoOnlyWorker(),
    entryHead(),
    lockedDownPage(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // One stylesheet for every page (about 5 kB gzip): a route's first paint waits for no CSS file of its own.
    cssCodeSplit: false,
    // No preload helper in the entry (0.5 kB gzip of the 135 kB budget): the built page links the
    // entry's files (build/entry-head.ts); a chunk loaded later fetches its own imports when it
    // arrives. The manifest lets the bench and the bundle-size journey follow the entry's static imports.
    modulePreload: false,
    manifest: true,
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    rolldownOptions: {
      // The entry exports nothing, so its module may join the chunk of its static graph
      // (build/route-chunks.ts): the first page is one file, not a facade importing it.
      preserveEntrySignatures: false,
      output: { codeSplitting: routeChunks(import.meta.dirname) },
    },
  },
}));
