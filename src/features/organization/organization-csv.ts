/** The organization's CSV files, through the console's one CSV writer (src/components/table/csv.ts). */
import type { OrganizationDashboard, PublicLinkConfig } from '../../api/organization/all-dashboards.ts';
import { csvFileNameFor, csvText } from '../../components/table/csv.ts';
import { restrictionLevels } from '../../contract/inputs.ts';

export const ALL_DASHBOARDS_HEADER = [
  'project_id',
  'project_name',
  'id',
  'name',
  'description',
  'tags',
  'pinned',
  'shared',
  'restricted',
  'last_accessed_at',
  'created_by',
  'created_at',
] as const;

export const PUBLIC_LINKS_HEADER = [
  'project_id',
  'project_name',
  'dashboard_id',
  'dashboard_name',
  'public_link',
  'password_required',
  'shared_since',
] as const;

export function dashboardsCsvFile(rows: ReadonlyArray<OrganizationDashboard>, date: Date) {
  return {
    fileName: csvFileNameFor('all-dashboards', date),
    text: csvText(
      ALL_DASHBOARDS_HEADER,
      rows.map((row) => [
        String(row.projectId),
        row.projectName,
        String(row.id),
        row.name ?? '',
        row.description,
        row.tags.join(';'),
        String(row.pinned),
        String(row.is_shared),
        String(row.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit),
        row.last_accessed_at ?? '',
        row.created_by?.email ?? '',
        row.created_at,
      ]),
    ),
  };
}

export function publicLinksCsvFile(
  rows: ReadonlyArray<{ row: OrganizationDashboard; config: PublicLinkConfig | null; link: string }>,
  date: Date,
) {
  return {
    fileName: csvFileNameFor('public-links', date),
    text: csvText(
      PUBLIC_LINKS_HEADER,
      rows.map(({ row, config, link }) => [
        String(row.projectId),
        row.projectName,
        String(row.id),
        row.name ?? '',
        link,
        config ? String(config.password_required) : '',
        config?.created_at ?? '',
      ]),
    ),
  };
}
