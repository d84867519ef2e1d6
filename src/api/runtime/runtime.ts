/**
 * The console's runtime: the connection's store, the request log and the line to the other tabs,
 * made once per console (src/main.tsx; a test makes one per render) and handed down, like the
 * QueryClient. It travels with the QueryClient: `createQueryClient({ runtime })` makes a
 * `ConsoleQueryClient`, so a query or mutation function reaches it through the `client` of its
 * context (`runtimeOf`), and a component through `useQueryClient()` (src/api/runtime/use-runtime.ts).
 * Nothing here or in the three parts is module state.
 */
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { createConnectionStore, type ConnectionStore } from './connection-store.ts';
import type { KeptAccessKeeper } from './access-storage.ts';
import { createRequestLog, type RequestLog } from './request-log.ts';
import { createTabChannel, type TabChannel } from './tab-channel.ts';

/**
 * How a request reaches the network (src/api/client/http.ts): `fetch`, unless the one who makes the runtime
 * hands another, such as the cold start's, which may answer a request the page already sent
 * (src/app/cold-start/). Whatever it answers, http.ts logs it as the request it asked for.
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface ConsoleRuntime {
  readonly connection: ConnectionStore;
  /** Where requests go: `fetch` when none was handed (looked up at each call). */
  readonly transport?: Transport;
  readonly requestLog: RequestLog;
  readonly tabs: TabChannel;
  /** What the key's access keeps with the connection, once a page asks about access (access-storage.ts). */
  keptAccess?: KeptAccessKeeper;
  /** Stops its timers and listeners and closes the channel (a test's console, when the test ends). */
  dispose(): void;
}

/**
 * Reads the stored connection (as a page load does) and opens this tab's line to the others;
 * requests go out through `transport` when one is handed.
 */
export function createConsoleRuntime(options: { transport?: Transport } = {}): ConsoleRuntime {
  const tabs = createTabChannel();
  const runtime: ConsoleRuntime = {
    connection: createConnectionStore(tabs),
    ...(options.transport && { transport: options.transport }),
    requestLog: createRequestLog(),
    tabs,
    dispose() {
      runtime.keptAccess?.dispose();
      runtime.connection.dispose();
      tabs.close();
    },
  };
  return runtime;
}

/** The console's QueryClient: a QueryClient that carries the runtime it runs in. */
export class ConsoleQueryClient extends QueryClient {
  readonly runtime: ConsoleRuntime;
  constructor(runtime: ConsoleRuntime, config?: QueryClientConfig) {
    super(config);
    this.runtime = runtime;
  }
}

/** The runtime `client` carries (every client of the console is made by `createQueryClient`). */
export function runtimeOf(client: QueryClient): ConsoleRuntime {
  if (client instanceof ConsoleQueryClient) return client.runtime;
  throw new Error('This QueryClient carries no console runtime: make it with createQueryClient({ runtime }).');
}
