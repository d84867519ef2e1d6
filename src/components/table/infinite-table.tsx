/**
 * A real <table> (header row of columnheaders, one <tr> per item) for long infinite lists.
 * Only the rows in view (plus overscan) are in the DOM: spacer rows above and below stand in for
 * the rest, so table semantics stay intact; aria-rowcount/aria-rowindex tell the true size.
 * The next page loads when the rendered window nears the loaded end, or by `Load more`.
 * Without layout (jsdom) the scroll area is assumed to be `FALLBACK_ROWS` rows tall, so tests see rows.
 * On a phone (below 720 px) a filling table (`maxHeight="fill"`, the list pages) is no box of its own:
 * the page scrolls, the window is the virtualizer's scroll element and the header row sticks to the
 * window's top (README.md, "Look").
 */
import {
  defaultRangeExtractor,
  measureElement as defaultMeasureElement,
  observeElementRect,
  useVirtualizer,
  type Range,
  type Rect,
} from '@tanstack/react-virtual';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { expectedScrollHeight, FILL_MAX_HEIGHT, useFillHeight, usePageOffset, usePageScroll, WINDOW_SCROLLING } from './scroll-area.ts';
import {
  DEFAULT_MAX_HEIGHT,
  DEFAULT_PREFETCH_ROWS,
  DEFAULT_ROW_HEIGHT,
  HEADER_HEIGHT,
  rowCells,
  shownTotal,
  TableFooter,
  TableHead,
  useAutoLoad,
  type InfiniteTableBaseProps,
} from './table-parts.tsx';
import './data-table.css';

export type { TableColumn } from './table-parts.tsx';

export interface InfiniteTableProps<T> extends InfiniteTableBaseProps<T> {
  /** Rows rendered beyond each edge of the view. Default 6. */
  overscan?: number;
}

/** Rows assumed visible when the scroll area has no measured height (jsdom, a hidden tab). */
export const FALLBACK_ROWS = 20;

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
  isRefetching,
  rowHeight = DEFAULT_ROW_HEIGHT,
  maxHeight = DEFAULT_MAX_HEIGHT,
  overscan = 6,
  prefetchRows = DEFAULT_PREFETCH_ROWS,
  itemNoun,
  rowClassName,
  tableClassName,
}: InfiniteTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const filling = maxHeight === FILL_MAX_HEIGHT;
  const pageScrolls = usePageScroll(filling);
  const fillHeight = useFillHeight(scrollRef, containerRef, filling && !pageScrolls);
  // With the window scrolling, the rows' offsets count from the document's top.
  const pageOffset = usePageOffset(scrollRef, pageScrolls);
  const countId = useId();
  // The focused row stays rendered while scrolled away, so keyboard focus is never lost.
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const fallbackRect: Rect = { width: 1024, height: HEADER_HEIGHT + rowHeight * FALLBACK_ROWS };
  const [initialRect] = useState<Rect>(() => {
    // The page scrolling, the view is the window.
    const height = pageScrolls ? window.innerHeight : expectedScrollHeight(maxHeight);
    return height === null ? fallbackRect : { width: fallbackRect.width, height: Math.round(height) };
  });

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
    initialRect,
    // No layout (jsdom) measures 0: fall back to the assumed size instead of rendering nothing or everything.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : fallbackRect)),
    measureElement: (element, entry, instance) => {
      const size = defaultMeasureElement(element, entry, instance);
      return size > 0 ? size : rowHeight;
    },
    ...(pageScrolls ? { ...WINDOW_SCROLLING, scrollMargin: pageOffset } : {}),
  });

  const virtualItems = virtualizer.getVirtualItems();
  const lastRendered = virtualItems.length ? virtualItems[virtualItems.length - 1]!.index : -1;
  const nearEnd = lastRendered >= items.length - 1 - prefetchRows;

  useAutoLoad(nearEnd, {
    hasNextPage,
    isFetchingNextPage,
    isRefetching,
    fetchNextPageError,
    fetchNextPage,
    loaded: items.length,
  });

  const rows: ReactNode[] = [];
  let previousEnd = pageOffset + HEADER_HEIGHT;
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
        {rowCells(columns, item, virtualItem.index)}
      </tr>,
    );
    previousEnd = virtualItem.end;
  }
  rows.push(spacer('spacer-after', pageOffset + virtualizer.getTotalSize() - previousEnd));

  return (
    <div ref={containerRef} className="infinite-table">
      <div
        ref={scrollRef}
        {...(pageScrolls
          ? // The page scrolls: the box is only the table's frame.
            { className: 'table-scroll table-scroll-page' }
          : {
              className: 'table-scroll',
              // Until measured (and without layout), a filling table takes the default height.
              style: { maxHeight: filling ? (fillHeight ?? DEFAULT_MAX_HEIGHT) : maxHeight },
              role: 'region',
              'aria-label': `${label}, scrollable`,
              'aria-describedby': countId,
              // A scrolling region must take focus so keyboards can scroll it (axe: scrollable-region-focusable).
              tabIndex: 0,
            })}
      >
        <table
          className={tableClassName ? `data-table ${tableClassName}` : 'data-table'}
          aria-label={label}
          aria-describedby={pageScrolls ? countId : undefined}
          aria-rowcount={shownTotal(total, items.length) + 1}
          onFocus={(event) => {
            const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
            if (row) setFocusedIndex(Number(row.dataset.index));
          }}
        >
          {caption && <caption>{caption}</caption>}
          <TableHead columns={columns} />
          <tbody>{rows}</tbody>
        </table>
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
