import { describe, expect, it } from 'vitest';
import type { DashboardListItem } from '../../src/contract/schemas.ts';
import { csvField, csvFileName, dashboardsCsv } from '../../src/features/dashboards/dashboards-csv.ts';

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
  it('quotes a comma, a quote and a newline as RFC 4180 says, and leaves accents as they are', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField('Café Zürich')).toBe('Café Zürich');
    expect(csvField('')).toBe('');
  });

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
