// Export HAR and Export as script, built from log entries: HAR 1.2 that the schema accepts with the
// key nowhere in it, and a shell script whose quoting delivers every byte of every request.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src/api/runtime/request-log.ts';
import { buildHar } from '../../../src/features/api-log/har.ts';
import { REDACTED, redactSecrets, redactUrl } from '../../../src/components/share-request/redact.ts';
import { buildReplayScript } from '../../../src/features/api-log/replay-script.ts';
import { harSchemaErrors } from '../../har-schema.ts';

const KEY = 'phx_Zq8ExampleSecret0123';

let nextId = 1;
function logEntry(over: Partial<RequestLogEntry> & Pick<RequestLogEntry, 'method' | 'url'>): RequestLogEntry {
  const url = new URL(over.url);
  const body = over.requestBodyText ?? null;
  return {
    id: nextId++,
    path: url.pathname + url.search,
    status: 200,
    durationMs: 12,
    startedAt: new Date(Date.UTC(2026, 10, 24, 2, 0, nextId)).toISOString(),
    requestBody: body === null ? null : JSON.parse(body),
    requestBodyText: body,
    authenticated: url.pathname.startsWith('/api/'),
    requestHeaders: [['Accept', 'application/json'], ...(body === null ? [] : [['Content-Type', 'application/json'] as const])],
    responseBody: null,
    statusText: 'OK',
    responseHeaders: [['content-type', 'application/json']],
    errorDetail: null,
    ...over,
  };
}

describe('redaction (one function for curl, HAR and script)', () => {
  it('removes the connected key, its URL-encoded form, and anything shaped like a personal API key', () => {
    const odd = 'key with/slash+plus';
    expect(redactSecrets(`a ${odd} b ${encodeURIComponent(odd)}`, [odd])).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(redactSecrets(`{"note":"${KEY}"}`, [])).toBe(`{"note":"${REDACTED}"}`);
    expect(redactSecrets('phx_demo_admin and phx_demo_member', [])).not.toMatch(/phx_demo/);
    // Short words that merely start alike stay.
    expect(redactSecrets('phx_ab is not a key', [])).toBe('phx_ab is not a key');
  });

  it('keeps a URL a URL: the marker is percent-encoded', () => {
    const url = redactUrl(`http://h/api/projects/?search=${KEY}&limit=5`, [KEY]);
    expect(url).toBe('http://h/api/projects/?search=%5Bredacted%20API%20key%5D&limit=5');
    expect(new URL(url).searchParams.get('search')).toBe(REDACTED);
  });
});

