/**
 * `Copy as curl`: a POSIX shell command that sends the same request again. The key is never
 * written out: the command reads it from `$POSTHOG_API_KEY`, and any occurrence of a secret
 * elsewhere (URL, body) is replaced before the command is built.
 */
import type { RequestLogEntry } from '../../api/runtime/request-log.ts';
import { API_KEY_VARIABLE, redactSecrets, redactUrl } from './redact.ts';

/** Quotes `value` for a POSIX shell: single quotes, with each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export type CurlSource = Pick<RequestLogEntry, 'method' | 'url' | 'requestBody'> &
  Partial<Pick<RequestLogEntry, 'requestBodyText' | 'authenticated' | 'path' | 'requestHeaders'>>;

export interface CurlOptions {
  /** Strings that must never appear in the command (the connected key). */
  secrets?: ReadonlyArray<string>;
}

/** The body as it went over the wire: the recorded text, else the recorded JSON serialized again. */
export function bodyText(entry: CurlSource): string | null {
  if (typeof entry.requestBodyText === 'string') return entry.requestBodyText;
  if (entry.requestBody === null || entry.requestBody === undefined) return null;
  return JSON.stringify(entry.requestBody);
}

/** Whether the request carried the key; entries recorded without the flag: every `/api/` call does. */
export function wasAuthenticated(entry: CurlSource): boolean {
  if (typeof entry.authenticated === 'boolean') return entry.authenticated;
  try {
    return new URL(entry.url).pathname.startsWith('/api/');
  } catch {
    return (entry.path ?? '').startsWith('/api/');
  }
}

/** A multi-line curl command (lines joined with ` \` continuations) reproducing `entry`. */
export function buildCurlCommand(entry: CurlSource, options: CurlOptions = {}): string {
  const secrets = options.secrets ?? [];
  const method = entry.method.toUpperCase();
  const body = bodyText(entry);
  const parts: string[] = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(redactUrl(entry.url, secrets))}`];
  // Double quotes so the shell expands the variable; the key itself is never in the command.
  if (wasAuthenticated(entry)) parts.push(`-H "Authorization: Bearer ${API_KEY_VARIABLE}"`);
  // The headers as sent (the mock world's too: it is needed to reproduce), never Authorization.
  const headers = entry.requestHeaders ?? [
    ['Accept', 'application/json'],
    ...(body === null ? [] : [['Content-Type', 'application/json'] as const]),
  ];
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'authorization') parts.push(`-H ${shellQuote(`${name}: ${redactSecrets(value, secrets)}`)}`);
  }
  // --data-binary, as the replay script: the body goes as sent (plain --data drops newlines and reads @file).
  if (body !== null) parts.push(`--data-binary ${shellQuote(redactSecrets(body, secrets))}`);
  return parts.join(' \\\n  ');
}
