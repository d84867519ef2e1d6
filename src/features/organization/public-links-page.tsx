/**
 * `/organization/public-links`: every dashboard of the organization whose public sharing is on,
 * found as `All dashboards` finds them, each with its sharing configuration (at most 4 requests in
 * flight): the link with `Copy link <name>`, whether it needs a password, since when it is shared.
 * Bulk `Stop sharing` and `Rotate links`; `Export CSV`.
 */
import { useId, useMemo } from 'react';
import { useSharingConfigurations, type OrganizationDashboard, type PublicLinkConfig } from '../../api/organization/all-dashboards.ts';
import { publicLink } from '../../api/resources/sharing.ts';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { CopyButton } from '../../components/button/copy-button.tsx';
import { downloadText } from '../../components/table/download.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { OrganizationTabs } from '../../components/organization/organization-tabs.tsx';
import { selectionColumn } from '../../components/table/selection-column.tsx';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useSelection } from '../../components/table/use-selection.ts';
import { LoadProgress } from './load-progress.tsx';
import { OrganizationTable, rowKey } from './organization-table.tsx';
import { OrganizationBulk } from './organization-bulk.tsx';
import { DateCell, displayName, NameLink } from './organization-columns.tsx';
import { publicLinksCsvFile } from './organization-csv.ts';
import { useOrganizationPage } from './organization-data.ts';
import { countLine, sortRows } from './organization-list.ts';
import './organization.css';

const linkOf = (config: PublicLinkConfig | null, host: string) =>
  config?.enabled && config.access_token ? publicLink(config.access_token, host) : '';

export default function PublicLinksPage() {
  useDocumentTitle('Public links', { inProject: false });
  const { readRefused, readSharingRefused, data, facts } = useOrganizationPage();
  const toast = useToast();
  const headerCheckboxId = useId();
  const refused = readRefused ?? readSharingRefused;
  const host = useConnectionState().connection?.host ?? '';

  const shared = useMemo(() => sortRows(data.rows.filter((row) => row.is_shared), { field: 'project', descending: false }), [data.rows]);
  const sharing = useSharingConfigurations(shared);
  const { configs } = sharing;
  const selection = useSelection(shared, shared.length, '', rowKey);
  const configOf = (row: OrganizationDashboard) => {
    const config = configs.get(row.key);
    return config && !('error' in config) ? config : null;
  };

  const { isSelected, toggle, allLoaded, someLoaded, setAllLoaded } = selection;
  const columns: TableColumn<OrganizationDashboard>[] = [
    selectionColumn(
      { isSelected, onToggle: toggle, allLoaded, someLoaded, onToggleAllLoaded: setAllLoaded, headerCheckboxId },
      { allLabel: 'Select all loaded public links', rowLabel: (row) => `Select ${displayName(row)}` },
    ),
    { key: 'project', header: 'Project', width: '14%', className: 'cell-project', cell: (row) => row.projectName },
    {
      key: 'dashboard',
      header: 'Dashboard',
      width: '22%',
      rowHeader: true,
      className: 'cell-name',
      cell: (row) => (
        <span className="name-cell org-name-cell">
          <NameLink row={row} tab="/sharing" />
          <span className="org-name-facts fold-narrow">{row.projectName}</span>
        </span>
      ),
    },
    {
      key: 'link',
      header: 'Public link',
      width: '30%',
      className: 'cell-link',
      cell: (row) => {
        const config = configs.get(row.key);
        if (!config) return <span className="cell-muted">Loading…</span>;
        if ('error' in config) return <span className="field-error">{config.error}</span>;
        const link = linkOf(config, host);
        return (
          <span className="public-link-cell">
            <code className="public-link-text">{link}</code>
            <CopyButton text={link} label={`Copy link ${displayName(row)}`} />
          </span>
        );
      },
    },
    {
      key: 'password',
      header: 'Password required',
      width: '8rem',
      className: 'cell-flag',
      cell: (row) => {
        const config = configOf(row);
        return config ? (config.password_required ? 'Yes' : 'No') : '';
      },
    },
    { key: 'since', header: 'Shared since', width: '8rem', className: 'cell-fold', cell: (row) => <DateCell iso={configOf(row)?.created_at ?? null} /> },
    { key: 'last-opened', header: 'Last opened', width: '8rem', className: 'cell-fold', cell: (row) => <DateCell iso={row.last_accessed_at} empty="Never" /> },
  ];

  const exportCsv = () => {
    const file = publicLinksCsvFile(
      shared.map((row) => ({ row, config: configOf(row), link: linkOf(configOf(row), host) })),
      new Date(),
    );
    downloadText(file.fileName, file.text, 'text/csv;charset=utf-8');
    toast.success(`Exported ${shared.length} ${shared.length === 1 ? 'public link' : 'public links'}.`);
  };

  let content;
  if (refused) {
    content = (
      <p className="notice notice-warning" role="alert">
        {refused}
      </p>
    );
  } else if (data.error) {
    content = <ErrorState title="Could not load the projects" error={data.error} onRetry={data.reload} />;
  } else if (shared.length === 0 && !data.loading && !data.stopped) {
    content = (
      <EmptyState title="No public links">
        <p>No dashboard of this organization is shared publicly.</p>
      </EmptyState>
    );
  } else {
    content = (
      <OrganizationTable label="Public links" rows={shared} columns={columns} noun={{ one: 'public link', other: 'public links' }} isSelected={selection.isSelected} />
    );
  }

  return (
    <OrganizationTabs>
      <div className="organization-page">
        <div className="page-header">
          <h1>Public links</h1>
          {!refused && <p className="org-count">{countLine(shared)}</p>}
        </div>
        {!refused && <LoadProgress data={data} sharing={sharing} />}
        {!refused && (
          <div className="toolbar org-filters">
            <div className="export-csv">
              <button type="button" className="button" onClick={exportCsv} disabled={shared.length === 0}>
                Export CSV
              </button>
            </div>
          </div>
        )}
        {!refused && (
          <OrganizationBulk
            variant="links"
            selection={selection}
            matching={shared}
            facts={facts}
            onFocusAway={() => document.getElementById(headerCheckboxId)?.focus()}
          />
        )}
        {content}
      </div>
    </OrganizationTabs>
  );
}

