/** The built-in dashboard templates (`use_template`), each with named insight tiles. */
import type { DashboardTemplate } from '../../../contract/inputs.ts';

interface TemplateTile {
  name: string;
  description: string;
  event: string;
  math?: string;
  layouts: Record<string, unknown>;
  color: string | null;
}

interface Template {
  description: string;
  filters: Record<string, unknown>;
  tiles: TemplateTile[];
}

const sm = (x: number, y: number, w: number, h: number) => ({ sm: { x, y, w, h, minW: 3, minH: 5 } });

export const dashboardTemplateDefinitions: Readonly<Record<DashboardTemplate, Template>> = {
  DEFAULT_APP: {
    description: 'The essentials of a product: active users, retention and growth.',
    filters: { date_from: '-30d' },
    tiles: [
      { name: 'Daily active users (DAUs)', event: '$pageview', math: 'dau', description: 'Unique users active on each day.', layouts: sm(0, 0, 6, 5), color: 'blue' },
      { name: 'Weekly active users (WAUs)', event: '$pageview', math: 'weekly_active', description: 'Unique users active in each week.', layouts: sm(6, 0, 6, 5), color: 'green' },
      { name: 'Retention', event: 'signed_up', description: 'Weekly retention of users who signed up.', layouts: sm(0, 5, 6, 5), color: 'blue' },
      { name: 'Growth accounting', event: '$pageview', math: 'dau', description: 'New, resurrecting, returning and dormant users.', layouts: sm(6, 5, 6, 5), color: null },
      { name: 'Referring domain (last 14 days)', event: '$pageview', description: 'Where new users come from.', layouts: sm(0, 10, 6, 5), color: null },
      { name: 'Pageview funnel, by browser', event: '$pageview', description: 'From the first pageview to sign-up, per browser.', layouts: sm(6, 10, 6, 5), color: 'purple' },
    ],
  },
  WEBSITE_TRAFFIC: {
    description: 'Visitors, sessions and the pages and referrers that bring them.',
    filters: { date_from: '-30d', properties: [] },
    tiles: [
      { name: 'Website unique users (total)', event: '$pageview', math: 'dau', description: 'Unique visitors of the website.', layouts: sm(0, 0, 4, 5), color: 'blue' },
      { name: 'Website page views (total)', event: '$pageview', description: 'Pageviews of the website.', layouts: sm(4, 0, 4, 5), color: 'green' },
      { name: 'Website sessions (total)', event: '$pageview', math: 'unique_session', description: 'Sessions on the website.', layouts: sm(8, 0, 4, 5), color: 'orange' },
      { name: 'Top website pages (overall)', event: '$pageview', description: 'The most visited pages.', layouts: sm(0, 5, 6, 6), color: null },
      { name: 'Top referrers', event: '$pageview', description: 'Where visitors come from.', layouts: sm(6, 5, 6, 6), color: null },
      { name: 'Bounce rate', event: '$pageview', description: 'Share of sessions with a single pageview.', layouts: sm(0, 11, 6, 5), color: 'red' },
    ],
  },
};

export function isDashboardTemplate(value: string): value is DashboardTemplate {
  return Object.hasOwn(dashboardTemplateDefinitions, value);
}

/** A trends query of one event, as production's templates store them. */
export function trendsQuery(event: string, math: string = 'total'): Record<string, unknown> {
  return {
    kind: 'InsightVizNode',
    source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event, name: event, math }], dateRange: { date_from: '-30d' } },
  };
}

/** What a new insight needs beyond its name; the rules and the seed fill in the rest. */
export interface InsightSpec {
  name: string | null;
  description: string | null;
  query: Record<string, unknown> | null;
  is_sample: boolean;
}

/** The insights of a template's tiles, in tile order, with their layouts and colors. */
export function templateTileSpecs(template: DashboardTemplate) {
  return dashboardTemplateDefinitions[template].tiles.map((tile) => ({
    insight: {
      name: tile.name,
      description: tile.description,
      query: trendsQuery(tile.event, tile.math),
      is_sample: true,
    } satisfies InsightSpec,
    layouts: structuredClone(tile.layouts),
    color: tile.color,
  }));
}
