/**
 * `People` and the person page (CONSOLE.md "Who can do what, and why"): how many dashboards each
 * member created (counted over the rows `All dashboards` loads), and the dashboards where one
 * person's access differs from what their role alone gives, worked out by the verdict
 * (access-verdict.ts) from each dashboard's collaborators and rules. Those are read at most 4 at a
 * time through a request pool (its 429 pauses included), with progress and `Stop`, and kept in the
 * query cache under the factories' keys, so moving between people and pages reads nothing twice.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorSentence } from '../../contract/error-body.ts';
import type { Member } from '../../contract/schemas.ts';
import type { Collaborator } from '../../contract/dashboard-sharing.ts';
import type { AccessControls } from '../../contract/access-control.ts';
import { accessControlQueries, fetchAccessControls } from '../access/access-controls.ts';
import { accessVerdicts, type AccessLevel, type MemberInput } from '../access/access-verdict.ts';
import { collaboratorQueries, fetchCollaborators } from '../resources/collaborators.ts';
import { createRequestPool } from '../bulk/request-pool.ts';
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
/** Read facts stay fresh this long in the cache (a revisit within it reads nothing again). */
const KEEP_MS = 5 * 60_000;
/** Answers reach React at most this often. */
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

export interface PersonExceptionsState {
  exceptions: PersonException[];
  /** Dashboards looked at, of how many. */
  done: number;
  total: number;
  loading: boolean;
  stopped: boolean;
  /** Dashboards whose facts could not be read, with the API's sentence. */
  failures: Array<{ dashboard: DashboardForPerson; reason: string }>;
  stop: () => void;
  restart: () => void;
}


/** The cached answer under `queryKey` when it is fresh enough, else undefined. */
function fresh<T>(client: QueryClient, queryKey: readonly unknown[]): T | undefined {
  const state = client.getQueryState(queryKey);
  return state?.data !== undefined && Date.now() - state.dataUpdatedAt < KEEP_MS ? (state.data as T) : undefined;
}

/**
 * The exceptions of `member` over `dashboards` (which may still grow while `All dashboards` streams).
 * `readRules`: the key may read rules (else only the restriction and collaborators count).
 * Nothing is read for admins and owners: their role gives them `manager` everywhere.
 */
export function usePersonExceptions(
  member: Member | null,
  dashboards: ReadonlyArray<DashboardForPerson>,
  readRules: boolean,
  features: ReadonlyArray<{ key: string }> | null,
): PersonExceptionsState {
  const client = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const [results, setResults] = useState<{ run: string; exceptions: PersonException[]; done: number; failures: PersonExceptionsState['failures']; stopped: boolean }>({
    run: '',
    exceptions: [],
    done: 0,
    failures: [],
    stopped: false,
  });
  const run = JSON.stringify([member?.id ?? null, readRules, generation]);
  const current = results.run === run ? results : { run, exceptions: [], done: 0, failures: [], stopped: false };
  if (results.run !== run) setResults(current);
  const asked = useRef<{ run: string; keys: Set<string>; controller: AbortController; pool: ReturnType<typeof createRequestPool> } | null>(null);

  const applies = !!member && member.level < 8;

  // One pool per person (and per restart): what was asked for stays asked.
  useEffect(() => {
    if (!applies) return;
    const controller = new AbortController();
    asked.current = { run, keys: new Set(), controller, pool: createRequestPool({ concurrency: 4, signal: controller.signal }) };
    return () => {
      controller.abort();
      asked.current = null;
    };
  }, [applies, run]);

  useEffect(() => {
    const here = asked.current;
    if (!applies || !member || !here || here.run !== run || here.controller.signal.aborted) return;
    const { pool, controller } = here;
    // Answers reach React in batches (one render per batch, not per dashboard).
    const found: PersonException[] = [];
    const failed: PersonExceptionsState['failures'] = [];
    let settled = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (controller.signal.aborted || settled === 0) return;
      const [count, more, lost] = [settled, found.splice(0), failed.splice(0)];
      settled = 0;
      setResults((previous) =>
        previous.run === run
          ? {
              ...previous,
              done: previous.done + count,
              exceptions: more.length ? [...previous.exceptions, ...more] : previous.exceptions,
              failures: lost.length ? [...previous.failures, ...lost] : previous.failures,
            }
          : previous,
      );
    };
    const settle = () => {
      settled += 1;
      timer ??= setTimeout(flush, FLUSH_MS);
    };
    const ask = <T,>(queryKey: readonly unknown[], fetcher: (signal: AbortSignal) => Promise<T>): T | Promise<T> =>
      fresh<T>(client, queryKey) ??
      pool.run(async (signal) => {
        const answer = await fetcher(signal);
        client.setQueryData(queryKey, answer);
        return answer;
      });
    for (const dashboard of dashboards) {
      if (here.keys.has(dashboard.key)) continue;
      here.keys.add(dashboard.key);
      const needsCollaborators = dashboard.restriction_level >= RESTRICTED && dashboard.created_by?.uuid !== member.user.uuid;
      const needsRules = readRules && dashboard.created_by?.uuid !== member.user.uuid;
      const collaborators = needsCollaborators
        ? ask(collaboratorQueries.list(dashboard.projectId, dashboard.id).queryKey, (signal) =>
            fetchCollaborators(dashboard.projectId, dashboard.id, { client, signal }),
          )
        : null;
      const rules = needsRules
        ? ask(accessControlQueries.rules(dashboard.projectId, dashboard.id).queryKey, (signal) =>
            fetchAccessControls(dashboard.projectId, dashboard.id, { client, signal }),
          )
        : null;
      Promise.all([collaborators, rules]).then(
        ([c, r]) => {
          const exception = exceptionFor(member, dashboard, c, r, features);
          if (exception) found.push(exception);
          settle();
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          failed.push({ dashboard, reason: errorSentence(error) });
          settle();
        },
      );
    }
    return () => {
      if (timer !== null) clearTimeout(timer);
      flush();
    };
  }, [applies, member, dashboards, run, readRules, features, client]);

  const stop = useCallback(() => {
    const here = asked.current;
    if (!here || here.controller.signal.aborted) return;
    here.controller.abort();
    setResults((previous) => (previous.run === run ? { ...previous, stopped: true } : previous));
  }, [run]);

  const restart = useCallback(() => setGeneration((g) => g + 1), []);
  const total = applies ? dashboards.length : 0;
  const loading = applies && !current.stopped && current.done < total;
  return {
    exceptions: current.exceptions,
    done: current.done,
    total,
    loading,
    stopped: current.stopped,
    failures: current.failures,
    stop,
    restart,
  };
}
