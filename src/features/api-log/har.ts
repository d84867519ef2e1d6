/**
 * `Export HAR`: the logged requests as an HTTP Archive 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * which Chrome DevTools, Firefox and Charles open. The key is never in it: `Authorization` reads
 * `Bearer $POSTHOG_API_KEY`, and a key found in a URL, a body or a header is redacted.
 */
import type { Content, Entry, Har, Header, QueryString, Request, Response } from 'har-format';
import type { RequestLogEntry } from '../../api/runtime/request-log.ts';
import { bodyText, wasAuthenticated } from '../../components/share-request/curl.ts';
import { API_KEY_VARIABLE, redactSecrets, redactUrl } from '../../components/share-request/redact.ts';

export interface HarOptions {
  /** Strings that must never appear in the file (the connected key). */
  secrets?: ReadonlyArray<string>;
  /** The console's version, for `log.creator`. */
  version: string;
  /** Said in `log.comment`, e.g. which filter chose the entries. */
  comment?: string;
}

const HTTP_VERSION = 'HTTP/1.1';
const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

function queryString(url: string): QueryString[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function headerValue(headers: ReadonlyArray<Header>, name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
}

function requestOf(entry: RequestLogEntry, secrets: ReadonlyArray<string>): Request {
  const url = redactUrl(entry.url, secrets);
  const body = bodyText(entry);
  const headers: Header[] = [];
  if (wasAuthenticated(entry)) headers.push({ name: 'Authorization', value: `Bearer ${API_KEY_VARIABLE}` });
  const recorded = entry.requestHeaders ?? [
    ['Accept', 'application/json'],
    ...(body === null ? [] : [['Content-Type', 'application/json'] as const]),
  ];
  for (const [name, value] of recorded) {
    if (name.toLowerCase() !== 'authorization') headers.push({ name, value: redactSecrets(value, secrets) });
  }
  const request: Request = {
    method: entry.method.toUpperCase(),
    url,
    httpVersion: HTTP_VERSION,
    cookies: [],
    headers,
    queryString: queryString(url).map(({ name, value }) => ({ name, value: redactSecrets(value, secrets) })),
    headersSize: -1,
    bodySize: body === null ? 0 : utf8Length(redactSecrets(body, secrets)),
  };
  if (body !== null) {
    request.postData = { mimeType: headerValue(headers, 'Content-Type') ?? 'application/json', text: redactSecrets(body, secrets) };
  }
  return request;
}

function contentOf(entry: RequestLogEntry, headers: ReadonlyArray<Header>, secrets: ReadonlyArray<string>): Content {
  const body = entry.responseBody;
  const declared = headerValue(headers, 'Content-Type');
  if (body === null || body === undefined) return { size: 0, mimeType: declared ?? 'x-unknown' };
  // The log keeps JSON parsed: written back compactly, as the API sends it.
  const text = redactSecrets(typeof body === 'string' ? body : JSON.stringify(body), secrets);
  return {
    size: utf8Length(text),
    mimeType: declared ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
    text,
  };
}

function responseOf(entry: RequestLogEntry, secrets: ReadonlyArray<string>): Response {
  const headers: Header[] = (entry.responseHeaders ?? []).map(([name, value]) => ({ name, value: redactSecrets(value, secrets) }));
  const content = contentOf(entry, headers, secrets);
  return {
    // No answer (network failure, cancelled): status 0, as browsers export it.
    status: entry.status ?? 0,
    statusText: entry.statusText ?? '',
    httpVersion: entry.status === null ? '' : HTTP_VERSION,
    cookies: [],
    headers,
    content,
    redirectURL: headerValue(headers, 'Location') ?? '',
    headersSize: -1,
    bodySize: entry.status === null ? -1 : content.size,
  };
}

/** One page holds every entry: Firefox's importer reads `log.pages` and fails without it. */
const PAGE_ID = 'page_1';

function entryOf(entry: RequestLogEntry, secrets: ReadonlyArray<string>): Entry {
  const time = Math.max(0, entry.durationMs);
  const har: Entry = {
    pageref: PAGE_ID,
    startedDateTime: entry.startedAt,
    time,
    request: requestOf(entry, secrets),
    response: responseOf(entry, secrets),
    cache: {},
    // The page sees only the whole duration: it is all `wait`; what it cannot know is -1.
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
  };
  if (entry.errorDetail) har.comment = redactSecrets(entry.errorDetail, secrets);
  return har;
}

/** HAR 1.2 of `entries`, oldest first whatever order they come in. */
export function buildHar(entries: ReadonlyArray<RequestLogEntry>, options: HarOptions): Har {
  const secrets = options.secrets ?? [];
  const ordered = [...entries].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id - b.id);
  return {
    log: {
      version: '1.2',
      creator: { name: 'Analytics Console', version: options.version },
      ...(options.comment ? { comment: redactSecrets(options.comment, secrets) } : {}),
      pages: [
        {
          id: PAGE_ID,
          startedDateTime: ordered[0]?.startedAt ?? new Date().toISOString(),
          title: 'Analytics Console: API log',
          // The console's page load is not one of the requests: no page timings.
          pageTimings: { onContentLoad: -1, onLoad: -1 },
        },
      ],
      entries: ordered.map((entry) => entryOf(entry, secrets)),
    },
  };
}
