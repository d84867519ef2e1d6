/**
 * The dashboard list as CSV, written by the console's one CSV writer (src/components/table/csv.ts: RFC
 * 4180, UTF-8 with a BOM, the formula defence). The header row is exactly CONSOLE.md's.
 */
import { csvFileNameFor, csvText } from '../../components/table/csv.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import type { DashboardListItem } from '../../contract/schemas.ts';

export const CSV_HEADER = ['id', 'name', 'description', 'tags', 'pinned', 'shared', 'restricted', 'created_by', 'created_at'] as const;

/** A dashboard's fields: the name as the API has it ('' when null), tags joined by `;`, booleans as true/false. */
function dashboardCsvFields(dashboard: DashboardListItem): string[] {
  return [
    String(dashboard.id),
    dashboard.name ?? '',
    dashboard.description ?? '',
    dashboard.tags.join(';'),
    String(dashboard.pinned),
    String(dashboard.is_shared),
    String(dashboard.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit),
    dashboard.created_by?.email ?? '',
    dashboard.created_at,
  ];
}

/** The whole file's text: BOM, header, one row per dashboard, each line ended by CRLF. */
export function dashboardsCsv(dashboards: ReadonlyArray<DashboardListItem>): string {
  return csvText(CSV_HEADER, dashboards.map(dashboardCsvFields));
}

/** `<project>-dashboards-<YYYY-MM-DD>.csv`, characters not allowed in file names replaced by `_`. */
export function csvFileName(projectName: string, date: Date): string {
  return csvFileNameFor(`${projectName.trim() || 'project'}-dashboards`, date);
}
