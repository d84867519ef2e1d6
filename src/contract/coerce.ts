/**
 * Field coercion as production's serializers do it (API.md §1.3): each builder is a zod/mini schema
 * that takes any value, coerces it the way the field kind does, and reports the field's own error
 * (code and sentence) on failure. Every field of every request body is built from these.
 *
 * A value read from a form-encoded or multipart body arrives as a `FormField` (every value sent under
 * that key, in order): scalar kinds read the last one, lists read them all, JSON-valued fields parse
 * the text.
 */
import * as z from 'zod/mini';
import type { FieldErrorCode } from './errors.ts';

/** The values a form body sent under one key (repeated keys give several). */
export class FormField {
  readonly values: readonly string[];
  constructor(values: readonly string[]) {
    this.values = values;
  }
  /** The last value, as production's `QueryDict.get` reads it. */
  get last(): string {
    return this.values[this.values.length - 1] ?? '';
  }
}

/** What a form body holds under a key when it is not a form value. */
const scalar = (value: unknown): unknown => (value instanceof FormField ? value.last : value);

/** Length in characters (Unicode code points), as the API counts it. */
export const charLength = (value: string) => [...value].length;

type Failure = { fail: true; code: FieldErrorCode; detail: string; path?: PropertyKey[] };
type Outcome<T> = Failure | { fail: false; value: T };

const ok = <T>(value: T): Outcome<T> => ({ fail: false, value });
const failure = (code: FieldErrorCode, detail: string, path?: PropertyKey[]): Failure => ({ fail: true, code, detail, path });

export const sentences = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  boolean: 'Must be a valid boolean.',
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  string: 'Not a valid string.',
  uuid: 'Must be a valid UUID.',
  json: 'Value must be valid JSON.',
  stringTooLarge: 'String value too large.',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  minLength: (n: number) => `Ensure this field has at least ${n} characters.`,
  maxValue: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  minValue: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  maxDigits: (n: number) => `Ensure that there are no more than ${n} digits in total.`,
  maxDecimalPlaces: (n: number) => `Ensure that there are no more than ${n} decimal places.`,
  maxWholeDigits: (n: number) => `Ensure that there are no more than ${n} digits before the decimal point.`,
  notAList: (type: string) => `Expected a list of items but got type "${type}".`,
  notADict: (type: string) => `Expected a dictionary of items but got type "${type}".`,
  invalidChoice: (text: string) => `"${text}" is not a valid choice.`,
} as const;

/** Python's name for the type of a JSON value, as production's messages print it. */
export function pythonTypeName(value: unknown): string {
  if (value instanceof FormField) return 'str';
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'NoneType';
  if (typeof value === 'object') return 'dict';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'str';
}

/** Python's `str()` of a JSON value (`True`, `12`, `{'a': 1}`), for choice errors. */
export function pythonText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`)
    .join(', ')}}`;
}
function pythonRepr(value: unknown): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : pythonText(value);
}

interface Nullability {
  /** `null` is a value (else `This field may not be null.`). */
  nullable?: boolean;
}

/**
 * A schema from a coercion: `undefined` (missing) is `required`, `null` is `null` unless nullable,
 * everything else goes to `coerce`. `In` is the type a client sends (for the console's types).
 */
function coerced<In, Out>(options: Nullability, coerce: (value: unknown) => Outcome<Out>) {
  return z.pipe(
    z.custom<In>(),
    z.transform((input: In, ctx): Out => {
      let outcome: Outcome<Out | null>;
      if (input === undefined) outcome = failure('required', sentences.required);
      else if (input === null) outcome = options.nullable ? ok(null) : failure('null', sentences.null);
      else outcome = coerce(input);
      if (outcome.fail) {
        ctx.issues.push({
          code: 'custom',
          message: outcome.detail,
          input,
          path: outcome.path ?? [],
          params: { code: outcome.code },
        });
        return z.NEVER;
      }
      return outcome.value as Out;
    }),
  );
}

type Maybe<T, N extends boolean | undefined> = N extends true ? T | null : T;

