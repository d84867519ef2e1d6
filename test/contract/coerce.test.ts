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

const fails = (code: string, detail: string, attr = 'f') => ({ ok: false, error: { code, detail, attr } });
const gives = (value: unknown) => ({ ok: true, data: { f: value } });

describe('boolean', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['Yes', true],
    ['ON', true],
    ['1', true],
    ['t', true],
    ['FALSE', false],
    ['no', false],
    ['Off', false],
    ['0', false],
    ['n', false],
  ])('reads %j as %j', (value, expected) => {
    expect(parse(field.boolean(), value)).toEqual(gives(expected));
  });

  it.each([2, 'maybe', '', 'null', [], {}])('refuses %j with Must be a valid boolean.', (value) => {
    expect(parse(field.boolean(), value)).toEqual(fails('invalid_input', 'Must be a valid boolean.'));
  });

  it('a nullable boolean also reads null, "null", "NULL" and "" as null; a plain one refuses null', () => {
    for (const value of [null, 'null', 'Null', 'NULL', '']) expect(parse(field.boolean({ nullable: true }), value)).toEqual(gives(null));
    expect(parse(field.boolean({ nullable: true }), 'maybe')).toEqual(fails('invalid_input', 'Must be a valid boolean.'));
    expect(parse(field.boolean(), null)).toEqual(fails('null', 'This field may not be null.'));
    expect(parse(field.boolean(), undefined)).toEqual(fails('required', 'This field is required.'));
  });
});

describe('integer', () => {
  it.each([
    [12, 12],
    [-3, -3],
    ['12', 12],
    [' 12 ', 12],
    ['+7', 7],
    ['-4', -4],
    ['7.00', 7],
    ['7.', 7],
    [new FormField(['1', '2']), 2],
  ])('reads %j as %j', (value, expected) => {
    expect(parse(field.integer(), value)).toEqual(gives(expected));
  });

  it.each([7.5, '7.5', 'abc', '', '1 2', true, [], {}, 2 ** 53, String(2 ** 53)])('refuses %j with A valid integer is required.', (value) => {
    expect(parse(field.integer(), value)).toEqual(fails('invalid_input', 'A valid integer is required.'));
  });

  it('a text of more than 1000 characters is too large; 1000 characters are read as a number', () => {
    expect(parse(field.integer(), '1'.repeat(1001))).toEqual(fails('max_string_length', 'String value too large.'));
    expect(parse(field.integer(), '1'.repeat(1000))).toEqual(fails('invalid_input', 'A valid integer is required.'));
    expect(parse(field.integer(), ' '.repeat(998) + '42')).toEqual(gives(42));
  });

  it('min and max are inclusive bounds', () => {
    const bounded = field.integer({ min: 1, max: 10 });
    expect(parse(bounded, 1)).toEqual(gives(1));
    expect(parse(bounded, 10)).toEqual(gives(10));
    expect(parse(bounded, 0)).toEqual(fails('min_value', 'Ensure this value is greater than or equal to 1.'));
    expect(parse(bounded, 11)).toEqual(fails('max_value', 'Ensure this value is less than or equal to 10.'));
  });

  it('a nullable integer reads an empty form value as null, but not an empty JSON string', () => {
    expect(parse(field.integer({ nullable: true }), new FormField(['']))).toEqual(gives(null));
    expect(parse(field.integer({ nullable: true }), null)).toEqual(gives(null));
    expect(parse(field.integer({ nullable: true }), '')).toEqual(fails('invalid_input', 'A valid integer is required.'));
    expect(parse(field.integer(), new FormField(['']))).toEqual(fails('invalid_input', 'A valid integer is required.'));
    expect(parse(field.integer({ nullable: true }), new FormField(['5']))).toEqual(gives(5));
  });
});

