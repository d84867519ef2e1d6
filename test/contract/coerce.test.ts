/** API.md §1.3 and §2: the contract's coercing field builders, as production's serializers coerce. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrorFromIssue } from '../../src/contract/errors.ts';
import { field, FormField, parseInput } from '../../src/contract/inputs.ts';

const parse = (schema: z.ZodMiniType, value: unknown) => parseInput(z.object({ f: schema }), { f: value });

describe('field builders', () => {
  it.each([
    '0f375181-4c06-4f42-9304-e47f104b39be',
    '0F375181-4C06-4F42-9304-E47F104B39BE',
    '0f3751814c064f429304e47f104b39be',
    '{0f375181-4c06-4f42-9304-e47f104b39be}',
    'urn:uuid:0f375181-4c06-4f42-9304-e47f104b39be',
  ])('a UUID takes %s and answers it hyphenated in lower case', (value) => {
    expect(parse(field.uuid(), value)).toEqual({ ok: true, data: { f: '0f375181-4c06-4f42-9304-e47f104b39be' } });
  });

  it.each(['nope', '0f375181-4c06-4f42-9304', 42, true, {}])('a UUID refuses %j with Must be a valid UUID.', (value) => {
    expect(parse(field.uuid(), value)).toEqual({ ok: false, error: { code: 'invalid_input', detail: 'Must be a valid UUID.', attr: 'f' } });
  });

  it('a choice matches the text form of a value: 37 and "37" match 37, "x" and true do not', () => {
    const level = field.choice([21, 37]);
    expect(parse(level, '37')).toEqual({ ok: true, data: { f: 37 } });
    expect(parse(level, 37)).toEqual({ ok: true, data: { f: 37 } });
    expect(parse(level, 'x')).toEqual({ ok: false, error: { code: 'invalid_choice', detail: '"x" is not a valid choice.', attr: 'f' } });
    expect(parse(level, true)).toEqual({ ok: false, error: { code: 'invalid_choice', detail: '"True" is not a valid choice.', attr: 'f' } });
    expect(parse(level, undefined)).toEqual({ ok: false, error: { code: 'required', detail: 'This field is required.', attr: 'f' } });
    expect(parse(level, null)).toEqual({ ok: false, error: { code: 'null', detail: 'This field may not be null.', attr: 'f' } });
  });

  it('a list reports the first bad item as field__index; a form value is a list of its repeated keys', () => {
    const tags = field.list(field.text());
    expect(parse(tags, ['a', 'b', true])).toEqual({ ok: false, error: { code: 'invalid_input', detail: 'Not a valid string.', attr: 'f__2' } });
    expect(parse(tags, { a: 1 })).toEqual({ ok: false, error: { code: 'not_a_list', detail: 'Expected a list of items but got type "dict".', attr: 'f' } });
    expect(parse(tags, new FormField(['a', ' b ']))).toEqual({ ok: true, data: { f: ['a', 'b'] } });
  });

  it('scalars read the last value of a form field; JSON-valued fields parse its text', () => {
    expect(parse(field.boolean(), new FormField(['false', 'on']))).toEqual({ ok: true, data: { f: true } });
    expect(parse(field.json(), new FormField(['{"a": [1]}']))).toEqual({ ok: true, data: { f: { a: [1] } } });
    expect(parse(field.json(), new FormField(['{']))).toEqual({ ok: false, error: { code: 'invalid_input', detail: 'Value must be valid JSON.', attr: 'f' } });
  });

  it('a dictionary refuses other JSON with not_a_dict', () => {
    expect(parse(field.dictionary(), [1])).toEqual({
      ok: false,
      error: { code: 'not_a_dict', detail: 'Expected a dictionary of items but got type "list".', attr: 'f' },
    });
  });

  it('a serializer code `invalid` is reported as invalid_input, and nested attr joins with __', () => {
    const issue = { code: 'custom', message: 'Bad.', path: ['tile', 'id'], input: 1, params: { code: 'invalid' } } as const;
    expect(fieldErrorFromIssue(issue as unknown as z.core.$ZodIssue, {})).toEqual({ code: 'invalid_input', detail: 'Bad.', attr: 'tile__id' });
  });
});
