/**
 * Checks recorded API answers against an OpenAPI document: production's published 3.0 schema
 * (`../shared/posthog-openapi.yaml`) or the mock's own 3.1 document (`/__mock/openapi.json`).
 *
 * Each answer is matched to an operation (path template + method), then to the documented answer
 * for its status, and its body is validated with Ajv against that answer's JSON schema. OpenAPI 3.0
 * schemas are turned into JSON Schema here: `nullable`, `$ref` into `components`, and `writeOnly`
 * (a response must not carry a write-only field, and such a field is never required in one).
 */
import { Ajv, type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** One request and its answer, as recorded by the observer in test/mock/helpers.ts. */
export interface Exchange {
  /** The test file and the test's full name, for the report. */
  file: string;
  test: string;
  method: string;
  /** The requested path with its query. */
  path: string;
  status: number;
  contentType: string | null;
  text: string;
}

/** A path the document leaves out that production serves with the operation of another path. */
export interface PathAlias {
  /** Matched against the request's path (query removed, trailing slash added). */
  pattern: RegExp;
  /** The document's path for it (`$1`… from the pattern). */
  replacement: string;
  reason: string;
}

/** A deliberate difference: a mismatch it matches is counted as excepted, not as a failure. */
export interface SchemaException {
  id: string;
  /** The difference, quoted from API.md §10. */
  reason: string;
  /** Which mismatches it covers; none when the difference never shows in a response's shape. */
  covers?: (mismatch: { method: string; template: string; status: number; pointer: string; keyword: string }) => boolean;
}

export interface Mismatch {
  /** `GET /api/projects/{project_id}/dashboards/` */
  operation: string;
  status: number;
  /** JSON pointer into the body, array indexes replaced by `*` (empty for the whole body). */
  pointer: string;
  message: string;
  /** An example request that showed it. */
  example: { file: string; test: string; method: string; path: string; pointer: string };
  /** How many answers showed it. */
  count: number;
  /** The exception that covers it, if any. */
  exception?: string;
}

export interface NotCovered {
  /** What the document lacks: the path, the method or the (error) status. */
  reason: string;
  key: string;
  count: number;
  example: { file: string; test: string; method: string; path: string };
}

export interface CheckReport {
  /** Answers looked at. */
  total: number;
  /** Answers checked against a documented answer and found conforming (excepted mismatches aside). */
  passed: number;
  /** Answers with at least one mismatch not covered by an exception. */
  failed: number;
  /** Answers the document does not describe (path, method or error status it lacks). */
  notCovered: number;
  /** Of the passed: answers for which the document describes no body (status, and an empty body where it says so). */
  statusOnly: number;
  /** Answers that passed only thanks to an exception. */
  excepted: number;
  mismatches: Mismatch[];
  notCoveredList: NotCovered[];
  /** Exception id → answers it excused. */
  exceptionUse: Record<string, number>;
  /** Answers reached through a path alias. */
  aliased: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const componentsId = 'https://openapi.check/components.json';
/** OpenAPI-only keywords that are not JSON Schema (dropped before Ajv sees the schema). */
const openApiOnly = new Set(['example', 'examples', 'externalDocs', 'xml', 'discriminator', 'nullable']);

/**
 * An OpenAPI schema as JSON Schema for a response: refs point into the components document,
 * 3.0's `nullable` becomes a null alternative, write-only properties are refused and not required.
 */
export function responseJsonSchema(schema: Json, version: '3.0' | '3.1'): Json {
  if (schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item) => responseJsonSchema(item, version));
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-')) continue;
    if (openApiOnly.has(key) && !(version === '3.1' && key === 'examples')) continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/components/') ? `${componentsId}${value}` : value;
    } else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = {};
      for (const [name, property] of Object.entries(value as Record<string, Json>)) {
        out.properties[name] = property && property.writeOnly === true ? { writeOnlyInResponse: true } : responseJsonSchema(property, version);
      }
    } else if (['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else'].includes(key)) {
      out[key] = responseJsonSchema(value, version);
    } else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(key)) {
      out[key] = (value as Json[]).map((item) => responseJsonSchema(item, version));
    } else if (['$defs', 'definitions', 'patternProperties', 'dependentSchemas'].includes(key)) {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([k, v]) => [k, responseJsonSchema(v, version)]));
    } else out[key] = value;
  }
  if (Array.isArray(out.required) && out.properties) {
    out.required = out.required.filter((name: string) => !schema.properties?.[name]?.writeOnly);
  }
  if (version === '3.0' && schema.nullable === true) {
    if (typeof out.type === 'string' && !out.allOf && !out.anyOf && !out.oneOf && !out.$ref) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    const { description, title, readOnly, writeOnly, default: byDefault, ...rest } = out;
    const annotations = Object.fromEntries(
      Object.entries({ description, title, readOnly, writeOnly, default: byDefault }).filter(([, v]) => v !== undefined),
    );
    return { ...annotations, anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/** A path template (`/api/projects/{project_id}/`) as a matcher of concrete paths. */
function templateMatcher(template: string): { regex: RegExp; literals: number; segments: number } {
  const parts = template.split('/').filter(Boolean);
  const regex = new RegExp(
    `^/${parts.map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/$`,
  );
  return { regex, literals: parts.filter((part) => !part.startsWith('{')).length, segments: parts.length };
}

/** The request path without its query, with exactly one trailing slash. */
export function normalizePath(path: string): string {
  const pathname = path.split('?')[0]!.split('#')[0]!;
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

interface Operation {
  template: string;
  methods: Record<string, Json>;
  matcher: ReturnType<typeof templateMatcher>;
}

export interface Checker {
  check(exchanges: ReadonlyArray<Exchange>): CheckReport;
}

/** Whether a documented answer says the body is empty (a 204, or drf-spectacular's "No response body"). */
function documentsEmptyBody(status: number, answer: Json): boolean {
  return status === 204 || /no response body/i.test(String(answer?.description ?? ''));
}

function mediaTypeOf(contentType: string | null): string | null {
  return contentType ? contentType.split(';')[0]!.trim().toLowerCase() : null;
}

export function createChecker(document: Json, options: { aliases?: ReadonlyArray<PathAlias>; exceptions?: ReadonlyArray<SchemaException> } = {}): Checker {
  const version: '3.0' | '3.1' = String(document.openapi).startsWith('3.0') ? '3.0' : '3.1';
  const ajvOptions = { allErrors: true, strict: false, validateFormats: true } as const;
  const ajv = version === '3.0' ? new Ajv(ajvOptions) : new Ajv2020(ajvOptions);
  addFormats(ajv);
  // OpenAPI's numeric formats, and DRF's decimal (a number written as a string).
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('decimal', { type: 'string', validate: (s: string) => /^-?\d+(\.\d+)?$/.test(s) });
  ajv.addKeyword({
    keyword: 'writeOnlyInResponse',
    schemaType: 'boolean',
    error: { message: 'is a write-only field (writeOnly): production never sends it in a response' },
    validate: (forbidden: boolean) => !forbidden,
  });
  const componentSchemas = Object.fromEntries(
    Object.entries((document.components?.schemas ?? {}) as Record<string, Json>).map(([name, schema]) => [name, responseJsonSchema(schema, version)]),
  );
  ajv.addSchema({ $id: componentsId, components: { schemas: componentSchemas } } as AnySchema);

  const operations: Operation[] = Object.entries(document.paths ?? {}).map(([template, item]) => {
    const methods: Record<string, Json> = {};
    for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
      if (httpMethods.includes(method)) methods[method.toUpperCase()] = operation;
    }
    return { template, methods, matcher: templateMatcher(template) };
  });

  function findOperation(path: string): Operation | undefined {
    const candidates = operations.filter((operation) => operation.matcher.regex.test(path));
    candidates.sort((a, b) => b.matcher.literals - a.matcher.literals);
    return candidates[0];
  }

  /** A response object, following a `$ref` into `#/components/responses/`. */
  function resolve(answer: Json): Json {
    let current = answer;
    for (let depth = 0; current?.$ref && depth < 10; depth++) {
      current = String(current.$ref)
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  }

  const compiled = new Map<string, ValidateFunction>();
  function validatorFor(key: string, schema: Json): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(responseJsonSchema(schema, version) as AnySchema);
      compiled.set(key, validate);
    }
    return validate;
  }

  return {
    check(exchanges) {
      const report: CheckReport = {
        total: exchanges.length, passed: 0, failed: 0, notCovered: 0, statusOnly: 0, excepted: 0,
        mismatches: [], notCoveredList: [], exceptionUse: {}, aliased: 0,
      };
      const mismatchIndex = new Map<string, Mismatch>();
      const notCoveredIndex = new Map<string, NotCovered>();
      const notCovered = (exchange: Exchange, reason: string, key: string) => {
        report.notCovered++;
        const existing = notCoveredIndex.get(key);
        if (existing) existing.count++;
        else {
          const entry: NotCovered = { reason, key, count: 1, example: { file: exchange.file, test: exchange.test, method: exchange.method, path: exchange.path } };
          notCoveredIndex.set(key, entry);
          report.notCoveredList.push(entry);
        }
      };

      for (const exchange of exchanges) {
        const method = exchange.method.toUpperCase();
        let path = normalizePath(exchange.path);
        let operation = findOperation(path);
        if (!operation) {
          const alias = options.aliases?.find((candidate) => candidate.pattern.test(path));
          if (alias) {
            const aliased = path.replace(alias.pattern, alias.replacement);
            operation = findOperation(aliased);
            if (operation) {
              path = aliased;
              report.aliased++;
            }
          }
        }
        if (!operation) {
          const shape = path.replace(/\/\d+\//g, '/{n}/').replace(/\/\d+\//g, '/{n}/');
          notCovered(exchange, `path not in the document`, `${method} ${shape.startsWith('/api/') ? shape : shape.split('/').slice(0, 2).join('/') + '/…'}`);
          continue;
        }
        const definition = operation.methods[method];
        const name = `${method} ${operation.template}`;
        if (!definition) {
          notCovered(exchange, `method not in the document for this path`, name);
          continue;
        }
        const responses: Record<string, Json> = definition.responses ?? {};
        let statusKey = String(exchange.status);
        let answer = responses[statusKey] ?? responses[`${statusKey[0]}XX`];
        answer = resolve(answer);
        const problems: Array<{ pointer: string; concrete: string; keyword: string; message: string }> = [];
        if (!answer) {
          const documentedSuccess = Object.keys(responses).filter((status) => /^2/.test(status));
          if (exchange.status >= 400 || documentedSuccess.length === 0) {
            notCovered(exchange, `status ${exchange.status} not documented for the operation`, `${name} → ${exchange.status}`);
            continue;
          }
          // A success status other than the documented one: a mismatch; the body is still checked
          // against the documented success answer.
          problems.push({
            pointer: '', concrete: '', keyword: 'status',
            message: `status ${exchange.status}, but the document gives ${documentedSuccess.join(', ')} for a success`,
          });
          statusKey = documentedSuccess[0]!;
          answer = resolve(responses[statusKey]);
        }
        let bodyChecked = false;
        const content: Record<string, Json> | undefined = answer.content;
        if (!content || Object.keys(content).length === 0) {
          if (documentsEmptyBody(exchange.status, answer) && exchange.text !== '') {
            problems.push({ pointer: '', concrete: '', keyword: 'emptyBody', message: `has a body, but the document says there is none (${JSON.stringify(exchange.text.slice(0, 60))})` });
          }
        } else if (exchange.text === '') {
          problems.push({ pointer: '', concrete: '', keyword: 'body', message: `is empty, but the document describes a body (${Object.keys(content).join(', ')})` });
        } else {
          const mediaType = mediaTypeOf(exchange.contentType);
          const media = mediaType ? content[mediaType] : undefined;
          if (!media) {
            problems.push({ pointer: '', concrete: '', keyword: 'contentType', message: `content type ${mediaType ?? '(none)'}, but the document gives ${Object.keys(content).join(', ')}` });
          } else if (media.schema) {
            bodyChecked = true;
            let body: unknown;
            try {
              body = JSON.parse(exchange.text);
            } catch {
              problems.push({ pointer: '', concrete: '', keyword: 'json', message: 'is not valid JSON' });
            }
            if (body !== undefined) {
              const validate = validatorFor(`${name} ${statusKey} ${mediaType}`, media.schema);
              if (!validate(body)) {
                for (const error of dedupe(validate.errors ?? [])) {
                  problems.push({
                    pointer: pointerOf(error).replace(/\/\d+(?=\/|$)/g, '/*'),
                    concrete: pointerOf(error),
                    keyword: error.keyword,
                    message: messageOf(error),
                  });
                }
              }
            }
          }
        }

        let failing = false;
        let excused = false;
        for (const problem of problems) {
          const exception = options.exceptions?.find((candidate) =>
            candidate.covers?.({ method, template: operation.template, status: exchange.status, pointer: problem.pointer, keyword: problem.keyword }),
          );
          if (exception) excused = true;
          else failing = true;
          const key = `${name}|${exchange.status}|${problem.pointer}|${problem.message}`;
          const existing = mismatchIndex.get(key);
          if (existing) existing.count++;
          else {
            const mismatch: Mismatch = {
              operation: name, status: exchange.status, pointer: problem.pointer, message: problem.message, count: 1,
              example: { file: exchange.file, test: exchange.test, method: exchange.method, path: exchange.path, pointer: problem.concrete },
              exception: exception?.id,
            };
            mismatchIndex.set(key, mismatch);
            report.mismatches.push(mismatch);
          }
        }
        if (failing) report.failed++;
        else {
          report.passed++;
          if (!bodyChecked) report.statusOnly++;
          if (excused) report.excepted++;
        }
        if (excused) {
          for (const problem of problems) {
            const exception = options.exceptions?.find((candidate) =>
              candidate.covers?.({ method, template: operation.template, status: exchange.status, pointer: problem.pointer, keyword: problem.keyword }),
            );
            if (exception) report.exceptionUse[exception.id] = (report.exceptionUse[exception.id] ?? 0) + 1;
          }
        }
      }
      return report;
    },
  };
}

/** The pointer of the value at fault: for a missing or refused property, the property itself. */
function pointerOf(error: ErrorObject): string {
  if (error.keyword === 'required') return `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  return error.instancePath;
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is missing (required)';
    case 'additionalProperties':
      return 'is not allowed (additionalProperties)';
    case 'enum':
      return `must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
    default:
      return error.message ?? error.keyword;
  }
}

/**
 * Ajv's errors, one line per pointer and message, without the echo of a nullable value that is
 * neither null nor valid (`must be null`, `must match a schema in anyOf`) when the reason is listed.
 */
function dedupe(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const explained = (error: ErrorObject) =>
    errors.some((other) => other !== error && other.keyword !== 'anyOf' && !(other.keyword === 'type' && (other.params as { type: unknown }).type === 'null') &&
      (other.instancePath === error.instancePath || other.instancePath.startsWith(`${error.instancePath}/`)));
  return errors.filter((error) => {
    if (error.keyword === 'type' && (error.params as { type: unknown }).type === 'null' && explained(error)) return false;
    if (error.keyword === 'anyOf' && explained(error)) return false;
    const key = `${pointerOf(error)}|${messageOf(error)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The report as text: failures grouped by operation, then what the document does not cover. */
export function formatReport(report: CheckReport, title: string, exceptions: ReadonlyArray<SchemaException> = []): string {
  const lines: string[] = [];
  const failing = report.mismatches.filter((mismatch) => !mismatch.exception);
  if (failing.length > 0) {
    lines.push(`${title}: ${failing.length} kinds of mismatch in ${report.failed} answers`);
    const byOperation = new Map<string, Mismatch[]>();
    for (const mismatch of failing) {
      const key = `${mismatch.operation} → ${mismatch.status}`;
      byOperation.set(key, [...(byOperation.get(key) ?? []), mismatch]);
    }
    for (const [operation, mismatches] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push('', `  ${operation}`);
      for (const mismatch of mismatches) {
        lines.push(`    ${mismatch.pointer || '(body)'} ${mismatch.message}  [${mismatch.count}×]`);
        lines.push(`      e.g. ${mismatch.example.method} ${mismatch.example.path}${mismatch.example.pointer && mismatch.example.pointer !== mismatch.pointer ? ` at ${mismatch.example.pointer}` : ''} — ${mismatch.example.file} › ${mismatch.example.test}`);
      }
    }
  }
  if (report.notCoveredList.length > 0) {
    lines.push('', `Not covered by the document (not failures): ${report.notCovered} answers`);
    for (const entry of [...report.notCoveredList].sort((a, b) => a.key.localeCompare(b.key))) {
      lines.push(`  ${entry.key}  (${entry.reason})  [${entry.count}×]`);
    }
  }
  const excused = report.mismatches.filter((mismatch) => mismatch.exception);
  if (exceptions.length > 0) {
    lines.push('', 'Deliberate differences (API.md §10):');
    for (const exception of exceptions) {
      const uses = report.exceptionUse[exception.id] ?? 0;
      lines.push(`  ${exception.id}: ${exception.covers ? `${uses} mismatches excused` : 'no effect on response shapes'}`);
      for (const mismatch of excused.filter((m) => m.exception === exception.id)) {
        lines.push(`    ${mismatch.operation} → ${mismatch.status} ${mismatch.pointer} ${mismatch.message} [${mismatch.count}×]`);
      }
    }
  }
  lines.push(
    '',
    `${title}: ${report.total} answers: ${report.passed} passed (${report.statusOnly} of them with no body documented; ${report.excepted} thanks to a §10 difference; ${report.aliased} through a path alias), ${report.failed} failed, ${report.notCovered} not covered`,
  );
  return lines.join('\n');
}
