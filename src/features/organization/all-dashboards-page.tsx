/**
 * `/organization/dashboards`: every dashboard of every project of the organization, loaded page by
 * page (at most 4 requests in flight, rows shown as they arrive, `Stop`), sorted and filtered in the
 * page (the filters in the URL), with the project list's bulk actions across projects and `Export CSV`.
 */
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import type { OrganizationDashboard } from '../../api/organization/all-dashboards.ts';
import { Badge } from '../../components/feedback/badge.tsx';
import { downloadText } from '../../components/table/download.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { CheckboxField, SelectField } from '../../components/form/field.tsx';
import { OrganizationTabs } from '../../components/organization/organization-tabs.tsx';
import { SearchInput } from '../../components/form/search-input.tsx';
import { selectionColumn } from '../../components/table/selection-column.tsx';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useSelection } from '../../components/table/use-selection.ts';
import { OrganizationBulk } from './organization-bulk.tsx';
import { DateCell, NameLink, sortableColumn, displayName } from './organization-columns.tsx';
import { dashboardsCsvFile } from './organization-csv.ts';
import { useOrganizationPage } from './organization-data.ts';
import { countLine, CREATED_BY_LEFT, filterRows, notOpenedChoices, sortRows, type SortField } from './organization-list.ts';
import { LoadProgress } from './load-progress.tsx';
import { OrganizationTable, rowKey } from './organization-table.tsx';
import './organization.css';
import { restrictionLevels } from '../../contract/inputs.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export default function AllDashboardsPage() {
  useDocumentTitle('All dashboards', { inProject: false });
  const { filters, setParam, readRefused, data, facts, members } = useOrganizationPage();
  const toast = useToast();
  const headerCheckboxId = useId();
  // Filtering and sorting 50,000 rows runs at a lower priority than typing.
  const deferredRows = useDeferredValue(data.rows);
  const [now] = useState(() => Date.now());

  const { search, project, sharedOnly, notOpened, createdBy } = filters;
  const { field: sortField, descending } = filters.sort;
  // `Someone who left` compares each creator with the members of the page's organization.
  const memberUuids = useMemo(() => (members.data ? new Set(members.data.map((m) => m.user.uuid)) : null), [members.data]);
  const matching = useMemo(
    () => filterRows(deferredRows, { search, project, sharedOnly, notOpened, createdBy }, now, memberUuids),
    [deferredRows, search, project, sharedOnly, notOpened, createdBy, now, memberUuids],
  );
  const sorted = useMemo(() => sortRows(matching, { field: sortField, descending }), [matching, sortField, descending]);
  const filtersKey = JSON.stringify([filters.search.trim(), filters.project, filters.sharedOnly, filters.notOpened, filters.createdBy]);
  const selection = useSelection(sorted, sorted.length, filtersKey, rowKey);

  const creators = useMemo(() => {
    const byEmail = new Map<string, string>();
    for (const row of deferredRows) if (row.created_by) byEmail.set(row.created_by.email, row.created_by.name);
    return [...byEmail].sort((a, b) => a[1].localeCompare(b[1]));
  }, [deferredRows]);

  const onSort = useCallback(
    (field: SortField) => {
      const same = filters.sort.field === field;
      const value = same && !filters.sort.descending ? `-${field}` : field;
      setParam('sort', value === 'project' ? '' : value);
    },
    [filters.sort.field, filters.sort.descending, setParam],
  );

  const { isSelected, toggle, allLoaded, someLoaded, setAllLoaded } = selection;
  const columns = useMemo<TableColumn<OrganizationDashboard>[]>(
    () => [
      selectionColumn(
        { isSelected, onToggle: toggle, allLoaded, someLoaded, onToggleAllLoaded: setAllLoaded, headerCheckboxId },
        { allLabel: 'Select all loaded dashboards', rowLabel: (row) => `Select ${displayName(row)}` },
      ),
      sortableColumn({ key: 'project', header: 'Project', field: 'project', width: '14%', className: 'cell-project', cell: (row) => row.projectName }, filters.sort, onSort),
      sortableColumn(
        {
          key: 'name',
          header: 'Name',
          field: 'name',
          width: '26%',
          rowHeader: true,
          className: 'cell-name',
          cell: (row) => (
            <span className="name-cell org-name-cell">
              <NameLink row={row} />
              <span className="org-name-facts">
                <span className="fold-narrow">{row.projectName}</span>
                {row.pinned && <Badge tone="info">Pinned</Badge>}
                {row.is_shared && <Badge tone="info">Shared</Badge>}
                {row.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit && <Badge tone="warning">Restricted</Badge>}
              </span>
            </span>
          ),
        },
        filters.sort,
        onSort,
      ),
      { key: 'pinned', header: 'Pinned', width: '6rem', className: 'cell-flag', cell: (row) => yesNo(row.pinned) },
      { key: 'shared', header: 'Shared', width: '6rem', className: 'cell-flag', cell: (row) => yesNo(row.is_shared) },
      { key: 'restricted', header: 'Restricted', width: '7rem', className: 'cell-flag', cell: (row) => yesNo(row.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit) },
      sortableColumn(
        { key: 'last-opened', header: 'Last opened', field: 'lastOpened', width: '9rem', className: 'cell-date', cell: (row) => <DateCell iso={row.last_accessed_at} empty="Never" /> },
        filters.sort,
        onSort,
      ),
      { key: 'created-by', header: 'Created by', width: '12%', className: 'cell-fold', cell: (row) => <span title={row.created_by?.email}>{row.created_by?.name ?? 'Unknown'}</span> },
      sortableColumn({ key: 'created', header: 'Created', field: 'created', width: '8rem', className: 'cell-fold', cell: (row) => <DateCell iso={row.created_at} /> }, filters.sort, onSort),
    ],
    [isSelected, toggle, allLoaded, someLoaded, setAllLoaded, headerCheckboxId, filters.sort, onSort],
  );

  const exportCsv = () => {
    const file = dashboardsCsvFile(sorted, new Date());
    downloadText(file.fileName, file.text, 'text/csv;charset=utf-8');
    toast.success(`Exported ${sorted.length} ${sorted.length === 1 ? 'dashboard' : 'dashboards'}.`);
  };

  let content;
  if (readRefused) {
    content = (
      <p className="notice notice-warning" role="alert">
        {readRefused}
      </p>
    );
  } else if (data.error) {
    content = <ErrorState title="Could not load the projects" error={data.error} onRetry={data.reload} />;
  } else if (data.rows.length === 0 && !data.loading) {
    content = (
      <EmptyState title="No dashboards">
        <p>No project of this organization has a dashboard this key can read.</p>
      </EmptyState>
    );
  } else if (sorted.length === 0 && deferredRows.length > 0) {
    content = (
      <EmptyState title="No dashboards match">
        <p>No loaded dashboard matches the search and filters.</p>
      </EmptyState>
    );
  } else {
    content = (
      <OrganizationTable label="All dashboards" rows={sorted} columns={columns} noun={{ one: 'dashboard', other: 'dashboards' }} isSelected={selection.isSelected} />
    );
  }

  return (
    <OrganizationTabs>
      <div className="organization-page">
        <div className="page-header">
          <h1>All dashboards</h1>
          {!readRefused && <p className="org-count">{countLine(matching)}</p>}
        </div>
        {!readRefused && <LoadProgress data={data} />}
        {!readRefused && (
          <div className="toolbar org-filters">
            <SearchInput label="Search dashboards" value={filters.search} onChange={(text) => setParam('search', text.trim() ? text : '', true)} placeholder="Name or description" />
            <SelectField label="Project" value={filters.project} onChange={(event) => setParam('project', event.target.value)}>
              <option value="">All projects</option>
              {(data.projects ?? []).map((project) => (
                <option key={project.id} value={String(project.id)}>
                  {project.name}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              label="Shared publicly"
              className="toolbar-checkbox"
              checked={filters.sharedOnly}
              onChange={(event) => setParam('shared', event.target.checked ? 'true' : '')}
            />
            <SelectField label="Not opened in" value={filters.notOpened} onChange={(event) => setParam('notOpened', event.target.value)}>
              {notOpenedChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Created by" value={filters.createdBy} onChange={(event) => setParam('createdBy', event.target.value)}>
              <option value="">Anyone</option>
              <option value={CREATED_BY_LEFT} disabled={!memberUuids && filters.createdBy !== CREATED_BY_LEFT}>
                Someone who left
              </option>
              {creators.map(([email, name]) => (
                <option key={email} value={email}>
                  {name === email ? email : `${name} (${email})`}
                </option>
              ))}
              {filters.createdBy && filters.createdBy !== CREATED_BY_LEFT && !creators.some(([email]) => email === filters.createdBy) && <option value={filters.createdBy}>{filters.createdBy}</option>}
            </SelectField>
            <div className="export-csv">
              <button type="button" className="button" onClick={exportCsv} disabled={sorted.length === 0}>
                Export CSV
              </button>
            </div>
          </div>
        )}
        {!readRefused && (
          <OrganizationBulk
            variant="dashboards"
            selection={selection}
            matching={sorted}
            facts={facts}
            onFocusAway={() => document.getElementById(headerCheckboxId)?.focus()}
          />
        )}
        {content}
      </div>
    </OrganizationTabs>
  );
}

