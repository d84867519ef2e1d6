/** New insights, texts and tiles (API.md §4.4; src/mock/rules/dashboards/tiles.ts). */
import { describe, expect, it } from 'vitest';
import type { InsightRecord } from '../../../../src/mock/store/records.ts';
import { derivedName, newInsight, newText, newTile, type TileFactory } from '../../../../src/mock/rules/dashboards/tiles.ts';
import { trendsQuery } from '../../../../src/mock/rules/dashboards/templates.ts';
import type { ByteSource } from '../../../../src/mock/rules/random.ts';

const now = '2024-05-01T10:00:00.000Z';

function factory(bytes?: ByteSource) {
  const counters = { tile: 100, insight: 200, text: 300 };
  const added: InsightRecord[] = [];
  const f: TileFactory = {
    nextId: (kind) => ++counters[kind],
    addInsight: (insight) => added.push(insight),
    now,
    ...(bytes ? { bytes } : {}),
  };
  return { f, added };
}

describe('derivedName', () => {
  it('names the first series’ event and its math', () => {
    expect(derivedName(trendsQuery('$pageview'))).toBe('Pageview count');
    expect(derivedName(trendsQuery('$pageview', 'dau'))).toBe('Pageview unique users');
    expect(derivedName(trendsQuery('$pageview', 'weekly_active'))).toBe('Pageview weekly active users');
    expect(derivedName(trendsQuery('signed_up', 'unique_session'))).toBe('Signed up count');
  });

  it('drops only a leading $, turns every underscore into a space and capitalizes the first letter', () => {
    expect(derivedName(trendsQuery('$$big_red_button'))).toBe('$big red button count');
    expect(derivedName(trendsQuery('a$b'))).toBe('A$b count');
    expect(derivedName(trendsQuery('x'))).toBe('X count');
  });

  it('is null without a query, a source, a series or an event name', () => {
    expect(derivedName(null)).toBeNull();
    expect(derivedName({})).toBeNull();
    expect(derivedName({ source: {} })).toBeNull();
    expect(derivedName({ source: { series: [] } })).toBeNull();
    expect(derivedName({ source: { series: [{ math: 'dau' }] } })).toBeNull();
    expect(derivedName({ source: { series: [{ event: 7 }] } })).toBeNull();
  });

  it('reads the first series only', () => {
    expect(derivedName({ source: { series: [{ event: 'a', math: 'dau' }, { event: 'b' }] } })).toBe('A unique users');
  });
});

describe('newInsight', () => {
  it('makes the insight from the spec, stamps it and hands it to the factory', () => {
    const { f, added } = factory(() => new Uint8Array(16).fill(1));
    const query = trendsQuery('$pageview', 'dau');
    const insight = newInsight(f, 7, 3, { name: 'DAU', description: 'Daily', query, is_sample: true });
    expect(insight).toEqual({
      id: 201,
      short_id: 'BBBBBBBB',
      name: 'DAU',
      derived_name: 'Pageview unique users',
      query,
      order: null,
      deleted: false,
      last_refresh: null,
      created_at: now,
      description: 'Daily',
      updated_at: now,
      tags: [],
      favorited: false,
      last_modified_at: now,
      is_sample: true,
      project_id: 7,
      created_by: 3,
      last_modified_by: 3,
    });
    expect(added).toEqual([insight]);
    expect(added[0]).toBe(insight);
  });

  it('copies the query, so a later change to the spec’s query leaves the insight alone', () => {
    const { f } = factory();
    const query = trendsQuery('signed_up');
    const insight = newInsight(f, 1, null, { name: null, description: null, query, is_sample: false });
    (query.source as { kind: string }).kind = 'Changed';
    expect(insight.query).toEqual(trendsQuery('signed_up'));
    expect(insight.query).not.toBe(query);
  });

  it('a nameless insight without a query has no derived name; the short id is random without bytes', () => {
    const { f } = factory();
    const insight = newInsight(f, 1, null, { name: null, description: null, query: null, is_sample: false });
    expect(insight).toMatchObject({ name: null, derived_name: null, query: null, created_by: null, last_modified_by: null, is_sample: false });
    expect(insight.short_id).toMatch(/^[A-Za-z0-9]{8}$/);
  });
});

describe('newText', () => {
  it('makes a text with the next text id, the body and the author', () => {
    const { f } = factory();
    expect(newText(f, 4, 'Hello')).toEqual({ id: 301, body: 'Hello', last_modified_at: now, created_by: 4, last_modified_by: 4 });
    expect(newText(f, null, null)).toEqual({ id: 302, body: null, last_modified_at: now, created_by: null, last_modified_by: null });
  });
});

describe('newTile', () => {
  it('makes a tile with the next tile id, a copy of the layouts and the color', () => {
    const { f } = factory();
    const layouts = { sm: { x: 0, y: 0, w: 6, h: 5 } };
    const tile = newTile(f, { insight_id: 9, text: null }, layouts, 'blue');
    expect(tile).toEqual({ id: 101, insight_id: 9, text: null, layouts, color: 'blue' });
    layouts.sm.x = 5;
    expect(tile.layouts).toEqual({ sm: { x: 0, y: 0, w: 6, h: 5 } });
  });

  it('no layouts are empty layouts', () => {
    const { f } = factory();
    const text = newText(f, 1, 'Note');
    expect(newTile(f, { insight_id: null, text }, null, null)).toEqual({ id: 101, insight_id: null, text, layouts: {}, color: null });
  });
});
