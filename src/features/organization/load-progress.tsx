/**
 * The organization's loading: `Loading dashboards` (projects loaded of total, then, on `Public links`,
 * the sharing configurations read of total) with `Stop`, and `Could not load`.
 */
import type { ReactNode } from 'react';
import type { OrganizationDashboardsState, SharingConfigurations } from '../../api/organization/all-dashboards.ts';

/** A reading's progress line: what it says, the bar (named `label`), and `Stop` while it can stop. */
export function ProgressLine(props: { label: string; line: string; text: string; max: number; value: number | undefined; onStop?: () => void }) {
  return (
    <div className="bulk-progress org-progress">
      <span>{props.line}</span>
      <progress aria-label={props.label} max={props.max} value={props.value} aria-valuetext={props.text} />
      {props.onStop && (
        <button type="button" className="button button-small" onClick={props.onStop}>
          Stop
        </button>
      )}
    </div>
  );
}

/** What a stopped reading kept, and the button that reads again. */
export function StoppedNotice({ children, again, onAgain }: { children: ReactNode; again: string; onAgain: () => void }) {
  return (
    <p className="notice org-stopped" role="status">
      {children}{' '}
      <button type="button" className="button button-small" onClick={onAgain}>
        {again}
      </button>
    </p>
  );
}

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
        <ProgressLine
          label="Loading dashboards"
          line={showLinks ? text : total === null ? 'Finding the projects…' : `Loading dashboards: ${text}`}
          text={text}
          max={max}
          value={value}
          onStop={data.loading ? data.stop : undefined}
        />
      )}
      {data.stopped && (
        <StoppedNotice again="Load again" onAgain={data.reload}>
          Stopped: {data.loadedProjects} of {total ?? '?'} projects loaded; the list shows what arrived.
        </StoppedNotice>
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
