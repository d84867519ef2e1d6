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
  'activity_log:read',
  'access_control:read',
  'access_control:write',
] as const;
export type Scope = (typeof scopes)[number];
export type HeldScope = Scope | '*';
/**
 * A scope an endpoint may require: the scopes above, and the write scopes a `PATCH` on a read-only
 * collection needs before its 405 (§2.3 step 3), which only `*` grants among the demo keys.
 */
export type RequiredScope = Scope | 'organization:write' | 'organization_member:write' | 'activity_log:write';

/** A `:write` scope also grants the matching `:read`; `*` grants everything. */
export function scopeGranted(held: ReadonlyArray<string>, required: RequiredScope): boolean {
  if (held.includes('*') || held.includes(required)) return true;
  if (required.endsWith(':read')) return held.includes(required.replace(/:read$/, ':write'));
  return false;
}

export const httpMethods = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface Endpoint {
  /** A stable name, e.g. `dashboards.list`. */
  name: string;
  method: HttpMethod;
  /** Pattern with `:params`, always with the trailing slash (it is optional in requests). */
  path: string;
  /** The scope the key needs; `null` for the key reading itself (`personal_api_keys/@current/` or its id: any valid key). */
  scope: RequiredScope | null;
  /**
   * What the path nests under (§2.3 steps 4 and 6): `project` (a dashboard route, the activity
   * log: unknown 404 `Project not found.` before the scope, another organization's 403 after it),
   * `organization` (`/api/organizations/:id/…`: unknown 404 `Organization not found.`).
   */
  nested?: 'project' | 'organization';
  /** One of the five actions production refuses to personal API keys (§1.2). */
  sessionOnly?: boolean;
  /** A `PATCH` on a collection path: 405 `Method "PATCH" not allowed.` after the checks (§2.3 step 7). */
  collectionPatch?: boolean;
}

const projectRoots = ['/api/organizations/:organization_id/projects/:project_id/', '/api/projects/:project_id/'];
/** Every dashboard route of §5 under a root: `/api/projects/:project_id/` or its `/api/environments/` alias (§1.1). */
const dashboardEndpoints = (root: string): Endpoint[] => {
  const dash = `${root}dashboards/`;
  return [
  { name: 'dashboards.list', method: 'GET', path: dash, scope: 'dashboard:read' },
  { name: 'dashboards.create', method: 'POST', path: dash, scope: 'dashboard:write' },
  { name: 'collection.patch', method: 'PATCH', path: dash, scope: 'dashboard:write', collectionPatch: true },
  {
    name: 'dashboards.createFromTemplateJson',
    method: 'POST',
    path: `${dash}create_from_template_json/`,
    scope: 'dashboard:write',
    sessionOnly: true,
  },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: `${dash}create_from_template_json/`,
    scope: 'dashboard:write',
    collectionPatch: true,
  },
  { name: 'collaborators.list', method: 'GET', path: `${dash}:dashboard_id/collaborators/`, scope: 'dashboard:read' },
  { name: 'collaborators.add', method: 'POST', path: `${dash}:dashboard_id/collaborators/`, scope: 'dashboard:write' },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: `${dash}:dashboard_id/collaborators/`,
    scope: 'dashboard:write',
    collectionPatch: true,
  },
  {
    name: 'collaborators.remove',
    method: 'DELETE',
    path: `${dash}:dashboard_id/collaborators/:user_uuid/`,
    scope: 'dashboard:write',
  },
  { name: 'sharing.get', method: 'GET', path: `${dash}:dashboard_id/sharing/`, scope: 'sharing_configuration:read' },
  {
    name: 'sharing.update',
    method: 'PATCH',
    path: `${dash}:dashboard_id/sharing/`,
    scope: 'sharing_configuration:write',
  },
  {
    name: 'sharing.refresh',
    method: 'POST',
    path: `${dash}:dashboard_id/sharing/refresh/`,
    scope: 'sharing_configuration:write',
  },
  {
    name: 'sharing.addPassword',
    method: 'POST',
    path: `${dash}:dashboard_id/sharing/passwords/`,
    scope: 'sharing_configuration:write',
  },
  {
    name: 'sharing.deletePassword',
    method: 'DELETE',
    path: `${dash}:dashboard_id/sharing/passwords/:password_id/`,
    scope: 'sharing_configuration:write',
  },
  {
    name: 'accessControls.get',
    method: 'GET',
    path: `${dash}:dashboard_id/access_controls/`,
    scope: 'access_control:read',
  },
  {
    name: 'accessControls.update',
    method: 'PUT',
    path: `${dash}:dashboard_id/access_controls/`,
    scope: 'access_control:write',
  },
  {
    name: 'accessControls.usersWithAccess',
    method: 'GET',
    path: `${dash}:dashboard_id/users_with_access/`,
    scope: 'access_control:read',
  },
  { name: 'dashboards.get', method: 'GET', path: `${dash}:dashboard_id/`, scope: 'dashboard:read' },
  { name: 'dashboards.update', method: 'PATCH', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
  { name: 'dashboards.update', method: 'PUT', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
  { name: 'dashboards.delete', method: 'DELETE', path: `${dash}:dashboard_id/`, scope: 'dashboard:write' },
  {
    name: 'dashboards.moveTile',
    method: 'PATCH',
    path: `${dash}:dashboard_id/move_tile/`,
    scope: 'dashboard:write',
    sessionOnly: true,
  },
];
};

