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
/** Whether a request is one of operation `id` (its method, and its path with any ids). */
const operationOfPath = (request: Request, id: string) =>
  request.method === operation(id).method && new RegExp(`^${operation(id).path.replace(/:\w+/g, '[^/]+')}$`).test(pathOf(request));

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
    const lines = (answered: CheckResult) => (answered.kind === 'differs' ? answered.verdict.differences.map((d) => d.line) : answered.kind);
    expect(lines(resultOf(operation('projectsDelete'), exchange(204, { id: 1 }), null))).toEqual(['answer: expected no body, got an object']);
    // An empty 200 is no object.
    expect(lines(resultOf(operation('usersMe'), exchange(200, null), null))).toEqual(['answer: expected an object, got null']);
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
    let throttled = 0;
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (pathOf(request) !== '/api/organizations/') return undefined;
        throttled += 1;
        return json({ detail: 'Request was throttled.' }, 429, throttled === 1 ? {} : { 'Retry-After': 'soon' });
      },
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
        if (['/api/organizations/', '/api/personal_api_keys/@current/'].includes(pathOf(request))) throw new TypeError('fetch failed');
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    const failed = rowOf(report.rows, 'organizationsList');
    expect(failed).toMatchObject({ state: 'done', result: { kind: 'failed', status: null } });
    expect(failed.result?.kind === 'failed' && failed.result.reason).toMatch(/fetch failed|network|reach/i);
    expect(rowOf(report.rows, 'personalApiKeysGet').result).toEqual({ kind: 'failed', status: null, reason: 'no key_id to read with (what gives one was refused or empty)' });
    expect(report.rows.filter((row) => row.result?.kind !== 'matches').map((row) => row.operation.id).sort()).toEqual(['organizationsList', 'personalApiKeysCurrent', 'personalApiKeysGet']);
  });

  it('says every request failed when no key is connected, and drops no world it never reached', async () => {
    const { client } = inProcessConsole({ key: null });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'never-reached' }).done;
    const notConnected = { kind: 'failed', status: null, reason: 'Not connected: enter a personal API key on the Connect page.' };
    expect(rowOf(report.rows, 'usersMe').result).toEqual(notConnected);
    expect(rowOf(report.rows, 'projectsCreateCurrent', true).result).toEqual(notConnected);
    expect(rowOf(report.rows, 'projectsCreate', true).result).toEqual({ kind: 'failed', status: null, reason: 'no organization_id to change (an earlier step did not give one)' });
    expect(report.scratchWorld).toEqual({ name: 'never-reached', dropped: false, reason: 'the mock had no such world: the changes did not reach it' });
  });

  it("takes the key's scopes from its own answer (@current) only", async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_readonly',
      answer: async (request, mock) => {
        if (!/^\/api\/personal_api_keys\/(?!@current)[^/]+\/$/.test(pathOf(request))) return undefined;
        return json({ ...((await (await mock(request)).json()) as object), scopes: ['*'] });
      },
    });
    const report = await runContractCheck({ client, includeChanges: false, concurrency: 1 }).done;
    expect(rowOf(report.rows, 'personalApiKeysGet').path).not.toBeNull();
    expect(rowOf(report.rows, 'accessControlsGet').result).toEqual({ kind: 'refused', status: 403, reason: 'needs access_control:read' });
  });

  it('reads on when the key answer (@current) is no object: no key id, no scopes, the API words', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_readonly',
      answer: (request) => (pathOf(request) === '/api/personal_api_keys/@current/' ? json(['phx_demo_readonly']) : undefined),
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    expect(rowOf(report.rows, 'personalApiKeysCurrent').result?.kind).toBe('differs');
    expect(rowOf(report.rows, 'personalApiKeysGet').result).toMatchObject({ kind: 'failed', reason: 'no key_id to read with (what gives one was refused or empty)' });
    const refused = rowOf(report.rows, 'accessControlsGet').result;
    expect(refused).toMatchObject({ kind: 'refused', status: 403 });
    expect(refused?.kind === 'refused' && refused.reason).not.toMatch(/^needs /);
  });

  it('keeps the scopes it knows when the key answer carries none', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_readonly',
      answer: async (request, mock) => {
        if (pathOf(request) !== '/api/personal_api_keys/@current/') return undefined;
        const { scopes: _, ...key } = (await (await mock(request)).json()) as { scopes: string[] };
        return json(key);
      },
    });
    const report = await runContractCheck({ client, includeChanges: false }).done;
    expect(rowOf(report.rows, 'personalApiKeysGet').result?.kind).toBe('matches');
    expect(rowOf(report.rows, 'accessControlsGet').result).toMatchObject({ kind: 'refused', status: 403 });
    expect(rowOf(report.rows, 'accessControlsGet').result).not.toMatchObject({ reason: 'needs access_control:read' });
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

  it('stops what is in flight: cancelled, shown stopped at once, not failed, and reads nothing after', async () => {
    let rowsWhileDropping: CheckRow[] = [];
    let latest: CheckRow[] = [];
    const { client, log } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (pathOf(request) === '/api/users/@me/') return apiError(403, 'No.');
        // The list of organizations never answers: it is in flight when the check stops.
        if (pathOf(request) === '/api/organizations/') return new Promise<Response>(() => {});
        if (pathOf(request).startsWith('/__mock/worlds/')) rowsWhileDropping = latest;
        return undefined;
      },
    });
    const run = runContractCheck({
      client,
      includeChanges: true,
      scratchWorld: 'stopped-reads',
      onRows: (rows) => {
        latest = rows;
        if (rowOf(rows, 'organizationsList').state === 'running') run.stop();
      },
    });
    const report = await run.done;
    expect(report.stopped).toBe(true);
    expect(rowOf(report.rows, 'organizationsList')).toMatchObject({ state: 'stopped', path: '/api/organizations/', result: null });
    // Shown stopped as soon as it was cancelled, while the scratch world is still being dropped.
    expect(rowOf(rowsWhileDropping, 'organizationsList').state).toBe('stopped');
    // What needs the organization is not checked (not failed for want of an id), nor is any change.
    expect(rowOf(report.rows, 'organizationsGet')).toMatchObject({ state: 'stopped', path: null, result: null });
    expect(report.rows.filter((row) => row.change).every((row) => row.state === 'stopped' && row.path === null)).toBe(true);
    expect(log().find((entry) => entry.path === '/api/organizations/')).toMatchObject({ cancelled: true, status: null });
    expect(report.scratchWorld).toEqual({ name: 'stopped-reads', dropped: false, reason: 'the mock had no such world: the changes did not reach it' });
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
    // The world is dropped without the key (the mock's own route).
    expect(log().filter((entry) => entry.path.startsWith('/__mock/'))).toMatchObject([{ method: 'DELETE', path: '/__mock/worlds/contract-check-test', status: 204, authenticated: false }]);
    // What each change sends: what it makes is named for the check and its start (UTC, to the
    // second); the others send the catalogue's example, or nothing.
    const stamp = report.startedAt.slice(0, 19).replace('T', ' ');
    const sent = (id: string) => changed.find((entry) => entry.path === rowOf(report.rows, id, true).path && entry.method === operation(id).method)!.requestBody;
    const example = (id: string) => operation(id).body!.example as object;
    const dashboardId = Number(/\/dashboards\/(\d+)\/$/.exec(rowOf(report.rows, 'dashboardsUpdate', true).path!)![1]);
    const collaborator = /\/collaborators\/([^/]+)\/$/.exec(rowOf(report.rows, 'collaboratorsRemove', true).path!)![1];
    const bodies: Record<string, unknown> = {
      projectsCreate: { name: `Contract check ${stamp} A`, timezone: 'Europe/Berlin' },
      projectsCreateCurrent: { name: `Contract check ${stamp} B` },
      projectsUpdate: { name: `Contract check ${stamp} A (renamed)`, anonymize_ips: true },
      projectsUpdatePut: { name: `Contract check ${stamp} A (put)` },
      projectsAddProductIntent: example('projectsAddProductIntent'),
      projectsCompleteProductOnboarding: example('projectsCompleteProductOnboarding'),
      projectsResetToken: null,
      projectsUpdateViaProjects: { name: `Contract check ${stamp} B (renamed)` },
      projectsUpdatePutViaProjects: { name: `Contract check ${stamp} B (put)` },
      projectsAddProductIntentViaProjects: example('projectsAddProductIntentViaProjects'),
      projectsCompleteProductOnboardingViaProjects: example('projectsCompleteProductOnboardingViaProjects'),
      projectsResetTokenViaProjects: null,
      dashboardsCreate: { ...example('dashboardsCreate'), name: `Contract check ${stamp}`, restriction_level: 37 },
      dashboardsCreateFromTemplateJson: example('dashboardsCreateFromTemplateJson'),
      dashboardsUpdate: { ...example('dashboardsUpdate'), name: `Contract check ${stamp} (renamed)` },
      dashboardsUpdatePut: { ...example('dashboardsUpdatePut'), name: `Contract check ${stamp} (put)`, pinned: false },
      dashboardsMoveTile: { tile: { id: expect.any(Number) as number }, toDashboard: dashboardId },
      collaboratorsAdd: { user_uuid: collaborator, level: 37 },
      collaboratorsRemove: null,
      sharingUpdate: { ...example('sharingUpdate'), password_required: true },
      sharingRefresh: null,
      sharingAddPassword: example('sharingAddPassword'),
      sharingDeletePassword: null,
      accessControlsUpdate: example('accessControlsUpdate'),
      dashboardsDelete: null,
      projectsDelete: null,
      projectsDeleteViaProjects: null,
    };
    expect(Object.fromEntries(changeSteps.map((step) => [step.id, sent(step.id)]))).toEqual(bodies);
    // The tile moved is one the template's dashboard made.
    expect(rowOf(report.rows, 'dashboardsMoveTile', true).path).toBe(`/api/projects/${/^\/api\/projects\/(\d+)\//.exec(rowOf(report.rows, 'dashboardsMoveTile', true).path!)![1]}/dashboards/${(changed.find((entry) => entry.path.endsWith('/create_from_template_json/'))!.responseBody as { id: number }).id}/move_tile/`);
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
        return json({ ...list, results: [null, member('not-a-level', Number.NaN), member(me.uuid, 1), member('an-admin', 8), member('the-member', 1), member('another', 1)] });
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'collaborators' }).done;
    const added = log().find((entry) => entry.method === 'POST' && entry.path.endsWith('/collaborators/'))!;
    expect(added.requestBody).toEqual({ user_uuid: 'the-member', level: 37 });
    expect(rowOf(report.rows, 'collaboratorsRemove', true).path).toMatch(/\/collaborators\/the-member\/$/);
  });

  it('runs the changes without a collaborator when @me and the members were refused', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => (pathOf(request) === '/api/users/@me/' || pathOf(request).endsWith('/members/') ? apiError(403, 'No.') : undefined),
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'no-members' }).done;
    expect(rowOf(report.rows, 'collaboratorsRemove', true).result).toEqual({ kind: 'failed', status: null, reason: 'no user_uuid to change (an earlier step did not give one)' });
    expect(rowOf(report.rows, 'dashboardsCreate', true).result?.kind).toBe('matches');
    expect(report.scratchWorld).toEqual({ name: 'no-members', dropped: true });
  });

  it('still makes a member a collaborator when @me was refused', async () => {
    const { client, log } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => (pathOf(request) === '/api/users/@me/' ? apiError(403, 'No.') : undefined),
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'no-me' }).done;
    const added = log().find((entry) => entry.method === 'POST' && entry.path.endsWith('/collaborators/'))!;
    expect(added.requestBody).toEqual({ user_uuid: expect.any(String) as string, level: 37 });
    expect(rowOf(report.rows, 'collaboratorsRemove', true).path).toContain(`/collaborators/${(added.requestBody as { user_uuid: string }).user_uuid}/`);
    expect(report.scratchWorld).toEqual({ name: 'no-me', dropped: true });
  });

  it('finishes, and drops its world, when a member in the list has no user', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: async (request, mock) => {
        if (!/^\/api\/organizations\/[^/]+\/members\/$/.test(pathOf(request))) return undefined;
        const list = (await (await mock(request)).json()) as { results: Array<{ level: number }> };
        return json({ ...list, results: [{ ...list.results[0]!, level: 1, user: null }] });
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'userless' }).done;
    expect(rowOf(report.rows, 'organizationsMembers').result?.kind).toBe('differs');
    expect(rowOf(report.rows, 'collaboratorsRemove', true).result).toEqual({ kind: 'failed', status: null, reason: 'no user_uuid to change (an earlier step did not give one)' });
    expect(report.scratchWorld).toEqual({ name: 'userless', dropped: true });
  });

  it.each([
    ['projectsCreate', 'null', 'projectsUpdate', 'project_id'],
    ['projectsCreateCurrent', 'text', 'projectsUpdateViaProjects', 'project_id'],
    ['projectsCreateCurrent', 'no answer', 'projectsResetTokenViaProjects', 'project_id'],
    ['dashboardsCreate', 'list', 'dashboardsUpdate', 'dashboard_id'],
    ['dashboardsCreateFromTemplateJson', 'null', 'dashboardsMoveTile', 'dashboard_id'],
    ['dashboardsCreateFromTemplateJson', 'tiles of no object', 'dashboardsMoveTile', 'dashboard_id'],
    ['sharingAddPassword', 'text', 'sharingDeletePassword', 'password_id'],
  ])('goes on when %s answers %s: %s has no %s', async (id, answer, next, missing) => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        if (!request.headers.has('X-Mock-World') || !operationOfPath(request, id)) return undefined;
        if (answer === 'no answer') throw new TypeError('fetch failed');
        if (answer === 'text') return new Response('Made.', { status: operation(id).status });
        const body = answer === 'null' ? null : answer === 'list' ? [{ id: 5 }] : { tiles: [7] };
        return json(body, operation(id).status);
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'odd-answers' }).done;
    expect(rowOf(report.rows, id, true).result?.kind).toMatch(answer === 'no answer' ? /^failed$/ : /^differs$/);
    expect(rowOf(report.rows, next, true).result).toEqual({ kind: 'failed', status: null, reason: `no ${missing} to change (an earlier step did not give one)` });
    expect(report.scratchWorld).toMatchObject({ dropped: true });
  });

  it('says which change had no id to run with when an earlier step gave none', async () => {
    const { client } = inProcessConsole({
      key: 'phx_demo_admin',
      answer: (request) => {
        // A 300 is no success: the id in it is not taken.
        if (request.method === 'POST' && /^\/api\/organizations\/[^/]+\/projects\/$/.test(pathOf(request))) return json({ id: 4242, detail: 'Could not make it.' }, 300);
        if (/\/members\/$/.test(pathOf(request))) return json({ count: 0, next: null, previous: null, results: [] });
        return undefined;
      },
    });
    const report = await runContractCheck({ client, includeChanges: true, scratchWorld: 'missing-ids' }).done;
    expect(rowOf(report.rows, 'projectsCreate', true).result).toEqual({ kind: 'failed', status: 300, reason: 'Could not make it.' });
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
