/**
 * The infinite table for short lists (projects): the same <table>, count line, `Load more` and
 * auto-loading as `InfiniteTable`, with every loaded row in the DOM and no virtualizer to download.
 * The next page loads when the end of the loaded rows comes within `prefetchRows` rows of the
 * scroll area's view (an IntersectionObserver; jsdom has none, so there only `Load more` loads).
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_MAX_HEIGHT,
  DEFAULT_PREFETCH_ROWS,
  DEFAULT_ROW_HEIGHT,
  rowCells,
  shownTotal,
  TableFooter,
  TableHead,
  useAutoLoad,
  type InfiniteTableBaseProps,
} from './table-parts.tsx';
import './data-table.css';

export type PlainInfiniteTableProps<T> = InfiniteTableBaseProps<T>;

export function PlainInfiniteTable<T>({
  label,
  caption,
  items,
  total,
  getKey,
  columns,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  fetchNextPageError,
  isRefetching,
  rowHeight = DEFAULT_ROW_HEIGHT,
  maxHeight = DEFAULT_MAX_HEIGHT,
  prefetchRows = DEFAULT_PREFETCH_ROWS,
  itemNoun,
  rowClassName,
}: PlainInfiniteTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const countId = useId();
  const [nearEnd, setNearEnd] = useState(false);

  useEffect(() => {
    const root = scrollRef.current;
    const end = endRef.current;
    if (!root || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNearEnd(entries.some((entry) => entry.isIntersecting)), {
      root,
      rootMargin: `0px 0px ${prefetchRows * rowHeight}px 0px`,
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [prefetchRows, rowHeight]);

  useAutoLoad(nearEnd, {
    hasNextPage,
    isFetchingNextPage,
    isRefetching,
    fetchNextPageError,
    fetchNextPage,
    loaded: items.length,
  });

  return (
    <div className="infinite-table">
      <div
        ref={scrollRef}
        className="table-scroll"
        style={{ maxHeight }}
        role="region"
        aria-label={`${label}, scrollable`}
        aria-describedby={countId}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolling region must take focus so keyboards can scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="data-table" aria-label={label} aria-rowcount={shownTotal(total, items.length) + 1}>
          {caption && <caption>{caption}</caption>}
          <TableHead columns={columns} />
          <tbody>
            {items.map((item, index) => (
              <tr
                key={getKey(item, index)}
                aria-rowindex={index + 2}
                className={rowClassName?.(item, index)}
                style={{ height: rowHeight }}
              >
                {rowCells(columns, item, index)}
              </tr>
            ))}
          </tbody>
        </table>
        <div ref={endRef} className="table-end" aria-hidden="true" />
      </div>
      <TableFooter
        countId={countId}
        loaded={items.length}
        total={total}
        itemNoun={itemNoun}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        isRefetching={isRefetching}
        fetchNextPage={fetchNextPage}
        fetchNextPageError={fetchNextPageError}
      />
    </div>
  );
}
