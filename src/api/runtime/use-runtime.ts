/**
 * The runtime from React: the one the QueryClient above carries (src/api/runtime/runtime.ts), so a
 * component and the queries it runs always see the same connection and log.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ConnectionState } from './connection-store.ts';
import type { RequestLogEntry } from './request-log.ts';
import { runtimeOf, type ConsoleRuntime } from './runtime.ts';

export function useRuntime(): ConsoleRuntime {
  return runtimeOf(useQueryClient());
}

/** The current connection state; re-renders on connect and disconnect. */
export function useConnectionState(): ConnectionState {
  const { connection } = useRuntime();
  return useSyncExternalStore(connection.subscribe, connection.getState, connection.getState);
}

/** The request log, re-rendering on every new request. */
export function useRequestLog(): ReadonlyArray<RequestLogEntry> {
  const { requestLog } = useRuntime();
  return useSyncExternalStore(requestLog.subscribe, requestLog.get, requestLog.get);
}
