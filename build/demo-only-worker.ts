import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** MSW's worker is for the demo build only: the production build must not ship it. */
export function demoOnlyWorker(): Plugin {
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
