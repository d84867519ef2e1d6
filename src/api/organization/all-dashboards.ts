/**
 * Every dashboard of every project of an organization (`All dashboards`, `Public links`, and any page
 * that counts the organization's dashboards) in the Query cache: one entry for the organization's
 * projects, one entry per project holding its slim rows (only what the pages show, filter and
 * authorize on, so 50,000 rows stay light), streamed page by page as they arrive. Every read goes
 * through one request pool per console (at most 4 requests in flight in all, a 429's `Retry-After`
 * honoured), and the last page leaving a project's entry cancels what is in flight for it. Declared
 * changes reach these entries like any other (src/api/resources/dashboards/dashboard-rows.ts): a change refetches at most
 * the project it touched.
 */
import {
  notifyManager,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorSentence } from '../../contract/error-body.ts';
import type { ProjectListItem } from '../../contract/schemas.ts';
import type { SharingConfiguration } from '../../contract/dashboard-sharing.ts';
import {
  createUserInterner,
  emptyProjectRows,
  slimDashboard,
  type OrganizationDashboard,
  type ProjectRows,
} from '../resources/dashboards/dashboard-rows.ts';
import { fetchDashboardPage } from '../resources/dashboards/dashboards.ts';
import type { ApiCall } from '../client/http.ts';
import { PAGE_SIZE } from '../client/pagination.ts';
import { fetchProjectPage } from '../resources/projects.ts';
import { keyRoots } from '../client/query-keys.ts';
import { createRequestPool, type RequestPool } from '../bulk/request-pool.ts';
import { sharingQueries } from '../resources/sharing.ts';

export type { OrganizationDashboard, ProjectRows } from '../resources/dashboards/dashboard-rows.ts';

/**
 * Page size of the dashboard lists: API.md §3 sets no maximum `limit`, and production's dashboards
 * list pages by limit/offset; 250 (as `Select all M matching` uses) keeps one page's parse a short task.
 */
export const ORGANIZATION_PAGE_SIZE = 250;

export interface ProjectFailure {
  projectId: number;
  projectName: string;
  /** The API's sentence. */
  reason: string;
}



/** A project as the organization's pages name it. */
export type OrganizationProject = Pick<ProjectListItem, 'id' | 'name'>;

const pools = new WeakMap<QueryClient, RequestPool>();

/** The console's one pool for the organization's fan-out reads (made with its QueryClient, on first use). */
export function organizationPool(client: QueryClient): RequestPool {
  let pool = pools.get(client);
  if (!pool) {
    pool = createRequestPool({ concurrency: 4 });
    pools.set(client, pool);
  }
  return pool;
}

/** Every project of `organization` ('' for the current one), page after page, through the pool. */
export async function fetchOrganizationProjects(organization: string, call: ApiCall): Promise<OrganizationProject[]> {
  const pool = organizationPool(call.client);
  const projects: OrganizationProject[] = [];
  for (let offset = 0; ; ) {
    const page = await pool.run((signal) => fetchProjectPage({ organization, offset, limit: PAGE_SIZE }, { client: call.client, signal }), call.signal);
    for (const { id, name } of page.results) projects.push({ id, name });
    offset += page.results.length;
    if (page.results.length === 0 || offset >= page.count) return projects;
  }
}

interface RowsChunk {
  rows: OrganizationDashboard[];
  count: number;
  last: boolean;
}

/**
 * One project's dashboards as chunks of slim rows: the first page, then every other page at once
 * (the pool keeps the limit), handed over in order as they arrive.
 */
async function* streamProjectRows(project: OrganizationProject, call: ApiCall, pageSize: number): AsyncGenerator<RowsChunk> {
  const pool = organizationPool(call.client);
  const intern = createUserInterner();
  const page = (offset: number) =>
    pool.run((signal) => fetchDashboardPage(project.id, { offset, limit: pageSize }, { client: call.client, signal }), call.signal);
  const first = await page(0);
  const offsets: number[] = [];
  for (let offset = first.results.length; first.results.length > 0 && offset < first.count; offset += pageSize) offsets.push(offset);
  const rest = offsets.map((offset) => page(offset));
  // Pages still in flight when the stream is dropped (a cancel) must not surface as unhandled.
  for (const pending of rest) pending.catch(() => {});
  yield { rows: first.results.map((d) => slimDashboard(project, d, intern)), count: first.count, last: rest.length === 0 };
  for (const [index, pending] of rest.entries()) {
    const next = await pending;
    yield { rows: next.results.map((d) => slimDashboard(project, d, intern)), count: next.count, last: index === rest.length - 1 };
  }
}

const addChunk = (data: ProjectRows, chunk: RowsChunk): ProjectRows => ({
  rows: data.rows.concat(chunk.rows),
  count: chunk.count,
  complete: chunk.last,
});

/** Rows reach the cache (and so React) at most this often while a first load streams in. */
const FLUSH_MS = 100;

interface Flusher {
  writes: Map<string, () => void>;
  timer: ReturnType<typeof setTimeout> | null;
  last: number;
}
const flushers = new WeakMap<QueryClient, Flusher>();

