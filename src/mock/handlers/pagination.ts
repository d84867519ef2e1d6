/** Pagination (API.md §3): limit/offset envelopes, and page/limit for project activity (§6.3). */

/** Where the links of a page point: the request's host, path and query. */
export interface LinkBase {
  /** `http://` + the request's Host. */
  origin: string;
  pathname: string;
  /** The request's query (without `?`). */
  search: string;
}

export interface Envelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A whole number written in decimal (optional sign and surrounding spaces), else null. */
function integerParam(value: string | null): number | null {
  if (value === null || !/^\s*[+-]?\d+\s*$/.test(value)) return null;
  const n = Number(value.trim());
  // No maximum: past the safe range a number still means "everything".
  return Number.isSafeInteger(n) ? n : n > 0 ? Number.MAX_SAFE_INTEGER : null;
}

/** `limit`: positive integer, else the default; `offset`: non-negative integer, else 0. */
export function limitOffset(params: URLSearchParams, defaultLimit = 100): { limit: number; offset: number } {
  const limit = integerParam(params.get('limit'));
  const offset = integerParam(params.get('offset'));
  return {
    limit: limit !== null && limit > 0 ? limit : defaultLimit,
    offset: offset !== null && offset >= 0 ? offset : 0,
  };
}

function linkWith(base: LinkBase, set: Record<string, number | null>): string {
  const params = new URLSearchParams(base.search);
  for (const [name, value] of Object.entries(set)) {
    if (value === null) params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return `${base.origin}${base.pathname}${query ? `?${query}` : ''}`;
}

/** `next` and `previous` of a limit/offset page. */
export function envelopeLinks(
  base: LinkBase,
  limit: number,
  offset: number,
  count: number,
): { next: string | null; previous: string | null } {
  const next = offset + limit < count ? linkWith(base, { limit, offset: offset + limit }) : null;
  let previous: string | null = null;
  if (offset > 0) previous = linkWith(base, { limit, offset: offset - limit > 0 ? offset - limit : null });
  return { next, previous };
}

/** One page of an already ordered list, in the envelope. */
export function paginate<T>(items: ReadonlyArray<T>, base: LinkBase, params: URLSearchParams): Envelope<T> {
  const { limit, offset } = limitOffset(params);
  return {
    count: items.length,
    ...envelopeLinks(base, limit, offset, items.length),
    results: items.slice(offset, offset + limit),
  };
}

/** `page` (default 1) and `limit` (default 10): positive integers, else the default. */
export function pageAndLimit(params: URLSearchParams): { page: number; limit: number } {
  const page = integerParam(params.get('page'));
  const limit = integerParam(params.get('limit'));
  return { page: page !== null && page > 0 ? page : 1, limit: limit !== null && limit > 0 ? limit : 10 };
}

export function pageLinks(
  base: LinkBase,
  page: number,
  limit: number,
  total: number,
): { next: string | null; previous: string | null } {
  return {
    next: page * limit < total ? linkWith(base, { page: page + 1, limit }) : null,
    previous: page > 1 ? linkWith(base, { page: page - 1, limit }) : null,
  };
}

/** The activity log's page size (§6.3). */
export const activityLogPageSize = 100;

/** An opaque cursor for a position in a list (production's are opaque too). */
function encodeCursor(offset: number): string {
  return btoa(`o=${offset}`).replace(/=+$/, '');
}

function decodeCursor(cursor: string | null): number {
  if (!cursor) return 0;
  try {
    const match = /^o=(\d+)$/.exec(atob(cursor));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function cursorLink(base: LinkBase, offset: number | null): string {
  const params = new URLSearchParams(base.search);
  if (offset === null || offset <= 0) params.delete('cursor');
  else params.set('cursor', encodeCursor(offset));
  const query = params.toString();
  return `${base.origin}${base.pathname}${query ? `?${query}` : ''}`;
}

/** One cursor page (100 entries) of an ordered list, with `next` and `previous` keeping the filters. */
export function activityLogPage<T>(items: ReadonlyArray<T>, cursor: string | null, base: LinkBase) {
  const offset = Math.min(decodeCursor(cursor), items.length);
  const end = offset + activityLogPageSize;
  return {
    next: end < items.length ? cursorLink(base, end) : null,
    previous: offset > 0 ? cursorLink(base, offset - activityLogPageSize) : null,
    results: items.slice(offset, end),
  };
}
