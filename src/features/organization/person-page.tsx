/**
 * `/organization/people/:userUuid`: one member, their role in words, and the dashboards where their
 * access differs from what their role alone gives (CONSOLE.md "Who can do what, and why"), read at
 * most 4 requests at a time with progress and `Stop` (src/api/organization/people.ts).
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { mayReadRules } from '../../api/access/access-controls.ts';
import { levelLabels, personName, roleName } from '../../api/access/access-verdict.ts';
import { personFirstName } from '../../api/organization/person-name.ts';
import { countCreated, usePersonExceptions, type PersonException } from '../../api/organization/people.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { InfiniteTable } from '../../components/table/infinite-table.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { OrganizationTabs } from '../../components/organization/organization-tabs.tsx';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import '../../components/table/tables.css';
import { LoadProgress, ProgressLine, StoppedNotice } from './load-progress.tsx';
import { dashboardUrl, displayName } from './organization-columns.tsx';
import { useOrganizationPage } from './organization-data.ts';
import './organization.css';

const roleWords = {
  Owner: 'An owner of the organization: manages every dashboard of every project, whatever its restriction or rules.',
  Admin: 'An admin of the organization: manages every dashboard of every project, whatever its restriction or rules.',
  Member:
    'A member of the organization: can edit every dashboard of the projects they can reach, except where a dashboard is restricted to invited people or its rules give them another level.',
} as const;

const columns: TableColumn<PersonException>[] = [
  {
    key: 'dashboard',
    header: 'Dashboard',
    width: '32%',
    rowHeader: true,
    className: 'cell-name',
    cell: (row) => (
      <Link to={dashboardUrl(row.dashboard, '/access')} className="name-link">
        {displayName(row.dashboard)}
      </Link>
    ),
  },
  { key: 'project', header: 'Project', width: '16%', className: 'cell-project', cell: (row) => row.dashboard.projectName },
  { key: 'access', header: 'Access', width: '9rem', className: 'cell-access', cell: (row) => levelLabels[row.access] },
  // The reason is the point of the page: it wraps, never cut.
  { key: 'why', header: 'Why', className: 'cell-why', cell: (row) => row.why },
];

const noop = () => undefined;

export default function PersonPage() {
  const { userUuid = '' } = useParams();
  const { organization, about, readRefused, data, facts, members, membersRefused } = useOrganizationPage();
  const member = members.data?.find((m) => m.user.uuid === userUuid) ?? null;
  const name = member ? personName(member.user) : null;
  const first = member ? personFirstName(member.user) : null;
  useDocumentTitle(name ?? (members.isSuccess ? 'Person not found' : null), { inProject: false });

  const readRules = mayReadRules(facts.scopes) === true;
  const features = about.features;
  // Built once the key's scopes and the organization's features are known (or cannot be): the verdict reads them.
  const known = mayReadRules(facts.scopes) !== undefined && (about.organization !== undefined || about.membershipLevel === null);
  const exceptions = usePersonExceptions({ organization, member, readRules, features }, known && !readRefused);
  const created = useMemo(() => countCreated(data.rows).get(userUuid) ?? 0, [data.rows, userUuid]);
  const role = member ? roleName(member.level) : null;
  const sorted = useMemo(
    () => [...exceptions.exceptions].sort((a, b) => displayName(a.dashboard).localeCompare(displayName(b.dashboard))),
    [exceptions.exceptions],
  );

  const back = (
    <p className="breadcrumb">
      <Link to={`/organization/people${organization ? `?${new URLSearchParams({ organization }).toString()}` : ''}`}>
        <span aria-hidden="true">← </span>People
      </Link>
    </p>
  );

  let body;
  if (membersRefused) {
    body = (
      <p className="notice notice-warning" role="alert">
        {membersRefused}
      </p>
    );
  } else if (members.isPending) {
    body = <LoadingState label="Loading the person…" />;
  } else if (members.isError) {
    body = <ErrorState title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} />;
  } else if (!member || !role || !first) {
    body = (
      <>
        <h1>Person not found</h1>
        <p>No member of this organization has this id. They may have left it.</p>
      </>
    );
  } else {
    const tableName = `Dashboards where ${first} is an exception`;
    body = (
      <>
        <div className="page-header">
          <h1>{name}</h1>
        </div>
        <dl className="facts person-facts">
          <dt>E-mail</dt>
          <dd>{member.user.email}</dd>
          <dt>Role</dt>
          <dd>{role}</dd>
          <dt>Dashboards created</dt>
          <dd>{readRefused ? '–' : `${created}${data.loading ? ' so far' : ''}`}</dd>
        </dl>
        <p className="lead">{roleWords[role]}</p>
        <h2>{tableName}</h2>
        {readRefused ? (
          <p className="notice">{readRefused}</p>
        ) : role !== 'Member' ? (
          <p>Nothing is an exception: {role === 'Owner' ? 'an owner' : 'an admin'} manages every dashboard, and rules change nothing for them.</p>
        ) : (
          <>
            {!readRules && (
              <p className="notice">
                This key cannot read access rules (it lacks access_control:read): only restricted dashboards are listed, and rules
                may change more.
              </p>
            )}
            <LoadProgress data={data} />
            {exceptions.loading && (
              <ProgressLine
                label="Reading access"
                line={`Reading access: ${exceptions.done} of ${exceptions.total} dashboards`}
                text={`${exceptions.done} of ${exceptions.total} dashboards`}
                max={Math.max(1, exceptions.total)}
                value={exceptions.done}
                onStop={exceptions.stop}
              />
            )}
            {exceptions.stopped && (
              <StoppedNotice again="Read again" onAgain={exceptions.restart}>
                Stopped: {exceptions.done} of {exceptions.total} dashboards read; the list shows what was found.
              </StoppedNotice>
            )}
            {exceptions.failures.length > 0 && (
              <div className="action-error org-failures" role="alert">
                <h3>Could not read</h3>
                <ul>
                  {exceptions.failures.map((failure) => (
                    <li key={failure.dashboard.key}>
                      <strong>{displayName(failure.dashboard)}</strong>: {failure.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {sorted.length === 0 && !exceptions.loading && !data.loading ? (
              <p>None: {first} has what their role gives on every dashboard this key can read.</p>
            ) : (
              <InfiniteTable
                label={tableName}
                items={sorted}
                total={sorted.length}
                getKey={(row: PersonException) => row.dashboard.key}
                columns={columns}
                hasNextPage={false}
                isFetchingNextPage={false}
                fetchNextPage={noop}
                itemNoun={{ one: 'dashboard', other: 'dashboards' }}
                tableClassName="exceptions-table"
              />
            )}
          </>
        )}
      </>
    );
  }

  return (
    <OrganizationTabs>
      <div className="organization-page person-page">
        {back}
        {body}
      </div>
    </OrganizationTabs>
  );
}
