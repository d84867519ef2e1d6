/** What every API route handler shares: the request context, body reading, and JSON answers. */
import type * as z from 'zod/mini';
import { parseInput } from '../../contract/inputs.ts';
import type { Store } from '../db.ts';
import type { Principal } from '../rules/access.ts';
import type { LinkBase } from '../rules/pagination.ts';
import { ApiProblem, problems } from '../rules/problem.ts';

export const maxBodyBytes = 1024 * 1024;

export interface ApiContext {
  store: Store;
  principal: Principal;
  /** Path parameters of the matched endpoint. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** Where pagination links point. */
  linkBase: LinkBase;
  /** The request body (POST/PATCH/PUT), as received. */
  raw: Uint8Array | null;
}

/** An answer as plain values: the Fetch `Response` is made only at the edge (MSW), or not at all (node:http). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for an empty body. */
  body: string | null;
}

export type RouteHandler = (ctx: ApiContext) => ApiAnswer;

const jsonHeaders = { 'Content-Type': 'application/json' };

export function json(status: number, body: unknown): ApiAnswer {
  return { status, headers: jsonHeaders, body: JSON.stringify(body) };
}

/** A JSON answer already serialized. */
export function rawJson(status: number, text: string): ApiAnswer {
  return { status, headers: jsonHeaders, body: text };
}

export function noContent(): ApiAnswer {
  return { status: 204, headers: {}, body: null };
}

export function problemAnswer(problem: ApiProblem): ApiAnswer {
  return { status: problem.status, headers: { ...jsonHeaders, ...problem.headers }, body: JSON.stringify(problem.body) };
}

export function toResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

type Parsed = { ok: true; value: unknown } | { ok: false; problem: ApiProblem };

/** Deeper JSON would overflow the stack when the store copies or serializes it. */
export const maxJsonDepth = 200;

/** How deep arrays and objects nest in JSON text (brackets inside strings do not count). */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** Size, then JSON (empty is `{}`): the first two body checks of §2 step 7. */
function parseBody(raw: Uint8Array | null): Parsed {
  if (!raw || raw.byteLength === 0) return { ok: true, value: {} };
  if (raw.byteLength > maxBodyBytes) return { ok: false, problem: problems.requestTooLarge() };
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return { ok: false, problem: problems.parseError('the body is not valid UTF-8.') };
  }
  if (text.trim() === '') return { ok: true, value: {} };
  if (jsonDepth(text) > maxJsonDepth) {
    return { ok: false, problem: problems.parseError(`the body nests deeper than ${maxJsonDepth} levels.`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: problems.parseError(error instanceof Error ? error.message : 'invalid JSON.') };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The body as a JSON object, or the problem of §2 step 7 (413, parse error, not an object). */
export function bodyObject(ctx: ApiContext): Record<string, unknown> {
  const parsed = parseBody(ctx.raw);
  if (!parsed.ok) throw parsed.problem;
  if (!isObject(parsed.value)) throw problems.expectedObject();
  return parsed.value;
}

/** The body's fields through a contract schema; the first field error as a 400. */
export function bodyFields<S extends z.ZodMiniType>(ctx: ApiContext, schema: S): z.output<S> {
  const result = parseInput(schema, bodyObject(ctx));
  if (!result.ok) throw problems.field(result.error);
  return result.data;
}

/** The body if it is a readable JSON object, else null (never throws). */
export function peekBody(ctx: ApiContext): Record<string, unknown> | null {
  const parsed = parseBody(ctx.raw);
  return parsed.ok && isObject(parsed.value) ? parsed.value : null;
}
