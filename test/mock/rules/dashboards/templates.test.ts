/** The built-in dashboard templates (`use_template`, API.md §5.3; src/mock/rules/dashboards/templates.ts). */
import { describe, expect, it } from 'vitest';
import {
  dashboardTemplateDefinitions,
  isDashboardTemplate,
  templateTileSpecs,
  trendsQuery,
} from '../../../../src/mock/rules/dashboards/templates.ts';

const templates = ['DEFAULT_APP', 'WEBSITE_TRAFFIC'] as const;
/** The `math` of production's trends series the templates use. */
const maths = new Set(['total', 'dau', 'weekly_active', 'unique_session']);
const colors = new Set(['blue', 'green', 'purple', 'orange', 'red']);

describe('isDashboardTemplate', () => {
  it('knows the two templates and nothing else, inherited names included', () => {
    expect(isDashboardTemplate('DEFAULT_APP')).toBe(true);
    expect(isDashboardTemplate('WEBSITE_TRAFFIC')).toBe(true);
    for (const name of ['', 'default_app', 'OTHER', 'toString', 'constructor', '__proto__']) expect(isDashboardTemplate(name), name).toBe(false);
  });
});

describe('trendsQuery', () => {
  it('is an InsightVizNode over a TrendsQuery of the event, counted by default, over 30 days', () => {
    expect(trendsQuery('$pageview')).toEqual({
      kind: 'InsightVizNode',
      source: {
        kind: 'TrendsQuery',
        series: [{ kind: 'EventsNode', event: '$pageview', name: '$pageview', math: 'total' }],
        dateRange: { date_from: '-30d' },
      },
    });
  });

  it('takes the math given', () => {
    expect(trendsQuery('signed_up', 'dau')).toMatchObject({ source: { series: [{ event: 'signed_up', name: 'signed_up', math: 'dau' }] } });
  });
});

describe('the templates', () => {
  it.each(templates)('%s has a description, 30 days of filters and at least 3 tiles', (name) => {
    const template = dashboardTemplateDefinitions[name];
    expect(template.description.length).toBeGreaterThan(10);
    expect(template.filters.date_from).toBe('-30d');
    expect(template.tiles.length).toBeGreaterThanOrEqual(3);
  });

  it('WEBSITE_TRAFFIC filters on no properties yet', () => {
    expect(dashboardTemplateDefinitions.WEBSITE_TRAFFIC.filters).toEqual({ date_from: '-30d', properties: [] });
    expect(dashboardTemplateDefinitions.DEFAULT_APP.filters).toEqual({ date_from: '-30d' });
  });

  it.each(templates)('%s: every tile is a named, described trends insight of a known math and color', (name) => {
    const tiles = dashboardTemplateDefinitions[name].tiles;
    expect(new Set(tiles.map((t) => t.name)).size).toBe(tiles.length);
    for (const tile of tiles) {
      expect(tile.name.length, tile.name).toBeGreaterThan(3);
      expect(tile.description.length, tile.name).toBeGreaterThan(10);
      expect(tile.event === '$pageview' || tile.event === 'signed_up', tile.name).toBe(true);
      expect(maths.has(tile.math ?? 'total'), tile.name).toBe(true);
      expect(tile.color === null || colors.has(tile.color), tile.name).toBe(true);
    }
  });

  it.each(templates)('%s: tiles lie on the 12-column grid without overlapping, none smaller than 3 by 5', (name) => {
    const cells = new Set<string>();
    for (const tile of dashboardTemplateDefinitions[name].tiles) {
      const sm = (tile.layouts as { sm: { x: number; y: number; w: number; h: number; minW: number; minH: number } }).sm;
      expect(sm).toMatchObject({ minW: 3, minH: 5 });
      expect(sm.x + sm.w).toBeLessThanOrEqual(12);
      for (let x = sm.x; x < sm.x + sm.w; x++) {
        for (let y = sm.y; y < sm.y + sm.h; y++) {
          expect(cells.has(`${x},${y}`), tile.name).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });

  it('DEFAULT_APP opens with daily and weekly active users', () => {
    const [dau, wau] = dashboardTemplateDefinitions.DEFAULT_APP.tiles;
    expect(dau).toMatchObject({ name: 'Daily active users (DAUs)', event: '$pageview', math: 'dau', color: 'blue' });
    expect(wau).toMatchObject({ name: 'Weekly active users (WAUs)', event: '$pageview', math: 'weekly_active', color: 'green' });
  });
});

describe('templateTileSpecs', () => {
  it.each(templates)('%s: one sample insight per tile, in tile order, with its query, layout and color', (name) => {
    const tiles = dashboardTemplateDefinitions[name].tiles;
    const specs = templateTileSpecs(name);
    expect(specs).toHaveLength(tiles.length);
    specs.forEach((spec, i) => {
      const tile = tiles[i]!;
      expect(spec.insight).toEqual({
        name: tile.name,
        description: tile.description,
        query: trendsQuery(tile.event, tile.math),
        is_sample: true,
      });
      expect(spec.layouts).toEqual(tile.layouts);
      expect(spec.color).toBe(tile.color);
    });
  });

  it('a tile without a math counts events', () => {
    const retention = templateTileSpecs('DEFAULT_APP').find((s) => s.insight.name === 'Retention')!;
    expect(retention.insight.query).toMatchObject({ source: { series: [{ event: 'signed_up', math: 'total' }] } });
  });

  it('gives copies: changing a layout leaves the template as it was', () => {
    const spec = templateTileSpecs('WEBSITE_TRAFFIC')[0]!;
    (spec.layouts as { sm: { x: number } }).sm.x = 99;
    expect(templateTileSpecs('WEBSITE_TRAFFIC')[0]!.layouts).toEqual({ sm: { x: 0, y: 0, w: 4, h: 5, minW: 3, minH: 5 } });
  });
});
