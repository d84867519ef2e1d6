/**
 * One dashboard: its name as the heading, badges, and the tabs Overview, Collaborators, Sharing, Access and History,
 * each its own URL, rendered in the outlet with the loaded dashboard.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router-dom';
import { dashboardDisplayName, dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';
import { useRestoreDashboard } from '../../api/resources/dashboards/dashboard-mutations.ts';
import { isApiError } from '../../api/client/http.ts';
import { Badge } from '../../components/feedback/badge.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { focusMain, focusMainIfLost } from '../../components/layout/focus-main.ts';
import { LinkTabs } from '../../components/layout/link-tabs.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { projectProblem, ProjectUnavailable } from '../../components/project/project-unavailable.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { DashboardMissing } from './dashboard-missing.tsx';
import { AFTER_DELETE_STATE, type DashboardOutletContext } from './dashboard-outlet.ts';
import './dashboard-detail.css';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { restrictionLevels } from '../../contract/inputs.ts';

/** Both layers (API.md §5.4): the newer level must be `editor` or more (unknown where a backend sends none). */
const canEditByLevel = (level: string | null | undefined) => !level || level === 'editor' || level === 'manager';

export default function DashboardDetailPage() {
  const { projectId = '', dashboardId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleted, setDeleted] = useState(false);
  const deletedRef = useRef(false);
  // Once deleted, the dashboard answers 404: do not fetch it again on the way to the list.
  const query = useQuery({ ...dashboardQueries.detail(projectId, dashboardId), enabled: !deleted });
  const restore = useRestoreDashboard(projectId);
  const listPath = `/projects/${encodeURIComponent(projectId)}/dashboards`;
  const base = `${listPath}/${encodeURIComponent(dashboardId)}`;
  const dashboard = query.data;
  const name = dashboard ? dashboardDisplayName(dashboard) : null;

  useDocumentTitle(name ?? (query.isError ? 'Dashboard not found' : null));

  // Leaving after a delete removes the focused control with the page: focus goes to the list's page, not <body>.
  useEffect(
    () => () => {
      if (deletedRef.current) focusMainIfLost();
    },
    [],
  );

  const onDeleted = (deletedName: string) => {
    deletedRef.current = true;
    setDeleted(true);
    navigate(listPath, { state: AFTER_DELETE_STATE });
    toast.show({
      kind: 'success',
      message: `Deleted “${deletedName}”.`,
      action: {
        label: 'Undo',
        // The page is gone by now: the mutation still runs, and its outcome is told by toasts.
        onClick: () => {
          // The toast (and its Undo) closes now: focus stays on the page, where the outcome shows.
          focusMain();
          restore.mutateAsync(dashboardId).then(
            () => toast.success(`Restored “${deletedName}”.`),
            (error: unknown) => toast.error(error, { prefix: `Could not restore “${deletedName}”:` }),
          );
        },
      },
    });
  };

  if (query.isPending) return <LoadingState label="Loading the dashboard…" />;

  if (query.isError) {
    // The project itself is unknown (404 `Project not found.`) or another organization's (403).
    const problem = projectProblem(query.error);
    if (problem) return <ProjectUnavailable problem={problem} error={query.error} projectId={projectId} />;
    if (isApiError(query.error, 404)) return <DashboardMissing projectId={projectId} dashboardId={dashboardId} listPath={listPath} />;
    return (
      <>
        <h1>Dashboard {dashboardId}</h1>
        <ErrorState title="Could not load the dashboard" error={query.error} onRetry={() => void query.refetch()} />
        <p>
          <Link to={listPath}>Back to the dashboards</Link>
        </p>
      </>
    );
  }

  const context: DashboardOutletContext = { projectId, dashboardId, dashboard: query.data, listPath, onDeleted };

  return (
    <>
      <p className="breadcrumb">
        <Link to={listPath}>
          <span aria-hidden="true">← </span>All dashboards
        </Link>
      </p>
      <div className="page-header dashboard-header">
        <h1>{name}</h1>
        <div className="badge-row">
          {query.data.pinned && <Badge tone="info">Pinned</Badge>}
          {query.data.is_shared && (
            <Badge tone="success" title="Anyone with the public link can view it">
              Shared
            </Badge>
          )}
          {query.data.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit && (
            <Badge tone="warning" title="Only invited collaborators can edit it">
              Restricted
            </Badge>
          )}
          {(query.data.effective_privilege_level < 37 || !canEditByLevel(query.data.user_access_level)) && <Badge>View only</Badge>}
        </div>
      </div>
      <LinkTabs
        label="Dashboard sections"
        tabs={[
          { to: base, label: 'Overview' },
          { to: `${base}/collaborators`, label: 'Collaborators' },
          { to: `${base}/sharing`, label: 'Sharing' },
          { to: `${base}/access`, label: 'Access' },
          { to: `${base}/history`, label: 'History' },
        ]}
      >
        <Outlet context={context} />
      </LinkTabs>
    </>
  );
}
