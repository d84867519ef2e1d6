/**
 * A real <table> (header row of columnheaders, one <tr> per item) for long infinite lists.
 * Only the rows in view (plus overscan) are in the DOM: spacer rows above and below stand in for
 * the rest, so table semantics stay intact; aria-rowcount/aria-rowindex tell the true size.
 * The next page loads when the rendered window nears the loaded end, or by `Load more`.
 * Without layout (jsdom) the scroll area is assumed to be `FALLBACK_ROWS` rows tall, so tests see rows.
 */
import {
  defaultRangeExtractor,
  measureElement as defaultMeasureElement,
  observeElementRect,
  useVirtualizer,
  type Range,
  type Rect,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useRef, useState, type Key, type ReactNode } from 'react';
import { errorDetail } from './error-text.ts';

export interface TableColumn<T> {
  key: string;
  /** Visible header text (the columnheader's name). */
  header: ReactNode;
  /** Column width for the fixed table layout, e.g. `30%` or `8rem`. */
  width?: string;
  /** Render this column's cells as row headers (`<th scope="row">`), e.g. the name column. */
  rowHeader?: boolean;
  /** Hides the header text visually (it stays the columnheader's name), e.g. for an actions column. */
  visuallyHiddenHeader?: boolean;
  cell: (item: T, index: number) => ReactNode;
  className?: string;
}

export interface InfiniteTableProps<T> {
  /** The table's accessible name, e.g. `Dashboards`. */
  label: string;
  /** A visible caption, when wanted (the name still comes from `label`). */
  caption?: ReactNode;
  /** Every loaded item, in order. */
  items: ReadonlyArray<T>;
  /** The API's total count. */
  total: number;
  getKey: (item: T, index: number) => Key;
  columns: ReadonlyArray<TableColumn<T>>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The last next-page fetch failed: shown with `Try again`, and auto-loading pauses. */
  fetchNextPageError?: unknown;
  /** Estimated row height in px (rows are measured in a browser). Default 48. */
  rowHeight?: number;
  /** CSS max-height of the scroll area. Default `min(70vh, 42rem)`. */
  maxHeight?: string;
  /** Rows rendered beyond each edge of the view. Default 6. */
  overscan?: number;
  /** Load the next page when the rendered window is within this many rows of the loaded end. Default 20. */
  prefetchRows?: number;
  /** Words for the count line, e.g. `{one: 'dashboard', other: 'dashboards'}`. */
  itemNoun?: { one: string; other: string };
  rowClassName?: (item: T, index: number) => string | undefined;
}

/** Rows assumed visible when the scroll area has no measured height (jsdom, a hidden tab). */
export const FALLBACK_ROWS = 20;
const HEADER_HEIGHT = 44;

export function InfiniteTable<T>({
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
  rowHeight = 48,
  maxHeight = 'min(70vh, 42rem)',
  overscan = 6,
  prefetchRows = 20,
  itemNoun = { one: 'item', other: 'items' },
  rowClassName,
}: InfiniteTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const countId = useId();
  // The focused row stays rendered while scrolled away, so keyboard focus is never lost.
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const fallbackRect: Rect = { width: 1024, height: HEADER_HEIGHT + rowHeight * FALLBACK_ROWS };

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex === null || focusedIndex >= range.count || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );

  // TanStack Virtual returns functions the React Compiler cannot memoize; this component is not compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: HEADER_HEIGHT,
    getItemKey: (index) => getKey(items[index]!, index),
    rangeExtractor,
    initialRect: fallbackRect,
    // No layout (jsdom) measures 0: fall back to the assumed size instead of rendering nothing or everything.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : fallbackRect)),
    measureElement: (element, entry, instance) => {
      const size = defaultMeasureElement(element, entry, instance);
      return size > 0 ? size : rowHeight;
    },
  });

  const virtualItems = virtualizer.getVirtualItems();
  const lastRendered = virtualItems.length ? virtualItems[virtualItems.length - 1]!.index : -1;
  const nearEnd = lastRendered >= items.length - 1 - prefetchRows;

  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !fetchNextPageError) fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPageError, fetchNextPage, items.length]);

  const rows: ReactNode[] = [];
  let previousEnd = HEADER_HEIGHT;
  const spacer = (key: string, height: number) =>
    height > 0 ? (
      <tr key={key} className="spacer-row" aria-hidden="true" style={{ height }}>
        <td colSpan={columns.length} />
      </tr>
    ) : null;
  for (const virtualItem of virtualItems) {
    const item = items[virtualItem.index];
    if (item === undefined) continue;
    rows.push(spacer(`spacer-before-${virtualItem.key}`, virtualItem.start - previousEnd));
    rows.push(
      <tr
        key={virtualItem.key}
        ref={virtualizer.measureElement}
        data-index={virtualItem.index}
        aria-rowindex={virtualItem.index + 2}
        className={rowClassName?.(item, virtualItem.index)}
        style={{ height: rowHeight }}
      >
        {columns.map((column) =>
          column.rowHeader ? (
            <th key={column.key} scope="row" className={column.className}>
              {column.cell(item, virtualItem.index)}
            </th>
          ) : (
            <td key={column.key} className={column.className}>
              {column.cell(item, virtualItem.index)}
            </td>
          ),
        )}
      </tr>,
    );
    previousEnd = virtualItem.end;
  }
  rows.push(spacer('spacer-after', virtualizer.getTotalSize() - previousEnd));

  const noun = total === 1 ? itemNoun.one : itemNoun.other;

  return (
    <div className="infinite-table">
      <div
        ref={scrollRef}
        className="table-scroll"
        style={{ maxHeight }}
        role="region"
        aria-label={`${label}, scrollable`}
        aria-describedby={countId}
        tabIndex={0}
      >
        <table
          className="data-table"
          aria-label={label}
          aria-rowcount={Math.max(total, items.length) + 1}
          onFocus={(event) => {
            const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
            if (row) setFocusedIndex(Number(row.dataset.index));
          }}
        >
          {caption && <caption>{caption}</caption>}
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.className}>
                  {column.visuallyHiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      <div className="table-footer">
        <p id={countId} className="table-count">
          Showing {items.length} of {Math.max(total, items.length)} {noun}
        </p>
        {fetchNextPageError ? (
          <div className="action-error" role="alert">
            <strong>Could not load more:</strong> <span>{errorDetail(fetchNextPageError)}</span>{' '}
            <button type="button" className="button button-small" onClick={() => fetchNextPage()}>
              Try again
            </button>
          </div>
        ) : null}
        {hasNextPage && (
          <button
            type="button"
            className="button"
            onClick={() => fetchNextPage()}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage || undefined}
          >
            Load more
          </button>
        )}
        {isFetchingNextPage && <span className="table-loading">Loading more…</span>}
      </div>
    </div>
  );
}
