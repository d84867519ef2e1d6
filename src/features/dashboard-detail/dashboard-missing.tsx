/** A dashboard that does not exist (or was deleted): said once, with the ways on. */
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

export interface DashboardMissingProps {
  projectId: string;
  dashboardId: string;
  listPath: string;
}

export function DashboardMissing({ projectId, dashboardId, listPath }: DashboardMissingProps) {
  useDocumentTitle('Dashboard not found', { inProject: false });
  return (
    <div className="state dashboard-missing">
      <h1>Dashboard not found</h1>
      <p>
        There is no dashboard with the ID <code>{dashboardId}</code> in this project. It may have been deleted, or the
        link may be wrong. A deleted dashboard can be restored from the project’s{' '}
        <Link to={`/projects/${encodeURIComponent(projectId)}/activity?what=dashboards`}>Activity</Link>.
      </p>
      <p>
        <Link to={listPath}>Back to the dashboards</Link>
      </p>
    </div>
  );
}
