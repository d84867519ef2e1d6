/**
 * The dashboard list as CSV (RFC 4180): CRLF line ends, a field quoted when it holds a comma, a
 * quote, a CR or LF (quotes doubled), UTF-8 with a byte order mark so spreadsheet programs read
 * accents. The header row is exactly CONSOLE.md's.
 */
import { restrictionLevels } from '../../contract/schemas.ts';
import type { DashboardListItem } from '../../contract/schemas.ts';

export const CSV_HEADER = ['id', 'name', 'description', 'tags', 'pinned', 'shared', 'restricted', 'created_by', 'created_at'] as const;

/** One field, quoted only when RFC 4180 needs it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(fields: ReadonlyArray<string>): string {
  return fields.map(csvField).join(',');
}

/** A dashboard's row: the name as the API has it ('' when null), tags joined by `;`, booleans as true/false. */
export function dashboardCsvRow(dashboard: DashboardListItem): string {
  return csvRow([
    String(dashboard.id),
    dashboard.name ?? '',
    dashboard.description ?? '',
    dashboard.tags.join(';'),
    String(dashboard.pinned),
    String(dashboard.is_shared),
    String(dashboard.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit),
    dashboard.created_by?.email ?? '',
    dashboard.created_at,
  ]);
}

export const BYTE_ORDER_MARK = '\uFEFF';

/** The whole file's text: BOM, header, one row per dashboard, each line ended by CRLF. */
export function dashboardsCsv(dashboards: ReadonlyArray<DashboardListItem>): string {
  const lines = [csvRow(CSV_HEADER), ...dashboards.map(dashboardCsvRow)];
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** `<project>-dashboards-<YYYY-MM-DD>.csv`, characters not allowed in file names replaced by `_`. */
export function csvFileName(projectName: string, date: Date): string {
  const day = [date.getFullYear(), String(date.getMonth() + 1).padStart(2, '0'), String(date.getDate()).padStart(2, '0')].join('-');
  // eslint-disable-next-line no-control-regex
  const safe = projectName.trim().replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_') || 'project';
  return `${safe}-dashboards-${day}.csv`;
}
