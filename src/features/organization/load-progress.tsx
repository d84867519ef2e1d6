/** The organization's loading: `Loading dashboards` (projects loaded of total) with `Stop`, and `Could not load`. */
import type { OrganizationDashboardsState } from '../../api/organization-dashboards.ts';

export function LoadProgress({ data }: { data: OrganizationDashboardsState }) {
  const total = data.projects?.length ?? null;
  return (
    <>
      {data.loading && (
        <div className="bulk-progress org-progress">
          <span>
            {total === null ? 'Finding the projects…' : `Loading dashboards: ${data.loadedProjects} of ${total} projects`}
          </span>
          <progress
            aria-label="Loading dashboards"
            max={Math.max(1, total ?? 1)}
            value={total === null ? undefined : data.loadedProjects}
            aria-valuetext={total === null ? 'Finding the projects' : `${data.loadedProjects} of ${total} projects`}
          />
          <button type="button" className="button button-small" onClick={data.stop}>
            Stop
          </button>
        </div>
      )}
      {data.stopped && (
        <p className="notice org-stopped" role="status">
          Stopped: {data.loadedProjects} of {total ?? '?'} projects loaded; the list shows what arrived.{' '}
          <button type="button" className="button button-small" onClick={data.reload}>
            Load again
          </button>
        </p>
      )}
      {data.failures.length > 0 && (
        <div className="action-error org-failures" role="alert">
          <h2 id="could-not-load">Could not load</h2>
          <ul aria-labelledby="could-not-load">
            {data.failures.map((failure) => (
              <li key={failure.projectId}>
                <strong>{failure.projectName}</strong>: {failure.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
