/**
 * The organization's loading: `Loading dashboards` (projects loaded of total, then, on `Public links`,
 * the sharing configurations read of total) with `Stop`, and `Could not load`.
 */
import type { OrganizationDashboardsState, SharingConfigurations } from '../../api/organization/all-dashboards.ts';

export function LoadProgress({ data, sharing }: { data: OrganizationDashboardsState; sharing?: Pick<SharingConfigurations, 'loaded' | 'total'> }) {
  const total = data.projects?.length ?? null;
  const linksPending = !data.stopped && sharing !== undefined && sharing.loaded < sharing.total;
  const showLinks = !data.loading && linksPending;
  let text: string;
  let value: number | undefined;
  let max: number;
  if (showLinks) {
    text = `Loading public links: ${sharing.loaded} of ${sharing.total}`;
    value = sharing.loaded;
    max = sharing.total;
  } else {
    text = total === null ? 'Finding the projects' : `${data.loadedProjects} of ${total} projects`;
    value = total === null ? undefined : data.loadedProjects;
    max = Math.max(1, total ?? 1);
  }
  return (
    <>
      {(data.loading || showLinks) && (
        <div className="bulk-progress org-progress">
          <span>{showLinks ? text : total === null ? 'Finding the projects…' : `Loading dashboards: ${text}`}</span>
          <progress aria-label="Loading dashboards" max={max} value={value} aria-valuetext={text} />
          {data.loading && (
            <button type="button" className="button button-small" onClick={data.stop}>
              Stop
            </button>
          )}
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
