/**
 * The contract check (`/explorer/check`): every reading operation of the contract once, with real
 * ids found on the way (the current organization, its first project, a dashboard of it, the key's
 * own id), at most 4 requests in flight through the request pool (./request-pool.ts: its 429 pauses
 * and retries), each answer given the contract's verdict (src/contract/operations/verdict.ts). Against the mock,
 * `includeChanges` also runs every changing operation, one after another, in a scratch world of its
 * own (API.md §9 `X-Mock-World`) that is dropped at the end (`DELETE /__mock/worlds/<name>`), so no
 * one's data is touched. Every request goes through the pages' own wrapper (http.ts), so it is in the
 * API log. Nothing here holds the key: it is read from the connection at each send.
 */
import type { QueryClient } from '@tanstack/react-query';
import { operations, fillPath, type Operation } from '../../contract/operations/operations.ts';
import { scopeGranted, type RequiredScope } from '../../contract/scopes.ts';
import { operationVerdict, type Verdict } from '../../contract/operations/verdict.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import { apiExchange, parseRetryAfter, type Exchange } from '../client/http.ts';
import { MAX_429_RETRIES, UNREADABLE_RETRY_AFTER_SECONDS } from '../client/rate-limit.ts';
import { runtimeOf } from '../runtime/runtime.ts';
import { createRequestPool, type BulkClock } from './request-pool.ts';

export type CheckResult =
  | { kind: 'matches'; status: number; verdict: Verdict }
  | { kind: 'differs'; status: number; verdict: Verdict }
  /** The API said no to this key (401, 403): `needs <scope>` when the key lacks it, else the API's words. */
  | { kind: 'refused'; status: number; reason: string }
  /** Any other answer, no answer, or no id to send it with. */
  | { kind: 'failed'; status: number | null; reason: string };

export interface CheckRow {
  operation: Operation;
  /** A change, run in the scratch world. */
  change: boolean;
  state: 'waiting' | 'running' | 'done' | 'stopped';
  /** The path as sent, ids filled in (null until sent). */
  path: string | null;
  durationMs: number | null;
  result: CheckResult | null;
}

export interface CheckProgress {
  done: number;
  total: number;
  inFlight: number;
  /** Until when (clock time) nothing new is sent after a 429, else null. */
  pausedUntil: number | null;
}

export interface CheckReport {
  rows: CheckRow[];
  stopped: boolean;
  includeChanges: boolean;
  /** The scratch world the changes ran in, and whether it was dropped afterwards. */
  scratchWorld: { name: string; dropped: boolean; reason?: string } | null;
  startedAt: string;
  durationMs: number;
  /** Most requests in flight at once. */
  peakInFlight: number;
}

export interface ContractCheckOptions {
  client: QueryClient;
  /** Run the changing operations too, in a scratch world (only against the mock). */
  includeChanges: boolean;
  /** Called with a fresh copy of the rows whenever one changes. */
  onRows?: (rows: CheckRow[]) => void;
  onProgress?: (progress: CheckProgress) => void;
  /** Default 4. */
  concurrency?: number;
  clock?: BulkClock;
  /** The scratch world's name (default `contract-check-<random>`). */
  scratchWorld?: string;
}

export interface ContractCheckRun {
  done: Promise<CheckReport>;
  /** No new request starts; those in flight are cancelled; the scratch world is still dropped. */
  stop: () => void;
}

/** Summary counts of rows: `18 operations: 15 match, 1 differs, 2 refused, 0 failed`. */
export function summaryLine(rows: ReadonlyArray<Pick<CheckRow, 'result' | 'state'>>): string {
  const count = (kind: CheckResult['kind']) => rows.filter((row) => row.result?.kind === kind).length;
  const notRun = rows.filter((row) => !row.result).length;
  const total = rows.length;
  return (
    `${total} ${total === 1 ? 'operation' : 'operations'}: ${count('matches')} match, ${count('differs')} differs, ` +
    `${count('refused')} refused, ${count('failed')} failed${notRun > 0 ? `, ${notRun} not checked` : ''}`
  );
}

// ---------- ids found on the way ----------

