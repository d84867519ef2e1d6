import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardListItem, Paginated } from '../../../src/contract/schemas.ts';
import { csvFileName, dashboardsCsv } from '../../../src/features/dashboards/dashboards-csv.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../render.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const base = {
  id: 7,
  name: 'Plain',
  description: '',
  pinned: false,
  tags: [],
  is_shared: false,
  restriction_level: 21,
  created_at: '2024-05-06T09:00:00.000Z',
  created_by: { email: 'priya.patel@hedgebox.net' },
} as unknown as DashboardListItem;

describe('CSV export', () => {
  it('writes a BOM, the exact header and one CRLF-ended row per dashboard', () => {
    const text = dashboardsCsv([
      { ...base, name: 'Café, "Partners"', description: 'Line one\nline two', tags: ['finance', 'q3'], pinned: true, is_shared: true, restriction_level: 37 },
      { ...base, id: 8, name: null, created_by: null },
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe(
      'id,name,description,tags,pinned,shared,restricted,created_by,created_at\r\n' +
        '7,"Café, ""Partners""","Line one\nline two",finance;q3,true,true,true,priya.patel@hedgebox.net,2024-05-06T09:00:00.000Z\r\n' +
        '8,,,,false,false,false,,2024-05-06T09:00:00.000Z\r\n',
    );
    // UTF-8: the accent is two bytes, the BOM three.
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('names the file after the project and the date', () => {
    expect(csvFileName('Hedgebox app', new Date(2026, 10, 24))).toBe('Hedgebox app-dashboards-2026-11-24.csv');
    expect(csvFileName('a/b:c', new Date(2026, 0, 2))).toBe('a_b_c-dashboards-2026-01-02.csv');
  });
});

describe('Export CSV on the dashboard list', () => {
  it('exports every dashboard, page by page, as the file it downloads', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp(`/projects/${seedIds.projects.app}/dashboards`);
    await screen.findByRole('table', { name: 'Dashboards' });
    const expected = await apiGet<Paginated<DashboardListItem>>(`/api/projects/${seedIds.projects.app}/dashboards/?limit=1000`);
    // More than one page of the export (250) and of the list (100).
    expect(expected.count).toBeGreaterThan(250);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(`Exported ${expected.count} dashboards.`)).toBeInTheDocument();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/-dashboards-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,name,description,tags,pinned,shared,restricted,created_by,created_at');
    // Names with a newline would span lines; the ids at the start of rows are what count.
    const ids = lines.slice(1).map((line) => line.split(',')[0]).filter((id) => /^\d+$/.test(id!));
    expect(new Set(ids)).toEqual(new Set(expected.results.map((d) => String(d.id))));
    expect(text).not.toContain('phx_');
    vi.restoreAllMocks();
  });

  it('shows Export progress and can be cancelled, downloading nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, mock } = renderApp(`/projects/${seedIds.projects.app}/dashboards`);
    await screen.findByRole('table', { name: 'Dashboards' });
    mock.setFaults({ latency_ms: 3_000, error_rate: 0, rules: [] });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel export' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    mock.setFaults({ latency_ms: 0, error_rate: 0, rules: [] });
    vi.restoreAllMocks();
  });
});
