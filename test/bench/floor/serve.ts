// Builds the floor app (./main.tsx) with its own small vite build into a temporary folder, and serves
// it with `vite preview`, its `/api` proxied to the same mock as the console: same server, same proxy.
import react from '@vitejs/plugin-react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type InlineConfig } from 'vite';
import { repoRoot } from '../../e2e/support/stack.ts';

const floorRoot = dirname(fileURLToPath(import.meta.url));

// The same react-router files the console's build uses (see productionReactRouter in vite.config.ts),
// so the two differ by what the apps do, not by which build of a library they ship.
const reactRouterProduction = (file: string) => join(repoRoot, 'node_modules/react-router/dist/production', file);

function config(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: floorRoot,
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
        { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
      ],
    },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
}

export interface Floor {
  url: string;
  close(): Promise<void>;
}

/** Builds the floor app and serves it; `close()` stops the server and removes the build. */
export async function startFloor(apiTarget: string): Promise<Floor> {
  const outDir = mkdtempSync(join(tmpdir(), 'console-bench-floor-'));
  try {
    await build({ ...config(outDir), mode: 'production' });
    const server = await preview({
      ...config(outDir),
      preview: {
        host: '127.0.0.1',
        port: 0,
        strictPort: true,
        open: false,
        proxy: { '/api': { target: apiTarget, changeOrigin: true, secure: false } },
      },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('the floor app is not listening on a TCP port.');
    return {
      url: `http://127.0.0.1:${address.port}`,
      async close() {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
