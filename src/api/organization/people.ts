/**
 * `People` and the person page (CONSOLE.md "Who can do what, and why"): how many dashboards each
 * member created (counted over the rows `All dashboards` loads), and the dashboards where one
 * person's access differs from what their role alone gives, worked out by the verdict
 * (access-verdict.ts) from each dashboard's collaborators and rules.
 *
 * A person's exceptions are a cache entry of their own (`personAccessQueries.exceptions`), built from
 * the cached entries of the organization's rows and of each dashboard's collaborators and rules (read
 * through their own factories, at most 4 requests in flight through the organization's pool, a
 * fresh answer read from the cache, an invalidated one never trusted). A collaborator, rule or
 * restriction change declares `keyRoots.personAccess` changed, here and in the other tabs, so the
 * entry is built again from what changed (and what did not, from the cache).
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorSentence } from '../../contract/error-body.ts';
import type { Member } from '../../contract/schemas.ts';
import type { Collaborator } from '../../contract/dashboard-sharing.ts';
import type { AccessControls } from '../../contract/access-control.ts';
import { accessControlQueries } from '../access/access-controls.ts';
import { accessVerdicts, type AccessLevel, type MemberInput } from '../access/access-verdict.ts';
import { collaboratorQueries } from '../resources/collaborators.ts';
import { keyRoots } from '../client/query-keys.ts';
import { organizationDashboardQueries, organizationPool } from './all-dashboards.ts';
import { restrictionLevels } from '../../contract/inputs.ts';

/** What the person page needs of a dashboard (an `All dashboards` row has it). */
export interface DashboardForPerson {
  key: string;
  projectId: number;
  projectName: string;
  id: number;
  name: string | null;
  restriction_level: number;
  created_by: { uuid: string } | null;
}

/** Each creator's number of dashboards, by user uuid. */
export function countCreated(rows: ReadonlyArray<{ created_by: { uuid: string } | null }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const uuid = row.created_by?.uuid;
    if (uuid) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
  }
  return counts;
}

const RESTRICTED = restrictionLevels.onlyCollaboratorsCanEdit;
/** What a plain member's role alone gives on a dashboard (§5.7: `editor` without rules, §5.4: restriction 21). */
const ROLE_ALONE: AccessLevel = 'editor';
/** Read facts (and a person's complete exceptions) stay fresh this long (a revisit within it reads nothing again). */
const KEEP_MS = 5 * 60_000;
/** A first build's progress reaches the cache (and React) at most this often. */
const FLUSH_MS = 100;

export interface PersonException {
  dashboard: DashboardForPerson;
  access: AccessLevel;
  why: string;
}

/**
 * Whether `dashboard` is an exception for `member`, and how, from what was read: restricted
 * dashboards they were invited to, dashboards restricted away from them, and dashboards whose rules
 * lower or raise them. The dashboards they created are not exceptions (they are counted apart).
 */
export function exceptionFor(
  member: MemberInput,
  dashboard: DashboardForPerson,
  collaborators: ReadonlyArray<Collaborator> | null,
  rules: AccessControls | null,
  features: ReadonlyArray<{ key: string }> | null,
): PersonException | null {
  if (dashboard.created_by?.uuid === member.user.uuid) return null;
  const restricted = dashboard.restriction_level >= RESTRICTED;
  const [verdict] = accessVerdicts({
    members: [member],
    dashboard,
    collaborators: collaborators ?? [],
    rules: rules
      ? rules.access_controls.map((r) => ({ access_level: r.access_level ?? '', organization_member: r.organization_member ?? null, role: r.role }))
      : null,
    usersWithAccess: null,
    features,
  });
  if (!verdict || !verdict.rulesApply) return null;
  if (verdict.access === ROLE_ALONE && !(restricted && verdict.invited) && !verdict.ownRuleDecides) return null;
  return { dashboard, access: verdict.access, why: verdict.why };
}

/** A person's exceptions as the cache keeps them; `complete` false while building, or after `Stop`. */
export interface PersonExceptions {
  exceptions: PersonException[];
  /** Dashboards whose facts could not be read, with the API's sentence. */
  failures: Array<{ dashboard: DashboardForPerson; reason: string }>;
  /** Dashboards looked at, of how many (rows still arriving make `total` grow). */
  done: number;
  total: number;
  complete: boolean;
}

const noExceptions: PersonExceptions = { exceptions: [], failures: [], done: 0, total: 0, complete: false };

/** A cached answer that may be used as it is: present, never invalidated, read within KEEP_MS. */
function freshAnswer<T>(client: QueryClient, queryKey: QueryKey): T | undefined {
  const state = client.getQueryState<T>(queryKey);
  return state && state.data !== undefined && !state.isInvalidated && Date.now() - state.dataUpdatedAt < KEEP_MS ? state.data : undefined;
}

/**
 * The cached answer of `options` when fresh, else its own factory's fetch (deduplicated with any
 * other) through the organization's pool.
 */
function cachedOrFetched<T>(client: QueryClient, options: { queryKey: QueryKey; queryFn?: unknown }, signal: AbortSignal): T | Promise<T> {
  const cached = freshAnswer<T>(client, options.queryKey);
  if (cached !== undefined) return cached;
  return organizationPool(client).run(() => client.fetchQuery({ ...(options as Parameters<QueryClient['fetchQuery']>[0]), staleTime: KEEP_MS }) as Promise<T>, signal);
}

