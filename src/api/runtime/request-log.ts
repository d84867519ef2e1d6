/**
 * Every request the console made in this tab, newest first, for the API log panel.
 * In memory only (never persisted), bounded, and never holding the API key (`Authorization` is the
 * one request header never recorded: `authenticated` says it was sent).
 */
export interface RequestLogEntry {
  /** Increasing number, unique within the tab. */
  id: number;
  method: string;
  /** Absolute URL with the query, on the host the request really went to. */
  url: string;
  /** Path with the query, e.g. `/api/projects/1/dashboards/?limit=100&offset=0`. */
  path: string;
  /** HTTP status, or null when no response arrived (network failure, cancelled). */
  status: number | null;
  durationMs: number;
  /** ISO 8601 time the request started. */
  startedAt: string;
  /** The JSON body sent, or null. */
  requestBody: unknown;
  /** The body exactly as sent (the key redacted), for `Copy as curl`; null without a body. */
  requestBodyText?: string | null;
  /** Whether the request carried the key (`Authorization: Bearer …`); the mock's `/__mock/` routes do not. */
  authenticated?: boolean;
  /** The body received: parsed JSON, text when it was not JSON, or null when empty. */
  responseBody: unknown;
  /** The request headers sent besides `Authorization`, as `[name, value]` pairs; absent on older entries. */
  requestHeaders?: ReadonlyArray<readonly [string, string]>;
  /** The response's status line text (`OK`, `Not Found`); may be empty (HTTP/2), absent on older entries. */
  statusText?: string;
  /** The response headers the page could read, as `[name, value]` pairs (for `Export HAR`). */
  responseHeaders?: ReadonlyArray<readonly [string, string]>;
  /** What went wrong, in words (API detail, network failure, shape mismatch, cancelled), or null. */
  errorDetail: string | null;
  /**
   * The console itself cancelled the request before its answer arrived (the page that asked no
   * longer needed it): not a failure of the API. `errorDetail` then says why, in words.
   */
  cancelled?: boolean;
  /** Sent on purpose against the contract from the API explorer (`Send it anyway`): marked `negative test`. */
  negativeTest?: boolean;
}

export const REQUEST_LOG_LIMIT = 500;

/** The `errorDetail` of a request the console cancelled before its answer (not a failure of the API). */
export const CANCELLED_DETAIL = 'Cancelled by the console before the answer arrived: the page no longer needed it.';

/** This tab's request log: made once per console (src/api/runtime/runtime.ts); `useRequestLog` (use-runtime.ts) draws it. */
export interface RequestLog {
  /** Adds an entry (id assigned here) and returns its id. */
  add(entry: Omit<RequestLogEntry, 'id'>): number;
  /** Amends an entry still in the log (e.g. a response that parsed but did not match the contract). */
  update(id: number, patch: Partial<Omit<RequestLogEntry, 'id'>>): void;
  /** Newest first; the same array until something changes (safe for useSyncExternalStore). */
  get(): ReadonlyArray<RequestLogEntry>;
  subscribe(listener: () => void): () => void;
  clear(): void;
}

export function createRequestLog(): RequestLog {
  let entries: ReadonlyArray<RequestLogEntry> = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    add(entry) {
      const id = nextId++;
      entries = [{ ...entry, id }, ...entries].slice(0, REQUEST_LOG_LIMIT);
      emit();
      return id;
    },
    update(id, patch) {
      if (!entries.some((e) => e.id === id)) return;
      entries = entries.map((e) => (e.id === id ? { ...e, ...patch } : e));
      emit();
    },
    get: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      entries = [];
      emit();
    },
  };
}
