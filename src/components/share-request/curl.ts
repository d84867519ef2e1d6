/**
 * `Copy as curl`: a POSIX shell command that sends the same request again. The key is never
 * written out: the command reads it from `$POSTHOG_API_KEY`, and any occurrence of a secret
 * elsewhere (URL, body) is replaced before the command is built.
 */
import { API_KEY_VARIABLE, redactSecrets, redactUrl } from './redact.ts';

/** Quotes `value` for a POSIX shell: single quotes, with each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A request as the API log records it (the fields of its entries that a command needs). */
export interface CurlSource {
  method: string;
  /** Absolute URL with the query. */
  url: string;
  /** The JSON body sent, or null. */
  requestBody: unknown;
  /** The body exactly as sent; null without a body. */
  requestBodyText?: string | null;
  /** Whether the request carried the key. */
  authenticated?: boolean;
  /** Path with the query. */
  path?: string;
  /** The request headers sent besides `Authorization`. */
  requestHeaders?: ReadonlyArray<readonly [string, string]>;
}

export interface CurlOptions {
  /** Strings that must never appear in the command (the connected key). */
  secrets?: ReadonlyArray<string>;
  /** The host read from `$API_HOST` (the explorer's snippets) instead of the one the request went to. */
  hostFromEnvironment?: boolean;
}

/** How a command or snippet names the host: a shell variable the reader sets. */
export const API_HOST_VARIABLE = '$API_HOST';

/** The URL's part after its origin (`/api/x/?a=1`), the secrets removed. */
export function pathOfUrl(url: string, secrets: ReadonlyArray<string>): string {
  const clean = redactUrl(url, secrets);
  try {
    return clean.slice(new URL(clean).origin.length) || '/';
  } catch {
    return clean;
  }
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
  // With the host from the environment, the variable stays outside the quotes so the shell expands it.
  const target = options.hostFromEnvironment
    ? `"${API_HOST_VARIABLE}"${shellQuote(pathOfUrl(entry.url, secrets))}`
    : shellQuote(redactUrl(entry.url, secrets));
  const parts: string[] = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${target}`];
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
