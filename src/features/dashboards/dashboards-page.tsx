/**
 * The dashboard list of one project: a virtualized, infinitely paged table (pinned first, as the
 * API orders them), search and `Pinned only` in the URL, pin toggles applied at once, and the
 * `New dashboard` dialog.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { refusal, useAuthorization } from '../../api/access/authorization.ts';
import { dashboardDisplayName, dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';
import { usePinDashboard } from '../../api/resources/dashboards/dashboard-mutations.ts';
import { userQueries } from '../../api/organization/organization.ts';
import { flattenPages } from '../../api/client/pagination.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { errorDetail, errorStatus } from '../../components/feedback/error-text.ts';
import { CheckboxField } from '../../components/form/field.tsx';
import { InfiniteTable } from '../../components/table/infinite-table.tsx';
import { lazyComponent } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { projectProblem, ProjectUnavailable } from '../../components/project/project-unavailable.tsx';
import { Button } from '../../components/button/button.tsx';
import { SearchInput } from '../../components/form/search-input.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useSelection } from '../../components/table/use-selection.ts';
import type { DashboardListItem } from '../../contract/schemas.ts';
import type { BulkToolbarProps } from './bulk-toolbar.tsx';
import { dashboardColumns } from './dashboard-columns.tsx';
import './dashboards.css';
import { ExportCsv } from './export-csv.tsx';
import { filtersFromSearchParams } from './list-filters.ts';
import type { NewDashboardDialogProps } from './new-dashboard-dialog.tsx';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

// The dialog (and the forms code it brings) loads when the pointer or focus reaches its button: the rows need none of it.
const NewDashboardDialog = lazyComponent<NewDashboardDialogProps>(() =>
  import('./new-dashboard-dialog.tsx').then((module) => ({ default: module.NewDashboardDialog })),
);

// The bulk actions (and the dialogs they open) load once the rows are up: nothing is selected before that.
const BulkToolbar = lazyComponent<BulkToolbarProps>(() =>
  import('./bulk-tools.ts').then((module) => ({ default: module.BulkToolbar })),
);

const dashboardKey = (dashboard: DashboardListItem) => String(dashboard.id);

/** A 403 that names a missing scope: this key cannot write at all, not just this dashboard. */
function missingScope(error: unknown): string | null {
  if (errorStatus(error) !== 403) return null;
  return /missing required scope/i.test(errorDetail(error)) ? errorDetail(error) : null;
}

