/** `/projects`: the organization's projects, searchable (`?search=`), infinite, and `New project`. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { flattenPages } from '../../api/client/pagination.ts';
import { useOrganizationPermissions } from '../../api/access/authorization.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import type { Project, ProjectListItem } from '../../contract/schemas.ts';
import { Badge } from '../../components/feedback/badge.tsx';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { lazyComponent } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { PlainInfiniteTable } from '../../components/table/plain-infinite-table.tsx';
import { Button } from '../../components/button/button.tsx';
import { SearchInput } from '../../components/form/search-input.tsx';
import type { TableColumn } from '../../components/table/table-parts.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { OrganizationTabs } from '../../components/organization/organization-tabs.tsx';
import type { NewProjectDialogProps } from './new-project-dialog.tsx';
import './projects.css';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

// The dialog's code (its form rules, the time-zone list) loads when it is about to be used.
const NewProjectDialog = lazyComponent<NewProjectDialogProps>(() =>
  import('./new-project-dialog.tsx').then((module) => ({ default: module.NewProjectDialog })),
);

export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

const dashboardsPath = (id: number) => `/projects/${id}/dashboards`;
const settingsPath = (id: number) => `/projects/${id}/settings`;

const columns: ReadonlyArray<TableColumn<ProjectListItem>> = [
  {
    key: 'name',
    header: 'Name',
    width: '45%',
    rowHeader: true,
    cell: (project) => (
      <span className="project-name-cell">
        <Link to={dashboardsPath(project.id)}>{project.name}</Link>
        {project.is_demo && (
          <Badge tone="info" title="A demo project: its data was generated for trying things out.">
            Demo
          </Badge>
        )}
      </span>
    ),
  },
  { key: 'id', header: 'ID', width: '12%', cell: (project) => project.id },
  { key: 'timezone', header: 'Time zone', width: '28%', cell: (project) => project.timezone },
  {
    key: 'actions',
    header: 'Actions',
    visuallyHiddenHeader: true,
    width: '15%',
    cell: (project) => (
      <Link to={settingsPath(project.id)} aria-label={`Settings of ${project.name}`}>
        Settings
      </Link>
    ),
  },
];

export default function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  useDocumentTitle('Projects', { inProject: false });
  const query = useInfiniteQuery(projectQueries.list(search, params.get('organization') ?? ''));
  const { items, total } = flattenPages(query.data);
  const createRefusal = useOrganizationPermissions(params.get('organization') || null).createProject;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [created, setCreated] = useState<Project | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  const setSearch = useCallback(
    (text: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (text.trim()) next.set('search', text);
          else next.delete('search');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onCreated = (project: Project) => {
    setDialogOpen(false);
    setCreated(project);
    toast.success(`Project "${project.name}" created.`, {
      action: { label: 'Open dashboards', onClick: () => navigate(dashboardsPath(project.id)) },
    });
  };

  const newProjectButton = (
    <Button
      className="button button-primary"
      onClick={() => setDialogOpen(true)}
      onPointerEnter={() => void NewProjectDialog.preload()}
      onFocus={() => void NewProjectDialog.preload()}
      unavailableReason={createRefusal}
    >
      New project
    </Button>
  );

  const searching = query.isPlaceholderData && query.isFetching;
  let content;
  if (query.isPending) {
    content = <LoadingState label="Loading projects…" />;
  } else if (query.isError && !query.data) {
    content = <ErrorState title="Could not load the projects" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0 && !query.isPlaceholderData) {
    content = search.trim() ? (
      <EmptyState
        title={`No projects match “${search.trim()}”`}
        action={
          <button type="button" className="button" onClick={() => setSearch('')}>
            Clear search
          </button>
        }
      >
        <p>Search looks at project names. Try fewer letters, or clear the search to see every project.</p>
      </EmptyState>
    ) : (
      <EmptyState title="No projects yet">
        <p>This organization has no projects. Create one with New project to start adding dashboards.</p>
      </EmptyState>
    );
  } else {
    content = (
      <>
        {query.isError && query.data && (
          <ErrorState title="Could not refresh the projects" error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />
        )}
        <PlainInfiniteTable
          label="Projects"
          items={items}
          total={total}
          getKey={(project) => project.id}
          columns={columns}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => query.fetchNextPage()}
          fetchNextPageError={query.isFetchNextPageError ? query.error : undefined}
          isRefetching={query.isRefetching}
          itemNoun={{ one: 'project', other: 'projects' }}
          rowHeight={44}
        />
      </>
    );
  }

  return (
    <OrganizationTabs>
      <div className="page-header">
        <h1>Projects</h1>
        <div className="page-header-actions">{newProjectButton}</div>
      </div>
      {created && (
        <div className="notice project-created">
          <p>
            Created <strong>{created.name}</strong> (ID {created.id}, {created.timezone}).{' '}
            <Link to={dashboardsPath(created.id)}>Open its dashboards</Link> ·{' '}
            <Link to={settingsPath(created.id)}>Open its settings</Link>
          </p>
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label="Dismiss the created project notice"
            onClick={() => setCreated(null)}
          >
            Dismiss
          </button>
        </div>
      )}
      <div className="toolbar">
        <SearchInput label="Search projects" value={search} onChange={setSearch} delayMs={PROJECT_SEARCH_DEBOUNCE_MS} />
        {searching && <LoadingState inline label="Searching…" />}
      </div>
      {content}
      {dialogOpen && (
        <NewProjectDialog onClose={() => setDialogOpen(false)} onCreated={onCreated} organization={params.get('organization') || undefined} />
      )}
    </OrganizationTabs>
  );
}
