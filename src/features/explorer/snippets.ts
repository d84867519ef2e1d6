/**
 * The explorer's `Copy as …`: the open request as curl, fetch, Python and HTTPie. Each reads the key
 * and the host from the environment (`$POSTHOG_API_KEY` and `$API_HOST` in a shell,
 * `process.env.…` in fetch, `os.environ[…]` in Python); the key is never written out, and any secret
 * in the path or the body is redacted first (components/share-request/redact.ts). curl is the API log's builder.
 */
import { buildCurlCommand, shellQuote } from '../../components/share-request/curl.ts';
import { redactSecrets } from '../../components/share-request/redact.ts';
import { mockWorldHeader } from '../../contract/mock-world.ts';

export interface SnippetRequest {
  method: string;
  /** The path with its query (`/api/projects/1/dashboards/?limit=5`). */
  path: string;
  /** The body as typed; null for none. */
  body: string | null;
  /** The mock's world the connection uses (sent as `X-Mock-World`), if any. */
  world?: string | null;
}

export type SnippetKind = 'curl' | 'fetch' | 'python' | 'httpie';

/** The headers besides `Authorization`, as the console sends them. */
function headersOf(request: SnippetRequest, secrets: ReadonlyArray<string>): Array<[string, string]> {
  const headers: Array<[string, string]> = [['Accept', 'application/json']];
  if (request.body !== null) headers.push(['Content-Type', 'application/json']);
  if (request.world) headers.push([mockWorldHeader, redactSecrets(request.world, secrets)]);
  return headers;
}

/** A string literal JavaScript and Python both read (JSON's escapes are theirs too). */
const literal = (text: string) => JSON.stringify(text);

function curl(request: SnippetRequest, secrets: ReadonlyArray<string>): string {
  return buildCurlCommand(
    {
      method: request.method,
      // Only the path is used: the host comes from `$API_HOST`.
      url: `http://api.invalid${request.path}`,
      requestBody: null,
      requestBodyText: request.body,
      authenticated: true,
      requestHeaders: headersOf(request, secrets),
    },
    { secrets, hostFromEnvironment: true },
  );
}

function fetchSnippet(request: SnippetRequest, secrets: ReadonlyArray<string>): string {
  const method = request.method.toUpperCase();
  const lines = [
    '// Node 18+ or a browser console; set POSTHOG_API_KEY and API_HOST in the environment first.',
    `const response = await fetch(process.env.API_HOST + ${literal(redactSecrets(request.path, secrets))}, {`,
    `  method: ${literal(method)},`,
    '  headers: {',
    '    Authorization: `Bearer ${process.env.POSTHOG_API_KEY}`,',
    ...headersOf(request, secrets).map(([name, value]) => `    ${literal(name)}: ${literal(value)},`),
    '  },',
  ];
  if (request.body !== null) lines.push(`  body: ${literal(redactSecrets(request.body, secrets))},`);
  lines.push('});', 'console.log(response.status, await response.text());');
  return lines.join('\n');
}

function python(request: SnippetRequest, secrets: ReadonlyArray<string>): string {
  const method = request.method.toUpperCase();
  const headers = [`"Authorization": "Bearer " + os.environ["POSTHOG_API_KEY"]`, ...headersOf(request, secrets).map(([name, value]) => `${literal(name)}: ${literal(value)}`)];
  const lines = [
    '# Set POSTHOG_API_KEY and API_HOST in the environment first (pip install requests).',
    'import os',
    '',
    'import requests',
    '',
    'response = requests.request(',
    `    ${literal(method)},`,
    `    os.environ["API_HOST"] + ${literal(redactSecrets(request.path, secrets))},`,
    '    headers={',
    ...headers.map((header) => `        ${header},`),
    '    },',
  ];
  if (request.body !== null) lines.push(`    data=${literal(redactSecrets(request.body, secrets))}.encode("utf-8"),`);
  lines.push(')', 'print(response.status_code, response.text)');
  return lines.join('\n');
}

function httpie(request: SnippetRequest, secrets: ReadonlyArray<string>): string {
  const method = request.method.toUpperCase();
  const parts = [
    `http ${request.body === null ? '--ignore-stdin ' : ''}${method} "$API_HOST"${shellQuote(redactSecrets(request.path, secrets))}`,
    // Double quotes so the shell expands the variable; the key itself is never in the command.
    '"Authorization:Bearer $POSTHOG_API_KEY"',
    ...headersOf(request, secrets).map(([name, value]) => shellQuote(`${name}:${value}`)),
  ];
  const command = parts.join(' \\\n  ');
  // The body as typed, exactly: HTTPie sends what it reads on stdin.
  return request.body === null ? command : `printf '%s' ${shellQuote(redactSecrets(request.body, secrets))} | ${command}`;
}

/** The snippet of `kind` for `request`; `secrets` (the connected key) never appear in it. */
export function buildSnippet(kind: SnippetKind, request: SnippetRequest, secrets: ReadonlyArray<string>): string {
  switch (kind) {
    case 'curl':
      return curl(request, secrets);
    case 'fetch':
      return fetchSnippet(request, secrets);
    case 'python':
      return python(request, secrets);
    case 'httpie':
      return httpie(request, secrets);
  }
}
