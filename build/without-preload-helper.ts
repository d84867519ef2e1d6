import type { Plugin } from 'vite';

/**
 * Vite wraps every dynamic `import()` in its preload helper, even with `modulePreload: false`
 * (vitejs/vite#13952, #18551). With modulePreload off and one stylesheet (`cssCodeSplit: false`) the
 * helper is never given a file to preload: every call is `__vitePreload(load, [])`, and its 0.5 kB
 * gzip of the first load only runs `load`. The helper module is then this one line.
 */
export function withoutPreloadHelper(): Plugin {
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