const orgProjects = '/api/organizations/:organization_id/projects/';

export const endpoints: ReadonlyArray<Endpoint> = [
  ...['/api/projects/:project_id/', '/api/environments/:project_id/'].flatMap((root) =>
    dashboardEndpoints(root).map((e): Endpoint => ({ ...e, nested: 'project' })),
  ),
  {
    name: 'activityLog.list',
    method: 'GET',
    path: '/api/projects/:project_id/activity_log/',
    scope: 'activity_log:read',
    nested: 'project',
  },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: '/api/projects/:project_id/activity_log/',
    scope: 'activity_log:write',
    nested: 'project',
    collectionPatch: true,
  },

  { name: 'projects.list', method: 'GET', path: orgProjects, scope: 'project:read', nested: 'organization' },
  { name: 'projects.create', method: 'POST', path: orgProjects, scope: 'project:write', nested: 'organization' },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: orgProjects,
    scope: 'project:write',
    nested: 'organization',
    collectionPatch: true,
  },
  { name: 'projects.listAll', method: 'GET', path: '/api/projects/', scope: 'project:read' },
  { name: 'projects.createCurrent', method: 'POST', path: '/api/projects/', scope: 'project:write' },
  { name: 'collection.patch', method: 'PATCH', path: '/api/projects/', scope: 'project:write', collectionPatch: true },
  ...projectRoots.flatMap((root): Endpoint[] => {
    const nested = root.startsWith('/api/organizations/') ? ({ nested: 'organization' } as const) : {};
    const rows: Endpoint[] = [
      { name: 'projects.get', method: 'GET', path: root, scope: 'project:read' },
      { name: 'projects.update', method: 'PATCH', path: root, scope: 'project:write' },
      { name: 'projects.update', method: 'PUT', path: root, scope: 'project:write' },
      { name: 'projects.delete', method: 'DELETE', path: root, scope: 'project:write' },
      { name: 'projects.activity', method: 'GET', path: `${root}activity/`, scope: 'project:read', sessionOnly: true },
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
        sessionOnly: true,
      },
      { name: 'projects.resetToken', method: 'PATCH', path: `${root}reset_token/`, scope: 'project:write', sessionOnly: true },
    ];
    return rows.map((e): Endpoint => ({ ...e, ...nested }));
  }),

  { name: 'organizations.list', method: 'GET', path: '/api/organizations/', scope: 'organization:read' },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: '/api/organizations/',
    scope: 'organization:write',
    collectionPatch: true,
  },
  { name: 'organizations.get', method: 'GET', path: '/api/organizations/:organization_id/', scope: 'organization:read' },
  {
    name: 'organizations.members',
    method: 'GET',
    path: '/api/organizations/:organization_id/members/',
    scope: 'organization_member:read',
    nested: 'organization',
  },
  {
    name: 'collection.patch',
    method: 'PATCH',
    path: '/api/organizations/:organization_id/members/',
    scope: 'organization_member:write',
    nested: 'organization',
    collectionPatch: true,
  },
  { name: 'users.me', method: 'GET', path: '/api/users/@me/', scope: 'user:read' },
  { name: 'personalApiKeys.current', method: 'GET', path: '/api/personal_api_keys/@current/', scope: null },
  /** A key reading itself by its own id (§7 #26); any other id is 403 as every other path there. */
  { name: 'personalApiKeys.get', method: 'GET', path: '/api/personal_api_keys/:key_id/', scope: null },
];

/** `/api/personal_api_keys/…`: every request but `GET @current/` (or the key's own id) is 403 (§2.3 step 3, §7 #26). */
export function isPersonalApiKeysPath(pathname: string): boolean {
  const parts = segments(pathname);
  return parts[0] === 'api' && parts[1] === 'personal_api_keys' && parts.length <= 4;
}

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
