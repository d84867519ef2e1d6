/**
 * Picks the dashboard to copy: a searchbox that asks the API (`?search=`), and the matches as radios.
 * The chosen one is remembered even when a later search no longer lists it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { dashboardDisplayName, dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';
import { flattenPages } from '../../api/client/pagination.ts';
import type { ProjectId } from '../../api/client/query-keys.ts';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { errorDetail } from '../../components/feedback/error-text.ts';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { SearchInput } from '../../components/form/search-input.tsx';
import type { CopySource } from './new-dashboard-form.ts';

export interface DashboardPickerProps {
  projectId: ProjectId;
  value: CopySource | null;
  onChange: (source: CopySource) => void;
}

export function DashboardPicker({ projectId, value, onChange }: DashboardPickerProps) {
  const [search, setSearch] = useState('');
  const groupId = useId();
  const query = useInfiniteQuery(dashboardQueries.list(projectId, { search, pinned: null }));
  const { items, total } = flattenPages(query.data);

  return (
    <div className="dashboard-picker">
      <SearchInput label="Search dashboards to copy" value={search} onChange={setSearch} placeholder="Name or description" />
      <p className="field-hint" aria-live="polite">
        {value ? (
          <>
            Copying: <strong>{value.name}</strong> (#{value.id})
          </>
        ) : (
          'No dashboard chosen yet.'
        )}
      </p>
      {query.isPending ? (
        <LoadingState inline label="Loading dashboards…" />
      ) : query.isError && !query.data ? (
        <ErrorState title="Could not load the dashboards" error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />
      ) : items.length === 0 ? (
        <p className="picker-empty">{search.trim() ? `No dashboard matches “${search.trim()}”.` : 'This project has no dashboards yet.'}</p>
      ) : (
        <fieldset className="picker-list" role="radiogroup" aria-busy={query.isFetching || undefined}>
          <legend>Dashboard to copy</legend>
          {items.map((dashboard) => {
            const id = `${groupId}-${dashboard.id}`;
            const name = dashboardDisplayName(dashboard);
            return (
              <div key={dashboard.id} className="picker-option">
                <input
                  type="radio"
                  id={id}
                  name={groupId}
                  value={String(dashboard.id)}
                  checked={value?.id === dashboard.id}
                  onChange={() => onChange({ id: dashboard.id, name })}
                />
                <label htmlFor={id}>
                  <span className={dashboard.name?.trim() ? undefined : 'untitled'}>{name}</span>{' '}
                  <span className="picker-id">#{dashboard.id}</span>
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      {items.length > 0 && (
        <div className="picker-footer">
          <span className="field-hint">
            {items.length < total ? `Showing ${items.length} of ${total}: search to narrow them down.` : `${total} ${total === 1 ? 'dashboard' : 'dashboards'}`}
          </span>
          {query.hasNextPage && (
            <button
              type="button"
              className="button button-small"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              Load more dashboards
            </button>
          )}
        </div>
      )}
      {query.isFetchNextPageError && (
        <p className="field-error" role="alert">
          Could not load more: {errorDetail(query.error)}
        </p>
      )}
    </div>
  );
}
