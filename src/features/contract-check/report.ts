/**
 * The contract check's exports: `Export report` (Markdown) and `Export JSON`. Both are made from the
 * check's rows alone (operations, statuses, verdicts): no key, no header, no body is in them.
 */
import { summaryLine, type CheckReport, type CheckResult, type CheckRow } from '../../api/bulk/contract-check.ts';
import { operationLabel } from '../../contract/operations/operations.ts';

/** `Matches`, `Differs`, `Refused`, `Failed`, or `Not checked`. */
export function resultWord(result: CheckResult | null): string {
  switch (result?.kind) {
    case 'matches':
      return 'Matches';
    case 'differs':
      return 'Differs';
    case 'refused':
      return 'Refused';
    case 'failed':
      return 'Failed';
    default:
      return 'Not checked';
  }
}

/** Why a row was refused or failed, else null. */
export const reasonOf = (result: CheckResult | null): string | null =>
  result?.kind === 'refused' || result?.kind === 'failed' ? result.reason : null;

export const differencesOf = (result: CheckResult | null): string[] =>
  result?.kind === 'differs' || result?.kind === 'matches' ? result.verdict.differences.map((difference) => difference.line) : [];

export const unnamedOf = (result: CheckResult | null) => (result?.kind === 'differs' || result?.kind === 'matches' ? result.verdict.unnamed : []);

/** What the exports say about where the check ran. */
export interface ReportContext {
  /** The backend's name (`Bundled mock`, `PostHog Cloud US`, a host). */
  backend: string;
  /** Its origin, never with a key. */
  host: string;
}

const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The table as Markdown, with what ran where above it. */
export function markdownReport(report: CheckReport, context: ReportContext): string {
  const lines = [
    '# Contract check',
    '',
    `- Backend: ${context.backend} (${context.host})`,
    `- Started: ${report.startedAt}; took ${report.durationMs} ms; at most ${report.peakInFlight} requests in flight`,
    `- ${summaryLine(report.rows)}${report.stopped ? ' (stopped)' : ''}`,
  ];
  if (report.scratchWorld) {
    lines.push(
      `- Changes ran in the scratch world \`${report.scratchWorld.name}\`, ${report.scratchWorld.dropped ? 'dropped afterwards' : `not dropped (${report.scratchWorld.reason ?? 'unknown reason'})`}`,
    );
  }
  lines.push('', '| Operation | Status | Result | Differences |', '|---|---|---|---|');
  for (const row of report.rows) {
    const reason = reasonOf(row.result);
    const differences = differencesOf(row.result);
    const unnamed = unnamedOf(row.result);
    const notes = [
      ...differences.map((line) => `\`${cell(line)}\``),
      ...(unnamed.length > 0 ? [`${unnamed.length} ${unnamed.length === 1 ? 'field' : 'fields'} the contract does not name: ${unnamed.map((field) => `\`${cell(field.path)}\``).join(', ')}`] : []),
    ];
    lines.push(
      `| \`${cell(operationLabel(row.operation))}\`${row.change ? ' (change)' : ''} | ${row.result?.status ?? '—'} | ${resultWord(row.result)}${reason ? `: ${cell(reason)}` : ''} | ${notes.join('<br>')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** One row as the JSON export has it. */
function jsonRow(row: CheckRow) {
  return {
    operation: row.operation.id,
    method: row.operation.method,
    path: row.operation.path,
    sent: row.path,
    change: row.change,
    status: row.result?.status ?? null,
    result: row.result?.kind ?? 'not-checked',
    reason: reasonOf(row.result),
    differences: row.result?.kind === 'differs' ? row.result.verdict.differences.map(({ path, expected, got, line }) => ({ path, expected, got, line })) : [],
    unnamed_fields: unnamedOf(row.result),
    duration_ms: row.durationMs,
  };
}

export function jsonReport(report: CheckReport, context: ReportContext): string {
  return `${JSON.stringify(
    {
      check: 'contract',
      backend: context.backend,
      host: context.host,
      started_at: report.startedAt,
      duration_ms: report.durationMs,
      peak_in_flight: report.peakInFlight,
      stopped: report.stopped,
      summary: summaryLine(report.rows),
      scratch_world: report.scratchWorld,
      rows: report.rows.map(jsonRow),
    },
    null,
    2,
  )}\n`;
}
