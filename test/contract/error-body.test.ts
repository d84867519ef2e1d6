/** The error body of API.md §2 and the one sentence the console shows for any error. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorBodySchema, errorSentence, NO_ERROR_SENTENCE } from '../../src/contract/error-body.ts';

describe('the error body', () => {
  it('reads type, code, detail and an attr that may be null or missing', () => {
    const body = { type: 'validation_error', code: 'blank', detail: 'This field may not be blank.', attr: 'name' };
    expect(z.parse(errorBodySchema, { ...body, extra: 1 })).toEqual(body);
    expect(z.parse(errorBodySchema, { ...body, attr: null }).attr).toBeNull();
    expect(z.safeParse(errorBodySchema, { type: 'server_error', code: 'error', detail: 'A server error occurred.' }).success).toBe(true);
    for (const key of ['type', 'code', 'detail'] as const) {
      expect(z.safeParse(errorBodySchema, { ...body, [key]: undefined }).success, key).toBe(false);
    }
    expect(z.safeParse(errorBodySchema, { ...body, attr: 3 }).success).toBe(false);
  });
});

describe('errorSentence', () => {
  it("says the API's detail first, then an error body's sentence, then the error's message, trimmed", () => {
    expect(errorSentence({ detail: ' Not found. ', error: 'other', message: 'message' })).toBe('Not found.');
    expect(errorSentence({ error: ' Bad key. ', message: 'message' })).toBe('Bad key.');
    expect(errorSentence(new Error(' Failed to fetch '))).toBe('Failed to fetch');
    expect(errorSentence(' Offline ')).toBe('Offline');
  });

  it('skips blank and non-text fields', () => {
    expect(errorSentence({ detail: '  ', error: 42, message: 'Timed out.' })).toBe('Timed out.');
    expect(errorSentence({ detail: { nested: 'x' }, error: ' ', message: '\n' })).toBe(NO_ERROR_SENTENCE);
  });

  it('has one sentence for an error that carries none', () => {
    expect(NO_ERROR_SENTENCE).toBe('An unexpected error occurred.');
    for (const error of [null, undefined, {}, '', '   ', 42, new Error('')]) expect(errorSentence(error)).toBe(NO_ERROR_SENTENCE);
  });
});
