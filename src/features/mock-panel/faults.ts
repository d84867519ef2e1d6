/**
 * The fault settings of the mock (API.md §9) as a form: text fields in, the PUT body out, checked
 * with the same rules as the mock (`mockFaultsInput`), and a one-line summary for the top bar.
 */
import { mockFaultsInput, type MockFaultsInput } from '../../contract/inputs.ts';
import { schemaErrors } from '../../components/form/use-form.ts';
import type { MockFaults } from '../../contract/schemas.ts';

export const RULE_METHODS = ['*', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export interface RuleForm {
  method: string;
  path: string;
  status: string;
  retryAfter: string;
}

export interface FaultsForm {
  /** `500`, or a range `100-500`; empty means none. */
  latency: string;
  /** 0 to 1; empty means none. */
  errorRate: string;
  rules: RuleForm[];
}

/** Field errors keyed `latency_ms`, `error_rate`, `rules.<row>.<method|path|status|retry_after>`. */
export type FaultsFormErrors = Record<string, string>;

export const emptyRule = (): RuleForm => ({ method: '*', path: '', status: '', retryAfter: '' });

/** No fault at all: what `Clear faults` sends and what the mock holds after a reset. */
export const noFaults = (): MockFaults & MockFaultsInput => ({ latency_ms: 0, error_rate: 0, rules: [] });

/** The form showing `faults`, with one empty rule row when there are no rules. */
export function formFromFaults(faults: MockFaults): FaultsForm {
  const latency = Array.isArray(faults.latency_ms)
    ? faults.latency_ms[1] > 0
      ? `${faults.latency_ms[0]}-${faults.latency_ms[1]}`
      : ''
    : faults.latency_ms > 0
      ? String(faults.latency_ms)
      : '';
  const rules = faults.rules.map((rule) => ({
    method: rule.method,
    path: rule.path,
    status: String(rule.status),
    retryAfter: rule.retry_after === null || rule.retry_after === undefined ? '' : String(rule.retry_after),
  }));
  return {
    latency,
    errorRate: faults.error_rate > 0 ? String(faults.error_rate) : '',
    rules: rules.length ? rules : [emptyRule()],
  };
}

const isBlankRule = (rule: RuleForm) => !rule.path.trim() && !rule.status.trim() && !rule.retryAfter.trim();

const NUMBER = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

export type FaultsFormResult =
  | { ok: true; body: MockFaultsInput; rowOfRule: number[] }
  | { ok: false; errors: FaultsFormErrors };

/**
 * The PUT body for `form`, or EVERY error to show under its fields: what cannot be read as a number,
 * then the mock's own rules (ranges, limits) on the rest, worded as the API words them. Blank rule
 * rows are left out; `rowOfRule[i]` is the form row of the body's rule `i` (to place `rules__i__…`).
 */
export function faultsBodyFromForm(form: FaultsForm): FaultsFormResult {
  const errors: FaultsFormErrors = {};
  const body: { latency_ms: number | [number, number]; error_rate: number; rules: NonNullable<MockFaultsInput['rules']> } = {
    latency_ms: 0,
    error_rate: 0,
    rules: [],
  };

  const latency = form.latency.trim();
  const range = /^(\d+(?:\.\d+)?)\s*(?:-|–|\.\.)\s*(\d+(?:\.\d+)?)$/.exec(latency);
  if (!latency) body.latency_ms = 0;
  else if (NUMBER.test(latency)) body.latency_ms = Number(latency);
  else if (range) body.latency_ms = [Number(range[1]), Number(range[2])];
  else errors.latency_ms = 'Enter milliseconds, such as 500, or a range such as 100-500.';

  const rate = form.errorRate.trim();
  if (!rate) body.error_rate = 0;
  else if (NUMBER.test(rate)) body.error_rate = Number(rate);
  else errors.error_rate = 'Enter a number from 0 to 1, such as 0.1 for 10% of requests.';

  const rowOfRule: number[] = [];
  form.rules.forEach((rule, row) => {
    if (isBlankRule(rule)) return;
    const at = (field: string) => `rules.${row}.${field}`;
    const path = rule.path.trim();
    const status = rule.status.trim();
    const retryAfter = rule.retryAfter.trim();
    if (!path) errors[at('path')] = 'Enter a path pattern, such as /api/projects/*/dashboards/**.';
    if (!status) errors[at('status')] = 'Enter the HTTP status to answer, such as 429 or 503.';
    else if (!INTEGER.test(status)) errors[at('status')] = 'Enter a whole number, such as 429 or 503.';
    if (retryAfter && !INTEGER.test(retryAfter)) errors[at('retry_after')] = 'Enter a whole number of seconds, or leave it empty.';
    rowOfRule.push(row);
    body.rules.push({
      method: rule.method || '*',
      path,
      status: Number(status),
      ...(retryAfter ? { retry_after: Number(retryAfter) } : {}),
    });
  });

  // The mock's own rules; a field whose text could not be read keeps the message about that.
  const checked = schemaErrors(mockFaultsInput, body, (path) => faultsFieldOf(path, rowOfRule));
  for (const [key, detail] of Object.entries(checked)) errors[key] ??= detail;

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body, rowOfRule };
}

