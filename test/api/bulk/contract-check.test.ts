// The contract check's runner (src/api/bulk/contract-check.ts) against the bundled mock (msw).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeSteps, runContractCheck, summaryLine, type CheckProgress } from '../../../src/api/bulk/contract-check.ts';
import { operations } from '../../../src/contract/operations/operations.ts';
import { freshConsole } from '../../console.ts';
import { mock, server } from '../../setup.ts';

/** Where two JSON values differ (paths), but for the stamps a read leaves: a dashboard's and a key's last use. */
function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (/\.(last_accessed_at|last_used_at)$/.test(path)) return [];
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? [] : [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changedPaths((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`));
}

const readings = () => operations().filter((operation) => operation.reads);

describe('the contract check', () => {
  it('reads every reading operation once with real ids, at most 4 at a time, every answer matching, through the API log', async () => {
    const { queryClient, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const progress: CheckProgress[] = [];
    const report = await runContractCheck({ client: queryClient, includeChanges: false, onProgress: (p) => progress.push(p) }).done;
    expect(report.rows).toHaveLength(readings().length);
    const notMatching = report.rows.filter((row) => row.result?.kind !== 'matches').map((row) => `${row.operation.id}: ${JSON.stringify(row.result)}`);
    expect(notMatching).toEqual([]);
    expect(report.peakInFlight).toBeLessThanOrEqual(4);
    expect(report.peakInFlight).toBeGreaterThan(1);
    expect(Math.max(...progress.map((p) => p.inFlight))).toBeLessThanOrEqual(4);
    expect(summaryLine(report.rows)).toBe(`${readings().length} operations: ${readings().length} match, 0 differs, 0 refused, 0 failed`);
    // Real ids: no `:param` left in a path, and each operation once in the API log.
    for (const row of report.rows) expect(row.path).not.toContain(':');
    const logged = runtime.requestLog.get().map((entry) => `${entry.method} ${entry.path}`);
    for (const row of report.rows) expect(logged.filter((line) => line === `GET ${row.path}`)).toHaveLength(1);
    expect(report.rows.find((row) => row.operation.id === 'dashboardsGet')!.path).toMatch(/^\/api\/projects\/\d+\/dashboards\/\d+\/$/);
  });

  it('says which answers differ, one line each, and which the key may not read', async () => {
    const { queryClient } = freshConsole({ key: 'phx_demo_readonly' });
    server.use(
      http.get('*/api/users/@me/', async () => {
        const me = await (await fetch('http://localhost/api/users/@me/', { headers: { authorization: 'Bearer phx_demo_admin' } }).catch(() => null))?.json();
        return HttpResponse.json({ ...(me ?? {}), email: 7 });
      }, { once: true }),
      http.get('*/api/projects/:projectId/is_generating_demo_data/', () => HttpResponse.json({ detail: 'This action does not support personal API key access', type: 'authentication_error', code: 'permission_denied', attr: null }, { status: 403 })),
    );
    const report = await runContractCheck({ client: queryClient, includeChanges: false }).done;
    const row = (id: string) => report.rows.find((r) => r.operation.id === id)!;
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

  it('honours a 429 with a pause, then sends the request again', async () => {
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    let throttled = 0;
    server.use(
      http.get('*/api/organizations/', () => {
        throttled += 1;
        return HttpResponse.json({ detail: 'Request was throttled.', type: 'throttled_error', code: 'throttled', attr: null }, { status: 429, headers: { 'Retry-After': '0' } });
      }, { once: true }),
    );
    const report = await runContractCheck({ client: queryClient, includeChanges: false }).done;
    expect(throttled).toBe(1);
    expect(report.rows.find((row) => row.operation.id === 'organizationsList')!.result?.kind).toBe('matches');
  });

  it('stops: no new request, those in flight cancelled, the rest not checked', async () => {
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    const run = runContractCheck({ client: queryClient, includeChanges: false, onProgress: (p) => p.done >= 2 && run.stop() });
    const report = await run.done;
    expect(report.stopped).toBe(true);
    const checked = report.rows.filter((row) => row.result);
    expect(checked.length).toBeGreaterThanOrEqual(2);
    expect(checked.length).toBeLessThan(report.rows.length);
    expect(report.rows.filter((row) => !row.result).every((row) => row.state === 'stopped')).toBe(true);
    expect(summaryLine(report.rows)).toContain('not checked');
  });

  it('runs every changing operation in a scratch world, drops it, and leaves the default world as it was', async () => {
    const { queryClient, runtime } = freshConsole({ key: 'phx_demo_admin' });
    const before = mock.worlds.default.store.snapshot();
    const report = await runContractCheck({ client: queryClient, includeChanges: true, scratchWorld: 'contract-check-test' }).done;
    const changes = report.rows.filter((row) => row.change);
    expect(changes.map((row) => row.operation.id).sort()).toEqual(operations().filter((operation) => !operation.reads).map((operation) => operation.id).sort());
    expect(changes.filter((row) => row.result?.kind !== 'matches').map((row) => `${row.operation.id}: ${JSON.stringify(row.result)}`)).toEqual([]);
    expect(report.scratchWorld).toEqual({ name: 'contract-check-test', dropped: true });
    expect(mock.worlds.peek('contract-check-test')).toBeUndefined();
    // The default world: only the reads' stamps changed.
    expect(changedPaths(before, mock.worlds.default.store.snapshot())).toEqual([]);
    // Each change went through the API log, in its world.
    const changed = runtime.requestLog.get().filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/api/'));
    expect(changed).toHaveLength(changes.length);
    for (const entry of changed) expect(entry.requestHeaders).toContainEqual(['X-Mock-World', 'contract-check-test']);
    expect(runtime.requestLog.get().some((entry) => entry.method === 'DELETE' && entry.path === '/__mock/worlds/contract-check-test' && entry.status === 204)).toBe(true);
  });

  it('has a step for every changing operation of the catalogue, each once', () => {
    const changing = operations().filter((operation) => !operation.reads).map((operation) => operation.id).sort();
    expect(changeSteps.map((step) => step.id).sort()).toEqual(changing);
  });
});
