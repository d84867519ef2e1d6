/**
 * `npm run dev` / `npm run preview`: `/api`, `/__mock` and `/shared` proxied to `API_TARGET` when it
 * is set, else to the bundled mock, started in-process on a free port. `vite build` starts nothing.
 */
import type { Plugin, ProxyOptions } from 'vite';

const PROXIED_PATHS = ['/api', '/__mock', '/shared'] as const;

interface RunningMock {
  url: string;
  close(): Promise<void>;
}

export function apiProxy(): Plugin {
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
        const { startMockServer } = await import('../src/mock/serve/server.ts');
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
