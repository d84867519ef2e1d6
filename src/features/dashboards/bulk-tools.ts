/**
 * The list's tools for many dashboards at once, loaded apart from the rows: the bulk actions toolbar
 * (shown once something is selected) and the CSV export (run when `Export CSV` is pressed). A cold
 * visit of the list paints its rows without this code; the page starts loading it once it is up.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fetchAllMatching } from '../../api/bulk/dashboard-actions.ts';
import type { DashboardListFilters, ProjectId } from '../../api/client/query-keys.ts';
import { csvFileName, dashboardsCsv } from './dashboards-csv.ts';

export { BulkToolbar } from './bulk-toolbar.tsx';

export interface CsvExport {
  fileName: string;
  text: string;
  count: number;
}

/** Every dashboard matching `filters`, page by page, as the CSV file `Export CSV` saves. */
export async function exportMatchingCsv(
  projectId: ProjectId,
  projectName: string,
  filters: DashboardListFilters,
  options: { client: QueryClient; signal: AbortSignal; onPage: (loaded: number, total: number) => void },
): Promise<CsvExport> {
  const dashboards = await fetchAllMatching(projectId, filters, options);
  return { fileName: csvFileName(projectName, new Date()), text: dashboardsCsv(dashboards), count: dashboards.length };
}