type Ids = Partial<Record<string, string>>;
type Body = Record<string, unknown> | null;
const asObject = (value: unknown): Body => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const idText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const firstResult = (body: unknown): Body => {
  const results = asObject(body)?.results;
  return Array.isArray(results) ? asObject(results[0]) : null;
};

/**
 * Which answer gives which id, first source first: the current organization (`@me`, else the first
 * of the list), its first project, that project's first dashboard, the key's own id.
 */
const idSources: Readonly<Record<string, ReadonlyArray<{ from: string; pick: (body: unknown) => string | undefined }>>> = {
  organization_id: [
    { from: 'usersMe', pick: (body) => idText(asObject(asObject(body)?.organization)?.id) },
    { from: 'organizationsList', pick: (body) => idText(firstResult(body)?.id) },
  ],
  project_id: [{ from: 'projectsList', pick: (body) => idText(firstResult(body)?.id) }],
  dashboard_id: [{ from: 'dashboardsList', pick: (body) => idText(firstResult(body)?.id) }],
  key_id: [{ from: 'personalApiKeysCurrent', pick: (body) => idText(asObject(body)?.id) }],
};

/** The value of a parameter once every source before the one that gave it has answered; undefined while it may still come; null when none gave one. */
function resolveParam(name: string, answers: ReadonlyMap<string, unknown>, finished: ReadonlySet<string>): string | null | undefined {
  const sources = idSources[name];
  if (!sources) return null;
  for (const source of sources) {
    if (!finished.has(source.from)) return undefined;
    const value = source.pick(answers.get(source.from));
    if (value !== undefined) return value;
  }
  return null;
}

// ---------- the changes, in the order they can run ----------

interface ChangeContext {
  ids: Ids;
  stamp: string;
  /** A member who may be made a collaborator (neither an admin nor the key's user). */
  collaborator?: string;
  tileId?: string;
  templateDashboardId?: string;
  passwordId?: string;
  projectB?: string;
}

interface ChangeStep {
  /** The operation's id (operations.ts). */
  id: string;
  params: (context: ChangeContext) => Ids;
  body?: (context: ChangeContext, example: unknown) => unknown;
  /** Ids its answer gives to the steps after it. */
  keep?: (context: ChangeContext, body: unknown) => void;
}

const withExample = (extra: (context: ChangeContext) => Record<string, unknown>) => (context: ChangeContext, example: unknown) => ({
  ...(asObject(example) ?? {}),
  ...extra(context),
});
const projectA = (context: ChangeContext): Ids => ({ organization_id: context.ids.organization_id, project_id: context.ids.project_id });
const projectB = (context: ChangeContext): Ids => ({ project_id: context.projectB });
const dashboard = (context: ChangeContext): Ids => ({ project_id: context.ids.project_id, dashboard_id: context.ids.dashboard_id });

/**
 * Every changing operation, in an order in which each finds what it needs: two projects made for the
 * check (one under the organization, one through `/api/projects/`), changed and deleted; a
 * dashboard and a template's dashboard made in the first, changed, shared, given a collaborator and
 * a password, and a tile moved between them. The test says when an operation of the catalogue is missing.
 */
