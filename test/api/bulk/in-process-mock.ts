/**
 * A console for node tests whose requests the bundled mock answers in process: msw's `getResponse`
 * over the mock's handlers, as `npm run mock` serves them (src/mock/serve/node-adapter.ts), without
 * intercepting `fetch` and without a DOM. The stored connection is the test's, the request log is the
 * console's own, and a test may answer some requests itself before the mock does (`answer`).
 */
import { getResponse } from 'msw';
import type { Connection, ConnectionStore } from '../../../src/api/runtime/connection-store.ts';
import { createRequestLog } from '../../../src/api/runtime/request-log.ts';
import { ConsoleQueryClient, type ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import type { TabChannel } from '../../../src/api/runtime/tab-channel.ts';
import { createMock, type Mock } from '../../../src/mock/index.ts';

/** The mock's answer to a request (404 when no handler takes it, as the node server says). */
export type MockAnswer = (request: Request) => Promise<Response>;

export interface InProcessOptions {
  /** The stored connection's key; null: no connection. */
  key: string | null;
  /** The test's own answer to a request, or undefined to let the mock answer (`mock` is its answer). */
  answer?: (request: Request, mock: MockAnswer) => Response | undefined | Promise<Response | undefined>;
}

const rejectOnAbort = (signal: AbortSignal | null | undefined) =>
  new Promise<never>((_, reject) => {
    const abort = () => reject(signal?.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
  });

export function inProcessConsole({ key, answer }: InProcessOptions) {
  const mock: Mock = createMock({ log: () => {} });
  const fromMock: MockAnswer = async (request) =>
    (await getResponse(mock.handlersFor(new URL(request.url).pathname, request), request)) ?? new Response('Not found', { status: 404 });
  const connection: Connection | null = key === null ? null : { host: '', key, remembered: false, expiresAt: null };
  const store = { getState: () => ({ connection, notice: null, disconnectedByPerson: false, version: 0 }), get: () => connection };
  const requestLog = createRequestLog();
  const runtime: ConsoleRuntime = {
    connection: store as unknown as ConnectionStore,
    requestLog,
    tabs: { post: () => {}, listen: () => () => {}, close: () => {} } as unknown as TabChannel,
    // As fetch: a cancelled request rejects with its signal's reason.
    transport: async (url, init) => {
      const request = new Request(url, init);
      const answered = (async () => (await answer?.(request.clone(), fromMock)) ?? fromMock(request))();
      return Promise.race([answered, rejectOnAbort(init.signal)]);
    },
    dispose: () => {},
  };
  return { client: new ConsoleQueryClient(runtime), mock, log: () => requestLog.get() };
}
