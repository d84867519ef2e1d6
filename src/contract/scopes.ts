/** Scopes and the endpoint table of API.md: which methods each path offers and the scope each needs. */

export const scopes = [
  'dashboard:read',
  'dashboard:write',
  'sharing_configuration:read',
  'sharing_configuration:write',
  'project:read',
  'project:write',
  'organization:read',
  'organization_member:read',
  'user:read',
] as const;
export type Scope = (typeof scopes)[number];
export type HeldScope = Scope | '*';

/** A `:write` scope also grants the matching `:read`; `*` grants everything. */
export function scopeGranted(held: ReadonlyArray<string>, required: Scope): boolean {
  if (held.includes('*') || held.includes(required)) return true;
  if (required.endsWith(':read')) return held.includes(required.replace(/:read$/, ':write'));
  return false;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Endpoint {
  /** A stable name, e.g. `dashboards.list`. */
  name: string;
  method: HttpMethod;
  /** Pattern with `:params`, always with the trailing slash (it is optional in requests). */
  path: string;
  scope: Scope;
}

const projectRoots = ['/api/organizations/:organization_id/projects/:project_id/', '/api/projects/:project_id/'];
/** Every dashboard route of §5, under a root: `/api/projects/:project_id/` or its `/api/environments/` alias (§1.1). */
const dashboardEndpoints = (root: string): Endpoint[] => {
  const dash = `${root}dashboards/`;
  const sharing = `${dash}:dashboard_id/sharing/`;
  return [
    { name: 'dashboards.list', method: 'GET', path: dash, scope: 'dashboard:read' },
    { name: 'dashboards.create', method: 'POST', path: dash, scope: 'dashboard:write' },
    {
      name: 'dashboards.createFromTemplateJson',
      method: 'POST',
      path: `${dash}create_from_template_json/`,
      scope: 'dashboard:write',
    },
    { name: 'collaborators.list', method: 'GET', path: `${dash}:dashboard_id/collaborators/`, scope: 'dashboard:read' },
    { name: 'collaborators.add', method: 'POST', path: `${dash}:dashboard_id/collaborators/`, scope: 'dashboard:write' },
    {
      name: 'collaborators.remove',
      method: 'DELETE',
      path: `${dash}:dashboard_id/collaborators/:user_uuid/`,
      scope: 'dashboard:write',
    },
    { name: 'sharing.get', method: 'GET', path: sharing, scope: 'sharing_configuration:read' },
    { name: 'sharing.update', method: 'PATCH', path: sharing, scope: 'sharing_configuration:write' },
    { name: 'sharing.refresh', method: 'POST', path: `${sharing}refresh/`, scope: 'sharing_configuration:write' },
    { name: 'sharing.addPassword', method: 'POST', path: `${sharing}passwords/`, scope: 'sharing_configuration:write' },
    {
      name: 'sharing.deletePassword',
      method: 'DELETE',
      path: `${sharing}passwords/:password_id/`,
      scope: 'sharing_configuration:write',
    },
    { name: 'dashboards.get', method: 'GET', path: `${dash}:dashboard_id/`, scope: 'dashboard:read' },
    { name: 'dashboards.update', method: 'PATCH', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
    // PUT answers as PATCH (§5.1 row 8).
    { name: 'dashboards.update', method: 'PUT', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
    { name: 'dashboards.delete', method: 'DELETE', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
    { name: 'dashboards.moveTile', method: 'PATCH', path: `${dash}:dashboard_id/move_tile/`, scope: 'dashboard:write' },
  ];
};

export const endpoints: ReadonlyArray<Endpoint> = [
  ...dashboardEndpoints('/api/projects/:project_id/'),
  ...dashboardEndpoints('/api/environments/:project_id/'),

  { name: 'projects.list', method: 'GET', path: '/api/organizations/:organization_id/projects/', scope: 'project:read' },
  { name: 'projects.create', method: 'POST', path: '/api/organizations/:organization_id/projects/', scope: 'project:write' },
  { name: 'projects.listAll', method: 'GET', path: '/api/projects/', scope: 'project:read' },
  ...projectRoots.flatMap((root): Endpoint[] => [
    { name: 'projects.get', method: 'GET', path: root, scope: 'project:read' },
    { name: 'projects.update', method: 'PATCH', path: root, scope: 'project:write' },
    { name: 'projects.delete', method: 'DELETE', path: root, scope: 'project:write' },
    { name: 'projects.activity', method: 'GET', path: `${root}activity/`, scope: 'project:read' },
    { name: 'projects.addProductIntent', method: 'PATCH', path: `${root}add_product_intent/`, scope: 'project:read' },
    {
      name: 'projects.completeProductOnboarding',
      method: 'PATCH',
      path: `${root}complete_product_onboarding/`,
      scope: 'project:read',
    },
    {
      name: 'projects.isGeneratingDemoData',
      method: 'GET',
      path: `${root}is_generating_demo_data/`,
      scope: 'project:read',
    },
    { name: 'projects.resetToken', method: 'PATCH', path: `${root}reset_token/`, scope: 'project:write' },
  ]),

  { name: 'organizations.get', method: 'GET', path: '/api/organizations/:organization_id/', scope: 'organization:read' },
  {
    name: 'organizations.members',
    method: 'GET',
    path: '/api/organizations/:organization_id/members/',
    scope: 'organization_member:read',
  },
  { name: 'users.me', method: 'GET', path: '/api/users/@me/', scope: 'user:read' },
];

export interface EndpointMatch {
  endpoint: Endpoint;
  params: Record<string, string>;
}

/** A path segment decoded; a malformed escape (`%E0`) stays as written, so it matches no id. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Every endpoint whose pattern matches the path (the trailing slash is optional), whatever the method. */
export function matchPath(pathname: string): EndpointMatch[] {
  const parts = segments(pathname);
  const matches: EndpointMatch[] = [];
  for (const endpoint of endpoints) {
    const pattern = segments(endpoint.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i]!;
      const v = parts[i]!;
      if (p.startsWith(':')) params[p.slice(1)] = decodeSegment(v);
      else ok = p === v;
    }
    if (ok) matches.push({ endpoint, params });
  }
  // A literal segment beats a parameter (`dashboards/create_from_template_json/` is not dashboard "create_from…").
  const literalCount = (m: EndpointMatch) => segments(m.endpoint.path).filter((s) => !s.startsWith(':')).length;
  const best = Math.max(0, ...matches.map(literalCount));
  return matches.filter((m) => literalCount(m) === best);
}
