// `Copy as curl`: a POSIX command that sends the same request again, the key read from a variable.
import { describe, expect, it } from 'vitest';
import {
  API_HOST_VARIABLE,
  bodyText,
  buildCurlCommand,
  pathOfUrl,
  shellQuote,
  wasAuthenticated,
} from '../../../src/components/share-request/curl.ts';
import { REDACTED } from '../../../src/components/share-request/redact.ts';

describe('shellQuote', () => {
  it('single-quotes, writing each quote as quote-escaped-quote', () => {
    expect(shellQuote('plain $HOME')).toBe("'plain $HOME'");
    expect(shellQuote("it's 'x'")).toBe("'it'\\''s '\\''x'\\'''");
  });
});

describe('pathOfUrl', () => {
  it('is the part after the origin, the query kept and the key removed', () => {
    expect(pathOfUrl('https://us.posthog.com/api/x/?k=sekret&a=1', ['sekret'])).toBe(`/api/x/?k=${encodeURIComponent(REDACTED)}&a=1`);
  });

  it('is / for the bare origin, and the text itself when it is no URL', () => {
    expect(pathOfUrl('https://us.posthog.com', [])).toBe('/');
    expect(pathOfUrl('/api/x/?a=1', [])).toBe('/api/x/?a=1');
  });
});

describe('bodyText', () => {
  it('is the text as sent, even an empty one, before the recorded JSON', () => {
    expect(bodyText({ method: 'POST', url: 'https://h/', requestBody: { a: 1 }, requestBodyText: '{ "a": 1 }' })).toBe('{ "a": 1 }');
    expect(bodyText({ method: 'POST', url: 'https://h/', requestBody: { a: 1 }, requestBodyText: '' })).toBe('');
  });

  it('serializes the recorded JSON without the text, and is null without a body', () => {
    expect(bodyText({ method: 'POST', url: 'https://h/', requestBody: { a: [1, 'b'] }, requestBodyText: null })).toBe('{"a":[1,"b"]}');
    expect(bodyText({ method: 'POST', url: 'https://h/', requestBody: false })).toBe('false');
    expect(bodyText({ method: 'GET', url: 'https://h/', requestBody: null })).toBeNull();
    expect(bodyText({ method: 'GET', url: 'https://h/', requestBody: undefined })).toBeNull();
  });
});

describe('wasAuthenticated', () => {
  it('follows the recorded flag', () => {
    expect(wasAuthenticated({ method: 'GET', url: 'https://h/api/x/', requestBody: null, authenticated: false })).toBe(false);
    expect(wasAuthenticated({ method: 'GET', url: 'https://h/other', requestBody: null, authenticated: true })).toBe(true);
  });

  it('without the flag: every /api/ call carried the key', () => {
    expect(wasAuthenticated({ method: 'GET', url: 'https://h/api/x/', requestBody: null })).toBe(true);
    expect(wasAuthenticated({ method: 'GET', url: 'https://h/static/api/x', requestBody: null })).toBe(false);
    expect(wasAuthenticated({ method: 'GET', url: 'not a url', requestBody: null, path: '/api/x/' })).toBe(true);
    expect(wasAuthenticated({ method: 'GET', url: 'not a url', requestBody: null, path: '/x/api/' })).toBe(false);
    expect(wasAuthenticated({ method: 'GET', url: 'not a url', requestBody: null })).toBe(false);
  });
});

describe('buildCurlCommand', () => {
  it('a GET: no -X, the key as a variable, JSON accepted', () => {
    expect(buildCurlCommand({ method: 'get', url: 'https://us.posthog.com/api/projects/', requestBody: null })).toBe(
      [
        "curl 'https://us.posthog.com/api/projects/'",
        '  -H "Authorization: Bearer $POSTHOG_API_KEY"',
        "  -H 'Accept: application/json'",
      ].join(' \\\n'),
    );
  });

  it('a POST with a body: the method, the content type and the body as sent', () => {
    expect(buildCurlCommand({ method: 'post', url: 'https://h.example/api/x/', requestBody: { name: "Bob's" } })).toBe(
      [
        "curl -X POST 'https://h.example/api/x/'",
        '  -H "Authorization: Bearer $POSTHOG_API_KEY"',
        "  -H 'Accept: application/json'",
        "  -H 'Content-Type: application/json'",
        `  --data-binary '{"name":"Bob'\\''s"}'`,
      ].join(' \\\n'),
    );
  });

  it('without the key when the request had none; the headers as sent, never Authorization', () => {
    const command = buildCurlCommand(
      {
        method: 'DELETE',
        url: 'https://h.example/mock/reset',
        requestBody: null,
        authenticated: false,
        requestHeaders: [
          ['X-World', 'w sekret'],
          ['authorization', 'Bearer sekret'],
          ['AUTHORIZATION', 'Bearer sekret'],
        ],
      },
      { secrets: ['sekret'] },
    );
    expect(command).toBe(["curl -X DELETE 'https://h.example/mock/reset'", `  -H 'X-World: w ${REDACTED}'`].join(' \\\n'));
  });

  it('the host from $API_HOST, outside the quotes, and the key removed from URL and body', () => {
    const command = buildCurlCommand(
      { method: 'PATCH', url: 'https://h.example/api/x/?k=sekret', requestBody: null, requestBodyText: 'k=sekret' },
      { secrets: ['sekret'], hostFromEnvironment: true },
    );
    expect(API_HOST_VARIABLE).toBe('$API_HOST');
    expect(command).toBe(
      [
        `curl -X PATCH "$API_HOST"'/api/x/?k=${encodeURIComponent(REDACTED)}'`,
        '  -H "Authorization: Bearer $POSTHOG_API_KEY"',
        "  -H 'Accept: application/json'",
        "  -H 'Content-Type: application/json'",
        `  --data-binary 'k=${REDACTED}'`,
      ].join(' \\\n'),
    );
  });

  it('redacts a key in the URL of a command with the request host', () => {
    expect(buildCurlCommand({ method: 'GET', url: 'https://h.example/x?k=sekret', requestBody: null }, { secrets: ['sekret'] })).toBe(
      `curl 'https://h.example/x?k=${encodeURIComponent(REDACTED)}' \\\n  -H 'Accept: application/json'`,
    );
  });
});
