/**
 * A fresh console for a test, as a page load makes one (src/main.tsx): the connection read from
 * storage (seeded first with the test's key, when given), an empty request log and a tab channel,
 * carried by a query client without retries. It is disposed when the test ends (its timers, its
 * listeners and its channel), so nothing of it reaches the next test: there is nothing to reset.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, onTestFinished } from 'vitest';
import { wipeStoredKey, writeStored } from '../src/api/runtime/connection-storage.ts';
import type { ApiCall } from '../src/api/client/http.ts';
import { createQueryClient } from '../src/api/client/query-client.ts';
import { createConsoleRuntime, type ConsoleQueryClient, type ConsoleRuntime, type Transport } from '../src/api/runtime/runtime.ts';
import { normalizeHost } from '../src/api/connect/typed-host.ts';
import { CHANNEL_NAME } from '../src/api/runtime/storage-keys.ts';
import type { TabMessage } from '../src/api/runtime/tab-channel.ts';

export interface ConsoleOptions {
  /** The key stored before the console reads storage; null stores none (and wipes any); undefined leaves storage as it is. */
  key?: string | null;
  /** Kept in localStorage ("Remember this key on this device") instead of sessionStorage. */
  remember?: boolean;
  /** API host of the connection ('' = this origin, where msw answers). */
  host?: string;
  /** The mock world of the stored connection. */
  world?: string;
  /** Apply the other tabs' changes (off in tests unless asked: src/api/client/query-client.ts). */
  syncTabs?: boolean;
  /** What the runtime sends requests through (`fetch` when none: src/api/runtime/runtime.ts). */
  transport?: Transport;
}

export interface TestConsole {
  runtime: ConsoleRuntime;
  queryClient: ConsoleQueryClient;
  /** What a fetcher runs under outside React Query: this console's client, no signal. */
  call: ApiCall;
}

/** Stores the test's connection as Connect would have (or wipes it), before a console reads it. */
export function seedConnection({ key, remember = false, host = '', world }: ConsoleOptions): void {
  if (key === undefined) return;
  if (key === null) wipeStoredKey();
  else writeStored({ host: normalizeHost(host), key, remembered: remember, expiresAt: null, world: world || undefined });
}

/** A console whose runtime is disposed when the test ends (or earlier, by `runtime.dispose()`). */
export function freshConsole(options: ConsoleOptions = {}): TestConsole {
  seedConnection(options);
  const runtime = createConsoleRuntime({ transport: options.transport });
  onTestFinished(() => runtime.dispose());
  const queryClient = createQueryClient({ runtime, forTests: true, syncTabs: options.syncTabs ?? false });
  return { runtime, queryClient, call: { client: queryClient } };
}

/** What a hook under test is rendered in: this query client's provider (`renderHook(hook, { wrapper: withQueryClient(client) })`). */
export function withQueryClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

/**
 * Another tab of the console, seen from this one: a second channel of the console's name, open for
 * each test of the scope that calls this. `post` sends as that tab would; `received` is what it
 * heard from this tab, and `told` the changes among it.
 */
export function anotherTab() {
  let channel: BroadcastChannel;
  let received: TabMessage[] = [];
  beforeEach(() => {
    channel = new BroadcastChannel(CHANNEL_NAME);
    received = [];
    channel.onmessage = (event: MessageEvent) => void received.push(event.data as TabMessage);
  });
  afterEach(() => channel.close());
  return {
    post: (message: TabMessage) => channel.postMessage(message),
    received: () => received,
    told: () => received.filter((message) => message.type === 'changes').flatMap((message) => message.changes),
  };
}