const trueTexts = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const falseTexts = new Set(['false', 'False', 'FALSE', 'f', 'F', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF', '0']);
const nullTexts = new Set(['null', 'Null', 'NULL', '']);

/** A boolean: `true`/`false`, the words of §1.3, 1 and 0; a nullable one also `"null"` and `""`. */
export function boolean<N extends boolean | undefined = undefined>(options: { nullable?: N } = {}) {
  return coerced<Maybe<boolean, N>, Maybe<boolean, N>>(options, (raw) => {
    const value = scalar(raw);
    if (value === true || value === false) return ok(value);
    if (value === 1) return ok(true);
    if (value === 0) return ok(false);
    // Texts only: a set of texts holds no other value.
    if (trueTexts.has(value as string)) return ok(true);
    if (falseTexts.has(value as string)) return ok(false);
    if (options.nullable && nullTexts.has(value as string)) return ok(null as Maybe<boolean, N>);
    return failure('invalid_input', sentences.boolean);
  });
}

const maxStringLength = 1000;

/** An integer: integers, floats without a fraction, and strings of such a number (spaces allowed). */
export function integer<N extends boolean | undefined = undefined>(options: { nullable?: N; min?: number; max?: number } = {}) {
  return coerced<Maybe<number, N>, Maybe<number, N>>(options, (raw) => {
    const value = scalar(raw);
    let n: number | null = null;
    if (Number.isInteger(value)) n = value as number;
    else if (typeof value === 'string') {
      if (charLength(value) > maxStringLength) return failure('max_string_length', sentences.stringTooLarge);
      if (options.nullable && value === '' && raw instanceof FormField) return ok(null as Maybe<number, N>);
      const match = /^\s*([+-]?\d+)(?:\.0*)?\s*$/.exec(value);
      if (match) n = Number(match[1]);
    }
    if (n === null || !Number.isSafeInteger(n)) return failure('invalid_input', sentences.integer);
    if (options.min !== undefined && n < options.min) return failure('min_value', sentences.minValue(options.min));
    if (options.max !== undefined && n > options.max) return failure('max_value', sentences.maxValue(options.max));
    return ok(n);
  });
}

/**
 * One of `choices`: any value whose text form is a choice's text (`37` and `"37"` both match 37).
 * The answer is the choice itself (a number stays a number).
 */
export function choice<const C extends string | number, N extends boolean | undefined = undefined>(
  choices: ReadonlyArray<C> | (() => ReadonlySet<string>),
  options: { nullable?: N } = {},
) {
  let byText: Map<string, C> | null = null;
  const lookup = (text: string): C | undefined => {
    if (typeof choices === 'function') return choices().has(text) ? (text as C) : undefined;
    byText ??= new Map(choices.map((c) => [String(c), c]));
    return byText.get(text);
  };
  return coerced<Maybe<C, N>, Maybe<C, N>>(options, (raw) => {
    const value = scalar(raw);
    const text = pythonText(value);
    const found = typeof value === 'object' && value !== null ? undefined : lookup(text);
    return found === undefined ? failure('invalid_choice', sentences.invalidChoice(text)) : ok(found);
  });
}

/**
 * Text: strings, and numbers as their text; trimmed before the length and blank checks. A blank
 * value is `This field may not be blank.` unless `allowBlank`.
 */
export function text<N extends boolean | undefined = undefined>(
  options: { nullable?: N; max?: number; min?: number; allowBlank?: boolean; trim?: boolean } = {},
) {
  return coerced<Maybe<string, N>, Maybe<string, N>>(options, (raw) => {
    const value = scalar(raw);
    if (typeof value !== 'string' && typeof value !== 'number') return failure('invalid_input', sentences.string);
    let result = String(value);
    if (options.trim !== false) result = result.trim();
    if (result === '') return options.allowBlank ? ok('') : failure('blank', sentences.blank);
    const length = charLength(result);
    if (options.max !== undefined && length > options.max) return failure('max_length', sentences.maxLength(options.max));
    if (options.min !== undefined && length < options.min) return failure('min_length', sentences.minLength(options.min));
    return ok(result);
  });
}

/**
 * A decimal: numbers and numeric strings, checked for digits as production's `DecimalField` does,
 * answered as a string with `places` decimals (`"0.50"`).
 */
export function decimal<N extends boolean | undefined = undefined>(options: {
  nullable?: N;
  maxDigits: number;
  places: number;
  min?: number;
  max?: number;
}) {
  return coerced<Maybe<string | number, N>, Maybe<string, N>>(options, (raw) => {
    const value = scalar(raw);
    if (typeof value !== 'string' && typeof value !== 'number') return failure('invalid_input', sentences.number);
    const textValue = String(value).trim();
    if (charLength(textValue) > maxStringLength) return failure('max_string_length', sentences.stringTooLarge);
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(textValue);
    if (!match || (match[2] === '' && (match[3] ?? '') === '')) return failure('invalid_input', sentences.number);
    // Python's Decimal tuple: the digits without leading zeros of the whole part, and the exponent.
    const fraction = match[3] ?? '';
    const exponent = Number(match[4] ?? 0) - fraction.length;
    const digits = `${match[2]}${fraction}`.replace(/^0+(?=\d)/, '');
    const total = exponent >= 0 ? digits.length + exponent : Math.max(digits.length, -exponent);
    const places = exponent >= 0 ? 0 : -exponent;
    const whole = total - places;
    if (total > options.maxDigits) return failure('max_digits', sentences.maxDigits(options.maxDigits));
    if (places > options.places) return failure('max_decimal_places', sentences.maxDecimalPlaces(options.places));
    if (whole > options.maxDigits - options.places) {
      return failure('max_whole_digits', sentences.maxWholeDigits(options.maxDigits - options.places));
    }
    const n = Number(textValue);
    if (options.min !== undefined && n < options.min) return failure('min_value', sentences.minValue(options.min));
    if (options.max !== undefined && n > options.max) return failure('max_value', sentences.maxValue(options.max));
    return ok(n.toFixed(options.places));
  });
}

/**
 * A UUID: hyphenated, 32 bare hex digits, braces or `urn:uuid:`, any case; answered hyphenated, lower case.
 * `message` replaces `Must be a valid UUID.` where production words it otherwise.
 */
export function uuid<N extends boolean | undefined = undefined>(options: { nullable?: N; message?: string } = {}) {
  const invalid = options.message ?? sentences.uuid;
  return coerced<Maybe<string, N>, Maybe<string, N>>(options, (raw) => {
    const value = scalar(raw);
    if (typeof value !== 'string') return failure('invalid_input', invalid);
    const hex = value.replace('urn:', '').replace('uuid:', '').replace(/^[{}]+|[{}]+$/g, '').replace(/-/g, '');
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) return failure('invalid_input', invalid);
    const h = hex.toLowerCase();
    return ok(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  });
}

/** A list: a JSON array, or a form body's repeated keys; each item through `item` (errors `attr` `field__i`). */
export function list<S extends z.ZodMiniType, N extends boolean | undefined = undefined>(
  item: S,
  options: { nullable?: N; allowEmpty?: boolean } = {},
) {
  return coerced<Maybe<Array<z.input<S>>, N>, Maybe<Array<z.output<S>>, N>>(options, (raw) => {
    const value = raw instanceof FormField ? [...raw.values] : raw;
    if (!Array.isArray(value)) return failure('not_a_list', sentences.notAList(pythonTypeName(value)));
    if (options.allowEmpty === false && value.length === 0) return failure('min_length', 'This list may not be empty.');
    const result: Array<z.output<S>> = [];
    for (let i = 0; i < value.length; i += 1) {
      const parsed = z.safeParse(item, value[i]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const code = (issue as { params?: { code?: FieldErrorCode } }).params?.code ?? 'invalid_input';
        return failure(code, issue.message, [i, ...issue.path]);
      }
      result.push(parsed.data);
    }
    return ok(result);
  });
}

/** A JSON-valued field: any JSON value; in a form body, the text is parsed as JSON. */
export function json<N extends boolean | undefined = undefined>(options: { nullable?: N } = {}) {
  return coerced<unknown, unknown>(options, (raw) => {
    if (!(raw instanceof FormField)) return ok(raw);
    try {
      return ok(JSON.parse(raw.last) as unknown);
    } catch {
      return failure('invalid_input', sentences.json);
    }
  });
}

/** A JSON object (a dictionary field): `Expected a dictionary of items but got type "list".` otherwise. */
export function dictionary<N extends boolean | undefined = undefined>(options: { nullable?: N } = {}) {
  return coerced<Maybe<Record<string, unknown>, N>, Maybe<Record<string, unknown>, N>>(options, (raw) => {
    let value: unknown = raw;
    if (raw instanceof FormField) {
      try {
        value = JSON.parse(raw.last);
      } catch {
        return failure('not_a_dict', sentences.notADict('str'));
      }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return failure('not_a_dict', sentences.notADict(pythonTypeName(value)));
    }
    return ok(value as Record<string, unknown>);
  });
}

/** An optional field (missing means "not given"). */
export const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(schema);
