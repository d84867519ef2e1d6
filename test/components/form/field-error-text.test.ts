// Which field an API validation error names (its `attr`, nested fields joined with `__`), the error
// shown under that field, and the one shown above the form when no field on it carries the error.
import { describe, expect, it } from 'vitest';
import { errorAttr, fieldError, formError } from '../../../src/components/form/field-error-text.ts';

const apiError = (attr: unknown, detail = 'This field may not be blank.') => ({ name: 'ApiError', status: 400, code: 'invalid_input', detail, attr, message: detail });

describe('errorAttr', () => {
  it('is the attr of an API error', () => {
    expect(errorAttr(apiError('name'))).toBe('name');
    expect(errorAttr(apiError('tags__2'))).toBe('tags__2');
  });

  it('is null for an API error naming no field', () => {
    expect(errorAttr(apiError(null))).toBeNull();
    expect(errorAttr(apiError(undefined))).toBeNull();
    expect(errorAttr(apiError(''))).toBeNull();
    expect(errorAttr(apiError(3))).toBeNull();
  });

  it('is null for an error that is not the API\'s answer, even with an attr', () => {
    expect(errorAttr({ name: 'NetworkError', message: 'Failed to fetch', attr: 'name' })).toBeNull();
    expect(errorAttr({ name: 'ApiError', status: '400', attr: 'name' })).toBeNull();
    expect(errorAttr(null)).toBeNull();
    expect(errorAttr(undefined)).toBeNull();
    expect(errorAttr('name')).toBeNull();
  });
});

describe('fieldError', () => {
  it('is the API\'s detail under the field the error names', () => {
    expect(fieldError(apiError('name', 'Too long.'), 'name')).toBe('Too long.');
  });

  it('is the detail under a field for something inside it (tags__2 is in tags)', () => {
    expect(fieldError(apiError('tags__2', 'Tag too long.'), 'tags')).toBe('Tag too long.');
    expect(fieldError(apiError('tags__0__name', 'Bad.'), 'tags')).toBe('Bad.');
  });

  it('is undefined under any other field, including one whose name merely starts the same', () => {
    expect(fieldError(apiError('name'), 'description')).toBeUndefined();
    expect(fieldError(apiError('tagsline'), 'tags')).toBeUndefined();
    expect(fieldError(apiError('tags_2'), 'tags')).toBeUndefined();
    expect(fieldError(apiError('tags'), 'tags__2')).toBeUndefined();
  });

  it('is undefined for an error naming no field, and for no error', () => {
    expect(fieldError(apiError(null), 'name')).toBeUndefined();
    expect(fieldError({ name: 'NetworkError', message: 'Failed', attr: 'name' }, 'name')).toBeUndefined();
    expect(fieldError(undefined, 'name')).toBeUndefined();
  });
});

describe('formError', () => {
  it('is undefined without an error', () => {
    expect(formError(null, ['name'])).toBeUndefined();
    expect(formError(undefined, [])).toBeUndefined();
  });

  it('is undefined when a field on the form shows the error (or something inside it)', () => {
    expect(formError(apiError('name'), ['description', 'name'])).toBeUndefined();
    expect(formError(apiError('tags__1'), ['tags'])).toBeUndefined();
  });

  it('is the API\'s detail when the field it names is not on the form', () => {
    expect(formError(apiError('filters', 'Invalid filters.'), ['name', 'description'])).toBe('Invalid filters.');
    expect(formError(apiError('tags_1', 'Odd.'), ['tags'])).toBe('Odd.');
    expect(formError(apiError('name', 'Too long.'), [])).toBe('Too long.');
  });

  it('is the error\'s sentence when it names no field', () => {
    expect(formError(apiError(null, 'Not allowed.'), ['name'])).toBe('Not allowed.');
    expect(formError({ name: 'NetworkError', message: 'Could not reach the API.', attr: 'name' }, ['name'])).toBe('Could not reach the API.');
    expect(formError(new Error('  boom  '), ['name'])).toBe('boom');
  });
});
