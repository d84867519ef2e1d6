/**
 * `Export as script`: a POSIX shell script that sends the logged requests again, oldest first, with
 * curl. The key comes from `$POSTHOG_API_KEY` and the host from `$API_HOST` (default: the host the
 * console used); the script stops at the first answer whose status differs from the logged one.
 */
import type { RequestLogEntry } from '../../api/runtime/request-log.ts';
import { bodyText, shellQuote, wasAuthenticated } from '../../components/share-request/curl.ts';
import { API_KEY_VARIABLE, redactSecrets, redactUrl } from '../../components/share-request/redact.ts';

export interface ScriptOptions {
  /** Strings that must never appear in the script (the connected key). */
  secrets?: ReadonlyArray<string>;
  /** When the log was exported (ISO 8601), said in the header comment. */
  exportedAt: string;
}

/** `url` split into the host part and the path with its query (`http://h:1/api/x/?a=1` → `http://h:1`, `/api/x/?a=1`). */
function splitUrl(entry: RequestLogEntry, secrets: ReadonlyArray<string>): { host: string; path: string } {
  const url = redactUrl(entry.url, secrets);
  try {
    const parsed = new URL(url);
    return { host: parsed.origin, path: url.slice(parsed.origin.length) || '/' };
  } catch {
    return { host: '', path: redactUrl(entry.path, secrets) };
  }
}

/** A comment line: no newline can end the comment early. */
const comment = (text: string) => `# ${text.replace(/[\r\n]+/g, ' ')}`;

/** The script for `entries` (any order: they are sent oldest first). */
export function buildReplayScript(entries: ReadonlyArray<RequestLogEntry>, options: ScriptOptions): string {
  const secrets = options.secrets ?? [];
  const ordered = [...entries].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id - b.id);
  const replayed = ordered.filter((entry) => entry.status !== null);
  const hosts = replayed.map((entry) => splitUrl(entry, secrets).host).filter(Boolean);
  const defaultHost = hosts[hosts.length - 1] ?? 'http://127.0.0.1:8010';
  const needsKey = replayed.some(wasAuthenticated);

  const lines: string[] = [
    '#!/bin/sh',
    comment(`Replays ${replayed.length} ${replayed.length === 1 ? 'request' : 'requests'} logged by the Analytics Console (exported ${options.exportedAt}), oldest first.`),
    '# The API key is never written here: it is read from POSTHOG_API_KEY. The host is API_HOST,',
    `# by default the one the console used (${defaultHost.replace(/[\r\n]/g, '')}).`,
    '#   POSTHOG_API_KEY=phx_... API_HOST=http://127.0.0.1:8010 sh this-file.sh',
    '# It stops at the first answer whose status differs from the one in the log.',
    'set -u',
    '',
  ];
  if (needsKey) {
    lines.push(
      `if [ -z "\${POSTHOG_API_KEY:-}" ]; then`,
      `  echo 'Set POSTHOG_API_KEY to your personal API key first: export POSTHOG_API_KEY=phx_...' >&2`,
      '  exit 2',
      'fi',
    );
  }
  lines.push(
    `default_host=${shellQuote(defaultHost)}`,
    'API_HOST=${API_HOST:-$default_host}',
    'API_HOST=${API_HOST%/}',
    `command -v curl >/dev/null 2>&1 || { echo 'This script needs curl.' >&2; exit 2; }`,
    'answer=$(mktemp) || exit 2',
    `trap 'rm -f "$answer"' EXIT`,
    '',
    '# send NUMBER EXPECTED_STATUS METHOD PATH [curl options...]',
    'send() {',
    '  number=$1 expected=$2 method=$3 path=$4',
    '  shift 4',
    `  status=$(curl -sS -o "$answer" -w '%{http_code}' -X "$method" "$@" "$API_HOST$path") || {`,
    `    printf 'Request %s (%s %s): no answer from %s; stopping.\\n' "$number" "$method" "$path" "$API_HOST" >&2`,
    '    exit 1',
    '  }',
    '  if [ "$status" != "$expected" ]; then',
    `    printf 'Request %s (%s %s) answered %s, but the log has %s; stopping.\\n' "$number" "$method" "$path" "$status" "$expected" >&2`,
    `    printf 'Its answer was:\\n' >&2`,
    `    head -c 2000 "$answer" >&2`,
    `    printf '\\n' >&2`,
    '    exit 1',
    '  fi',
    `  printf '%s %s %s %s\\n' "$number" "$status" "$method" "$path"`,
    '}',
    '',
  );

  let number = 0;
  for (const entry of ordered) {
    const method = entry.method.toUpperCase();
    const { path } = splitUrl(entry, secrets);
    if (entry.status === null) {
      lines.push(comment(`Not replayed: ${method} ${path} got no answer in the console (${redactSecrets(entry.errorDetail ?? 'no status', secrets)}).`));
      continue;
    }
    number += 1;
    const words = [`send ${number} ${entry.status} ${shellQuote(method)} ${shellQuote(path)}`];
    // Double quotes: the shell expands the variable when the line runs; the key is never in the file.
    if (wasAuthenticated(entry)) words.push(`-H "Authorization: Bearer ${API_KEY_VARIABLE}"`);
    const body = bodyText(entry);
    const headers = entry.requestHeaders ?? [
      ['Accept', 'application/json'],
      ...(body === null ? [] : [['Content-Type', 'application/json'] as const]),
    ];
    for (const [name, value] of headers) {
      if (name.toLowerCase() !== 'authorization') words.push(`-H ${shellQuote(`${name}: ${redactSecrets(value, secrets)}`)}`);
    }
    if (body !== null) words.push(`--data-binary ${shellQuote(redactSecrets(body, secrets))}`);
    lines.push(words.join(' \\\n  '));
  }
  lines.push('', `echo ${shellQuote(`All ${number} ${number === 1 ? 'request' : 'requests'} answered as logged.`)}`, '');
  return lines.join('\n');
}