export const changeSteps: ReadonlyArray<ChangeStep> = [
  {
    id: 'projectsCreate',
    params: (context) => ({ organization_id: context.ids.organization_id }),
    body: (context) => ({ name: `Contract check ${context.stamp} A`, timezone: 'Europe/Berlin' }),
    keep: (context, body) => {
      context.ids.project_id = idText(asObject(body)?.id);
    },
  },
  {
    id: 'projectsCreateCurrent',
    params: () => ({}),
    body: (context) => ({ name: `Contract check ${context.stamp} B` }),
    keep: (context, body) => {
      context.projectB = idText(asObject(body)?.id);
    },
  },
  { id: 'projectsUpdate', params: projectA, body: (context) => ({ name: `Contract check ${context.stamp} A (renamed)`, anonymize_ips: true }) },
  { id: 'projectsUpdatePut', params: projectA, body: (context) => ({ name: `Contract check ${context.stamp} A (put)` }) },
  { id: 'projectsAddProductIntent', params: projectA, body: (_, example) => example },
  { id: 'projectsCompleteProductOnboarding', params: projectA, body: (_, example) => example },
  { id: 'projectsResetToken', params: projectA },
  { id: 'projectsUpdateViaProjects', params: projectB, body: (context) => ({ name: `Contract check ${context.stamp} B (renamed)` }) },
  { id: 'projectsUpdatePutViaProjects', params: projectB, body: (context) => ({ name: `Contract check ${context.stamp} B (put)` }) },
  { id: 'projectsAddProductIntentViaProjects', params: projectB, body: (_, example) => example },
  { id: 'projectsCompleteProductOnboardingViaProjects', params: projectB, body: (_, example) => example },
  { id: 'projectsResetTokenViaProjects', params: projectB },
  {
    id: 'dashboardsCreate',
    params: (context) => ({ project_id: context.ids.project_id }),
    body: withExample((context) => ({ name: `Contract check ${context.stamp}`, restriction_level: restrictionLevels.onlyCollaboratorsCanEdit })),
    keep: (context, body) => {
      context.ids.dashboard_id = idText(asObject(body)?.id);
    },
  },
  {
    id: 'dashboardsCreateFromTemplateJson',
    params: (context) => ({ project_id: context.ids.project_id }),
    body: (_, example) => example,
    keep: (context, body) => {
      context.templateDashboardId = idText(asObject(body)?.id);
      const tiles = asObject(body)?.tiles;
      context.tileId = Array.isArray(tiles) ? idText(asObject(tiles[0])?.id) : undefined;
    },
  },
  { id: 'dashboardsUpdate', params: dashboard, body: withExample((context) => ({ name: `Contract check ${context.stamp} (renamed)` })) },
  { id: 'dashboardsUpdatePut', params: dashboard, body: withExample((context) => ({ name: `Contract check ${context.stamp} (put)`, pinned: false })) },
  {
    id: 'dashboardsMoveTile',
    params: (context) => ({ project_id: context.ids.project_id, dashboard_id: context.templateDashboardId }),
    body: (context) => ({ tile: { id: Number(context.tileId) }, toDashboard: Number(context.ids.dashboard_id) }),
  },
  { id: 'collaboratorsAdd', params: dashboard, body: (context) => ({ user_uuid: context.collaborator, level: 37 }) },
  { id: 'collaboratorsRemove', params: (context) => ({ ...dashboard(context), user_uuid: context.collaborator }) },
  { id: 'sharingUpdate', params: dashboard, body: withExample(() => ({ password_required: true })) },
  { id: 'sharingRefresh', params: dashboard },
  {
    id: 'sharingAddPassword',
    params: dashboard,
    body: (_, example) => example,
    keep: (context, body) => {
      context.passwordId = idText(asObject(body)?.id);
    },
  },
  { id: 'sharingDeletePassword', params: (context) => ({ ...dashboard(context), password_id: context.passwordId }) },
  { id: 'accessControlsUpdate', params: dashboard, body: (_, example) => example },
  { id: 'dashboardsDelete', params: dashboard },
  { id: 'projectsDelete', params: projectA },
  { id: 'projectsDeleteViaProjects', params: projectB },
];

const randomName = () => `contract-check-${Math.random().toString(36).slice(2, 10)}`;

/** The API's sentence in an error body (`detail`, else `error`), or the status line. */
function reasonOf(exchange: Exchange): string {
  const body = asObject(exchange.body);
  const detail = body?.detail ?? body?.error;
  if (typeof detail === 'string' && detail.trim()) return detail.trim();
  return `${exchange.status}${exchange.statusText ? ` ${exchange.statusText}` : ''}`;
}

/** The row's result for an answer: the verdict for a success, else refused or failed. */
export function resultOf(operation: Operation, exchange: Exchange, heldScopes: ReadonlyArray<string> | null): CheckResult {
  const status = exchange.status;
  const success = (status >= 200 && status < 300) || status === operation.status;
  if (success) {
    if (!exchange.json) {
      const verdict: Verdict = {
        matches: false,
        differences: [{ path: 'answer', expected: 'JSON', got: 'text', line: 'answer: expected JSON, got text' }],
        unnamed: [],
      };
      return { kind: 'differs', status, verdict };
    }
    const verdict = operationVerdict(operation, { status, body: exchange.body === null && status === 204 ? undefined : exchange.body });
    return { kind: verdict.matches ? 'matches' : 'differs', status, verdict };
  }
  if (status === 401 || status === 403) {
    const scope = operation.scope as RequiredScope | null;
    if (scope && heldScopes && !scopeGranted(heldScopes, scope)) return { kind: 'refused', status, reason: `needs ${scope}` };
    return { kind: 'refused', status, reason: reasonOf(exchange) };
  }
  return { kind: 'failed', status, reason: reasonOf(exchange) };
}