/**
 * Every project's streamed rows written together, in one batch of notifications, at most every
 * FLUSH_MS (at once after a quiet spell, so the first rows show without waiting): 50,000 rows
 * arriving in 200 pages cost a few renders a second, not one per page. `null` drops a pending write.
 */
function scheduleWrite(client: QueryClient, queryKey: QueryKey, write: (() => void) | null) {
  let state = flushers.get(client);
  if (!state) flushers.set(client, (state = { writes: new Map(), timer: null, last: 0 }));
  const flusher = state;
  const hash = JSON.stringify(queryKey);
  if (!write) {
    flusher.writes.delete(hash);
    return;
  }
  flusher.writes.set(hash, write);
  const flush = () => {
    flusher.timer = null;
    flusher.last = Date.now();
    const writes = [...flusher.writes.values()];
    flusher.writes.clear();
    notifyManager.batch(() => writes.forEach((run) => run()));
  };
  if (flusher.timer !== null) return;
  const wait = flusher.last + FLUSH_MS - Date.now();
  if (wait <= 0) flush();
  else flusher.timer = setTimeout(flush, wait);
}

/**
 * One project's rows as a query function: a first load writes the rows into the cache as they arrive
 * (batched); a refetch keeps the rows on screen and swaps them once all arrived. Cancelled (`Stop`, the
 * page left), the entry keeps what arrived, incomplete.
 */
function streamRows(project: OrganizationProject, pageSize: number) {
  return async (context: QueryFunctionContext<QueryKey>): Promise<ProjectRows> => {
    const { client, queryKey, signal } = context;
    const query = client.getQueryCache().find<ProjectRows>({ queryKey, exact: true });
    const refetch = !!query?.state.data && query.state.dataUpdateCount > 0;
    let result = emptyProjectRows;
    const writeNow = () => client.setQueryData<ProjectRows>(queryKey, result);
    // What arrived stays when the load is cancelled (the query then reverts to the last write).
    const keep = () => {
      if (refetch) return;
      scheduleWrite(client, queryKey, null);
      writeNow();
    };
    signal.addEventListener('abort', keep, { once: true });
    try {
      for await (const chunk of streamProjectRows(project, { client, signal }, pageSize)) {
        result = addChunk(result, chunk);
        if (!refetch && !chunk.last) scheduleWrite(client, queryKey, writeNow);
      }
    } finally {
      signal.removeEventListener('abort', keep);
    }
    scheduleWrite(client, queryKey, null);
    return result;
  };
}

const rowsFresh = 30_000;

export const organizationDashboardQueries = {
  /** The organization's projects (`organization` '' for the current one), every page. */
  projects: (organization: string) =>
    queryOptions({
      queryKey: [...keyRoots.organization, organization || '@current', 'projects'] as const,
      queryFn: (call) => fetchOrganizationProjects(organization, call),
    }),
  /**
   * Every dashboard of one project as slim rows, streamed: the first load shows rows as they arrive;
   * a refetch keeps the rows on screen and swaps them once all arrived. An entry left incomplete
   * (`Stop`, or the page left while loading) keeps what arrived and is always stale.
   */
  rows: (project: OrganizationProject, pageSize = ORGANIZATION_PAGE_SIZE) =>
    queryOptions({
      queryKey: keyRoots.dashboardRows(project.id),
      queryFn: streamRows(project, pageSize) as (context: QueryFunctionContext<ReturnType<typeof keyRoots.dashboardRows>>) => Promise<ProjectRows>,
      staleTime: (query) => (query.state.data?.complete ? rowsFresh : 0),
      // 50,000 rows: no deep comparison of each chunk with the entry before it.
      structuralSharing: false,
    }),
};

// ---------- the hook the pages use ----------

export interface ProjectFailure {
  projectId: number;
  projectName: string;
  /** The API's sentence. */
  reason: string;
}

export interface OrganizationDashboardsState {
  /** Every row loaded so far, project after project. */
  rows: ReadonlyArray<OrganizationDashboard>;
  projects: ReadonlyArray<OrganizationProject> | null;
  /** Projects whose every page arrived, or that could not be read. */
  loadedProjects: number;
  failures: ReadonlyArray<ProjectFailure>;
  /** The project list could not be read. */
  error: unknown;
  /** A first load is under way (a refresh in the background is not). */
  loading: boolean;
  /** `Stop` was pressed before everything arrived. */
  stopped: boolean;
  stop: () => void;
  /** Loads again what is missing (after `Stop`, or when the project list failed). */
  reload: () => void;
}

interface Combined {
  rows: OrganizationDashboard[];
  loadedProjects: number;
  pending: number;
  failures: ProjectFailure[];
}

/**
 * The organization's dashboards from the cache: the projects' entry, then one entry per project
 * (every one through the same pool), combined into one list of rows. `enabled: false` reads only
 * what is cached.
 */
