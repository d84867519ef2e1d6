/**
 * Every dashboard of every project of an organization (`All dashboards`, `Public links`): the
 * projects' lists fetched page by page through one request pool (at most 4 requests in flight in
 * all, a 429's `Retry-After` honoured), each dashboard kept as a slim row (only what the pages show,
 * filter and authorize on, never the API's whole object, so 50,000 rows stay light), rows handed
 * over as they arrive, and the signal of the page cancelling what is in flight when it is left.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardListItem, ProjectListItem, SharingConfiguration } from '../contract/schemas.ts';
import { fetchDashboardPage } from './dashboards.ts';
import { PAGE_SIZE } from './pagination.ts';
import { fetchProjectPage } from './projects.ts';
import { createRequestPool, type RequestPool } from './request-pool.ts';
import { fetchSharing } from './sharing.ts';

/**
 * Page size of the dashboard lists: API.md §3 sets no maximum `limit`, and production's dashboards
 * list pages by limit/offset; 250 (as `Select all M matching` uses) keeps one page's parse a short task.
 */
export const ORGANIZATION_PAGE_SIZE = 250;

/** A dashboard's creator, once per person (rows share it). */
export interface SlimUser {
  id: number;
  uuid: string;
  email: string;
  /** First and last name, else the email. */
  name: string;
}

/** One dashboard of the organization, as the pages need it. */
export interface OrganizationDashboard {
  /** `<project id>:<dashboard id>`: unique across projects. */
  key: string;
  projectId: number;
  projectName: string;
  id: number;
  name: string | null;
  description: string;
  tags: string[];
  pinned: boolean;
  is_shared: boolean;
  restriction_level: number;
  /** The caller's (37 = can edit), for the bulk actions' up-front refusals. */
  effective_privilege_level: number;
  /** The caller's level in the newer access control (§5.7; null where the backend sends none): edits need `editor` too. */
  user_access_level: string | null;
  last_accessed_at: string | null;
  created_at: string;
  created_by: SlimUser | null;
}

export const organizationDashboardKey = (projectId: number | string, dashboardId: number | string) => `${projectId}:${dashboardId}`;

/** Interns creators: one object per person, however many dashboards they made. */
function createUserInterner() {
  const users = new Map<string, SlimUser>();
  return (user: DashboardListItem['created_by']): SlimUser | null => {
    if (!user) return null;
    const known = users.get(user.uuid);
    if (known) return known;
    const name = [user.first_name, user.last_name].filter((part) => part?.trim()).join(' ') || user.email;
    const slim: SlimUser = { id: user.id, uuid: user.uuid, email: user.email, name };
    users.set(user.uuid, slim);
    return slim;
  };
}

export function slimDashboard(
  project: Pick<ProjectListItem, 'id' | 'name'>,
  dashboard: DashboardListItem,
  intern: (user: DashboardListItem['created_by']) => SlimUser | null,
): OrganizationDashboard {
  return {
    key: organizationDashboardKey(project.id, dashboard.id),
    projectId: project.id,
    projectName: project.name,
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description ?? '',
    tags: dashboard.tags,
    pinned: dashboard.pinned,
    is_shared: dashboard.is_shared,
    restriction_level: dashboard.restriction_level,
    effective_privilege_level: dashboard.effective_privilege_level,
    user_access_level: dashboard.user_access_level ?? null,
    last_accessed_at: dashboard.last_accessed_at,
    created_at: dashboard.created_at,
    created_by: intern(dashboard.created_by),
  };
}

export interface ProjectFailure {
  projectId: number;
  projectName: string;
  /** The API's sentence. */
  reason: string;
}

export interface LoadCallbacks {
  /** The organization's projects, once all are known. */
  onProjects: (projects: ReadonlyArray<Pick<ProjectListItem, 'id' | 'name'>>) => void;
  onRows: (rows: OrganizationDashboard[]) => void;
  onProjectLoaded: (projectId: number) => void;
  onProjectFailed: (failure: ProjectFailure) => void;
}

const reasonOf = (error: unknown) => {
  const detail = typeof error === 'object' && error !== null ? (error as { detail?: unknown; message?: unknown }) : {};
  if (typeof detail.detail === 'string' && detail.detail.trim()) return detail.detail.trim();
  if (typeof detail.message === 'string' && detail.message.trim()) return detail.message.trim();
  return 'The request failed.';
};

