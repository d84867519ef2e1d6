/**
 * The verdict: does a JSON answer match the contract? It walks the answer beside the answer schema
 * the console reads it with (schemas.ts and its siblings) and says, one line per difference, where
 * and how they part (`results[3].created_by: expected an object or null, got a string`). Fields the
 * contract does not name are not a difference (production sends many, and the console drops them):
 * they are counted apart and can be listed. `null` and missing fields are differences only where
 * the schema refuses them: the schemas accept the nulls production sends.
 *
 * The walk reads the zod schemas' definitions; zod itself has the last word (an answer the schema
 * refuses for a reason the walk does not see is reported with zod's own words).
 */
import * as z from 'zod/mini';
import type { Operation } from './operations.ts';

export interface Difference {
  /** Where in the answer, e.g. `results[3].created_by` (`answer` for the whole body). */
  path: string;
  /** What the contract expects there, e.g. `an object or null`. */
  expected: string;
  /** What the answer holds there, e.g. `a string`, `nothing` (a required field left out). */
  got: string;
  /** One line: `results[3].created_by: expected an object or null, got a string`. */
  line: string;
}

/** A field the contract does not name, array indexes written `[]` (`results[].unread`). */
export interface UnnamedField {
  path: string;
  /** How many times the answer holds it (once per list item). */
  count: number;
}

export interface Verdict {
  matches: boolean;
  differences: Difference[];
  /** Fields the contract does not name (never a difference), in the order met. */
  unnamed: UnnamedField[];
}

type Path = ReadonlyArray<string | number>;

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** `['results', 3, 'created_by']` → `results[3].created_by`; `[]` → `answer`. */
export function answerPath(path: Path): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (/^[A-Za-z_$][\w$@-]*$/.test(part)) text += `${text ? '.' : ''}${part}`;
    else text += `[${JSON.stringify(part)}]`;
  }
  return text || 'answer';
}

const generalPath = (path: Path) => answerPath(path.map((part) => (typeof part === 'number' ? -1 : part))).replace(/\[-1\]/g, '[]');

/** What a JSON value is, in words: `a string`, `an object`, `a list`, `null`, `nothing`. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A schema with its wrappers peeled: whether it takes null or nothing, and the core schema. */
function peel(schema: unknown): { core: unknown; nullable: boolean; optional: boolean } {
  let nullable = false;
  let optional = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
        optional = true;
        current = def.innerType;
        continue;
      case 'default':
      case 'prefault':
        optional = true;
        current = def.innerType;
        continue;
      case 'nullable':
        nullable = true;
        current = def.innerType;
        continue;
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType;
        continue;
      case 'pipe':
        // The answer is what goes in; what the console makes of it is its own business.
        current = def.in;
        continue;
      case 'lazy':
        current = (def.getter as () => unknown)();
        continue;
      default:
        return { core: current, nullable, optional };
    }
  }
}

const quote = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** What a schema takes, in words: `an object or null`, `a string`, `"event"`. */
export function describeSchema(schema: unknown): string {
  const { core, nullable } = peel(schema);
  const words = describeCore(core);
  return nullable && !/\bnull$/.test(words) && words !== 'anything' ? `${words} or null` : words;
}

function describeCore(core: unknown): string {
  const def = defOf(core);
  switch (def.type) {
    case 'object':
    case 'record':
      return 'an object';
    case 'array':
    case 'tuple':
      return 'a list';
    case 'string':
    case 'template_literal':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    case 'literal':
      return (def.values as unknown[]).map(quote).join(' or ');
    case 'enum':
      return `one of ${Object.values(def.entries as Record<string, unknown>).map(quote).join(', ')}`;
    case 'union':
      return [...new Set((def.options as unknown[]).map(describeSchema))].join(' or ');
    case 'unknown':
    case 'any':
      return 'anything';
    case 'transform':
      return 'anything';
    default:
      return def.type;
  }
}

interface Collector {
  differences: Difference[];
  unnamed: Map<string, number>;
}

