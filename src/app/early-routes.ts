/**
 * What a full page load of each route needs first, written down so the HTML can ask for it before the
 * entry script has even downloaded (the inline script of index.html reads this table, which the build
 * writes into the page with the route's chunk files; see build/early-routes.ts):
 *
 * - `requests`: the API paths of the page's first queries (`$1`, `$2`: the pattern's groups). The
 *   inline script sends them with the stored key (as a header, never in a URL), and `apiRequest`
 *   adopts each answer when the page's own query asks for the same URL with the same key
 *   (src/api/early-response.ts). test/app/early-routes.test.ts checks that each is exactly what the
 *   page's query factory asks for.
 * - `modules`: the lazily loaded modules the route renders, whose chunks (and their imports and CSS)
 *   the build turns into `modulepreload` and stylesheet links.
 *
 * Ids are matched as digits only, so a path segment and the API's `segment()` encoding always agree.
 * A URL with a query string (a search or a filter) preloads the code but sends no request.
 */
export interface EarlyRoute {
  /** A regular expression (source) over `location.pathname`. */
  pattern: string;
  requests: string[];
  /** Paths under src/ of the lazily loaded modules the route renders. */
  modules: string[];
}

/** Connect: what every route shows when no key is stored. */
export const connectRoute: EarlyRoute = {
  pattern: '^/connect/?$',
  requests: [],
  modules: ['features/connect/connect-page.tsx'],
};

const detail = 'features/dashboard-detail/dashboard-detail-page.tsx';

/** First match wins. */
export const earlyRoutes: EarlyRoute[] = [
  connectRoute,
  {
    pattern: '^/(projects/?)?$',
    requests: ['/api/organizations/@current/projects/?limit=100&offset=0'],
    modules: ['features/projects/projects-page.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/dashboards/?$',
    requests: ['/api/projects/$1/dashboards/?limit=100&offset=0'],
    modules: ['features/dashboards/dashboards-page.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/dashboards/(\\d+)/?$',
    requests: ['/api/projects/$1/dashboards/$2/'],
    modules: [detail, 'features/dashboard-detail/overview-tab.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/dashboards/(\\d+)/collaborators/?$',
    requests: ['/api/projects/$1/dashboards/$2/'],
    modules: [detail, 'features/dashboard-detail/collaborators-tab.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/dashboards/(\\d+)/sharing/?$',
    requests: ['/api/projects/$1/dashboards/$2/'],
    modules: [detail, 'features/dashboard-detail/sharing-tab.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/dashboards/(\\d+)/history/?$',
    requests: ['/api/projects/$1/dashboards/$2/'],
    modules: [detail, 'features/activity/history-tab.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/settings/?$',
    requests: ['/api/projects/$1/'],
    modules: ['features/project-settings/project-settings-page.tsx'],
  },
  {
    pattern: '^/projects/(\\d+)/activity/?$',
    requests: ['/api/projects/$1/activity_log/', '/api/projects/$1/'],
    modules: ['features/activity/activity-page.tsx'],
  },
];