/** The form field a problem at `path` names (`rules, 0, status` → the row that became rule 0); null: the form. */
export function faultsFieldOf(path: ReadonlyArray<string>, rowOfRule: ReadonlyArray<number>): string | null {
  const [root, index, field] = path;
  if (root === 'rules' && index !== undefined && field !== undefined && /^(method|path|status|retry_after)$/.test(field)) {
    const row = rowOfRule[Number(index)];
    return row === undefined ? null : `rules.${row}.${field}`;
  }
  return root === 'latency_ms' || root === 'error_rate' ? root : null;
}

const formatNumber = (value: number) => String(Math.round(value * 100) / 100);

/** The active faults in words (`500 ms latency`, `10% errors`, `429 on PATCH /api/…`); empty when none. */
export function describeFaults(faults: MockFaults): string[] {
  const parts: string[] = [];
  const latency = faults.latency_ms;
  if (Array.isArray(latency)) {
    const [min, max] = latency;
    if (max > 0) parts.push(min === max ? `${formatNumber(min)} ms latency` : `${formatNumber(min)}–${formatNumber(max)} ms latency`);
  } else if (latency > 0) {
    parts.push(`${formatNumber(latency)} ms latency`);
  }
  if (faults.error_rate > 0) parts.push(`${formatNumber(faults.error_rate * 100)}% errors`);
  for (const rule of faults.rules) {
    const method = rule.method === '*' ? 'any method' : rule.method;
    const retry = rule.retry_after !== null && rule.retry_after !== undefined ? ` (Retry-After ${rule.retry_after} s)` : '';
    parts.push(`${rule.status} on ${method} ${rule.path}${retry}`);
  }
  return parts;
}

// ---------- presets: one click for the faults QA asks for most ----------

type FaultSettings = Pick<MockFaults, 'latency_ms' | 'error_rate' | 'rules'>;

/** The methods that change something: a preset's rules cover each of them. */
const WRITE_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE'] as const;
const everyWrite = (status: number, retryAfter: number | null) =>
  WRITE_METHODS.map((method) => ({ method, path: '/api/**', status, retry_after: retryAfter }));

export interface FaultPreset {
  name: 'Slow network' | 'Flaky' | 'Rate limited' | 'Writes down';
  /** What it does, in a few words (shown under its button). */
  description: string;
  faults: FaultSettings;
}

export const FAULT_PRESETS: ReadonlyArray<FaultPreset> = [
  { name: 'Slow network', description: 'Every answer takes 300–1,200 ms.', faults: { latency_ms: [300, 1200], error_rate: 0, rules: [] } },
  { name: 'Flaky', description: '10% of requests answer 500.', faults: { latency_ms: 0, error_rate: 0.1, rules: [] } },
  {
    name: 'Rate limited',
    description: 'Every write answers 429 with Retry-After 5.',
    faults: { latency_ms: 0, error_rate: 0, rules: everyWrite(429, 5) },
  },
  { name: 'Writes down', description: 'Every write answers 503.', faults: { latency_ms: 0, error_rate: 0, rules: everyWrite(503, null) } },
];

/** The PUT body applying `preset`: the three fault fields replaced, any other setting of the mock kept. */
export function presetBody(preset: FaultPreset, current: MockFaults): MockFaultsInput {
  return { ...current, ...structuredClone(preset.faults) } as MockFaultsInput;
}

function sameFaults(a: FaultSettings, b: FaultSettings): boolean {
  const latency = (value: MockFaults['latency_ms']) => (Array.isArray(value) ? (value[0] === value[1] ? [value[0]] : value) : [value]);
  const rule = (r: MockFaults['rules'][number]) => `${r.method.toUpperCase()} ${r.path} ${r.status} ${r.retry_after ?? ''}`;
  return (
    JSON.stringify(latency(a.latency_ms)) === JSON.stringify(latency(b.latency_ms)) &&
    a.error_rate === b.error_rate &&
    JSON.stringify(a.rules.map(rule).sort()) === JSON.stringify(b.rules.map(rule).sort())
  );
}

/** The preset the mock's faults are exactly, or null (none, or custom settings). */
export function presetOf(faults: MockFaults): FaultPreset | null {
  return FAULT_PRESETS.find((preset) => sameFaults(preset.faults, faults)) ?? null;
}

/** The top bar's words for the active faults: the preset's name, else each fault; empty when none. */
export function faultsSummary(faults: MockFaults): string {
  return presetOf(faults)?.name ?? describeFaults(faults).join(', ');
}
