/**
 * What a mutation changed, declared once in its `meta.changes` (DESIGN.md, "One mutation, one
 * declared effect"). The global MutationCache (query-client.ts) reads that one declaration both to
 * update this tab and to tell the other tabs (tab-channel.ts), so a change can never reach one and not
 * the other.
 *
 * A declaration is a function of the API's answer and the mutation's variables that lists changes:
 * - `set`: this tab stores the answer under that exact key (the other tabs fetch it again);
 * - `update`: this tab rewrites every cached entry under a prefix (the other tabs fetch them again);
 * - `refresh`: every tab marks a prefix (or one key) stale and refetches what is on screen;
 * - `remove`: a deleted record's entries leave this tab's cache (the other tabs refetch theirs: a page
 *   still showing it learns it is gone);
 * - `relist`: every tab keeps only the first page of each list under a prefix and refetches it (the
 *   order changed: a kept later page could repeat or miss a row);
 * - `update` and `remove` may be `thisTabOnly`: a bulk run writes each batch of answers here that way,
 *   and tells the other tabs once, when it ends (its own declaration);
 * - `everything`: every tab drops what is not on screen and refetches the rest (`Reset demo data`).
 *
 * Only which keys changed travels between tabs, never a record's data (a project's token, a clear
 * share password) and never the API key.
 */
import { hashKey, type DataTag, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Paginated } from '../../contract/schemas.ts';

export type Change =
  | { kind: 'set'; queryKey: QueryKey; data: unknown }
  | { kind: 'update'; queryKey: QueryKey; update: (data: unknown) => unknown; thisTabOnly?: boolean }
  | { kind: 'refresh'; queryKey: QueryKey; exact?: boolean; otherTabsOnly?: boolean }
  | { kind: 'remove'; queryKey: QueryKey; thisTabOnly?: boolean }
  | { kind: 'relist'; queryKey: QueryKey; otherTabsOnly?: boolean }
  | { kind: 'everything' };

/** What another tab is told: keys only. */
export type SentChange =
  | { kind: 'refresh'; queryKey: QueryKey; exact?: boolean }
  | { kind: 'remove'; queryKey: QueryKey }
  | { kind: 'relist'; queryKey: QueryKey }
  | { kind: 'everything' };

/** The declaration a mutation's `meta.changes` holds: what the answer (and the variables) changed. */
export type ChangeDeclaration = {
  // Method syntax: each mutation types its own answer and variables.
  changes(data: unknown, variables: unknown): ReadonlyArray<Change>;
};

/** Builders, so each declaration reads as a list of what changed (typed by the query factories' keys). */
export const changed = {
  set: <TData>(queryKey: DataTag<QueryKey, TData, unknown>, data: TData): Change => ({ kind: 'set', queryKey, data }),
  /** `update` receives each cached entry under the prefix (any shape the entries under it have). */
  update: <TData>(queryKey: QueryKey, update: (data: TData | undefined) => TData | undefined, options: { thisTabOnly?: boolean } = {}): Change => ({
    kind: 'update',
    queryKey,
    update: update as (data: unknown) => unknown,
    ...options,
  }),
  refresh: (queryKey: QueryKey, options: { exact?: boolean; otherTabsOnly?: boolean } = {}): Change => ({
    kind: 'refresh',
    queryKey,
    ...options,
  }),
  remove: (queryKey: QueryKey, options: { thisTabOnly?: boolean } = {}): Change => ({ kind: 'remove', queryKey, ...options }),
  relist: (queryKey: QueryKey, options: { otherTabsOnly?: boolean } = {}): Change => ({ kind: 'relist', queryKey, ...options }),
  everything: (): Change => ({ kind: 'everything' }),
};

type Pages = InfiniteData<Paginated<unknown>, unknown>;

/** Whether `data` is an infinite query's (what every updater of a list checks before it changes one). */
export const isPages = (data: unknown): data is Pages =>
  !!data && typeof data === 'object' && Array.isArray((data as Pages).pages) && Array.isArray((data as Pages).pageParams);

/**
 * Keeps only the first page of every cached list under `queryKey` and refetches it (the rest loads
 * again on scroll): one request per list instead of one per loaded page.
 */
