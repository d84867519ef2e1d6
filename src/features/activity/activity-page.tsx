/** `/projects/:projectId/activity`: who changed what and when, newest first, paged by `page`. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { activityQueries, flattenActivity } from '../../api/activity.ts';
import { projectQueries } from '../../api/projects.ts';
import type { ActivityEntry } from '../../contract/schemas.ts';
import { DateTime } from '../../components/date-time.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ActionError, ErrorState } from '../../components/error-state.tsx';
import { errorDetail } from '../../components/error-text.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { actorName, activityPhrase, compactValue, deletedDashboards, itemName, newestFirst } from './activity-text.ts';
import './activity.css';

function ChangeValue({ value, kind }: { value: unknown; kind: 'before' | 'after' }) {
  const { text, full, cut } = compactValue(value);
  return (
    <span className={`change-value change-${kind}`} title={cut ? full : undefined}>
      {text}
    </span>
  );
}

function ActivityItem({ entry, projectId, linkable }: { entry: ActivityEntry; projectId: string; linkable: boolean }) {
  const [lead, tail] = activityPhrase(entry);
  const name = itemName(entry);
  const changes = entry.detail?.changes ?? [];
  const email = entry.user?.email;
  const actor = actorName(entry);
  return (
    <li className="activity-entry">
      <p className="activity-summary">
        <strong className="activity-actor" title={email ?? undefined}>
          {actor}
        </strong>
        {email && email !== actor && <span className="activity-email"> ({email})</span>} {lead}{' '}
        {linkable ? (
          <Link to={`/projects/${encodeURIComponent(projectId)}/dashboards/${encodeURIComponent(entry.item_id!)}`}>{name}</Link>
        ) : (
          <strong>{name}</strong>
        )}
        {tail && ` ${tail}`}
      </p>
      <p className="activity-when">
        <DateTime value={entry.created_at} relative />
      </p>
      {changes.length > 0 && (
        <ul className="activity-changes" aria-label="Changes">
          {changes.map((change, index) => (
            <li key={`${change.field ?? 'change'}-${index}`}>
              <code>{change.field ?? change.type ?? 'change'}</code>: <ChangeValue value={change.before} kind="before" />{' '}
              → <ChangeValue value={change.after} kind="after" />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Calls `onVisible` while the element is in view (the next page as the end of the list scrolls in). */
function useWhenVisible(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => record.isIntersecting)) callback.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

export default function ActivityPage() {
  const { projectId = '' } = useParams();
  const query = useInfiniteQuery(activityQueries.list(projectId));
  const project = useQuery(projectQueries.detail(projectId));
  const flat = useMemo(() => flattenActivity(query.data), [query.data]);
  const items = useMemo(() => newestFirst(flat.items), [flat.items]);
  const gone = useMemo(() => deletedDashboards(items), [items]);
  const canAutoLoad = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useWhenVisible(() => {
    if (canAutoLoad) void query.fetchNextPage();
  }, canAutoLoad);

  let content;
  if (query.isPending) {
    content = <LoadingState label="Loading activity…" />;
  } else if (query.isError && !query.data) {
    content = <ErrorState title="Could not load the activity" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    content = (
      <EmptyState title="No activity yet">
        <p>Changes to this project and its dashboards appear here as they happen.</p>
      </EmptyState>
    );
  } else {
    const total = flat.total ?? null;
    content = (
      <>
        {query.isError && !query.isFetchNextPageError && (
          <ActionError error={query.error} prefix="Could not refresh the activity:" />
        )}
        <ol className="activity-list" aria-label="Activity entries">
          {items.map((entry) => (
            <ActivityItem
              key={entry.id}
              entry={entry}
              projectId={projectId}
              linkable={entry.scope === 'Dashboard' && !!entry.item_id && !gone.has(entry.item_id)}
            />
          ))}
        </ol>
        <div ref={sentinel} aria-hidden="true" />
        <div className="table-footer">
          <p className="table-count">
            {total !== null ? `Showing ${items.length} of ${Math.max(total, items.length)} entries` : `Showing ${items.length} entries`}
          </p>
          {query.isFetchNextPageError && (
            <div className="action-error" role="alert">
              <strong>Could not load more:</strong> <span>{errorDetail(query.error)}</span>{' '}
              <button type="button" className="button button-small" onClick={() => void query.fetchNextPage()}>
                Try again
              </button>
            </div>
          )}
          {query.hasNextPage && (
            <button
              type="button"
              className="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              aria-busy={query.isFetchingNextPage || undefined}
            >
              Load more
            </button>
          )}
          {query.isFetchingNextPage && <LoadingState inline label="Loading more…" />}
        </div>
      </>
    );
  }

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Activity</h1>
          {project.data && <p className="lead">{project.data.name}</p>}
        </div>
        {query.data && (
          <button
            type="button"
            className="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            aria-busy={(query.isRefetching && !query.isFetchingNextPage) || undefined}
          >
            Refresh
          </button>
        )}
      </div>
      {content}
    </>
  );
}
