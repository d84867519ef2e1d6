import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_ROWS, InfiniteTable } from '../../../src/components/table/infinite-table.tsx';

describe('InfiniteTable', () => {
  interface Row {
    id: number;
    name: string;
  }
  const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Dashboard ${from + i}` }));
  const columns = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (row: Row) => <a href={`#${row.id}`}>{row.name}</a> },
    { key: 'id', header: 'ID', cell: (row: Row) => row.id },
  ];

  it('keeps table semantics and renders only a window of a long list', () => {
    render(
      <InfiniteTable
        label="Dashboards"
        items={rows(10_000)}
        total={10_000}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={() => {}}
        itemNoun={{ one: 'dashboard', other: 'dashboards' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Dashboards' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'ID']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.length).toBeGreaterThanOrEqual(FALLBACK_ROWS);
    expect(bodyRows.length).toBeLessThanOrEqual(40);
    expect(bodyRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(bodyRows[0]!).getByRole('rowheader', { name: 'Dashboard 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard 0' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard 9999' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 10000 of 10000 dashboards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page near the loaded end, and by Load more', async () => {
    const user = userEvent.setup();
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <InfiniteTable
        label="Projects"
        items={rows(100)}
        total={250}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByText('Showing 100 of 250 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <InfiniteTable
        label="Projects"
        items={rows(10)}
        total={250}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    await waitFor(() => expect(fetchNextPage).toHaveBeenCalledTimes(2));
  });
});
