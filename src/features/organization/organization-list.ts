/**
 * The organization's lists as the URL carries them: filters (`search`, `project`, `shared`,
 * `notOpened`, `createdBy`) and the sort (`sort=name`, `sort=-created`), applied to the loaded rows
 * in the page (the API has no organization-wide list). Sorting compares keys worked out once per
 * row, so sorting 50,000 rows stays a short task.
 */
import type { OrganizationDashboard } from '../../api/organization/all-dashboards.ts';

export const notOpenedChoices = [
  { value: '', label: 'Any time', days: 0 },
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
  { value: '1y', label: '1 year', days: 365 },
] as const;

export type SortField = 'project' | 'name' | 'lastOpened' | 'created';
export interface SortOrder {
  field: SortField;
  descending: boolean;
}

export interface OrganizationFilters {
  search: string;
  /** A project id, '' for all. */
  project: string;
  sharedOnly: boolean;
  /** One of notOpenedChoices' values. */
  notOpened: string;
  /** A creator's email, '' for anyone, `left` (CREATED_BY_LEFT) for someone who is no longer a member. */
  createdBy: string;
  sort: SortOrder;
}

/** `Created by` `Someone who left`: a creator who is no longer a member of the organization, or none. */
export const CREATED_BY_LEFT = 'left';

const sortFields: ReadonlyArray<SortField> = ['project', 'name', 'lastOpened', 'created'];

export function organizationFiltersFrom(params: URLSearchParams): OrganizationFilters {
  const sort = params.get('sort') ?? '';
  const field = sort.replace(/^-/, '') as SortField;
  const notOpened = params.get('notOpened') ?? '';
  return {
    search: params.get('search') ?? '',
    project: params.get('project') ?? '',
    sharedOnly: params.get('shared') === 'true',
    notOpened: notOpenedChoices.some((choice) => choice.value === notOpened) ? notOpened : '',
    createdBy: params.get('createdBy') ?? '',
    sort: sortFields.includes(field) ? { field, descending: sort.startsWith('-') } : { field: 'project', descending: false },
  };
}

/** The URL's query for a change of one filter (empty values leave the URL). */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

const searchText = new WeakMap<OrganizationDashboard, string>();
const textOf = (row: OrganizationDashboard) => {
  let text = searchText.get(row);
  if (text === undefined) {
    text = `${row.name ?? ''}\n${row.description}`.toLowerCase();
    searchText.set(row, text);
  }
  return text;
};

/** The rows the filters keep (every filter but the sort), in their order. */
export function filterRows(
  rows: ReadonlyArray<OrganizationDashboard>,
  filters: Omit<OrganizationFilters, 'sort'>,
  now: number,
  /** The uuids of the organization's members (for `Someone who left`); null while unknown (nothing matches then). */
  memberUuids: ReadonlySet<string> | null = null,
): OrganizationDashboard[] {
  const left = filters.createdBy === CREATED_BY_LEFT;
  const needle = filters.search.trim().toLowerCase();
  const days = notOpenedChoices.find((choice) => choice.value === filters.notOpened)?.days ?? 0;
  const cutoff = days ? now - days * 86_400_000 : 0;
  return rows.filter(
    (row) =>
      (!filters.project || String(row.projectId) === filters.project) &&
      (!filters.sharedOnly || row.is_shared) &&
      (!filters.createdBy ||
        (left
          ? memberUuids !== null && (row.created_by === null || !memberUuids.has(row.created_by.uuid))
          : row.created_by?.email === filters.createdBy)) &&
      // Never opened counts as not opened.
      (!cutoff || row.last_accessed_at === null || Date.parse(row.last_accessed_at) < cutoff) &&
      (!needle || textOf(row).includes(needle)),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The rows in the order asked (a new array; equal keys keep their order). */
export function sortRows(rows: ReadonlyArray<OrganizationDashboard>, order: SortOrder): OrganizationDashboard[] {
  const direction = order.descending ? -1 : 1;
  if (order.field === 'project' || order.field === 'name') {
    // Collation keys once per distinct text, then plain comparisons: 50,000 rows, a few distinct projects.
    const ranks = new Map<string, number>();
    const texts = new Set<string>();
    const textOfRow = (row: OrganizationDashboard) => (order.field === 'project' ? row.projectName : (row.name ?? '\uffff'));
    for (const row of rows) texts.add(textOfRow(row));
    [...texts].sort(collator.compare).forEach((text, index) => ranks.set(text, index));
    const keyed = rows.map((row, index) => ({ row, index, rank: ranks.get(textOfRow(row))!, project: row.projectId }));
    keyed.sort((a, b) => (a.rank - b.rank) * direction || (order.field === 'project' ? 0 : a.project - b.project) || a.index - b.index);
    return keyed.map((entry) => entry.row);
  }
  const keyOf = (row: OrganizationDashboard) =>
    order.field === 'created' ? Date.parse(row.created_at) : row.last_accessed_at === null ? -Infinity : Date.parse(row.last_accessed_at);
  const keyed = rows.map((row, index) => ({ row, index, key: keyOf(row) }));
  keyed.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -direction : direction) || a.index - b.index);
  return keyed.map((entry) => entry.row);
}

/** `N dashboards in M projects`. */
export function countLine(rows: ReadonlyArray<OrganizationDashboard>): string {
  const projects = new Set<number>();
  for (const row of rows) projects.add(row.projectId);
  return `${rows.length} ${rows.length === 1 ? 'dashboard' : 'dashboards'} in ${projects.size} ${projects.size === 1 ? 'project' : 'projects'}`;
}
