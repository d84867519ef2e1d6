/**
 * `Recent requests`: this tab's last 50 sends from the explorer, newest first, in sessionStorage (it
 * survives a reload of the tab, never another tab, never the browser's end). An entry holds the
 * explorer link that reopens it (components/share-request/explorer-link.ts, redacted) and never the key.
 */
import { useSyncExternalStore } from 'react';
import { redactSecrets } from '../../components/share-request/redact.ts';

export const RECENT_LIMIT = 50;
const STORAGE_KEY = 'analytics-console.explorer.recent';

export interface RecentRequest {
  method: string;
  /** The path as sent, with its query. */
  path: string;
  /** The answer's status; null when no answer came. */
  status: number | null;
  durationMs: number;
  /** ISO 8601. */
  at: string;
  /** The explorer URL that opens it again with its parameters and body. */
  link: string;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; list: RecentRequest[] } = { raw: null, list: [] };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isRecent = (value: unknown): value is RecentRequest => {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.method === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.link === 'string' &&
    typeof entry.at === 'string' &&
    typeof entry.durationMs === 'number' &&
    (entry.status === null || typeof entry.status === 'number')
  );
};

/** The stored list (the same array until it changes: safe for useSyncExternalStore). */
export function readRecent(): RecentRequest[] {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw === cached.raw) return cached.list;
  let list: RecentRequest[] = [];
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    list = Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_LIMIT) : [];
  } catch {
    // A damaged entry is an empty history, not a broken page.
  }
  cached = { raw, list };
  return list;
}

/** Adds a send (newest first, at most 50); `secrets` are redacted from every field first. */
export function addRecent(entry: RecentRequest, secrets: ReadonlyArray<string>): void {
  const clean: RecentRequest = { ...entry, path: redactSecrets(entry.path, secrets), link: redactSecrets(entry.link, secrets) };
  const list = [clean, ...readRecent()].slice(0, RECENT_LIMIT);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage keeps no history; the send itself is done.
  }
  for (const listener of [...listeners]) listener();
}

export function clearRecent(): void {
  storage()?.removeItem(STORAGE_KEY);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentRequests(): RecentRequest[] {
  return useSyncExternalStore(subscribe, readRecent, () => []);
}