describe('choice', () => {
  it('reads a choice from a set of texts, and refuses an object by its Python text', () => {
    const named = field.choice(() => new Set(['a', 'b']));
    expect(parse(named, 'b')).toEqual(gives('b'));
    expect(parse(named, 'c')).toEqual(fails('invalid_choice', '"c" is not a valid choice.'));
    expect(parse(field.choice(['x']), { x: 1 })).toEqual(fails('invalid_choice', `"{'x': 1}" is not a valid choice.`));
    expect(parse(field.choice(['x']), ['x'])).toEqual(fails('invalid_choice', `"['x']" is not a valid choice.`));
    expect(parse(field.choice(['x'], { nullable: true }), null)).toEqual(gives(null));
    // A list or an object is no choice, even one whose Python text is a choice's.
    expect(parse(field.choice(["['x']"]), ['x'])).toEqual(fails('invalid_choice', `"['x']" is not a valid choice.`));
    expect(parse(field.choice(["{'x': 1}"]), { x: 1 })).toEqual(fails('invalid_choice', `"{'x': 1}" is not a valid choice.`));
    expect(parse(field.choice(['x']), new FormField(['y', 'x']))).toEqual(gives('x'));
  });
});

describe('text', () => {
  it('trims strings, reads numbers as their text, and refuses other values', () => {
    expect(parse(field.text(), '  hi  ')).toEqual(gives('hi'));
    expect(parse(field.text(), 12.5)).toEqual(gives('12.5'));
    expect(parse(field.text({ trim: false }), '  hi  ')).toEqual(gives('  hi  '));
    for (const value of [true, [], {}]) expect(parse(field.text(), value)).toEqual(fails('invalid_input', 'Not a valid string.'));
  });

  it('a blank value is refused unless blank is allowed', () => {
    expect(parse(field.text(), '   ')).toEqual(fails('blank', 'This field may not be blank.'));
    expect(parse(field.text(), '')).toEqual(fails('blank', 'This field may not be blank.'));
    expect(parse(field.text({ allowBlank: true }), '   ')).toEqual(gives(''));
  });

  it('max and min count characters (code points) of the trimmed text, inclusive', () => {
    const bounded = field.text({ min: 2, max: 3 });
    expect(parse(bounded, ' abc ')).toEqual(gives('abc'));
    expect(parse(bounded, 'ab')).toEqual(gives('ab'));
    expect(parse(bounded, '😀😀😀')).toEqual(gives('😀😀😀'));
    expect(parse(bounded, 'abcd')).toEqual(fails('max_length', 'Ensure this field has no more than 3 characters.'));
    expect(parse(bounded, 'a')).toEqual(fails('min_length', 'Ensure this field has at least 2 characters.'));
  });
});

describe('decimal', () => {
  const money = field.decimal({ maxDigits: 5, places: 2 });

  it.each([
    ['1.5', '1.50'],
    [1, '1.00'],
    [' 2.25 ', '2.25'],
    ['123.45', '123.45'],
    ['.5', '0.50'],
    ['3.', '3.00'],
    ['-1.5', '-1.50'],
    ['+1.5', '1.50'],
    ['1e2', '100.00'],
    ['150e-2', '1.50'],
    ['000123.45', '123.45'],
  ])('reads %j as %j', (value, expected) => {
    expect(parse(money, value)).toEqual(gives(expected));
  });

  it.each(['abc', '.', '', '-', '1.2.3', 'e5', true, [], {}, ['1.5'], [1]])('refuses %j with A valid number is required.', (value) => {
    expect(parse(money, value)).toEqual(fails('invalid_input', 'A valid number is required.'));
  });

  it('counts digits in total, after and before the decimal point as Python does', () => {
    expect(parse(money, '123456')).toEqual(fails('max_digits', 'Ensure that there are no more than 5 digits in total.'));
    expect(parse(money, '1e5')).toEqual(fails('max_digits', 'Ensure that there are no more than 5 digits in total.'));
    expect(parse(money, '1.234')).toEqual(fails('max_decimal_places', 'Ensure that there are no more than 2 decimal places.'));
    expect(parse(money, '0.001')).toEqual(fails('max_decimal_places', 'Ensure that there are no more than 2 decimal places.'));
    expect(parse(money, '1234.5')).toEqual(fails('max_whole_digits', 'Ensure that there are no more than 3 digits before the decimal point.'));
    expect(parse(money, '1e3')).toEqual(fails('max_whole_digits', 'Ensure that there are no more than 3 digits before the decimal point.'));
    expect(parse(money, '999.99')).toEqual(gives('999.99'));
    expect(parse(money, '1e10')).toEqual(fails('max_digits', 'Ensure that there are no more than 5 digits in total.'));
    expect(parse(money, '0.000001')).toEqual(fails('max_digits', 'Ensure that there are no more than 5 digits in total.'));
    expect(parse(money, '1005')).toEqual(fails('max_whole_digits', 'Ensure that there are no more than 3 digits before the decimal point.'));
    expect(parse(money, '100.5')).toEqual(gives('100.50'));
  });

  it('a text of more than 1000 characters is too large', () => {
    expect(parse(money, '1'.repeat(1001))).toEqual(fails('max_string_length', 'String value too large.'));
    expect(parse(money, '1'.repeat(1000))).toEqual(fails('max_digits', 'Ensure that there are no more than 5 digits in total.'));
  });

  it('min and max are inclusive bounds', () => {
    const rate = field.decimal({ maxDigits: 3, places: 2, min: 0, max: 1 });
    expect(parse(rate, '0')).toEqual(gives('0.00'));
    expect(parse(rate, '1')).toEqual(gives('1.00'));
    expect(parse(rate, '-0.01')).toEqual(fails('min_value', 'Ensure this value is greater than or equal to 0.'));
    expect(parse(rate, '1.01')).toEqual(fails('max_value', 'Ensure this value is less than or equal to 1.'));
  });
});

