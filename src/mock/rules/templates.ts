/** The built-in dashboard templates (`use_template`), each with named insight tiles. */
import type { DashboardTemplate } from '../../contract/inputs.ts';
import type { TileRecord } from '../db.ts';

interface TemplateTile {
  name: string;
  description: string;
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
      { name: 'Daily active users (DAUs)', description: 'Unique users active on each day.', layouts: sm(0, 0, 6, 5), color: 'blue' },
      { name: 'Weekly active users (WAUs)', description: 'Unique users active in each week.', layouts: sm(6, 0, 6, 5), color: 'green' },
      { name: 'Retention', description: 'Weekly retention of users who signed up.', layouts: sm(0, 5, 6, 5), color: 'blue' },
      { name: 'Growth accounting', description: 'New, resurrecting, returning and dormant users.', layouts: sm(6, 5, 6, 5), color: null },
      { name: 'Referring domain (last 14 days)', description: 'Where new users come from.', layouts: sm(0, 10, 6, 5), color: null },
      { name: 'Pageview funnel, by browser', description: 'From the first pageview to sign-up, per browser.', layouts: sm(6, 10, 6, 5), color: 'purple' },
    ],
  },
  WEBSITE_TRAFFIC: {
    description: 'Visitors, sessions and the pages and referrers that bring them.',
    filters: { date_from: '-30d', properties: [] },
    tiles: [
      { name: 'Website unique users (total)', description: 'Unique visitors of the website.', layouts: sm(0, 0, 4, 5), color: 'blue' },
      { name: 'Website page views (total)', description: 'Pageviews of the website.', layouts: sm(4, 0, 4, 5), color: 'green' },
      { name: 'Website sessions (total)', description: 'Sessions on the website.', layouts: sm(8, 0, 4, 5), color: 'orange' },
      { name: 'Top website pages (overall)', description: 'The most visited pages.', layouts: sm(0, 5, 6, 6), color: null },
      { name: 'Top referrers', description: 'Where visitors come from.', layouts: sm(6, 5, 6, 6), color: null },
      { name: 'Bounce rate', description: 'Share of sessions with a single pageview.', layouts: sm(0, 11, 6, 5), color: 'red' },
    ],
  },
};

export function isDashboardTemplate(value: string): value is DashboardTemplate {
  return Object.hasOwn(dashboardTemplateDefinitions, value);
}

/** New tiles (and their insights) of a template, ids taken from `nextId`. */
export function templateTiles(template: DashboardTemplate, nextId: (kind: 'tile' | 'insight') => number): TileRecord[] {
  return dashboardTemplateDefinitions[template].tiles.map((tile) => ({
    id: nextId('tile'),
    insight: { id: nextId('insight'), name: tile.name, description: tile.description },
    text: null,
    layouts: structuredClone(tile.layouts),
    color: tile.color,
  }));
}