/**
 * Loads every dashboard of `organization` ('' for the current one) through `pool`. Resolves when
 * all is loaded (or failed); rejects only when the project list itself cannot be read, or on abort.
 */
export async function loadOrganizationDashboards(
  organization: string,
  client: QueryClient,
  pool: RequestPool,
  callbacks: LoadCallbacks,
  pageSize = ORGANIZATION_PAGE_SIZE,
): Promise<void> {
  const projects: ProjectListItem[] = [];
  for (let offset = 0; ; ) {
    const page = await pool.run((signal) => fetchProjectPage({ organization, offset, limit: PAGE_SIZE }, { client, signal }));
    projects.push(...page.results);
    offset += page.results.length;
    if (page.results.length === 0 || offset >= page.count) break;
  }
  callbacks.onProjects(projects.map(({ id, name }) => ({ id, name })));
  const intern = createUserInterner();

  const loadProject = async (project: ProjectListItem) => {
    try {
      const first = await pool.run((signal) => fetchDashboardPage(project.id, { offset: 0, limit: pageSize }, { client, signal }));
      callbacks.onRows(first.results.map((d) => slimDashboard(project, d, intern)));
      // The other pages at once (the pool keeps the in-flight limit), each shown as it arrives.
      const offsets: number[] = [];
      for (let offset = first.results.length; first.results.length > 0 && offset < first.count; offset += pageSize) offsets.push(offset);
      await Promise.all(
        offsets.map(async (offset) => {
          const page = await pool.run((signal) => fetchDashboardPage(project.id, { offset, limit: pageSize }, { client, signal }));
          callbacks.onRows(page.results.map((d) => slimDashboard(project, d, intern)));
        }),
      );
      callbacks.onProjectLoaded(project.id);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      callbacks.onProjectFailed({ projectId: project.id, projectName: project.name, reason: reasonOf(error) });
    }
  };
  await Promise.all(projects.map(loadProject));
}

// ---------- the hook the pages use ----------

export interface OrganizationDashboardsState {
  /** Every row loaded so far, in the order they arrived. */
  rows: ReadonlyArray<OrganizationDashboard>;
  projects: ReadonlyArray<Pick<ProjectListItem, 'id' | 'name'>> | null;
  loadedProjects: number;
  failures: ReadonlyArray<ProjectFailure>;
  /** The project list could not be read. */
  error: unknown;
  loading: boolean;
  /** `Stop` was pressed before everything arrived. */
  stopped: boolean;
  stop: () => void;
  /** Changes loaded rows after a bulk action (`null`: the row leaves); `added` come back (Undo of a delete). */
  update: (changes: ReadonlyMap<string, Partial<OrganizationDashboard> | null>, added?: ReadonlyArray<OrganizationDashboard>) => void;
  /** Starts again from nothing. */
  reload: () => void;
}

interface LoadState {
  /** The load these facts belong to (organization and generation). */
  run: string;
  rows: OrganizationDashboard[];
  projects: ReadonlyArray<Pick<ProjectListItem, 'id' | 'name'>> | null;
  loadedProjects: number;
  failures: ProjectFailure[];
  error: unknown;
  finished: boolean;
  stopped: boolean;
}

const freshState = (run: string): LoadState => ({
  run,
  rows: [],
  projects: null,
  loadedProjects: 0,
  failures: [],
  error: null,
  finished: false,
  stopped: false,
});

/** Rows reach React at most this often while loading (one render per batch, not per page). */
const FLUSH_MS = 100;