describe('uuid, list, json and dictionary', () => {
  it('a UUID may be wrapped in any number of braces, but holds none inside and exactly 32 hex digits', () => {
    const id = '0f375181-4c06-4f42-9304-e47f104b39be';
    expect(parse(field.uuid(), `{{${id}}}`)).toEqual(gives(id));
    for (const value of [`0f375181-{4c06-4f42-9304-e47f104b39be`, `${id}0`, `0${id}`, `x${id}`]) {
      expect(parse(field.uuid(), value)).toEqual(fails('invalid_input', 'Must be a valid UUID.'));
    }
  });

  it('a UUID may carry its own sentence', () => {
    expect(parse(field.uuid({ message: 'Bad id.' }), 'nope')).toEqual(fails('invalid_input', 'Bad id.'));
    expect(parse(field.uuid({ message: 'Bad id.' }), 3)).toEqual(fails('invalid_input', 'Bad id.'));
    expect(parse(field.uuid({ nullable: true }), null)).toEqual(gives(null));
  });

  it('a list keeps its items in order, passes on an item error code, and may refuse an empty list', () => {
    expect(parse(field.list(field.integer()), ['1', 2])).toEqual(gives([1, 2]));
    expect(parse(field.list(field.integer({ min: 1 })), [1, 0])).toEqual(
      fails('min_value', 'Ensure this value is greater than or equal to 1.', 'f__1'),
    );
    expect(parse(field.list(field.text()), [])).toEqual(gives([]));
    expect(parse(field.list(field.text(), { allowEmpty: false }), [])).toEqual(fails('min_length', 'This list may not be empty.'));
    expect(parse(field.list(field.text(), { allowEmpty: false }), ['a'])).toEqual(gives(['a']));
    expect(parse(field.list(field.text()), 'a')).toEqual(fails('not_a_list', 'Expected a list of items but got type "str".'));
    expect(parse(field.list(field.text()), 5)).toEqual(fails('not_a_list', 'Expected a list of items but got type "int".'));
    // An item schema of zod's own reports its own sentence as invalid_input.
    expect(parse(field.list(z.string().check(z.maxLength(1, 'One letter.'))), ['a', 'bc'])).toEqual(fails('invalid_input', 'One letter.', 'f__1'));
  });

  it('an optional field may be left out, but not sent as null', () => {
    expect(parseInput(z.object({ f: field.optional(field.text()) }), {})).toEqual({ ok: true, data: {} });
    expect(parse(field.optional(field.text()), null)).toEqual(fails('null', 'This field may not be null.'));
  });

  it('a JSON field takes any JSON value as sent', () => {
    expect(parse(field.json(), [1, 'a'])).toEqual(gives([1, 'a']));
    expect(parse(field.json(), 'text')).toEqual(gives('text'));
    expect(parse(field.json({ nullable: true }), null)).toEqual(gives(null));
  });

  it('a dictionary reads a form value as JSON and names the type of anything else', () => {
    expect(parse(field.dictionary(), { a: 1 })).toEqual(gives({ a: 1 }));
    expect(parse(field.dictionary(), new FormField(['{"a": 1}']))).toEqual(gives({ a: 1 }));
    expect(parse(field.dictionary(), new FormField(['{']))).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "str".'));
    expect(parse(field.dictionary(), new FormField(['[1]']))).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "list".'));
    expect(parse(field.dictionary(), new FormField(['null']))).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "NoneType".'));
    expect(parse(field.dictionary(), 'x')).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "str".'));
    expect(parse(field.dictionary(), 1.5)).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "float".'));
    expect(parse(field.dictionary(), true)).toEqual(fails('not_a_dict', 'Expected a dictionary of items but got type "bool".'));
    expect(parse(field.dictionary({ nullable: true }), null)).toEqual(gives(null));
  });
});

