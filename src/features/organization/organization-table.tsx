/**
 * The virtualized table of the organization's pages: every loaded row at once (the pages stream
 * them in; there is no next page to ask for), the selected rows marked, names whole on a phone.
 */
import type { OrganizationDashboard } from '../../api/organization/all-dashboards.ts';
import { InfiniteTable } from '../../components/table/infinite-table.tsx';
import type { TableColumn } from '../../components/table/table-parts.tsx';

/** A row's key: unique across projects (ids are per project). */
export const rowKey = (row: OrganizationDashboard) => row.key;
const noop = () => undefined;

export function OrganizationTable({
  label,
  rows,
  columns,
  noun,
  isSelected,
}: {
  label: string;
  rows: OrganizationDashboard[];
  columns: TableColumn<OrganizationDashboard>[];
  noun: { one: string; other: string };
  isSelected: (row: OrganizationDashboard) => boolean;
}) {
  return (
    <InfiniteTable
      label={label}
      items={rows}
      total={rows.length}
      getKey={rowKey}
      columns={columns}
      hasNextPage={false}
      isFetchingNextPage={false}
      fetchNextPage={noop}
      itemNoun={noun}
      rowClassName={(row) => (isSelected(row) ? 'row-selected' : undefined)}
      maxHeight="fill"
      tableClassName="dashboard-table"
    />
  );
}