export default function DashboardsPage() {
  const { projectId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const filtering = filters.search.trim() !== '' || filters.pinned !== null;
  useDocumentTitle('Dashboards');
  // Go to's `New dashboard` arrives with the dialog open; the request is then forgotten, so a reload
  // (which keeps the history entry's state) does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedFor = location.state as { newDashboard?: boolean } | null;
  const [dialogOpen, setDialogOpen] = useState(arrivedFor?.newDashboard === true);
  const [writeRefused, setWriteRefused] = useState<string | null>(null);
  const hintId = useId();
  const toast = useToast();

  useEffect(() => {
    if (arrivedFor?.newDashboard) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [arrivedFor, location.pathname, location.search, navigate]);

  const query = useInfiniteQuery(dashboardQueries.list(projectId, filters));
  const { items, total } = flattenPages(query.data);
  const pin = usePinDashboard(projectId);
  const selection = useSelection(items, total, JSON.stringify([filters.search.trim(), filters.pinned]), dashboardKey);
  const headerCheckboxId = useId();
  const project = useQuery(projectQueries.detail(projectId));
  const me = useQuery(userQueries.me());
  const { facts } = useAuthorization({ projectId, project: project.data ?? null });
  // Known from the key's scopes (personal_api_keys/@current): refused up front, with the reason.
  const editRefused = refusal('editDashboard', facts);
  const createRefused = refusal('createDashboard', facts);
  const pinHint = editRefused ?? (writeRefused ? `This API key cannot change dashboards (${writeRefused}).` : null);
  const bulkFacts = useMemo(() => ({ ...facts, me: me.data ? { id: me.data.id, uuid: me.data.uuid } : null }), [facts, me.data]);

  const noteRefusal = useCallback((error: unknown) => {
    const detail = missingScope(error);
    if (detail) setWriteRefused(detail);
  }, []);

  const togglePin = useCallback(
    (dashboard: DashboardListItem) => {
      const pinned = !dashboard.pinned;
      const name = dashboardDisplayName(dashboard);
      // The promise, not mutate's callbacks: those fire for the latest call only, and rows are toggled in quick succession.
      pin.mutateAsync({ dashboardId: dashboard.id, pinned }).catch((error: unknown) => {
        noteRefusal(error);
        toast.error(error, { prefix: `Could not ${pinned ? 'pin' : 'unpin'} “${name}”:` });
      });
    },
    // `pin.mutateAsync` is stable; the whole mutation object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pin.mutateAsync, noteRefusal, toast],
  );

  const { isSelected, toggle, allLoaded, someLoaded, setAllLoaded } = selection;
  const columns = useMemo(
    () =>
      dashboardColumns({
        projectId,
        onTogglePin: togglePin,
        pinDescribedBy: pinHint ? hintId : undefined,
        pinDisabled: editRefused !== null,
        selection: { isSelected, onToggle: toggle, allLoaded, someLoaded, onToggleAllLoaded: setAllLoaded, headerCheckboxId },
      }),
    [projectId, togglePin, pinHint, editRefused, hintId, isSelected, toggle, allLoaded, someLoaded, setAllLoaded, headerCheckboxId],
  );

  const setSearch = useCallback(
    (search: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search.trim()) next.set('search', search);
          else next.delete('search');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // The checkbox shows the URL: without flushSync, react-router's transition leaves it unticked for a moment.
  const setPinnedOnly = (pinnedOnly: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (pinnedOnly) next.set('pinned', 'true');
        else next.delete('pinned');
        return next;
      },
      { flushSync: true },
    );

  const clearFilters = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('search');
      next.delete('pinned');
      return next;
    });

  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let content;
  if (query.isPending) {
    content = <LoadingState label="Loading dashboards…" />;
  } else if (query.isError && !query.data) {
    content = <ErrorState title="Could not load the dashboards" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0 && !filtering) {
    content = (
      <EmptyState title="No dashboards yet">
        <p>This project has no dashboards. Create the first one with New dashboard: start blank, from a template, or as a copy.</p>
      </EmptyState>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        title="No dashboards match"
        action={
          <button type="button" className="button" onClick={clearFilters}>
            Clear search and filters
          </button>
        }
      >
        <p>
          No dashboard
          {filters.search.trim() ? <> has “{filters.search.trim()}” in its name or description</> : null}
          {filters.search.trim() && filters.pinned ? ' and' : null}
          {filters.pinned ? ' is pinned' : null}.
        </p>
      </EmptyState>
    );
  } else {
    content = (
      <InfiniteTable
        label="Dashboards"
        items={items}
        total={total}
        getKey={(dashboard) => dashboard.id}
        columns={columns}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={loadMore}
        fetchNextPageError={query.isFetchNextPageError ? query.error : undefined}
        isRefetching={query.isRefetching}
        itemNoun={{ one: 'dashboard', other: 'dashboards' }}
        tableClassName="dashboard-table"
        // Down to the window's bottom, the count line under it still on screen.
        maxHeight="fill"
      />
    );
  }

  // An unknown project (404) or another organization's (403): the whole page says so, with no actions.
  const problem = query.isError && !query.data ? projectProblem(query.error) : null;
  if (problem) return <ProjectUnavailable problem={problem} error={query.error} projectId={projectId} />;

  return (
    <div className="dashboards-page">
      <div className="page-header">
        <h1>Dashboards</h1>
        <Button
          className="button button-primary"
          onClick={() => setDialogOpen(true)}
          onPointerEnter={() => void NewDashboardDialog.preload()}
          onFocus={() => void NewDashboardDialog.preload()}
          aria-describedby={writeRefused ? hintId : undefined}
          unavailableReason={createRefused}
        >
          New dashboard
        </Button>
      </div>
      {pinHint && (
        <p id={hintId} className="notice notice-warning">
          {pinHint} You can still browse and search them.
        </p>
      )}
      <div className="toolbar">
        <SearchInput label="Search dashboards" value={filters.search} onChange={setSearch} placeholder="Name or description" />
        <CheckboxField
          label="Pinned only"
          className="toolbar-checkbox"
          checked={filters.pinned === true}
          onChange={(event) => setPinnedOnly(event.target.checked)}
        />
        {query.isPlaceholderData && <LoadingState inline label="Searching…" />}
        <ExportCsv projectId={projectId} projectName={project.data?.name ?? `project-${projectId}`} filters={filters} />
      </div>
      <BulkToolbar
        projectId={projectId}
        filters={filters}
        selection={selection}
        loadedItems={items}
        total={total}
        facts={bulkFacts}
        onFocusAway={() => document.getElementById(headerCheckboxId)?.focus()}
      />
      {query.isRefetchError && (
        <div className="action-error" role="alert">
          <strong>Could not refresh the list:</strong> <span>{errorDetail(query.error)}</span>{' '}
          <button type="button" className="button button-small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {content}
      {dialogOpen && (
        <NewDashboardDialog open onClose={() => setDialogOpen(false)} projectId={projectId} onError={noteRefusal} />
      )}
    </div>
  );
}
