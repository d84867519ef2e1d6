/** The checker behind `npm run test:production-schema`, on a small OpenAPI document of its own. */
import { describe, expect, it } from 'vitest';
import { createChecker, formatReport, type Exchange } from '../production-schema/schema-check.ts';

const document30 = {
  openapi: '3.0.3',
  paths: {
    '/api/things/': {
      get: {
        responses: { '200': { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } } },
      },
      post: { responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
    },
    '/api/things/{id}/': {
      get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
      delete: { responses: { '204': { description: 'No response body' } } },
    },
    '/api/things/special/': {
      get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', required: ['special'] } } } } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name', 'level', 'created_at', 'secret'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', nullable: true, maxLength: 5 },
          level: { allOf: [{ $ref: '#/components/schemas/Level' }], nullable: true },
          created_at: { type: 'string', format: 'date-time' },
          secret: { type: 'string', writeOnly: true },
        },
      },
      Level: { type: 'integer', enum: [21, 37] },
    },
  },
};

function exchange(method: string, path: string, status: number, body?: unknown, contentType = 'application/json'): Exchange {
  return {
    file: 'test/api/example.test.ts', test: 'an example', method, path, status,
    contentType: body === undefined ? null : contentType,
    text: body === undefined ? '' : JSON.stringify(body),
  };
}

const thing = { id: 1, name: 'a', level: 37, created_at: '2025-01-01T00:00:00.000Z' };

describe('checking answers against an OpenAPI 3.0 document', () => {
  const checker = createChecker(document30);

  it('passes conforming answers, with or without the trailing slash and with a query', () => {
    const report = checker.check([
      exchange('GET', '/api/things/1/', 200, thing),
      exchange('GET', '/api/things/1', 200, { ...thing, name: null, level: null }),
      exchange('GET', '/api/things/?limit=2', 200, [thing, { ...thing, extra: true }]),
      exchange('DELETE', '/api/things/1/', 204),
    ]);
    expect(report.mismatches).toEqual([]);
    expect(report).toMatchObject({ total: 4, passed: 4, failed: 0, notCovered: 0 });
  });

  it('reports each mismatch with its operation, status and JSON pointer', () => {
    const report = checker.check([
      exchange('GET', '/api/things/1/', 200, { id: 1, name: 'too long', level: 21, created_at: 'yesterday' }),
      exchange('GET', '/api/things/', 200, [thing, { ...thing, level: 3 }]),
    ]);
    expect(report).toMatchObject({ passed: 0, failed: 2 });
    const found = report.mismatches.map((m) => `${m.operation} ${m.status} ${m.pointer} ${m.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/things/{id}/ 200 /name must NOT have more than 5 characters',
        'GET /api/things/{id}/ 200 /created_at must match format "date-time"',
        'GET /api/things/ 200 /*/level must be one of [21,37]',
      ]),
    );
    // A write-only field is never required in an answer.
    expect(found.some((line) => line.includes('/secret'))).toBe(false);
    const text = formatReport(report, 'Example');
    expect(text).toContain('GET /api/things/ → 200');
    expect(text).toContain('e.g. GET /api/things/ at /1/level — test/api/example.test.ts › an example');
    expect(text).toContain('Example: 2 answers: 0 passed');
  });

  it('refuses a write-only field in an answer, unless an exception covers it', () => {
    const answer = exchange('GET', '/api/things/1/', 200, { ...thing, secret: 'x' });
    const strict = checker.check([answer]);
    expect(strict.failed).toBe(1);
    expect(strict.mismatches[0]).toMatchObject({ pointer: '/secret', message: expect.stringContaining('write-only') });

    const lenient = createChecker(document30, {
      exceptions: [{ id: 'keeps secret', reason: 'a test', covers: ({ pointer, keyword }) => pointer === '/secret' && keyword === 'writeOnlyInResponse' }],
    }).check([answer]);
    expect(lenient).toMatchObject({ passed: 1, failed: 0, excepted: 1, exceptionUse: { 'keeps secret': 1 } });
  });

  it('prefers a literal path segment to a parameter', () => {
    const report = checker.check([exchange('GET', '/api/things/special/', 200, { special: true })]);
    expect(report.passed).toBe(1);
    expect(checker.check([exchange('GET', '/api/things/special/', 200, thing)]).mismatches[0]).toMatchObject({
      operation: 'GET /api/things/special/', pointer: '/special',
    });
  });

  it('counts paths, methods and error statuses the document lacks as not covered, not as failures', () => {
    const report = checker.check([
      exchange('GET', '/__mock/info', 200, { mock: true }),
      exchange('PATCH', '/api/things/1/', 200, thing),
      exchange('GET', '/api/things/9/', 404, { detail: 'Not found.' }),
    ]);
    expect(report).toMatchObject({ passed: 0, failed: 0, notCovered: 3 });
    expect(report.notCoveredList.map((entry) => entry.key)).toEqual([
      'GET /__mock/…',
      'PATCH /api/things/{id}/',
      'GET /api/things/{id}/ → 404',
    ]);
  });

  it('fails a success status, an empty body or a content type the document does not give', () => {
    const report = checker.check([
      exchange('POST', '/api/things/', 200, thing),
      exchange('DELETE', '/api/things/1/', 204, { gone: true }),
      exchange('GET', '/api/things/1/', 200),
      exchange('GET', '/api/things/1/', 200, thing, 'text/plain'),
    ]);
    expect(report.failed).toBe(4);
    expect(report.mismatches.map((m) => m.message)).toEqual([
      'status 200, but the document gives 201 for a success',
      expect.stringContaining('has a body, but the document says there is none'),
      expect.stringContaining('is empty, but the document describes a body'),
      'content type text/plain, but the document gives application/json',
    ]);
  });

  it('checks a path the document leaves out against the operation an alias names', () => {
    const aliased = createChecker(document30, {
      aliases: [{ pattern: /^\/api\/items\/(.*)$/, replacement: '/api/things/$1', reason: 'a test' }],
    }).check([exchange('GET', '/api/items/1/', 200, thing), exchange('GET', '/api/items/1/', 200, { id: 'x' })]);
    expect(aliased).toMatchObject({ passed: 1, failed: 1, aliased: 2 });
  });
});

describe('checking answers against an OpenAPI 3.1 document', () => {
  const checker = createChecker({
    openapi: '3.1.0',
    paths: {
      '/api/things/{id}/': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
    },
    components: {
      responses: {
        NotFound: { description: 'gone', content: { 'application/json': { schema: { type: 'object', required: ['detail'] } } } },
      },
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: ['string', 'null'] } },
          additionalProperties: false,
        },
      },
    },
  });

  it('validates with JSON Schema 2020-12', () => {
    const report = checker.check([
      exchange('GET', '/api/things/1/', 200, { id: 1, name: null }),
      exchange('GET', '/api/things/1/', 200, { id: 1, name: 2, more: 1 }),
    ]);
    expect(report).toMatchObject({ passed: 1, failed: 1 });
    expect(report.mismatches.map((m) => `${m.pointer} ${m.message}`)).toEqual([
      '/more is not allowed (additionalProperties)',
      '/name must be string,null',
    ]);
  });

  it('follows a response $ref into components', () => {
    const report = checker.check([
      exchange('GET', '/api/things/2/', 404, { detail: 'Not found.' }),
      exchange('GET', '/api/things/2/', 404, { code: 'not_found' }),
    ]);
    expect(report).toMatchObject({ passed: 1, failed: 1, statusOnly: 0 });
    expect(report.mismatches[0]).toMatchObject({ status: 404, pointer: '/detail', message: 'is missing (required)' });
  });
});