export function useOrganizationDashboards(organization: string, enabled = true): OrganizationDashboardsState {
  const client = useQueryClient();
  // Which organization `Stop` halted: what stops is this page's loading, not the data.
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const stopped = stoppedFor === organization;
  const active = enabled && !stopped;
  const projects = useQuery({ ...organizationDashboardQueries.projects(organization), enabled: active });
  const list = projects.data;

  // The rows stay the same array while no entry changed (a render for typing must not hand 50,000
  // rows over again, which would filter and sort them again).
  const last = useRef<{ datas: ReadonlyArray<ProjectRows | undefined>; rows: OrganizationDashboard[] }>({ datas: [], rows: [] });
  const combine = useCallback(
    (results: UseQueryResult<ProjectRows>[]): Combined => {
      const datas = results.map((result) => result.data);
      const same = datas.length === last.current.datas.length && datas.every((data, i) => data === last.current.datas[i]);
      let rows = last.current.rows;
      if (!same) {
        rows = [];
        for (const data of datas) if (data) for (const row of data.rows) rows.push(row);
        last.current = { datas, rows };
      }
      const failures: ProjectFailure[] = [];
      let loadedProjects = 0;
      let pending = 0;
      results.forEach((result, index) => {
        const data = result.data;
        if (result.isError && !data?.complete) {
          const project = list?.[index];
          if (project) failures.push({ projectId: project.id, projectName: project.name, reason: errorSentence(result.error) });
          loadedProjects += 1;
        } else if (data?.complete) loadedProjects += 1;
        else pending += 1;
      });
      return { rows, loadedProjects, pending, failures };
    },
    [list],
  );
  const combined = useQueries({
    queries: (list ?? []).map((project) => ({ ...organizationDashboardQueries.rows(project), enabled: active })),
    combine,
  });

  const stop = useCallback(() => {
    setStoppedFor(organization);
    // Cancelling keeps what each entry received (its last written rows) and leaves it incomplete.
    void client.cancelQueries({ queryKey: organizationDashboardQueries.projects(organization).queryKey, exact: true });
    for (const project of list ?? []) void client.cancelQueries({ queryKey: keyRoots.dashboardRows(project.id), exact: true });
  }, [client, organization, list]);

  const refetchProjects = projects.refetch;
  const reload = useCallback(() => {
    if (stoppedFor !== null) setStoppedFor(null);
    else void refetchProjects();
  }, [stoppedFor, refetchProjects]);

  const loading = active && (projects.isPending || (list !== undefined && combined.pending > 0)) && !projects.isError;
  return {
    rows: combined.rows,
    projects: list ?? null,
    loadedProjects: combined.loadedProjects,
    failures: combined.failures,
    error: list ? null : projects.error,
    loading,
    stopped: stopped && (list === undefined || combined.pending > 0),
    stop,
    reload,
  };
}

// ---------- public links ----------

export interface PublicLinkConfig {
  access_token: string | null;
  password_required: boolean;
  created_at: string | null;
  enabled: boolean;
}

export const slimSharing = (sharing: SharingConfiguration): PublicLinkConfig => ({
  access_token: sharing.access_token,
  password_required: sharing.password_required,
  created_at: sharing.created_at,
  enabled: sharing.enabled,
});

export interface SharingConfigurations {
  /** By row key: the configuration, or the API's sentence when it could not be read. */
  configs: ReadonlyMap<string, PublicLinkConfig | { error: string }>;
  loaded: number;
  total: number;
}

/** Configurations asked for at once: each answer lets the next one go. */
const SHARING_IN_FLIGHT = 4;

/**
 * The sharing configuration of each shared row: the Sharing tab's entries, read through their one
 * factory (`sharingQueries.detail`), at most 4 unanswered at a time (those answered stay subscribed).
 */
export function useSharingConfigurations(rows: ReadonlyArray<OrganizationDashboard>): SharingConfigurations {
  const client = useQueryClient();
  const shared = useMemo(() => rows.filter((row) => row.is_shared), [rows]);
  const combine = useCallback(
    (results: UseQueryResult<SharingConfiguration>[]): SharingConfigurations => {
      const configs = new Map<string, PublicLinkConfig | { error: string }>();
      let loaded = 0;
      results.forEach((result, index) => {
        const row = shared[index];
        if (!row) return;
        if (result.data) configs.set(row.key, slimSharing(result.data));
        else if (result.isError) configs.set(row.key, { error: errorSentence(result.error) });
        if (result.data || result.isError) loaded += 1;
      });
      return { configs, loaded, total: results.length };
    },
    [shared],
  );
  let waiting = 0;
  const queries = shared.map((row) => {
    const options = sharingQueries.detail(row.projectId, row.id);
    const state = client.getQueryState(options.queryKey);
    // An answer (or a failure) in the cache is used; of the others, the first few are asked for.
    const answered = state !== undefined && (state.data !== undefined || state.status === 'error');
    return { ...options, enabled: answered || waiting++ < SHARING_IN_FLIGHT };
  });
  return useQueries({ queries, combine });
}
