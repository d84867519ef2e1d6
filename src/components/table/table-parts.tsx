/**
 * What both infinite tables share (the virtualized `InfiniteTable` and the plain `PlainInfiniteTable`):
 * columns, the header row, a row's cells, the footer ("Showing N of M", `Load more`, a failed page's
 * `Try again`) and the rule for loading the next page by itself.
 */
import { useEffect, type Key, type ReactNode } from 'react';
import { errorDetail } from '../feedback/error-text.ts';

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
  /** A sortable column's state, as `aria-sort` on its header. */
  sort?: 'ascending' | 'descending' | 'none';
}

/** The props both tables take. */
export interface InfiniteTableBaseProps<T> {
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
  /**
   * The loaded pages are being fetched again (e.g. after a pin): the next page waits for them, since
   * it is counted from the list they bring.
   */
  isRefetching?: boolean;
  /** Row height in px (the virtualized table's estimate; the plain one's minimum). Default 48. */
  rowHeight?: number;
  /**
   * CSS max-height of the scroll area. Default `min(70vh, 42rem)`. `fill`: down to the bottom of the
   * window (the count line under it still in view), never shorter than `FILL_MIN_HEIGHT`.
   */
  maxHeight?: string;
  /** Load the next page when the view is within this many rows of the loaded end. Default 20. */
  prefetchRows?: number;
  /** Words for the count line, e.g. `{one: 'dashboard', other: 'dashboards'}`. */
  itemNoun?: { one: string; other: string };
  rowClassName?: (item: T, index: number) => string | undefined;
  /** Classes added to the table's own (`data-table`), e.g. `dashboard-table`. */
  tableClassName?: string;
}

export const DEFAULT_ROW_HEIGHT = 48;
/** A table's scroll area is at most this tall: 70% of the window, and never over 42rem. */
export const DEFAULT_MAX_HEIGHT_VH = 70;
export const DEFAULT_MAX_HEIGHT_REM = 42;
export const DEFAULT_MAX_HEIGHT = `min(${DEFAULT_MAX_HEIGHT_VH}vh, ${DEFAULT_MAX_HEIGHT_REM}rem)`;
export const DEFAULT_PREFETCH_ROWS = 20;
export const HEADER_HEIGHT = 44;
const DEFAULT_NOUN = { one: 'item', other: 'items' };


/** `<colgroup>` and `<thead>`: one columnheader per column (row 1 of aria-rowindex). */
export function TableHead<T>({ columns }: { columns: ReadonlyArray<TableColumn<T>> }) {
  return (
    <>
      <colgroup>
        {columns.map((column) => (
          <col key={column.key} className={column.className} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.className} aria-sort={column.sort}>
              {column.visuallyHiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/** The cells of one row: `<th scope="row">` for row-header columns, `<td>` for the others. */
export function rowCells<T>(columns: ReadonlyArray<TableColumn<T>>, item: T, index: number): ReactNode[] {
  return columns.map((column) =>
    column.rowHeader ? (
      <th key={column.key} scope="row" className={column.className}>
        {column.cell(item, index)}
      </th>
    ) : (
      <td key={column.key} className={column.className}>
        {column.cell(item, index)}
      </td>
    ),
  );
}

/** The total the table announces: never fewer than the rows it holds. */
export const shownTotal = (total: number, loaded: number) => Math.max(total, loaded);

/**
 * Asks for the next page while `nearEnd` holds, one page at a time, not while the list is fetched
 * again, and not after a failed page (that waits for `Try again`).
 */
export function useAutoLoad(
  nearEnd: boolean,
  { hasNextPage, isFetchingNextPage, isRefetching = false, fetchNextPageError, fetchNextPage, loaded }: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isRefetching?: boolean;
    fetchNextPageError: unknown;
    fetchNextPage: () => unknown;
    loaded: number;
  },
): void {
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !isRefetching && !fetchNextPageError) fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, isRefetching, fetchNextPageError, fetchNextPage, loaded]);
}

export interface TableFooterProps {
  countId: string;
  loaded: number;
  total: number;
  itemNoun?: { one: string; other: string };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isRefetching?: boolean;
  fetchNextPage: () => unknown;
  fetchNextPageError?: unknown;
}

/** "Showing N of M items", a failed page's error with `Try again`, and `Load more`. */
export function TableFooter({
  countId,
  loaded,
  total,
  itemNoun = DEFAULT_NOUN,
  hasNextPage,
  isFetchingNextPage,
  isRefetching = false,
  fetchNextPage,
  fetchNextPageError,
}: TableFooterProps) {
  const all = shownTotal(total, loaded);
  const noun = total === 1 ? itemNoun.one : itemNoun.other;
  return (
    <div className="table-footer">
      <p id={countId} className="table-count">
        Showing {loaded} of {all} {noun}
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
          disabled={isFetchingNextPage || isRefetching}
          aria-busy={isFetchingNextPage || undefined}
        >
          Load more
        </button>
      )}
      {isFetchingNextPage && <span className="table-loading">Loading more…</span>}
    </div>
  );
}
