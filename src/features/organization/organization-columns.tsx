/** The cells of the organization's tables: sortable headers, the project, the name's link, dates. */
import { Link } from 'react-router-dom';
import type { OrganizationDashboard } from '../../api/organization/all-dashboards.ts';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import type { SortField, SortOrder } from './organization-list.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

export const displayName = (row: Pick<OrganizationDashboard, 'name'>) => (row.name?.trim() ? row.name : 'Untitled dashboard');

export const dashboardUrl = (row: Pick<OrganizationDashboard, 'projectId' | 'id'>, tab = '') =>
  `/projects/${encodeURIComponent(String(row.projectId))}/dashboards/${encodeURIComponent(String(row.id))}${tab}`;

/** A date as text with the full date and time as its tooltip; `empty` when there is none. */
export function DateCell({ iso, empty = '' }: { iso: string | null; empty?: string }) {
  if (!iso) return <span className="cell-muted">{empty}</span>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={iso} title={dateTimeFormat.format(date)}>
      {dateFormat.format(date)}
    </time>
  );
}

/** A header button that sorts by its column (`aria-sort` sits on the header cell). */
export function sortableColumn(
  column: Omit<TableColumn<OrganizationDashboard>, 'header' | 'sort'> & { header: string; field: SortField },
  order: SortOrder,
  onSort: (field: SortField) => void,
): TableColumn<OrganizationDashboard> {
  const active = order.field === column.field;
  return {
    ...column,
    sort: active ? (order.descending ? 'descending' : 'ascending') : 'none',
    header: (
      <button type="button" className="sort-button" onClick={() => onSort(column.field)}>
        {column.header}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (order.descending ? '▼' : '▲') : '↕'}
        </span>
      </button>
    ),
  };
}

export function NameLink({ row, tab = '' }: { row: OrganizationDashboard; tab?: string }) {
  return (
    <Link to={dashboardUrl(row, tab)} className={row.name?.trim() ? 'name-link' : 'name-link untitled'}>
      {displayName(row)}
    </Link>
  );
}
