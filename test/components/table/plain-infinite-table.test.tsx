/**
 * The plain (not virtualized) infinite table of the Projects page, and auto-loading that waits
 * for a refetch.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteTable } from '../../../src/components/table/infinite-table.tsx';
import { PlainInfiniteTable, type PlainInfiniteTableProps } from '../../../src/components/table/plain-infinite-table.tsx';

interface Row {
  id: number;
  name: string;
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i, name: `Project ${i}` }));
const columns = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (row: Row) => <a href={`#${row.id}`}>{row.name}</a> },
  { key: 'id', header: 'ID', cell: (row: Row) => row.id },
];

/** An IntersectionObserver the test drives: `intersect(true)` says the observed end came into view. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | null = null;
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  intersect(isIntersecting: boolean) {
    act(() =>
      this.callback(
        this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeIntersectionObserver.last = null;
});

describe('PlainInfiniteTable', () => {
  const props = (overrides: Partial<PlainInfiniteTableProps<Row>> = {}): PlainInfiniteTableProps<Row> => ({
    label: 'Projects',
    items: rows(150),
    total: 250,
    getKey: (row) => row.id,
    columns,
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: () => {},
    itemNoun: { one: 'project', other: 'projects' },
    rowHeight: 44,
    ...overrides,
  });

  it('is the same table, with every loaded row in the DOM', () => {
    render(<PlainInfiniteTable {...props()} />);
    const table = screen.getByRole('table', { name: 'Projects' });
    expect(table).toHaveAttribute('aria-rowcount', '251');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'ID']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(150);
    expect(bodyRows[149]).toHaveAttribute('aria-rowindex', '151');
    expect(within(bodyRows[149]!).getByRole('rowheader', { name: 'Project 149' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Projects, scrollable' })).toHaveAccessibleDescription('Showing 150 of 250 projects');
  });

  it('loads the next page when the end comes into view, one page at a time, and by Load more', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const user = userEvent.setup();
    const fetchNextPage = vi.fn();
    const { rerender } = render(<PlainInfiniteTable {...props({ fetchNextPage, prefetchRows: 10 })} />);
    const observer = FakeIntersectionObserver.last!;
    expect(observer.options.root).toBe(screen.getByRole('region', { name: 'Projects, scrollable' }));
    expect(observer.options.rootMargin).toBe('0px 0px 440px 0px');
    expect(fetchNextPage).not.toHaveBeenCalled();

    observer.intersect(true);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<PlainInfiniteTable {...props({ fetchNextPage, prefetchRows: 10, isFetchingNextPage: true })} />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    // The page arrived and the end is still in view: the next one follows.
    rerender(<PlainInfiniteTable {...props({ fetchNextPage, prefetchRows: 10, items: rows(200) })} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);

    observer.intersect(false);
    rerender(<PlainInfiniteTable {...props({ fetchNextPage, prefetchRows: 10, items: rows(250), hasNextPage: true })} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(3);
  });

  it('waits for Try again after a failed page, and for a refetch of the loaded pages', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const user = userEvent.setup();
    const fetchNextPage = vi.fn();
    const failed = new Error('Could not reach the API.');
    const { rerender } = render(
      <PlainInfiniteTable {...props({ fetchNextPage, fetchNextPageError: failed })} />,
    );
    FakeIntersectionObserver.last!.intersect(true);
    expect(fetchNextPage).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<PlainInfiniteTable {...props({ fetchNextPage, isRefetching: true })} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    rerender(<PlainInfiniteTable {...props({ fetchNextPage, isRefetching: false })} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });
});

describe('InfiniteTable while its pages are fetched again', () => {
  it('loads the next page only once the refetch is over', () => {
    const fetchNextPage = vi.fn();
    const table = (isRefetching: boolean) => (
      <InfiniteTable
        label="Dashboards"
        items={rows(10)}
        total={250}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage
        isFetchingNextPage={false}
        isRefetching={isRefetching}
        fetchNextPage={fetchNextPage}
      />
    );
    const { rerender } = render(table(true));
    expect(fetchNextPage).not.toHaveBeenCalled();
    rerender(table(false));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