export async function relist(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const filter = { queryKey };
  // A next page still loading would append to the pages about to be dropped.
  await client.cancelQueries(filter);
  client.setQueriesData<unknown>(filter, (data: unknown) =>
    isPages(data) && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await client.invalidateQueries(filter);
}

/**
 * Applies what this tab's own mutation declared. All or nothing: every update is worked out first,
 * so an updater that throws leaves the cache as it was (and the mutation fails with its error, shown
 * where the person acted). Refetches are not awaited: the result is not held back.
 */
export function applyChanges(client: QueryClient, changes: ReadonlyArray<Change>): void {
  // Each `update`'s new data per entry, worked out over what the changes before it wrote.
  const staged = new Map<string, unknown>();
  const updates = new Map<Change, Array<{ queryKey: QueryKey; data: unknown }>>();
  for (const change of changes) {
    if (change.kind === 'set') staged.set(hashKey(change.queryKey), change.data);
    if (change.kind !== 'update') continue;
    const written: Array<{ queryKey: QueryKey; data: unknown }> = [];
    for (const query of client.getQueryCache().findAll({ queryKey: change.queryKey })) {
      const before = staged.has(query.queryHash) ? staged.get(query.queryHash) : query.state.data;
      const data = change.update(before);
      staged.set(query.queryHash, data);
      if (data !== before) written.push({ queryKey: query.queryKey, data });
    }
    updates.set(change, written);
  }
  for (const change of changes) {
    switch (change.kind) {
      case 'set':
        client.setQueryData(change.queryKey, change.data);
        break;
      case 'update':
        for (const { queryKey, data } of updates.get(change) ?? []) client.setQueryData(queryKey, data);
        break;
      case 'refresh':
        if (!change.otherTabsOnly) void client.invalidateQueries({ queryKey: change.queryKey, exact: change.exact });
        break;
      case 'remove':
        client.removeQueries({ queryKey: change.queryKey });
        break;
      case 'relist':
        if (!change.otherTabsOnly) void relist(client, change.queryKey);
        break;
      case 'everything':
        // Pages not on screen would first show their old data when visited: forget it instead.
        client.removeQueries({ type: 'inactive' });
        void client.invalidateQueries();
        break;
    }
  }
}

/** What the other tabs are told of `changes`: a stored answer becomes a refetch of that key there. */
export function changesToSend(changes: ReadonlyArray<Change>): SentChange[] {
  return changes.flatMap((change): SentChange[] => {
    if ((change.kind === 'update' || change.kind === 'remove') && change.thisTabOnly) return [];
    return [sentChange(change)];
  });
}

function sentChange(change: Change): SentChange {
  switch (change.kind) {
    case 'set':
      return { kind: 'refresh', queryKey: change.queryKey, exact: true };
    case 'update':
      return { kind: 'refresh', queryKey: change.queryKey };
    case 'refresh':
      return change.exact ? { kind: 'refresh', queryKey: change.queryKey, exact: true } : { kind: 'refresh', queryKey: change.queryKey };
    case 'remove':
      return { kind: 'remove', queryKey: change.queryKey };
    case 'relist':
      return { kind: 'relist', queryKey: change.queryKey };
    case 'everything':
      return { kind: 'everything' };
  }
}

/**
 * What the MutationCache does with a successful mutation's declaration: applies it here and tells
 * the other tabs. A change whose key somehow holds `secret` (the API key) is never sent.
 */
export function applyAndSend(
  client: QueryClient,
  changes: ReadonlyArray<Change>,
  send: (changes: SentChange[]) => void,
  secret?: string,
): void {
  applyChanges(client, changes);
  const sent = changesToSend(changes).filter((change) => !secret || !JSON.stringify(change).includes(secret));
  if (sent.length) send(sent);
}

/** A `changes` message from another tab: only well-formed changes are applied. */
export function receiveMessage(client: QueryClient, changes: unknown): void {
  if (!Array.isArray(changes)) return;
  const known = new Set(['refresh', 'remove', 'relist', 'everything']);
  receiveChanges(
    client,
    changes.filter(
      (change): change is SentChange =>
        !!change &&
        typeof change === 'object' &&
        known.has((change as SentChange).kind) &&
        ((change as SentChange).kind === 'everything' || Array.isArray((change as { queryKey?: unknown }).queryKey)),
    ),
  );
}

/**
 * Applies what another tab's mutation changed: what is on screen refetches in place (a form keeps
 * what the person typed: use-form.ts holds edits over the data), a removed record's entries that are
 * not on screen are dropped.
 */
export function receiveChanges(client: QueryClient, changes: ReadonlyArray<SentChange>): void {
  for (const change of changes) {
    switch (change.kind) {
      case 'refresh':
        void client.invalidateQueries({ queryKey: change.queryKey, exact: change.exact });
        break;
      case 'remove':
        client.removeQueries({ queryKey: change.queryKey, type: 'inactive' });
        void client.invalidateQueries({ queryKey: change.queryKey });
        break;
      case 'relist':
        void relist(client, change.queryKey);
        break;
      case 'everything':
        client.removeQueries({ type: 'inactive' });
        void client.invalidateQueries();
        break;
    }
  }
}