describe("Python's names and texts", () => {
  it('names the type of a value as production prints it', () => {
    expect([new FormField(['1']), [], null, {}, 1, 1.5, false, 'a'].map(field.pythonTypeName)).toEqual([
      'str', 'list', 'NoneType', 'dict', 'int', 'float', 'bool', 'str',
    ]);
  });

  it("prints a value as Python's str() does, quoting and escaping strings inside lists and dicts", () => {
    expect([true, false, null, undefined, 12, 'x'].map(field.pythonText)).toEqual(['True', 'False', 'None', 'None', '12', 'x']);
    expect(field.pythonText([1, 'a', null, [true]])).toBe("[1, 'a', None, [True]]");
    expect(field.pythonText({ a: "it's", 'b\\': 2 })).toBe("{'a': 'it\\'s', 'b\\\\': 2}");
  });

  it('a form field without values reads as empty text; lengths count code points', () => {
    expect(new FormField([]).last).toBe('');
    expect(field.charLength('😀a')).toBe(2);
  });
});

describe("field errors from zod's issues (the schemas not built from the field builders)", () => {
  const error = (schema: z.ZodMiniType, body: unknown) => {
    const result = parseInput(schema, body);
    return result.ok ? null : result.error;
  };
  const at = (code: string, detail: string, attr: string | null = 'n') => ({ code, detail, attr });

  it('a wrong type: required when missing, null when null, else the sentence of the type expected', () => {
    const number = z.object({ n: z.number() });
    expect(error(number, {})).toEqual(at('required', 'This field is required.'));
    expect(error(number, { n: null })).toEqual(at('null', 'This field may not be null.'));
    expect(error(number, { n: 'x' })).toEqual(at('invalid_input', 'A valid number is required.'));
    expect(error(z.object({ n: z.string() }), { n: 1 })).toEqual(at('invalid_input', 'Not a valid string.'));
    expect(error(z.object({ n: z.boolean() }), { n: 1 })).toEqual(at('invalid_input', 'Must be a valid boolean.'));
    expect(error(z.object({ n: z.int() }), { n: 1.5 })).toEqual(at('invalid_input', 'A valid integer is required.'));
    expect(error(z.object({ n: z.date() }), { n: 1 })).toEqual(at('invalid_input', 'Invalid input.'));
  });

  it("a wrong type where a list or a dictionary was expected names what was sent as Python does", () => {
    const list = z.object({ n: z.array(z.string()) });
    expect([{}, 'x', 1, 1.5, true].map((n) => error(list, { n })!.detail)).toEqual([
      'Expected a list of items but got type "dict".',
      'Expected a list of items but got type "str".',
      'Expected a list of items but got type "int".',
      'Expected a list of items but got type "float".',
      'Expected a list of items but got type "bool".',
    ]);
    expect(error(z.object({ n: z.object({}) }), { n: [] })).toEqual(at('invalid_input', 'Expected a dictionary of items but got type "list".'));
    expect(error(z.object({ n: z.record(z.string(), z.number()) }), { n: 'x' })).toEqual(
      at('invalid_input', 'Expected a dictionary of items but got type "str".'),
    );
  });

  it('too long, too many, too large', () => {
    expect(error(z.object({ n: z.string().check(z.maxLength(3)) }), { n: 'abcd' })).toEqual(at('max_length', 'Ensure this field has no more than 3 characters.'));
    expect(error(z.object({ n: z.array(z.number()).check(z.maxLength(1)) }), { n: [1, 2] })).toEqual(
      at('max_length', 'Ensure this field has no more than 1 elements.'),
    );
    expect(error(z.object({ n: z.number().check(z.lte(5)) }), { n: 6 })).toEqual(at('max_value', 'Ensure this value is less than or equal to 5.'));
  });

  it('blank, too short, too few, too small', () => {
    expect(error(z.object({ n: z.string().check(z.minLength(1)) }), { n: '' })).toEqual(at('blank', 'This field may not be blank.'));
    expect(error(z.object({ n: z.string().check(z.minLength(3)) }), { n: 'ab' })).toEqual(at('min_length', 'Ensure this field has at least 3 characters.'));
    expect(error(z.object({ n: z.array(z.number()).check(z.minLength(2)) }), { n: [1] })).toEqual(
      at('min_length', 'Ensure this field has at least 2 elements.'),
    );
    expect(error(z.object({ n: z.number().check(z.gte(0)) }), { n: -1 })).toEqual(at('min_value', 'Ensure this value is greater than or equal to 0.'));
  });

  it('a choice: required when missing, null when null, else the value sent is no valid choice', () => {
    const choice = z.object({ n: z.enum(['a', 'b']) });
    expect(error(choice, {})).toEqual(at('required', 'This field is required.'));
    expect(error(choice, { n: null })).toEqual(at('null', 'This field may not be null.'));
    expect(error(choice, { n: 'c' })).toEqual(at('invalid_choice', '"c" is not a valid choice.'));
    expect(error(choice, { n: 5 })).toEqual(at('invalid_choice', '"5" is not a valid choice.'));
    expect(error(z.object({ n: z.literal('event') }), { n: { x: 1 } })).toEqual(at('invalid_choice', '"{"x":1}" is not a valid choice.'));
  });

  it('a format: UUIDs have their own sentence', () => {
    expect(error(z.object({ n: z.uuid() }), { n: 'x' })).toEqual(at('invalid_input', 'Must be a valid UUID.'));
    expect(error(z.object({ n: z.guid() }), { n: 'x' })).toEqual(at('invalid_input', 'Must be a valid UUID.'));
    expect(error(z.object({ n: z.email() }), { n: 'x' })).toEqual(at('invalid_input', 'Enter a valid value.'));
  });

  it("any other issue keeps zod's sentence; a problem of the whole body has no attr", () => {
    const strict = error(z.strictObject({}), { extra: 1 });
    expect(strict).toMatchObject({ code: 'invalid_input', attr: null });
    expect(strict!.detail).toBe(z.safeParse(z.strictObject({}), { extra: 1 }).error!.issues[0]!.message);
    const custom = { code: 'custom', message: 'Too long.', path: ['n'], input: 1, params: { code: 'max_length' } } as const;
    expect(fieldErrorFromIssue(custom as unknown as z.core.$ZodIssue, {})).toEqual(at('max_length', 'Too long.'));
    const plain = { code: 'custom', message: 'Bad.', path: [], input: 1 } as const;
    expect(fieldErrorFromIssue(plain as unknown as z.core.$ZodIssue, {})).toEqual(at('invalid_input', 'Bad.', null));
  });

  it('a field under a value that is no object was not sent', () => {
    const issue = { code: 'invalid_type', expected: 'number', message: 'x', path: ['a', 'b'], input: undefined } as const;
    for (const body of [{ a: 5 }, { a: null }, null, 'text']) {
      expect(fieldErrorFromIssue(issue as unknown as z.core.$ZodIssue, body)).toEqual(at('required', 'This field is required.', 'a__b'));
    }
    expect(fieldErrorFromIssue(issue as unknown as z.core.$ZodIssue, { a: { b: 'x' } })).toEqual(at('invalid_input', 'A valid number is required.', 'a__b'));
  });
});
