/**
 * `/organization/people`: the organization's members (CONSOLE.md "Who can do what, and why"), with
 * how many dashboards each created over every project, counted on the rows `All dashboards` loads:
 * the same query-cache entries (`useOrganizationDashboards` through `useOrganizationPage`), so going
 * from one page to the other reads no project again while they are fresh, with the same progress and
 * `Stop`. Sorted and searched in the page, the sort in the URL.
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { personName, roleName } from '../../api/access/access-verdict.ts';
import { countCreated } from '../../api/organization/people.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { InfiniteTable } from '../../components/table/infinite-table.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { OrganizationTabs } from '../../components/organization/organization-tabs.tsx';
import { SearchInput } from '../../components/form/search-input.tsx';
import '../../components/table/tables.css';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import type { Member } from '../../contract/schemas.ts';
import { LoadProgress } from './load-progress.tsx';
import { DateCell } from './organization-columns.tsx';
import { useOrganizationPage } from './organization-data.ts';
import { peopleSortFrom, personPath, sortPeople, type PeopleSortField, type PersonRow } from './people-list.ts';
import './organization.css';

export default function PeoplePage() {
  useDocumentTitle('People', { inProject: false });
  const { organization, params, setParam, readRefused, data, members, membersRefused } = useOrganizationPage();
  const search = params.get('search') ?? '';
  const order = peopleSortFrom(params.get('sort') ?? '');
  // Counting and sorting run at a lower priority than typing.
  const deferredRows = useDeferredValue(data.rows);
  const deferredSearch = useDeferredValue(search);
  const counts = useMemo(() => countCreated(deferredRows), [deferredRows]);

  const rows = useMemo<PersonRow[]>(() => {
    const needle = deferredSearch.trim().toLowerCase();
    const all = (members.data ?? []).map((member, index) => ({
      member,
      index,
      name: personName(member.user),
      created: counts.get(member.user.uuid) ?? 0,
    }));
    const kept = needle ? all.filter((row) => row.name.toLowerCase().includes(needle) || row.member.user.email.toLowerCase().includes(needle)) : all;
    return sortPeople(kept, order);
  }, [members.data, counts, deferredSearch, order]);

  const onSort = useCallback(
    (field: PeopleSortField) => {
      const same = order.field === field;
      const value = same && !order.descending ? `-${field}` : field;
      // The default order (newest member first) leaves the URL.
      setParam('sort', value === '-joined' ? '' : value);
    },
    [order.field, order.descending, setParam],
  );

  const sortable = (key: string, header: string, field: PeopleSortField, rest: Omit<TableColumn<PersonRow>, 'key' | 'header' | 'sort'>): TableColumn<PersonRow> => {
    const active = order.field === field;
    return {
      key,
      ...rest,
      sort: active ? (order.descending ? 'descending' : 'ascending') : 'none',
      header: (
        <button type="button" className="sort-button" onClick={() => onSort(field)}>
          {header}
          <span aria-hidden="true" className="sort-arrow">
            {active ? (order.descending ? '▼' : '▲') : '↕'}
          </span>
        </button>
      ),
    };
  };

  const columns: TableColumn<PersonRow>[] = [
    sortable('person', 'Person', 'person', {
      width: '30%',
      rowHeader: true,
      className: 'cell-name',
      cell: (row) => (
        // Lines, each its own block: the name, the e-mail, and on a phone what the folded columns say.
        <div className="person-cell">
          <Link to={personPath(row.member.user.uuid, organization)} className="name-link person-name">
            {row.name}
          </Link>
          <div className="person-email">{row.member.user.email}</div>
          <div className="fold-narrow person-fold">
            <span>
              Joined <DateCell iso={row.member.joined_at} />
            </span>
            <span>
              Last login <DateCell iso={row.member.last_login} empty="Never" />
            </span>
            <span>Two-factor {row.member.is_2fa_enabled ? 'On' : 'Off'}</span>
          </div>
        </div>
      ),
    }),
    sortable('role', 'Role', 'role', { width: '7rem', className: 'cell-role', cell: (row) => roleName(row.member.level) }),
    sortable('joined', 'Joined', 'joined', { width: '9rem', className: 'cell-date cell-fold', cell: (row) => <DateCell iso={row.member.joined_at} /> }),
    sortable('last-login', 'Last login', 'lastLogin', {
      width: '9rem',
      className: 'cell-date cell-fold',
      cell: (row) => <DateCell iso={row.member.last_login} empty="Never" />,
    }),
    { key: 'two-factor', header: 'Two-factor', width: '7rem', className: 'cell-flag', cell: (row) => (row.member.is_2fa_enabled ? 'On' : 'Off') },
    sortable('created', 'Dashboards created', 'created', {
      width: '10rem',
      className: 'cell-number',
      cell: (row) => (readRefused ? '–' : String(row.created)),
    }),
  ];

  let content;
  if (membersRefused) {
    content = (
      <p className="notice notice-warning" role="alert">
        {membersRefused}
      </p>
    );
  } else if (members.isPending) {
    content = <LoadingState label="Loading the members…" />;
  } else if (members.isError) {
    content = <ErrorState title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} />;
  } else if (rows.length === 0) {
    content = (
      <EmptyState title={search.trim() ? 'Nobody matches' : 'No members'}>
        <p>{search.trim() ? 'No member matches the search.' : 'This organization lists no members this key can read.'}</p>
      </EmptyState>
    );
  } else {
    content = (
      <InfiniteTable
        label="Members"
        items={rows}
        total={rows.length}
        getKey={(row: PersonRow) => row.member.id}
        columns={columns}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={noop}
        itemNoun={{ one: 'member', other: 'members' }}
        maxHeight="fill"
        tableClassName="dashboard-table people-table"
      />
    );
  }

  return (
    <OrganizationTabs>
      <div className="organization-page">
        <div className="page-header">
          <h1>People</h1>
          {members.data && <p className="org-count">{countLine(members.data)}</p>}
        </div>
        {readRefused ? (
          <p className="notice">Dashboards created cannot be counted: {readRefused}</p>
        ) : (
          <LoadProgress data={data} />
        )}
        <div className="toolbar org-filters">
          <SearchInput label="Search people" value={search} onChange={(text) => setParam('search', text.trim() ? text : '', true)} placeholder="Name or e-mail" />
        </div>
        {content}
      </div>
    </OrganizationTabs>
  );
}

const noop = () => undefined;
const countLine = (members: ReadonlyArray<Member>) => `${members.length} ${members.length === 1 ? 'member' : 'members'}`;
