// Builds the floor app (./main.tsx) with its own small vite build into a temporary folder, and serves
// it with `vite preview`, its `/api` proxied to the same mock as the console: same server, same proxy.
import react from '@vitejs/plugin-react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type InlineConfig } from 'vite';
import { productionReactRouter } from '../../../build/production-react-router.ts';

const floorRoot = dirname(fileURLToPath(import.meta.url));

function config(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: floorRoot,
    logLevel: 'warn',
    // The same plugin and resolution as the console's build: the two differ by what the apps do.
    plugins: [react(), productionReactRouter()],
    // Source maps for the bench's sampling profile (test/bench/profile.ts), as the console's build has.
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: true },
  };
}

export interface Floor {
  url: string;
  /** The built app (its source maps beside it). */
  dir: string;
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
      dir: outDir,
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
