import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-router's exports map always resolves to its development build, which carries dev-only
 * warnings: builds use its production files instead (0.6 kB gzip less in the first load, which the
 * budget of 135 kB needs). The floor app of the bench builds with the same plugin.
 */
export function productionReactRouter(): Plugin {
  const dist = (file: string) => resolve(import.meta.dirname, '../node_modules/react-router/dist/production', file);
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
