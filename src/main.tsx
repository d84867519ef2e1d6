// The base stylesheet first: every component's own stylesheet, imported with it, comes after it.
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createHashRouter } from 'react-router-dom';
import { createQueryClient } from './api/client/query-client.ts';
import { createConsoleRuntime } from './api/runtime/runtime.ts';
import { App } from './app/app.tsx';
import { startColdStart } from './app/cold-start/index.ts';
import { createAppRoutes } from './app/routes/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The static demo (`npm run build:demo`) runs the mock inside the page; no other build contains it.
const inBrowserDemo = import.meta.env.MODE === 'demo';

function showStartFailure(container: HTMLElement, error: unknown) {
  const main = document.createElement('main');
  main.className = 'page';
  const heading = document.createElement('h1');
  heading.textContent = 'The in-browser demo could not start';
  const reason = document.createElement('p');
  reason.textContent = error instanceof Error ? error.message : String(error);
  const help = document.createElement('p');
  help.textContent =
    'The demo runs its mock API in a service worker, which browsers allow only on https:// or http://localhost ' +
    '(not from a file:// address or in some private windows). Serve the dist-demo folder with any static web server and open it there.';
  main.append(heading, reason, help);
  container.replaceChildren(main);
}

async function start(container: HTMLElement) {
  // What makes this full page load faster comes through one door (src/app/cold-start/): the
  // runtime's transport, the work put off until the first paint, the first render's brief wait.
  const coldStart = startColdStart();
  // The console's runtime (the connection read from storage, as it stands at load; the request log;
  // the line to the other tabs), made once and handed down with the QueryClient that carries it
  // (src/api/runtime/runtime.ts); its requests go out through the cold start's transport.
  const runtime = createConsoleRuntime({ transport: coldStart.transport });
  if (inBrowserDemo) {
    try {
      const { startBrowserMock } = await import('./mock/serve/browser.ts');
      await startBrowserMock();
    } catch (error) {
      showStartFailure(container, error);
      return;
    }
  }
  const queryClient = createQueryClient({ runtime });
  // The routes' loaders ask this client for each page's first data; creating the router starts the first route's.
  const routes = createAppRoutes(queryClient, { afterFirstPaint: coldStart.afterFirstPaint });
  // A hash router in the demo: its URLs work from any folder of a static host, with no rewrite rules.
  const router = inBrowserDemo ? createHashRouter(routes) : createBrowserRouter(routes);
  // The first render shows the route with its code and data when they come quickly.
  await coldStart.firstRouteReady(router);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} onFirstCommit={coldStart.armPaintHold} />
    </StrictMode>,
  );
}

void start(root);