export interface PersonAccessSubject {
  /** The page's `?organization=` ('' for the key's current one): whose rows are walked. */
  organization: string;
  member: Member | null;
  /** The key may read rules (else only the restriction and collaborators count). */
  readRules: boolean;
  /** The organization's features (the verdict reads them). */
  features: ReadonlyArray<{ key: string }> | null;
}

/** Builds the entry: each project's rows as they are complete, then each dashboard's facts. */
function buildExceptions({ organization, member, readRules, features }: PersonAccessSubject) {
  return async (context: QueryFunctionContext<QueryKey>): Promise<PersonExceptions> => {
    const { client, queryKey, signal } = context;
    if (!member) return { ...noExceptions, complete: true };
    const before = client.getQueryState<PersonExceptions>(queryKey);
    // A first build (or one after `Stop`) shows its progress; a refresh keeps the last answer until done.
    const progressive = !before?.data?.complete;
    const result: PersonExceptions = { exceptions: [], failures: [], done: 0, total: 0, complete: false };
    const snapshot = (): PersonExceptions => ({ ...result, exceptions: [...result.exceptions], failures: [...result.failures] });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      if (!signal.aborted) client.setQueryData<PersonExceptions>(queryKey, snapshot());
    };
    const progress = () => {
      if (progressive) timer ??= setTimeout(write, FLUSH_MS);
    };
    // `Stop`: what was found stays, incomplete (the query reverts to the last write).
    const keep = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (progressive) client.setQueryData<PersonExceptions>(queryKey, snapshot());
    };
    signal.addEventListener('abort', keep, { once: true });

    const one = async (dashboard: DashboardForPerson) => {
      const theirs = dashboard.created_by?.uuid === member.user.uuid;
      const needsCollaborators = dashboard.restriction_level >= RESTRICTED && !theirs;
      const needsRules = readRules && !theirs;
      try {
        const [collaborators, rules] = await Promise.all([
          needsCollaborators ? cachedOrFetched<Collaborator[]>(client, collaboratorQueries.list(dashboard.projectId, dashboard.id), signal) : null,
          needsRules ? cachedOrFetched<AccessControls>(client, accessControlQueries.rules(dashboard.projectId, dashboard.id), signal) : null,
        ]);
        const exception = exceptionFor(member, dashboard, collaborators, rules, features);
        if (exception) result.exceptions.push(exception);
      } catch (error) {
        if (signal.aborted) throw error;
        result.failures.push({ dashboard, reason: errorSentence(error) });
      }
      result.done += 1;
      progress();
    };

    try {
      const projects = await client.fetchQuery(organizationDashboardQueries.projects(organization));
      await Promise.all(
        projects.map(async (project) => {
          let rows;
          try {
            rows = await client.fetchQuery(organizationDashboardQueries.rows(project));
          } catch (error) {
            if (signal.aborted) throw error;
            // The organization's pages say which project could not be read.
            return;
          }
          if (signal.aborted) return;
          result.total += rows.rows.length;
          progress();
          await Promise.all(rows.rows.map(one));
        }),
      );
    } finally {
      signal.removeEventListener('abort', keep);
      if (timer !== null) clearTimeout(timer);
    }
    if (signal.aborted) throw signal.reason;
    return { ...snapshot(), complete: true };
  };
}

export const personAccessQueries = {
  /**
   * The dashboards where `member`'s access differs from what their role alone gives, over every
   * dashboard of the organization: one entry per organization and member, built from the cached
   * rows, collaborators and rules. Incomplete (building, or stopped) it is always stale.
   */
  exceptions: (subject: PersonAccessSubject) =>
    queryOptions({
      queryKey: [
        ...keyRoots.personAccess,
        subject.organization || '@current',
        subject.member?.user.uuid ?? '',
        subject.member?.level ?? null,
        { readRules: subject.readRules, features: subject.features?.map((f) => f.key) ?? null },
      ] as const,
      queryFn: buildExceptions(subject) as (context: QueryFunctionContext) => Promise<PersonExceptions>,
      staleTime: (query) => (query.state.data?.complete ? KEEP_MS : 0),
      structuralSharing: false,
    }),
};

export interface PersonExceptionsState {
  exceptions: PersonException[];
  /** Dashboards looked at, of how many. */
  done: number;
  total: number;
  loading: boolean;
  stopped: boolean;
  /** Dashboards whose facts could not be read, with the API's sentence. */
  failures: PersonExceptions['failures'];
  stop: () => void;
  restart: () => void;
}

/**
 * The person page's view of the entry. Nothing is read for admins and owners (their role gives
 * them `manager` everywhere), nor before `enabled` (the organization's features are known).
 */
export function usePersonExceptions(subject: PersonAccessSubject, enabled = true): PersonExceptionsState {
  const client = useQueryClient();
  const options = personAccessQueries.exceptions(subject);
  const hash = JSON.stringify(options.queryKey);
  // Which entry `Stop` halted: what stops is this page's reading, not the data.
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const applies = !!subject.member && subject.member.level < 8;
  const stopped = stoppedFor === hash;
  const query = useQuery({ ...options, enabled: enabled && applies && !stopped });
  const data = query.data ?? noExceptions;
  const stop = () => {
    setStoppedFor(hash);
    void client.cancelQueries({ queryKey: options.queryKey, exact: true });
  };
  const restart = () => setStoppedFor(null);
  return {
    exceptions: data.exceptions,
    done: data.done,
    total: data.total,
    loading: applies && !stopped && !data.complete && !query.isError,
    stopped: applies && stopped && !data.complete,
    failures: data.failures,
    stop,
    restart,
  };
}
