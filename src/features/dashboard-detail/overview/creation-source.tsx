/**
 * Overview, `Creation mode`: how the dashboard was made, and for a copy, which dashboard it copies
 * when the API says so. API.md §4.3: `use_dashboard` (the source's id) is a write-only field that
 * production never returns, and the mock answers it as null, so usually the source is unknown and the
 * page says that plainly rather than implying a dashboard it cannot name.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { dashboardDisplayName, dashboardQueries } from '../../../api/resources/dashboards/dashboards.ts';
import type { Dashboard } from '../../../contract/schemas.ts';
import { creationModeLabel } from '../format.ts';

export interface CreationSourceProps {
  projectId: string;
  dashboard: Pick<Dashboard, 'creation_mode' | 'use_dashboard'>;
}

/** The source's id when the API sent one (a positive integer), else null. */
export function sourceDashboardId(dashboard: Pick<Dashboard, 'use_dashboard'>): number | null {
  const id = dashboard.use_dashboard;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export function CreationSource({ projectId, dashboard }: CreationSourceProps) {
  if (dashboard.creation_mode !== 'duplicate') return <>{creationModeLabel(dashboard.creation_mode)}</>;
  const sourceId = sourceDashboardId(dashboard);
  if (sourceId === null) {
    return (
      <>
        Copy of another dashboard{' '}
        <span className="muted">(the API does not say which one: it keeps no link to the source)</span>
      </>
    );
  }
  return <CopiedFrom projectId={projectId} sourceId={sourceId} />;
}

function CopiedFrom({ projectId, sourceId }: { projectId: string; sourceId: number }) {
  const source = useQuery(dashboardQueries.detail(projectId, String(sourceId)));
  const path = `/projects/${encodeURIComponent(projectId)}/dashboards/${sourceId}`;
  if (source.isError) {
    return (
      <>
        Copy of dashboard {sourceId} <span className="muted">(it could not be loaded: it may have been deleted)</span>
      </>
    );
  }
  return (
    <>
      Copy of <Link to={path}>{source.data ? dashboardDisplayName(source.data) : `dashboard ${sourceId}`}</Link>
    </>
  );
}