export function useOrganizationDashboards(organization: string, enabled = true): OrganizationDashboardsState {
  const [generation, setGeneration] = useState(0);
  const run = JSON.stringify([organization, generation]);
  const [state, setState] = useState<LoadState>(() => freshState(run));
  // A new organization (or Reload): the facts start again (React's "reset when a prop changes").
  const current = state.run === run ? state : freshState(run);
  if (state.run !== run) setState(current);
  const controllerRef = useRef<AbortController | null>(null);
  const client = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    const change = (next: (previous: LoadState) => Partial<LoadState>) => {
      if (controller.signal.aborted) return;
      setState((previous) => (previous.run === run ? { ...previous, ...next(previous) } : previous));
    };
    const pending: OrganizationDashboard[] = [];
    let started = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (pending.length === 0) return;
      const batch = pending.splice(0);
      change((previous) => ({ rows: previous.rows.concat(batch) }));
    };
    const pool = createRequestPool({ concurrency: 4, signal: controller.signal });
    void loadOrganizationDashboards(organization, client, pool, {
      onProjects: (list) => change(() => ({ projects: list })),
      onRows: (rows) => {
        pending.push(...rows);
        // The first rows show at once; later ones in batches.
        if (!started) {
          started = true;
          flush();
        } else timer ??= setTimeout(flush, FLUSH_MS);
      },
      onProjectLoaded: () => change((previous) => ({ loadedProjects: previous.loadedProjects + 1 })),
      onProjectFailed: (failure) =>
        change((previous) => ({ loadedProjects: previous.loadedProjects + 1, failures: [...previous.failures, failure] })),
    }).then(
      () => {
        if (timer !== null) clearTimeout(timer);
        flush();
        change(() => ({ finished: true }));
      },
      (error: unknown) => {
        if (timer !== null) clearTimeout(timer);
        flush();
        change(() => ({ finished: true, error }));
      },
    );
    return () => {
      if (timer !== null) clearTimeout(timer);
      controller.abort();
    };
  }, [organization, enabled, run, client]);

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller || controller.signal.aborted) return;
    controller.abort();
    setState((previous) => (previous.finished ? previous : { ...previous, finished: true, stopped: true }));
  }, []);

  const update = useCallback(
    (changes: ReadonlyMap<string, Partial<OrganizationDashboard> | null>, added: ReadonlyArray<OrganizationDashboard> = []) => {
    if (changes.size === 0 && added.length === 0) return;
    setState((previous) => {
      const rows: OrganizationDashboard[] = [];
      const present = new Set<string>();
      for (const row of previous.rows) {
        present.add(row.key);
        if (!changes.has(row.key)) {
          rows.push(row);
          continue;
        }
        const change = changes.get(row.key);
        if (change) rows.push({ ...row, ...change });
      }
      for (const row of added) if (!present.has(row.key)) rows.push({ ...row, ...changes.get(row.key) });
      return { ...previous, rows };
    });
    },
    [],
  );

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return {
    rows: current.rows,
    projects: current.projects,
    loadedProjects: current.loadedProjects,
    failures: current.failures,
    error: current.error,
    loading: enabled && !current.finished,
    stopped: current.stopped,
    stop,
    update,
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

/**
 * The sharing configuration of each shared row, at most 4 requests in flight, each handed over as
 * it arrives (the pages keep them by row key). Fetches a row once; `rows` may grow while loading.
 */
export function useSharingConfigurations(rows: ReadonlyArray<OrganizationDashboard>) {
  const [configs, setConfigs] = useState<ReadonlyMap<string, PublicLinkConfig | { error: string }>>(new Map());
  const requested = useRef(new Set<string>());
  const poolRef = useRef<{ pool: RequestPool; controller: AbortController } | null>(null);
  const client = useQueryClient();

  useEffect(() => {
    const controller = new AbortController();
    poolRef.current = { pool: createRequestPool({ concurrency: 4, signal: controller.signal }), controller };
    const asked = requested.current;
    return () => {
      controller.abort();
      poolRef.current = null;
      asked.clear();
    };
  }, []);

  useEffect(() => {
    const current = poolRef.current;
    if (!current) return;
    for (const row of rows) {
      if (!row.is_shared || requested.current.has(row.key)) continue;
      requested.current.add(row.key);
      current.pool
        .run((signal) => fetchSharing(row.projectId, row.id, { client, signal }))
        .then(
          (sharing) => !current.controller.signal.aborted && setConfigs((map) => new Map(map).set(row.key, slimSharing(sharing))),
          (error: unknown) =>
            !current.controller.signal.aborted && setConfigs((map) => new Map(map).set(row.key, { error: reasonOf(error) })),
        );
    }
  }, [rows, client]);

  const setConfig = useCallback((key: string, config: PublicLinkConfig) => setConfigs((map) => new Map(map).set(key, config)), []);
  return { configs, setConfig };
}