function differ(out: Collector, path: Path, expected: string, got: string) {
  const where = answerPath(path);
  out.differences.push({ path: where, expected, got, line: `${where}: expected ${expected}, got ${got}` });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function check(schema: unknown, value: unknown, path: Path, out: Collector): void {
  const { core, nullable, optional } = peel(schema);
  if (value === undefined) {
    if (!optional && !acceptsUndefined(core)) differ(out, path, describeSchema(schema), 'nothing');
    return;
  }
  // A null the schema takes in a `null`, `unknown` or `any` core, or in a union option, is accepted below.
  if (value === null && nullable) return;
  const def = defOf(core);
  const mismatch = () => differ(out, path, describeSchema(schema), kindOf(value));
  switch (def.type) {
    case 'unknown':
    case 'any':
    case 'transform':
      return;
    case 'string':
      if (typeof value !== 'string') mismatch();
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) mismatch();
      return;
    case 'boolean':
      if (typeof value !== 'boolean') mismatch();
      return;
    case 'null':
      if (value !== null) mismatch();
      return;
    case 'literal':
      if (!(def.values as unknown[]).includes(value)) differ(out, path, describeSchema(schema), literalGot(value));
      return;
    case 'enum':
      if (!Object.values(def.entries as Record<string, unknown>).includes(value)) differ(out, path, describeSchema(schema), literalGot(value));
      return;
    case 'array': {
      if (!Array.isArray(value)) return mismatch();
      value.forEach((item, index) => check(def.element, item, [...path, index], out));
      return;
    }
    case 'tuple': {
      if (!Array.isArray(value)) return mismatch();
      const items = def.items as unknown[];
      items.forEach((item, index) => check(item, value[index], [...path, index], out));
      if (value.length > items.length && !def.rest) differ(out, path, `a list of ${items.length}`, `a list of ${value.length}`);
      return;
    }
    case 'record': {
      if (!isPlainObject(value)) return mismatch();
      for (const [key, item] of Object.entries(value)) check(def.valueType, item, [...path, key], out);
      return;
    }
    case 'object': {
      if (!isPlainObject(value)) return mismatch();
      const shape = def.shape as Record<string, unknown>;
      for (const [key, field] of Object.entries(shape)) check(field, value[key], [...path, key], out);
      const catchall = def.catchall ? defOf(def.catchall).type : 'never';
      for (const [key, item] of Object.entries(value)) {
        if (Object.hasOwn(shape, key)) continue;
        if (catchall !== 'never') check(def.catchall, item, [...path, key], out);
        else {
          const general = generalPath([...path, key]);
          out.unnamed.set(general, (out.unnamed.get(general) ?? 0) + 1);
        }
      }
      return;
    }
    case 'union': {
      const tries = (def.options as unknown[]).map((option) => {
        const sub: Collector = { differences: [], unnamed: new Map() };
        check(option, value, path, sub);
        return sub;
      });
      const fit = tries.find((sub) => sub.differences.length === 0);
      if (fit) {
        for (const [key, count] of fit.unnamed) out.unnamed.set(key, (out.unnamed.get(key) ?? 0) + count);
        return;
      }
      // No option fits. When an option at least has the answer's kind, its differences say most.
      const sameKind = tries.filter((sub) => !sub.differences.some((d) => d.path === answerPath(path)));
      if (sameKind.length === 0) return mismatch();
      const closest = sameKind.reduce((a, b) => (b.differences.length < a.differences.length ? b : a));
      out.differences.push(...closest.differences);
      return;
    }
    default: {
      // A kind of schema the walk does not read: zod answers for it.
      const result = z.safeParse(core as z.ZodMiniType, value);
      if (!result.success) {
        for (const issue of result.error.issues) differ(out, [...path, ...(issue.path as Path)], issue.message, kindOf(value));
      }
    }
  }
}

function literalGot(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? quote(value) : kindOf(value);
}

function acceptsUndefined(core: unknown): boolean {
  const type = defOf(core).type;
  return type === 'unknown' || type === 'any' || (type === 'union' && (defOf(core).options as unknown[]).some((o) => peel(o).optional || acceptsUndefined(peel(o).core)));
}

/** The verdict on an answer's body against an answer schema. */
export function verdict(schema: z.ZodMiniType, answer: unknown): Verdict {
  const out: Collector = { differences: [], unnamed: new Map() };
  check(schema, answer, [], out);
  if (out.differences.length === 0) {
    // The schema's own checks (refinements) have the last word.
    const result = z.safeParse(schema, answer);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const where = answerPath(issue.path as Path);
        out.differences.push({ path: where, expected: issue.message, got: 'something else', line: `${where}: ${issue.message}` });
      }
    }
  }
  return {
    matches: out.differences.length === 0,
    differences: out.differences,
    unnamed: [...out.unnamed].map(([path, count]) => ({ path, count })),
  };
}

/** An answer as the check and the explorer saw it. */
export interface SeenAnswer {
  status: number;
  /** The parsed JSON body; undefined for an empty body. */
  body: unknown;
}

/**
 * The verdict on a success answer of an operation: its status (the contract's success status, or
 * 204 where the contract allows an empty answer), then its body against the answer schema.
 */
export function operationVerdict(operation: Pick<Operation, 'status' | 'answer' | 'noContent'>, answer: SeenAnswer): Verdict {
  // An operation whose success is 204 has answered with its own status: only a 204 beside another status needs leave.
  const emptyAllowed = answer.status === 204 && operation.noContent !== undefined;
  if (answer.status !== operation.status && !emptyAllowed) {
    const expected = operation.noContent ? `${operation.status} or 204` : String(operation.status);
    return {
      matches: false,
      differences: [{ path: 'status', expected, got: String(answer.status), line: `status: expected ${expected}, got ${answer.status}` }],
      unnamed: [],
    };
  }
  if (answer.status === 204 || !operation.answer) {
    if (answer.status === 204 && answer.body !== undefined) {
      return {
        matches: false,
        differences: [{ path: 'answer', expected: 'no body', got: kindOf(answer.body), line: `answer: expected no body, got ${kindOf(answer.body)}` }],
        unnamed: [],
      };
    }
    return { matches: true, differences: [], unnamed: [] };
  }
  return verdict(operation.answer, answer.body);
}
