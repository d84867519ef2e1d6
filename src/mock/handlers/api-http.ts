/** What every API route handler shares: the request context, body reading, and JSON answers. */
import type * as z from 'zod/mini';
import { FormField, parseInput } from '../../contract/inputs.ts';
import { pythonTypeName } from '../../contract/coerce.ts';
import type { Store } from '../store/db.ts';
import type { Principal } from '../rules/access.ts';
import type { LinkBase } from './pagination.ts';
import { ApiProblem, problems } from './problem.ts';

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
  /** The request's `Content-Type` header, if any. */
  contentType: string | null;
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

type BodyKind = 'json' | 'form' | 'multipart';

/** The media type of a `Content-Type` header (lower case, without parameters), and its boundary. */
function mediaType(header: string | null): { type: string; boundary: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  let boundary: string | null = null;
  for (const param of params) {
    const [name, ...value] = param.split('=');
    if (name?.trim().toLowerCase() === 'boundary') boundary = value.join('=').trim().replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), boundary };
}

function bodyKind(type: string, jsonOnly: boolean): BodyKind | null {
  if (type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))) return 'json';
  if (jsonOnly) return null;
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  return null;
}

/** A form body as an object of `FormField`s (repeated keys keep every value, in order). */
function formObject(entries: Iterable<[string, string]>): Record<string, FormField> {
  const values = new Map<string, string[]>();
  for (const [key, value] of entries) {
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  const result: Record<string, FormField> = {};
  for (const [key, list] of values) result[key] = new FormField(list);
  return result;
}

/** The fields of a `multipart/form-data` body (files count as their text). */
function multipartEntries(text: string, boundary: string): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  const delimiter = `--${boundary}`;
  for (const part of text.split(delimiter).slice(1)) {
    if (part.startsWith('--')) break;
    const body = part.replace(/^\r?\n/, '');
    const split = body.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = body.slice(0, split);
    const value = body.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '');
    const name = /content-disposition:[^\n]*?\bname="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) entries.push([name, value]);
  }
  return entries;
}

/**
 * The body checks of §2.3 step 10 up to "an object": size (413), content type (415), then the
 * parse (400). A missing or empty body is `{}`.
 */
function parseBody(raw: Uint8Array | null, contentType: string | null, jsonOnly: boolean): Parsed {
  if (!raw || raw.byteLength === 0) return { ok: true, value: {} };
  if (raw.byteLength > maxBodyBytes) return { ok: false, problem: problems.requestTooLarge() };
  const { type, boundary } = mediaType(contentType);
  const kind = bodyKind(type, jsonOnly);
  if (!kind) {
    const sent = (contentType ?? '').split(';')[0]!.trim();
    return { ok: false, problem: problems.unsupportedMediaType(sent) };
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return { ok: false, problem: problems.parseError('the body is not valid UTF-8.') };
  }
  if (kind === 'form') return { ok: true, value: formObject(new URLSearchParams(text)) };
  if (kind === 'multipart') {
    if (!boundary) return { ok: false, problem: problems.multipartError('Invalid boundary in multipart: None') };
    return { ok: true, value: formObject(multipartEntries(text, boundary)) };
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

/**
 * The body as an object, or the problem of §2.3 step 10 (413, 415, parse error, not an object).
 * Form bodies give `FormField` values, which the contract's field builders read.
 */
export function bodyObject(ctx: ApiContext, options: { jsonOnly?: boolean } = {}): Record<string, unknown> {
  const parsed = parseBody(ctx.raw, ctx.contentType, options.jsonOnly ?? false);
  if (!parsed.ok) throw parsed.problem;
  if (parsed.value === null) throw problems.nullBody();
  if (!isObject(parsed.value)) throw problems.notADictionary(pythonTypeName(parsed.value));
  return parsed.value;
}

/** The body's fields through a contract schema; the first field error as a 400. */
export function bodyFields<S extends z.ZodMiniType>(ctx: ApiContext, schema: S, options: { jsonOnly?: boolean } = {}): z.output<S> {
  const result = parseInput(schema, bodyObject(ctx, options));
  if (!result.ok) throw problems.field(result.error);
  return result.data;
}

/** The body if it is a readable object, else null (never throws). */
export function peekBody(ctx: ApiContext): Record<string, unknown> | null {
  const parsed = parseBody(ctx.raw, ctx.contentType, false);
  return parsed.ok && isObject(parsed.value) ? parsed.value : null;
}
