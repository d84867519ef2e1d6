/**
 * The one QueryClient setup: the console's runtime it carries (src/api/runtime/runtime.ts), retry policy by
 * error kind, a global MutationCache that applies what each mutation declares it changed
 * (`meta.changes`, src/api/client/changes.ts) here and sends it to the other tabs, and the global 401
 * handler (disconnect, back to Connect).
 */
import { MutationCache, QueryCache } from '@tanstack/react-query';
import type { ChangeDeclaration } from './changes.ts';
import type { ConnectionStore } from '../runtime/connection-store.ts';
import { ApiError, NetworkError } from './http.ts';
import { MAX_429_RETRIES, UNREADABLE_RETRY_AFTER_SECONDS } from './rate-limit.ts';
import { ConsoleQueryClient, type ConsoleRuntime } from '../runtime/runtime.ts';
import { replayChanges } from '../runtime/tab-channel.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** Every mutation declares what it changed (test/api/client/mutation-declarations.test.tsx walks them all). */
    mutationMeta: ChangeDeclaration;
  }
}

/** Longest wait honoured from a `Retry-After` before retrying a 429 by itself. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Queries: 429 up to 3 times, network errors twice, 5xx once, other 4xx and shape errors never. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === 429) return failureCount < MAX_429_RETRIES && (error.retryAfter ?? UNREADABLE_RETRY_AFTER_SECONDS) * 1000 <= MAX_RETRY_AFTER_MS;
    if (error.status >= 500) return failureCount < 1;
    return false;
  }
  if (error instanceof NetworkError) return failureCount < 2;
  return false;
}

/** Mutations change things, so only a 429 (the API did nothing) is retried by itself. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && shouldRetryQuery(failureCount, error);
}

/** Waits `Retry-After` on a 429 (5 s when unreadable), else backs off 1 s, 2 s, 4 s… up to 8 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.status === 429) {
    return Math.min((error.retryAfter ?? UNREADABLE_RETRY_AFTER_SECONDS) * 1000, MAX_RETRY_AFTER_MS);
  }
  return Math.min(1000 * 2 ** failureCount, 8000);
}

/** The sentence Connect shows after the API refused the key. */
export function refusedKeyNotice(error: ApiError): string {
  return `The API refused the key: ${error.detail} Connect again with a valid personal API key.`;
}

/** Any 401 under the current key: forget the key; the router then shows Connect with the notice. */
export function handleUnauthorized(connection: ConnectionStore, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  const state = connection.getState();
  if (!state.connection || error.connectionVersion !== state.version) return;
  connection.disconnect({ notice: refusedKeyNotice(error) });
}

/** What applies declared changes: it comes with the mutation hooks (they build their declarations with it), not with the first page. */
const changesCode = () => import('./changes.ts');

export interface CreateQueryClientOptions {
  /** The console it serves (its connection, request log and tab channel): made once, in main.tsx. */
  runtime: ConsoleRuntime;
  /** Retries off and no refetch on focus, as every test wants. */
  forTests?: boolean;
  /** Apply here what the other tabs' mutations changed (default: not in tests). */
  syncTabs?: boolean;
}

export function createQueryClient({ runtime, forTests = false, syncTabs = !forTests }: CreateQueryClientOptions): ConsoleQueryClient {
  const { connection, tabs } = runtime;
  const unauthorized = (error: unknown) => handleUnauthorized(connection, error);
  const client: ConsoleQueryClient = new ConsoleQueryClient(runtime, {
    queryCache: new QueryCache({ onError: unauthorized }),
    mutationCache: new MutationCache({
      onError: unauthorized,
      // After the mutation's own onSuccess (a deleted project's pages are left before its data goes).
      // Refetches are not awaited: a long infinite list must not hold the mutation's own result back.
      // Awaited by the mutation: its promise settles once this tab holds what it declared. The code
      // comes with the mutation hooks (they build their declarations with it), not with the first page.
      onSettled: async (data, error, variables, _context, mutation) => {
        if (error) return;
        const changes = mutation.options.meta?.changes(data, variables) ?? [];
        // Here, then in the other open tabs (the key itself is never part of a message).
        (await changesCode()).applyAndSend(client, changes, (sent) => tabs.post({ type: 'changes', changes: sent }), connection.get()?.key);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: forTests ? false : shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: !forTests,
      },
      mutations: {
        retry: forTests ? false : shouldRetryMutation,
        retryDelay,
      },
    },
  });
  // What the other tabs' mutations changed refreshes here too (src/api/client/changes.ts).
  if (syncTabs) replayChanges(tabs, (changes) => void changesCode().then(({ receiveMessage }) => receiveMessage(client, changes)));
  return client;
}
