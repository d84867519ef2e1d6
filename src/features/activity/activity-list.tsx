/**
 * The activity log as a list (the Activity page and a dashboard's History tab): newest first, the
 * next cursor page as the end scrolls into view or on `Load more`, each entry said in words.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { activityQueries, flattenActivity, type ActivityLogFilters } from '../../api/resources/activity.ts';
import { DateTime } from '../../components/date-time.tsx';
import { EmptyState } from '../../components/feedback/empty-state.tsx';
import { ActionError, ErrorState } from '../../components/feedback/error-state.tsx';
import { errorDetail } from '../../components/feedback/error-text.ts';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import type { ActivityEntry } from '../../contract/schemas.ts';
import {
  activityPhrase,
  actorName,
  changesInWords,
  compactText,
  deletedDashboards,
  itemName,
  newestFirst,
  type ChangeInWords,
} from './activity-text.ts';
import './activity.css';

function Value({ text, kind }: { text: string; kind: 'before' | 'after' }) {
  const { text: shown, full, cut } = compactText(text);
  return (
    <span className={`change-value change-${kind}`} title={cut ? full : undefined}>
      {shown}
    </span>
  );
}

function ChangeLine({ change }: { change: ChangeInWords }) {
  if (change.summary) return <li>{change.summary}</li>;
  return (
    <li>
      <span className="change-field">{change.label}</span>:{' '}
      {change.before !== null && (
        <>
          <Value text={change.before} kind="before" /> →{' '}
        </>
      )}
      <Value text={change.after ?? 'not set'} kind="after" />
    </li>
  );
}

interface EntryProps {
  entry: ActivityEntry;
  projectId: string;
  /** The item's name is a link to the dashboard (not for one that is deleted, nor on its own History). */
  linkable: boolean;
  /** Shown after the entry, e.g. `Restore` on a deleted dashboard. */
  action?: ReactNode;
}

function ActivityItem({ entry, projectId, linkable, action }: EntryProps) {
  const [lead, tail] = activityPhrase(entry);
  const name = itemName(entry);
  const changes = changesInWords(entry);
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
          <strong className="activity-item-name">{name}</strong>
        )}
        {tail && ` ${tail}`}
      </p>
      <p className="activity-when">
        <DateTime value={entry.created_at} relative />
      </p>
      {changes.length > 0 && (
        <ul className="activity-changes" aria-label="Changes">
          {changes.map((change, index) => (
            <ChangeLine key={`${change.label}-${index}`} change={change} />
          ))}
        </ul>
      )}
      {action && <div className="activity-actions">{action}</div>}
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
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

export interface ActivityListProps {
  projectId: string;
  filters: ActivityLogFilters;
  /** What the empty state says. */
  emptyTitle: string;
  emptyText: string;
  /** Links to dashboards (off on a dashboard's own History). */
  linkDashboards?: boolean;
  /** An action for a deleted dashboard's newest entry (`Restore`). */
  deletedAction?: (entry: ActivityEntry) => ReactNode;
}

export function ActivityList({
  projectId,
  filters,
  emptyTitle,
  emptyText,
  linkDashboards = true,
  deletedAction,
}: ActivityListProps) {
  const query = useInfiniteQuery(activityQueries.log(projectId, filters));
  const items = useMemo(() => newestFirst(flattenActivity(query.data)), [query.data]);
  const gone = useMemo(() => deletedDashboards(items), [items]);
  const canAutoLoad = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useWhenVisible(() => {
    if (canAutoLoad) void query.fetchNextPage();
  }, canAutoLoad);

  if (query.isPending) return <LoadingState label="Loading activity…" />;
  if (query.isError && !query.data) {
    return <ErrorState title="Could not load the activity" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <EmptyState title={emptyTitle}>
        <p>{emptyText}</p>
      </EmptyState>
    );
  }
  // The newest loaded entry of each deleted dashboard gets the action, once.
  const offered = new Set<string>();
  return (
    <>
      {query.isError && !query.isFetchNextPageError && <ActionError error={query.error} prefix="Could not refresh the activity:" />}
      <ol className="activity-list" aria-label="Activity entries">
        {items.map((entry) => {
          const isGone = entry.scope === 'Dashboard' && !!entry.item_id && gone.has(entry.item_id);
          const offer = isGone && entry.activity === 'deleted' && !offered.has(entry.item_id!) && !!deletedAction;
          if (offer) offered.add(entry.item_id!);
          return (
            <ActivityItem
              key={entry.id}
              entry={entry}
              projectId={projectId}
              linkable={linkDashboards && entry.scope === 'Dashboard' && !!entry.item_id && !isGone}
              action={offer ? deletedAction!(entry) : undefined}
            />
          );
        })}
      </ol>
      <div ref={sentinel} aria-hidden="true" />
      <div className="table-footer">
        <p className="table-count">{`Showing ${items.length} ${items.length === 1 ? 'entry' : 'entries'}`}</p>
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
