// The contract check's runner (src/api/bulk/contract-check.ts): its summary line and an answer's
// result on small inputs, then whole checks against the bundled mock answered in process
// (./in-process-mock.ts: the mock's own handlers, no DOM), some of its answers replaced by the test's.
import { describe, expect, it } from 'vitest';
import { changeSteps, resultOf, runContractCheck, summaryLine, type CheckProgress, type CheckResult, type CheckRow } from '../../../src/api/bulk/contract-check.ts';
import type { Exchange } from '../../../src/api/client/http.ts';
import { operationById, operations } from '../../../src/contract/operations/operations.ts';
import type { BulkClock } from '../../../src/api/bulk/request-pool.ts';
import { inProcessConsole } from './in-process-mock.ts';

/** Where two JSON values differ (paths), but for the stamps a read leaves: a dashboard's and a key's last use. */
function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (/\.(last_accessed_at|last_used_at)$/.test(path)) return [];
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? [] : [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changedPaths((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`));
}

const readings = () => operations().filter((operation) => operation.reads);
const operation = (id: string) => operationById(id)!;
const rowOf = (rows: ReadonlyArray<CheckRow>, id: string, change = false) => rows.find((row) => row.operation.id === id && row.change === change)!;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const apiError = (status: number, detail: string) => json({ type: 'authentication_error', code: 'permission_denied', detail, attr: null }, status);
const pathOf = (request: Request) => new URL(request.url).pathname;

/** An answer as apiExchange hands it over. */
const exchange = (status: number, body: unknown, extra: Partial<Exchange> = {}): Exchange => ({
  status,
  statusText: '',
  headers: [],
  body,
  json: true,
  durationMs: 1,
  path: '/',
  ...extra,
});

/** A clock whose sleeps pass at once, and say how long they were. */
function fakeClock() {
  let now = 1_000_000;
  const slept: number[] = [];
  const clock: BulkClock = {
    now: () => now,
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
  return { clock, slept };
}

const result = (kind: CheckResult['kind'] | null) =>
  ({ state: 'done', result: kind === null ? null : kind === 'matches' || kind === 'differs' ? { kind, status: 200, verdict: { matches: kind === 'matches', differences: [], unnamed: [] } } : { kind, status: 403, reason: 'no' } }) as Pick<CheckRow, 'result' | 'state'>;

describe('summaryLine', () => {
  it('counts each kind of result, and the rows not checked', () => {
    const rows = [result('matches'), result('differs'), result('differs'), result('refused'), result('refused'), result('refused'), result(null), result(null)];
    expect(summaryLine(rows)).toBe('8 operations: 1 match, 2 differs, 3 refused, 0 failed, 2 not checked');
    expect(summaryLine([result('failed'), result('matches'), result('failed')])).toBe('3 operations: 1 match, 0 differs, 0 refused, 2 failed');
  });

  it('says one operation in the singular, and none in the plural', () => {
    expect(summaryLine([result('matches')])).toBe('1 operation: 1 match, 0 differs, 0 refused, 0 failed');
    expect(summaryLine([result(null)])).toBe('1 operation: 0 match, 0 differs, 0 refused, 0 failed, 1 not checked');
    expect(summaryLine([])).toBe('0 operations: 0 match, 0 differs, 0 refused, 0 failed');
  });
});

describe('resultOf', () => {
  it('gives a success the verdict on its answer', () => {
    const answered = resultOf(operation('projectsCreate'), exchange(200, {}), null);
    expect(answered).toMatchObject({ kind: 'differs', status: 200 });
    expect(answered.kind === 'differs' && answered.verdict.differences.map((d) => d.line)).toEqual(['status: expected 201, got 200']);
    const me = resultOf(operation('usersMe'), exchange(200, { email: 7 }), null);
    expect(me.kind).toBe('differs');
    expect(resultOf(operation('usersMe'), exchange(299, {}), null)).toMatchObject({ kind: 'differs', status: 299 });
  });

  it('takes an empty 204 as no body, and its own non-2xx success status as a success', () => {
    expect(resultOf(operation('projectsDelete'), exchange(204, null), null)).toEqual({ kind: 'matches', status: 204, verdict: { matches: true, differences: [], unnamed: [] } });
    const deleteRefused = exchange(405, { type: 'invalid_request', code: 'method_not_allowed', detail: 'Method "DELETE" not allowed.', attr: null });
    expect(resultOf(operation('dashboardsDelete'), deleteRefused, null)).toMatchObject({ kind: 'matches', status: 405 });
    expect(resultOf(operation('dashboardsGet'), deleteRefused, null)).toEqual({ kind: 'failed', status: 405, reason: 'Method "DELETE" not allowed.' });
  });

  it('says a success whose body is not JSON differs', () => {
    expect(resultOf(operation('projectsDelete'), exchange(204, 'gone', { json: false }), null)).toEqual({
      kind: 'differs',
      status: 204,
      verdict: { matches: false, differences: [{ path: 'answer', expected: 'JSON', got: 'text', line: 'answer: expected JSON, got text' }], unnamed: [] },
    });
  });

  it('counts only 200 to 299 as a success', () => {
    expect(resultOf(operation('projectsDelete'), exchange(199, null, { statusText: 'Odd' }), null)).toEqual({ kind: 'failed', status: 199, reason: '199 Odd' });
    expect(resultOf(operation('projectsDelete'), exchange(300, null, { statusText: 'Multiple Choices' }), null)).toEqual({ kind: 'failed', status: 300, reason: '300 Multiple Choices' });
    expect(resultOf(operation('projectsDelete'), exchange(200, null), null).kind).toBe('differs');
  });

  it('names the scope a refused key lacks, else gives the API words', () => {
    const refusal = exchange(403, { detail: '  You do not have permission.  ' });
    const dashboards = operation('dashboardsList');
    expect(resultOf(dashboards, refusal, ['project:read'])).toEqual({ kind: 'refused', status: 403, reason: 'needs dashboard:read' });
    expect(resultOf(dashboards, { ...refusal, status: 401 }, [])).toEqual({ kind: 'refused', status: 401, reason: 'needs dashboard:read' });
    // The key holds the scope, the scopes are not known, or the operation needs none: the API's words.
    expect(resultOf(dashboards, refusal, ['dashboard:read'])).toEqual({ kind: 'refused', status: 403, reason: 'You do not have permission.' });
    expect(resultOf(dashboards, refusal, null)).toEqual({ kind: 'refused', status: 403, reason: 'You do not have permission.' });
    expect(resultOf(operation('personalApiKeysGet'), refusal, [])).toEqual({ kind: 'refused', status: 403, reason: 'You do not have permission.' });
  });

  it('gives an error the API sentence (detail, else error), else its status line', () => {
    const listed = operation('dashboardsList');
    expect(resultOf(listed, exchange(500, { error: ' Server fell over ' }), null)).toEqual({ kind: 'failed', status: 500, reason: 'Server fell over' });
    expect(resultOf(listed, exchange(500, { detail: 'Detail first', error: 'not this' }), null)).toMatchObject({ reason: 'Detail first' });
    expect(resultOf(listed, exchange(502, { detail: '   ' }, { statusText: 'Bad Gateway' }), null)).toMatchObject({ reason: '502 Bad Gateway' });
    expect(resultOf(listed, exchange(502, { detail: 7 }), null)).toMatchObject({ reason: '502' });
    expect(resultOf(listed, exchange(503, ['Down'], { statusText: 'Service Unavailable' }), null)).toMatchObject({ reason: '503 Service Unavailable' });
    expect(resultOf(listed, exchange(404, '<html>Not here</html>', { json: false, statusText: 'Not Found' }), null)).toMatchObject({ kind: 'failed', reason: '404 Not Found' });
    expect(resultOf(listed, exchange(400, null), null)).toEqual({ kind: 'failed', status: 400, reason: '400' });
  });
});

describe('the contract check', () => {
  it('reads every reading operation once with real ids, at most 4 at a time, every answer matching, through the API log', async () => {
    const { client, log } = inProcessConsole({ key: 'phx_demo_admin' });
    const progress: CheckProgress[] = [];
    const before = Date.now();
    const report = await runContractCheck({ client, includeChanges: false, onProgress: (p) => progress.push(p) }).done;
    expect(report.rows).toHaveLength(readings().length);
    const notMatching = report.rows.filter((row) => row.result?.kind !== 'matches').map((row) => `${row.operation.id}: ${JSON.stringify(row.result)}`);
    expect(notMatching).toEqual([]);
    expect(report.rows.every((row) => row.state === 'done' && !row.change)).toBe(true);
    expect(report.peakInFlight).toBeLessThanOrEqual(4);
    expect(report.peakInFlight).toBeGreaterThan(1);
    expect(Math.max(...progress.map((p) => p.inFlight))).toBe(report.peakInFlight);
    expect(summaryLine(report.rows)).toBe(`${readings().length} operations: ${readings().length} match, 0 differs, 0 refused, 0 failed`);
    // Real ids: no `:param` left in a path, and each operation once in the API log, without a world.
    for (const row of report.rows) expect(row.path).not.toContain(':');
    const logged = log().map((entry) => `${entry.method} ${entry.path}`);
    for (const row of report.rows) expect(logged.filter((line) => line === `GET ${row.path}`)).toHaveLength(1);
    expect(log()).toHaveLength(report.rows.length);
    expect(log().every((entry) => !entry.requestHeaders?.some(([name]) => name === 'X-Mock-World'))).toBe(true);
    expect(rowOf(report.rows, 'dashboardsGet').path).toMatch(/^\/api\/projects\/\d+\/dashboards\/\d+\/$/);
    expect(rowOf(report.rows, 'personalApiKeysGet').path).toMatch(/^\/api\/personal_api_keys\/[^/:]+\/$/);
    // The report: what ran, when, how long.
    expect(report).toMatchObject({ stopped: false, includeChanges: false, scratchWorld: null });
    expect(Date.parse(report.startedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(report.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(report.durationMs).toBeLessThanOrEqual(Date.now() - before + 1);
    for (const row of report.rows) expect(row.durationMs).toBeLessThanOrEqual(report.durationMs + 1);
    // Progress: from nothing done to everything done, of every row, never paused.
    expect(progress[0]).toEqual({ done: 0, total: report.rows.length, inFlight: 0, pausedUntil: null });
    expect(progress.at(-1)).toEqual({ done: report.rows.length, total: report.rows.length, inFlight: 0, pausedUntil: null });
  });

  it('hands out a copy of the rows at each change: waiting, running with the path as sent, done', async () => {
    const { client } = inProcessConsole({ key: 'phx_demo_admin' });
    const seen: CheckRow[][] = [];
    const report = await runContractCheck({ client, includeChanges: false, concurrency: 1, onRows: (rows) => seen.push(rows) }).done;
    expect(report.peakInFlight).toBe(1);
    expect(seen[0]!.map((row) => [row.state, row.path, row.result, row.durationMs])).toEqual(report.rows.map(() => ['waiting', null, null, null]));
    expect(seen[0]!.map((row) => row.operation.id)).toEqual(readings().map((o) => o.id));
    const running = seen.map((rows) => rowOf(rows, 'usersMe')).find((row) => row.state === 'running')!;
    expect(running).toMatchObject({ path: '/api/users/@me/', result: null });
    expect(seen.at(-1)).toEqual(report.rows);
  });

  it('says which answers differ, one line each, and which the key may not read', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_readonly',
      answer: async (request, mock) => {
        if (pathOf(request) === '/api/users/@me/') {
          const me = (await (await mock(new Request(request.url, { headers: { authorization: 'Bearer phx_demo_admin' } }))).json()) as object;
          return json({ ...me, email: 7 });
        }
        if (/^\/api\/projects\/\d+\/is_generating_demo_data\/$/.test(pathOf(request))) return apiError(403, 'This action does not support personal API key access');
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    const row = (id: string) => rowOf(report.rows, id);
    expect(row('usersMe').result).toMatchObject({ kind: 'differs', status: 200 });
    const me = row('usersMe').result;
    expect(me?.kind === 'differs' ? me.verdict.differences.map((difference) => difference.line) : []).toEqual(['email: expected a string, got a number']);
    expect(row('projectsIsGeneratingDemoDataViaProjects').result).toEqual({
      kind: 'refused',
      status: 403,
      reason: 'This action does not support personal API key access',
    });
    expect(row('accessControlsGet').result).toEqual({ kind: 'refused', status: 403, reason: 'needs access_control:read' });
    expect(row('projectsIsGeneratingDemoData').result).toMatchObject({ kind: 'matches' });
    expect(summaryLine(report.rows)).toMatch(/^\d+ operations: \d+ match, 1 differs, 3 refused, 0 failed$/);
  });

  it('honours a 429 with a pause of its Retry-After, then sends the request again', async () => {
    let throttled = 0;
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (pathOf(request) !== '/api/organizations/' || throttled > 0) return undefined;
        throttled += 1;
        return json({ detail: 'Request was throttled.', type: 'throttled_error', code: 'throttled', attr: null }, 429, { 'Retry-After': '2' });
      },
    });
    const { clock, slept } = fakeClock();
    const progress: CheckProgress[] = [];
    const report = await runContractCheck({ client, includeChanges: false, clock, onProgress: (p) => progress.push(p) }).done;
    expect(throttled).toBe(1);
    expect(slept).toEqual([2000]);
    expect(progress.some((p) => p.pausedUntil === 1_000_000 + 2000)).toBe(true);
    expect(rowOf(report.rows, 'organizationsList').result?.kind).toBe('matches');
  });

  it('waits the default pause after a 429 without a readable Retry-After, and gives up after the retries', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => (pathOf(request) === '/api/organizations/' ? json({ detail: 'Request was throttled.' }, 429, { 'Retry-After': 'soon' }) : undefined),
    });
    const { clock, slept } = fakeClock();
    const report = await runContractCheck({ client, includeChanges: false, clock }).done;
    expect(slept).toEqual([5000, 5000, 5000]);
    expect(rowOf(report.rows, 'organizationsList').result).toEqual({ kind: 'failed', status: 429, reason: '429 Too Many Requests: still throttled after 3 retries' });
  });

  it('says a request that got no answer failed, with the reason', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (pathOf(request) === '/api/organizations/') throw new TypeError('fetch failed');
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    const failed = rowOf(report.rows, 'organizationsList').result;
    expect(failed).toMatchObject({ kind: 'failed', status: null });
    expect(failed?.kind === 'failed' && failed.reason).toMatch(/fetch failed|network|reach/i);
    expect(report.rows.filter((row) => row.result?.kind !== 'matches').map((row) => row.operation.id)).toEqual(['organizationsList']);
  });

  it('takes the organization from the first of the list when @me names none, and only from successful answers', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: async (request, mock) => {
        if (pathOf(request) === '/api/users/@me/') return json({ ...((await (await mock(request)).json()) as object), organization: null });
        if (pathOf(request) === '/api/organizations/') {
          const list = (await (await mock(request)).json()) as { results: Array<{ id: string }> };
          return json({ ...list, results: [{ ...list.results[0]!, id: 'org-from-list' }, ...list.results.slice(1)] });
        }
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    expect(rowOf(report.rows, 'organizationsGet').path).toBe('/api/organizations/org-from-list/');
    expect(rowOf(report.rows, 'projectsList').path).toBe('/api/organizations/org-from-list/projects/');
  });

  it('says which id is missing when what gives it was refused or empty, and reads on with the others', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (pathOf(request) === '/api/users/@me/') return apiError(403, 'No.');
        // A 300 is no success: its results give no id.
        if (pathOf(request) === '/api/organizations/') return json({ count: 1, next: null, previous: null, results: [{ id: 'not-this-one' }] }, 300);
        if (pathOf(request) === '/api/personal_api_keys/@current/') return json({ id: ['not', 'an', 'id'], scopes: ['*'] });
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    const noOrganization = { kind: 'failed', status: null, reason: 'no organization_id to read with (what gives one was refused or empty)' };
    expect(rowOf(report.rows, 'organizationsGet').result).toEqual(noOrganization);
    // The first missing id of the path is named.
    expect(rowOf(report.rows, 'projectsGet').result).toEqual(noOrganization);
    expect(rowOf(report.rows, 'dashboardsList').result).toEqual({ kind: 'failed', status: null, reason: 'no project_id to read with (what gives one was refused or empty)' });
    expect(rowOf(report.rows, 'personalApiKeysGet').result).toEqual({ kind: 'failed', status: null, reason: 'no key_id to read with (what gives one was refused or empty)' });
    expect(rowOf(report.rows, 'organizationsList').result).toMatchObject({ kind: 'failed', status: 300 });
    expect(report.rows.filter((row) => row.result?.kind === 'failed' && row.result.status === null).every((row) => row.path === null && row.state === 'done')).toBe(true);
    expect(rowOf(report.rows, 'projectsListAll').result?.kind).toBe('matches');
  });

  it('takes a project id given as a number or as text', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: async (request, mock) => {
        if (/^\/api\/organizations\/[^/]+\/projects\/$/.test(pathOf(request))) {
          const list = (await (await mock(request)).json()) as { results: Array<{ id: number }> };
          return json({ ...list, results: list.results.map((project) => ({ ...project, id: String(project.id) })) });
        }
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    expect(rowOf(report.rows, 'projectsGetViaProjects').path).toMatch(/^\/api\/projects\/\d+\/$/);
    expect(rowOf(report.rows, 'projectsGetViaProjects').result?.kind).toBe('matches');
  });

  it('stops: no new request, those in flight cancelled, the rest not checked', async () => {
    const { client, log } = inProcessConsole({ key: 'phx_demo_admin' });
    const run = runContractCheck({ client, includeChanges: false, onProgress: (p) => p.done >= 2 && run.stop() });
    const report = await run.done;
    expect(report.stopped).toBe(true);
    const checked = report.rows.filter((row) => row.result);
    expect(checked.length).toBeGreaterThanOrEqual(2);
    expect(checked.length).toBeLessThan(report.rows.length);
    expect(report.rows.filter((row) => !row.result).every((row) => row.state === 'stopped')).toBe(true);
    expect(report.rows.filter((row) => row.result).every((row) => row.state === 'done')).toBe(true);
    // Nothing was sent after the stop.
    expect(log()).toHaveLength(report.rows.filter((row) => row.path !== null).length);
    expect(summaryLine(report.rows)).toContain('not checked');
    run.stop();
    expect(report.stopped).toBe(true);
  });

  it('runs every changing operation in a scratch world, drops it, and leaves the default world as it was', async () => {
    const { client, mock, log } = inProcessConsole({ key: 'phx_demo_admin' });
    const before = mock.worlds.default.store.snapshot();
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'contract-check-test' }).done;
    const changes = report.rows.filter((row) => row.change);
    expect(changes.map((row) => row.operation.id)).toEqual(changeSteps.map((step) => step.id));
    expect(changes.map((row) => row.operation.id).sort()).toEqual(operations().filter((operation) => !operation.reads).map((operation) => operation.id).sort());
    expect(changes.filter((row) => row.result?.kind !== 'matches').map((row) => `${row.operation.id}: ${JSON.stringify(row.result)}`)).toEqual([]);
    expect(report.includeChanges).toBe(true);
    expect(report.scratchWorld).toEqual({ name: 'contract-check-test', dropped: true });
    expect(mock.worlds.peek('contract-check-test')).toBeUndefined();
    // The default world: only the reads' stamps changed.
    expect(changedPaths(before, mock.worlds.default.store.snapshot())).toEqual([]);
    // Each change went through the API log, in its world.
    const changed = log().filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/api/'));
    expect(changed).toHaveLength(changes.length);
    for (const entry of changed) expect(entry.requestHeaders).toContainEqual(['X-Mock-World', 'contract-check-test']);
    expect(log().some((entry) => entry.method === 'DELETE' && entry.path === '/__mock/worlds/contract-check-test' && entry.status === 204)).toBe(true);
    // What the changes made is named for the check and its start (UTC, to the second).
    const stamp = report.startedAt.slice(0, 19).replace('T', ' ');
    const sent = (id: string) => changed.find((entry) => entry.path === rowOf(report.rows, id, true).path && entry.method === operation(id).method)!.requestBody;
    expect(sent('projectsCreate')).toEqual({ name: `Contract check ${stamp} A`, timezone: 'Europe/Berlin' });
    expect(sent('projectsCreateCurrent')).toEqual({ name: `Contract check ${stamp} B` });
    expect(sent('projectsUpdate')).toEqual({ name: `Contract check ${stamp} A (renamed)`, anonymize_ips: true });
    expect(sent('dashboardsCreate')).toMatchObject({ name: `Contract check ${stamp}`, restriction_level: 37 });
    expect(sent('dashboardsUpdatePut')).toMatchObject({ name: `Contract check ${stamp} (put)`, pinned: false });
    expect(sent('sharingUpdate')).toMatchObject({ password_required: true });
  });

  it('names a scratch world of its own when none is given', async () => {
    const { client, log } = inProcessConsole({ key: 'phx_demo_admin' });
    const report = await runContractCheck({ client, includeChanges: true }).done;
    expect(report.scratchWorld).toMatchObject({ dropped: true });
    expect(report.scratchWorld!.name).toMatch(/^contract-check-[a-z0-9]{8}$/);
    expect(log().filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/api/')).every((entry) => entry.requestHeaders?.some(([name, value]) => name === 'X-Mock-World' && value === report.scratchWorld!.name))).toBe(true);
  });

  it('makes a member who is neither an admin nor the key user a collaborator', async () => {
    const { client, log } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: async (request, mock) => {
        if (!/^\/api\/organizations\/[^/]+\/members\/$/.test(pathOf(request))) return undefined;
        const me = (await (await mock(new Request('http://localhost/api/users/@me/', { headers: request.headers }))).json()) as { uuid: string };
        const list = (await (await mock(request)).json()) as { results: Array<{ level: number; user: { uuid: string } }> };
        const member = (uuid: string, level: number) => ({ ...list.results[0]!, level, user: { ...list.results[0]!.user, uuid } });
        return json({ ...list, results: [member('not-a-level', Number.NaN), member(me.uuid, 1), member('an-admin', 8), member('the-member', 1), member('another', 1)] });
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'collaborators' }).done;
    const added = log().find((entry) => entry.method === 'POST' && entry.path.endsWith('/collaborators/'))!;
    expect(added.requestBody).toEqual({ user_uuid: 'the-member', level: 37 });
    expect(rowOf(report.rows, 'collaboratorsRemove', true).path).toMatch(/\/collaborators\/the-member\/$/);
  });

  it('says which change had no id to run with when an earlier step gave none', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (request.method === 'POST' && /^\/api\/organizations\/[^/]+\/projects\/$/.test(pathOf(request))) return apiError(500, 'Could not make it.');
        if (/\/members\/$/.test(pathOf(request))) return json({ count: 0, next: null, previous: null, results: [] });
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'missing-ids' }).done;
    expect(rowOf(report.rows, 'projectsCreate', true).result).toEqual({ kind: 'failed', status: 500, reason: 'Could not make it.' });
    const noProject = { kind: 'failed', status: null, reason: 'no project_id to change (an earlier step did not give one)' };
    for (const id of ['projectsUpdate', 'projectsResetToken', 'dashboardsCreate', 'dashboardsDelete', 'projectsDelete']) {
      expect(rowOf(report.rows, id, true)).toMatchObject({ state: 'done', path: null, result: noProject });
    }
    // The steps through /api/projects/ had their own project.
    expect(rowOf(report.rows, 'projectsUpdateViaProjects', true).result?.kind).toBe('matches');
    expect(report.scratchWorld).toEqual({ name: 'missing-ids', dropped: true });
  });

  it('says why the scratch world was not dropped', async () => {
    const dropWith = async (answer: () => Response) => {
      const { client } = inProcessConsole({
        key: 'phx_demo_admin',
        answer: (request) => (request.method === 'DELETE' && pathOf(request).startsWith('/__mock/worlds/') ? answer() : undefined),
      });
      return (await runContractCheck({ client, includeChanges: true, scratchWorld: 'kept' }).done).scratchWorld;
    };
    expect(await dropWith(() => json({ detail: 'No such world.' }, 404))).toEqual({ name: 'kept', dropped: false, reason: 'the mock had no such world: the changes did not reach it' });
    expect(await dropWith(() => json({ detail: 'The mock is busy.' }, 503))).toEqual({ name: 'kept', dropped: false, reason: 'The mock is busy.' });
    const unreachable = await dropWith(() => {
      throw new TypeError('fetch failed');
    });
    expect(unreachable).toMatchObject({ name: 'kept', dropped: false });
    expect(unreachable?.reason).toMatch(/fetch failed|network|reach/i);
  });

  it('drops the scratch world after a stop among the changes, the changes left not checked', async () => {
    const { client, mock } = inProcessConsole({ key: 'phx_demo_admin' });
    const run = runContractCheck({
      client,
      includeChanges: true,
      scratchWorld: 'stopped-changes',
      onRows: (rows) => rows.some((row) => row.change && row.result) && run.stop(),
    });
    const report = await run.done;
    const changes = report.rows.filter((row) => row.change);
    expect(changes.filter((row) => row.result)).toHaveLength(1);
    expect(changes.slice(1).every((row) => row.state === 'stopped' && row.path === null)).toBe(true);
    expect(report.scratchWorld).toEqual({ name: 'stopped-changes', dropped: true });
    expect(mock.worlds.peek('stopped-changes')).toBeUndefined();
  });

  it('has a step for every changing operation of the catalogue, each once', () => {
    const changing = operations().filter((operation) => !operation.reads).map((operation) => operation.id).sort();
    expect(changeSteps.map((step) => step.id).sort()).toEqual(changing);
  });
});