describe('Export HAR', () => {
  const entries = [
    logEntry({
      method: 'POST',
      url: `http://127.0.0.1:5173/api/projects/1/dashboards/?note=${KEY}`,
      requestBodyText: JSON.stringify({ name: `Key ${KEY} inside`, description: 'é ✓' }),
      status: 201,
      statusText: 'Created',
      responseBody: { id: 7, name: `Key ${KEY} inside` },
      responseHeaders: [
        ['content-type', 'application/json'],
        ['x-echo', `Bearer ${KEY}`],
      ],
      durationMs: 40,
    }),
    logEntry({
      method: 'GET',
      url: 'http://127.0.0.1:5173/api/projects/1/dashboards/?limit=100&offset=0',
      status: 429,
      statusText: 'Too Many Requests',
      responseBody: { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null },
      responseHeaders: [
        ['content-type', 'application/json'],
        ['retry-after', '5'],
      ],
      errorDetail: 'Request was throttled.',
    }),
    logEntry({ method: 'GET', url: 'http://127.0.0.1:5173/api/users/@me/', status: null, responseBody: null, errorDetail: 'Could not reach the API.' }),
    logEntry({ method: 'POST', url: 'http://127.0.0.1:5173/__mock/reset', status: 204, statusText: 'No Content', responseHeaders: [] }),
  ];
  // The log is newest first: the HAR is oldest first.
  const har = buildHar([...entries].reverse(), { secrets: [KEY], version: '1.2.3', comment: 'Filter "dashboards"' });
  const text = JSON.stringify(har);

  it('validates against the HAR 1.2 JSON schema', () => {
    expect(harSchemaErrors(har)).toEqual([]);
    // The validator does refuse what is not HAR 1.2.
    const broken = structuredClone(har) as unknown as { log: { entries: Array<{ request: Record<string, unknown> }> } };
    delete broken.log.entries[0]!.request.httpVersion;
    expect(harSchemaErrors(broken).join()).toMatch(/httpVersion/);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Analytics Console', version: '1.2.3' });
    // Firefox's importer reads log.pages; every entry belongs to the one page.
    expect(har.log.pages).toHaveLength(1);
    expect(har.log.entries.every((e) => e.pageref === har.log.pages![0]!.id)).toBe(true);
    expect(har.log.entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual(['POST 201', 'GET 429', 'GET 0', 'POST 204']);
  });

  it('never holds the key: the header names $POSTHOG_API_KEY, URL, bodies and headers are redacted', () => {
    expect(text).not.toContain(KEY);
    const [created, throttled, , reset] = har.log.entries;
    expect(created!.request.headers).toContainEqual({ name: 'Authorization', value: 'Bearer $POSTHOG_API_KEY' });
    expect(created!.request.url).toBe('http://127.0.0.1:5173/api/projects/1/dashboards/?note=%5Bredacted%20API%20key%5D');
    expect(created!.request.queryString).toEqual([{ name: 'note', value: REDACTED }]);
    expect(JSON.parse(created!.request.postData!.text!)).toEqual({ name: `Key ${REDACTED} inside`, description: 'é ✓' });
    expect(created!.response.content.text).toContain(REDACTED);
    expect(created!.response.headers).toContainEqual({ name: 'x-echo', value: `Bearer ${REDACTED}` });
    // The control routes of the mock take no key, so their entries carry no Authorization.
    expect(reset!.request.headers.map((h) => h.name)).not.toContain('Authorization');
    expect(throttled!.request.headers.map((h) => h.name)).toContain('Authorization');
  });

  it('keeps bodies, statuses, headers and timings', () => {
    const [created, throttled, unanswered, reset] = har.log.entries;
    expect(created!.request.bodySize).toBe(new TextEncoder().encode(created!.request.postData!.text!).byteLength);
    expect(created!.request.postData!.mimeType).toBe('application/json');
    expect(created!.response).toMatchObject({ status: 201, statusText: 'Created', redirectURL: '' });
    expect(created!.response.content.mimeType).toBe('application/json');
    expect(created!.response.content.size).toBe(new TextEncoder().encode(created!.response.content.text!).byteLength);
    expect(created!.time).toBe(40);
    expect(created!.timings).toMatchObject({ send: 0, wait: 40, receive: 0, dns: -1, connect: -1 });
    expect(throttled!.response.headers).toContainEqual({ name: 'retry-after', value: '5' });
    expect(JSON.parse(throttled!.response.content.text!)).toMatchObject({ code: 'throttled' });
    expect(throttled!.comment).toBe('Request was throttled.');
    expect(unanswered!.response.status).toBe(0);
    expect(unanswered!.comment).toBe('Could not reach the API.');
    expect(reset!.response.content).toEqual({ size: 0, mimeType: 'x-unknown' });
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual([...har.log.entries.map((e) => e.startedDateTime)].sort());
  });
});

// A stand-in `curl` on PATH: writes each argument it got (NUL-separated) to a file per call, and
// answers the status the test asks for, so the test sees exactly what the shell handed to curl.
const work = mkdtempSync(join(tmpdir(), 'replay-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runWithFakeCurl(script: string, statuses: number[], env: Record<string, string>) {
  const bin = join(work, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(join(work, 'statuses'), statuses.join('\n') + '\n');
  writeFileSync(join(work, 'calls'), '0');
  const fake = [
    '#!/bin/sh',
    `dir='${work}'`,
    'n=$(($(cat "$dir/calls") + 1)); echo "$n" > "$dir/calls"',
    'out=""; : > "$dir/args-$n"',
    'while [ $# -gt 0 ]; do',
    '  if [ "$1" = "-o" ]; then out=$2; fi',
    '  printf "%s\\0" "$1" >> "$dir/args-$n"; shift',
    'done',
    'echo "{}" > "$out"',
    'sed -n "${n}p" "$dir/statuses"',
  ].join('\n');
  writeFileSync(join(bin, 'curl'), fake);
  chmodSync(join(bin, 'curl'), 0o755);
  writeFileSync(join(work, 'replay.sh'), script);
  const result = spawnSync('sh', [join(work, 'replay.sh')], {
    env: { PATH: `${bin}:${process.env.PATH}`, ...env },
    encoding: 'utf8',
  });
  const calls = Number(readFileSync(join(work, 'calls'), 'utf8'));
  const args = Array.from({ length: calls }, (_, i) => readFileSync(join(work, `args-${i + 1}`), 'utf8').split('\0').slice(0, -1));
  return { ...result, args };
}

describe('Export as script', () => {
  const nasty = `Bob's "big" board\nwith $HOME, \`date\`, $(id), \\ back\\slash, 'quotes' and  two  spaces`;
  const entries = [
    logEntry({ method: 'POST', url: 'http://127.0.0.1:5173/api/projects/1/dashboards/', requestBodyText: JSON.stringify({ name: nasty }), status: 201 }),
    logEntry({ method: 'GET', url: `http://127.0.0.1:5173/api/projects/1/dashboards/?search=${encodeURIComponent(nasty)}&limit=100`, status: 200 }),
    logEntry({ method: 'PATCH', url: 'http://127.0.0.1:5173/api/projects/1/dashboards/7/', requestBodyText: `{"name":"line one\\nline two ${KEY}"}`, status: 200 }),
    logEntry({ method: 'GET', url: 'http://127.0.0.1:5173/api/users/@me/', status: null, errorDetail: 'Cancelled before the answer arrived.' }),
    logEntry({ method: 'POST', url: 'http://127.0.0.1:5173/__mock/reset', status: 204 }),
  ];
  const script = buildReplayScript([...entries].reverse(), { secrets: [KEY], exportedAt: '2026-11-24T02:00:00.000Z' });

  it('is valid POSIX shell with no key in it', () => {
    expect(spawnSync('sh', ['-n'], { input: script }).status).toBe(0);
    expect(script).not.toContain(KEY);
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
  });

  it('hands curl every method, URL, header and body byte for byte, oldest first, with the key from the environment', () => {
    const run = runWithFakeCurl(script, [201, 200, 200, 204], { POSTHOG_API_KEY: 'phx_from_the_environment' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.args).toHaveLength(4);
    const [create, search, patch, reset] = run.args;
    const after = (args: string[], flag: string) => args.filter((_, i) => args[i - 1] === flag);
    expect(after(create!, '-X')).toEqual(['POST']);
    expect(after(create!, '--data-binary')).toEqual([JSON.stringify({ name: nasty })]);
    expect(after(create!, '-H')).toEqual(['Authorization: Bearer phx_from_the_environment', 'Accept: application/json', 'Content-Type: application/json']);
    expect(create!.at(-1)).toBe('http://127.0.0.1:5173/api/projects/1/dashboards/');
    expect(new URL(search!.at(-1)!).searchParams.get('search')).toBe(nasty);
    expect(after(patch!, '--data-binary')).toEqual([`{"name":"line one\\nline two ${REDACTED}"}`]);
    expect(after(reset!, '-H')).toEqual(['Accept: application/json']);
    expect(run.stdout).toContain('All 4 requests answered as logged.');
    // The request without an answer is named in a comment, not sent.
    expect(script).toMatch(/^# Not replayed: GET \/api\/users\/@me\/ got no answer/m);
  });

  it('sends to $API_HOST when set, and stops at the first unexpected status with a clear message', () => {
    const run = runWithFakeCurl(script, [201, 404, 200, 204], { POSTHOG_API_KEY: 'x', API_HOST: 'http://other.example:9000/' });
    expect(run.status).toBe(1);
    expect(run.args).toHaveLength(2);
    expect(run.args[0]!.at(-1)).toBe('http://other.example:9000/api/projects/1/dashboards/');
    expect(run.stderr).toContain('Request 2 (GET /api/projects/1/dashboards/?search=');
    expect(run.stderr).toContain('answered 404, but the log has 200; stopping.');
    expect(run.stdout).not.toContain('All 4 requests');
  });

  it('refuses to run without POSTHOG_API_KEY', () => {
    const run = runWithFakeCurl(script, [201], {});
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Set POSTHOG_API_KEY');
    expect(run.args).toHaveLength(0);
  });
});
