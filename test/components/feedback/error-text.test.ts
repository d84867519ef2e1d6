// Words for errors, recognised by their fields (components do not import the API layer).
import { describe, expect, it } from 'vitest';
import { errorStatus, errorStatusLine, errorTitle } from '../../../src/components/feedback/error-text.ts';

const apiError = (status: number, code?: unknown) => ({ name: 'ApiError', status, code, detail: 'x', message: 'x' });

describe('errorStatus', () => {
  it('is the status of an API error only', () => {
    expect(errorStatus(apiError(404))).toBe(404);
    expect(errorStatus({ name: 'NetworkError', status: 404 })).toBeNull();
    expect(errorStatus({ name: 'ApiError', status: '404' })).toBeNull();
    expect(errorStatus(null)).toBeNull();
    expect(errorStatus('ApiError')).toBeNull();
    expect(errorStatus(undefined)).toBeNull();
  });
});

describe('errorTitle', () => {
  it('names the errors that are not the API\'s answer', () => {
    expect(errorTitle({ name: 'NetworkError', message: 'Failed' })).toBe('Could not reach the API');
    expect(errorTitle({ name: 'ResponseShapeError' })).toBe('The API answered in an unexpected shape');
    expect(errorTitle({ name: 'NotConnectedError' })).toBe('Not connected');
    expect(errorTitle(new Error('boom'))).toBe('Something failed');
    expect(errorTitle(null)).toBe('Something failed');
    expect(errorTitle('text')).toBe('Something failed');
  });

  it('names an API error by its status', () => {
    expect(errorTitle(apiError(401))).toBe('The API refused the key');
    expect(errorTitle(apiError(403))).toBe('Not allowed');
    expect(errorTitle(apiError(404))).toBe('Not found');
    expect(errorTitle(apiError(429))).toBe('Too many requests');
    expect(errorTitle(apiError(400))).toBe('The API refused the request');
    expect(errorTitle(apiError(499))).toBe('The API refused the request');
    expect(errorTitle(apiError(500))).toBe('The API had a problem');
    expect(errorTitle(apiError(503))).toBe('The API had a problem');
  });
});

describe('errorStatusLine', () => {
  it('is the status and the code of an API error', () => {
    expect(errorStatusLine(apiError(403, 'permission_denied'))).toBe('HTTP 403 · permission_denied');
    expect(errorStatusLine(apiError(500))).toBe('HTTP 500');
    expect(errorStatusLine(apiError(500, ''))).toBe('HTTP 500');
    expect(errorStatusLine(apiError(500, 42))).toBe('HTTP 500');
  });

  it('is nothing for other errors', () => {
    expect(errorStatusLine({ name: 'NetworkError', message: 'Failed', code: 'x' })).toBeNull();
    expect(errorStatusLine(undefined)).toBeNull();
  });
});