class Throttled extends Error {
  readonly status = 429;
  constructor(
    readonly exchange: Exchange,
    readonly retryAfter: number,
  ) {
    super('429 Too Many Requests');
  }
}

const abortError = () => new DOMException('The contract check was stopped.', 'AbortError');

export function runContractCheck(options: ContractCheckOptions): ContractCheckRun {
  const { client, includeChanges, onRows, onProgress } = options;
  const stopper = new AbortController();
  const clock = options.clock;
  const pool = createRequestPool({
    concurrency: options.concurrency ?? 4,
    ...(clock ? { clock } : {}),
    signal: stopper.signal,
    onPauseChange: () => report(),
  });
  const startedAt = new Date();
  const started = performance.now();
  const all = operations();
  const rows: CheckRow[] = [
    ...all.filter((operation) => operation.reads).map((operation) => ({ operation, change: false })),
    ...(includeChanges
      ? changeSteps.map((step) => ({ operation: all.find((operation) => operation.id === step.id)!, change: true }))
      : []),
  ].map(({ operation, change }) => ({ operation, change, state: 'waiting' as const, path: null, durationMs: null, result: null }));
  const byId = new Map(rows.filter((row) => !row.change).map((row) => [row.operation.id, row]));

  const report = () => {
    onRows?.(rows.map((row) => ({ ...row })));
    onProgress?.({
      done: rows.filter((row) => row.result).length,
      total: rows.length,
      inFlight: pool.inFlight(),
      pausedUntil: pool.pausedUntil(),
    });
  };
  const update = (row: CheckRow, next: Partial<CheckRow>) => {
    Object.assign(row, next);
    report();
  };

  /** Sends one operation through the pool; the answer (a 429 is retried by the pool), or throws. */
  const send = (row: CheckRow, path: string, body: unknown, world?: string) =>
    pool.run(async (signal) => {
      update(row, { state: 'running', path });
      const connection = runtimeOf(client).connection.get();
      const sent = performance.now();
      const exchange = await apiExchange(
        { client, signal },
        {
          endpoint: row.operation.endpoints[0]!.name,
          method: row.operation.method,
          path,
          ...(body !== undefined ? { body } : {}),
          ...(world && connection ? { connection: { host: connection.host, key: connection.key, world } } : {}),
        },
      );
      row.durationMs = Math.round(performance.now() - sent);
      if (exchange.status === 429) {
        const header = exchange.headers.find(([name]) => name.toLowerCase() === 'retry-after')?.[1] ?? null;
        throw new Throttled(exchange, parseRetryAfter(header) ?? UNREADABLE_RETRY_AFTER_SECONDS);
      }
      return exchange;
    });

  let heldScopes: string[] | null = null;
  const answers = new Map<string, unknown>();
  const finished = new Set<string>();

  const settle = async (row: CheckRow, path: string, body?: unknown, world?: string): Promise<Exchange | null> => {
    try {
      const exchange = await send(row, path, body, world);
      update(row, { state: 'done', result: resultOf(row.operation, exchange, heldScopes) });
      return exchange;
    } catch (error) {
      if (stopper.signal.aborted) {
        update(row, { state: 'stopped' });
        return null;
      }
      const reason =
        error instanceof Throttled
          ? `429 Too Many Requests: still throttled after ${MAX_429_RETRIES} retries`
          : error instanceof Error
            ? error.message
            : String(error);
      update(row, { state: 'done', result: { kind: 'failed', status: error instanceof Throttled ? 429 : null, reason } });
      return null;
    }
  };

  const readAll = async () => {
    const pending = new Set(byId.values());
    const running = new Set<Promise<void>>();
    for (;;) {
      if (stopper.signal.aborted) break;
      for (const row of [...pending]) {
        const values: Ids = {};
        let missing: string | null = null;
        let waiting = false;
        for (const name of row.operation.pathParams) {
          const value = resolveParam(name, answers, finished);
          if (value === undefined) waiting = true;
          else if (value === null) missing ??= name;
          else values[name] = value;
        }
        if (waiting) continue;
        pending.delete(row);
        if (missing !== null) {
          update(row, { state: 'done', result: { kind: 'failed', status: null, reason: `no ${missing} to read with (what gives one was refused or empty)` } });
          finished.add(row.operation.id);
          continue;
        }
        const task = (async () => {
          const exchange = await settle(row, fillPath(row.operation.path, values));
          if (exchange && exchange.status >= 200 && exchange.status < 300) answers.set(row.operation.id, exchange.body);
          if (row.operation.id === 'personalApiKeysCurrent') {
            const scopes = asObject(exchange?.body)?.scopes;
            if (Array.isArray(scopes)) heldScopes = scopes.filter((scope): scope is string => typeof scope === 'string');
          }
          finished.add(row.operation.id);
        })();
        running.add(task);
        void task.finally(() => running.delete(task));
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    await Promise.all(running);
  };

  const changeAll = async (world: string) => {
    const members = asObject(answers.get('organizationsMembers'))?.results;
    const me = asObject(answers.get('usersMe'));
    const collaborator = Array.isArray(members)
      ? members
          .map(asObject)
          .find((member) => typeof member?.level === 'number' && member.level < 8 && asObject(member.user)?.uuid !== me?.uuid)
      : undefined;
    const context: ChangeContext = {
      ids: { organization_id: resolveParam('organization_id', answers, finished) ?? undefined },
      stamp: startedAt.toISOString().slice(0, 19).replace('T', ' '),
      collaborator: idText(asObject(collaborator?.user)?.uuid),
    };
    const changeRows = rows.filter((row) => row.change);
    for (const [index, step] of changeSteps.entries()) {
      if (stopper.signal.aborted) break;
      const row = changeRows[index]!;
      const params = step.params(context);
      const missing = row.operation.pathParams.find((name) => !params[name]);
      const body = row.operation.body && step.body ? step.body(context, structuredClone(row.operation.body.example)) : undefined;
      if (missing) {
        update(row, { state: 'done', result: { kind: 'failed', status: null, reason: `no ${missing} to change (an earlier step did not give one)` } });
        continue;
      }
      const exchange = await settle(row, fillPath(row.operation.path, params as Record<string, string>), body, world);
      if (exchange && exchange.status >= 200 && exchange.status < 300) step.keep?.(context, exchange.body);
    }
  };

  const done = (async (): Promise<CheckReport> => {
    report();
    await readAll();
    let scratchWorld: CheckReport['scratchWorld'] = null;
    if (includeChanges) {
      const name = options.scratchWorld ?? randomName();
      await changeAll(name);
      // Dropped even after a stop: the world must not outlive the check.
      try {
        const dropped = await apiExchange(
          { client },
          { endpoint: 'mock.dropWorld', method: 'DELETE', path: `/__mock/worlds/${encodeURIComponent(name)}`, auth: false },
        );
        // A 404 says that no request of the check reached that world (something in between dropped its header).
        scratchWorld =
          dropped.status === 204
            ? { name, dropped: true }
            : {
                name,
                dropped: false,
                reason: dropped.status === 404 ? 'the mock had no such world: the changes did not reach it' : reasonOf(dropped),
              };
      } catch (error) {
        scratchWorld = { name, dropped: false, reason: error instanceof Error ? error.message : String(error) };
      }
    }
    for (const row of rows) if (!row.result) row.state = 'stopped';
    report();
    return {
      rows: rows.map((row) => ({ ...row })),
      stopped: stopper.signal.aborted,
      includeChanges,
      scratchWorld,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      peakInFlight: pool.peak(),
    };
  })();

  return {
    done,
    stop: () => {
      if (!stopper.signal.aborted) stopper.abort(abortError());
    },
  };
}
