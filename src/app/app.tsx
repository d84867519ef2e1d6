/**
 * The providers around the router: React Query (whose client carries the console's runtime: the
 * connection, the request log, the tab channel; src/api/runtime/runtime.ts), toasts, shell UI state; the
 * cache is emptied when the key changes.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { Connection } from '../api/runtime/connection-store.ts';
import type { ConsoleQueryClient } from '../api/runtime/runtime.ts';
import { ToastProvider } from '../components/feedback/toast.tsx';
import { AppUiProvider } from './shell/api-log-panel-state.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

const identity = (connection: Connection | null) => (connection ? `${connection.host}\n${connection.key}` : '');

export interface AppProps {
  router: Router;
  /** Made by `createQueryClient({ runtime })`: the runtime it carries is the console's. */
  queryClient: ConsoleQueryClient;
  /** Called once the first render has committed (the cold start holds new requests until it is painted). */
  onFirstCommit?: () => void;
}

export function App({ router, queryClient, onFirstCommit }: AppProps) {
  // Only the first commit: later renders of the app start nothing of the cold start.
  const [firstCommit] = useState(() => onFirstCommit);
  useLayoutEffect(() => firstCommit?.(), [firstCommit]);
  // Nothing fetched with one key may be shown under another (or after disconnecting).
  useEffect(() => {
    const { connection } = queryClient.runtime;
    let last = identity(connection.get());
    return connection.subscribe(() => {
      const current = identity(connection.get());
      if (current !== last) {
        last = current;
        void queryClient.cancelQueries();
        queryClient.getMutationCache().clear();
        // reset (not clear) tells the queries on screen: they drop the old key's data and fetch again.
        if (current) void queryClient.resetQueries();
        else queryClient.clear();
      }
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      {/* Toasts about one page (errors) are dismissed when the router leaves its path. */}
      <ToastProvider navigation={router}>
        <AppUiProvider>
          <RouterProvider router={router} />
        </AppUiProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
