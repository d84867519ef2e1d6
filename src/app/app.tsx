/** The providers around the router: React Query, toasts, shell UI state; the cache is emptied when the key changes. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { getConnection, subscribeConnection, type Connection } from '../api/connection.ts';
import { holdUntilPainted } from '../api/first-paint.ts';
import { ToastProvider } from '../components/toast.tsx';
import { AppUiProvider } from './app-ui.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

const identity = (connection: Connection | null) => (connection ? `${connection.host}\n${connection.key}` : '');

export interface AppProps {
  router: Router;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  // What the first screen's effects ask for goes out once that screen is painted (src/api/first-paint.ts).
  useLayoutEffect(holdUntilPainted, []);
  // Nothing fetched with one key may be shown under another (or after disconnecting).
  useEffect(() => {
    let last = identity(getConnection());
    return subscribeConnection(() => {
      const current = identity(getConnection());
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
