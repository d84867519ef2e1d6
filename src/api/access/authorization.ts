/**
 * The one answer to "may this key do X here, and if not, why" (DESIGN.md), in one wording.
 *
 * What it knows, on any backend (the production service included):
 * - the key's scopes and the projects it is limited to, from `GET /api/personal_api_keys/@current/`
 *   (API.md §4.12, no scope needed);
 * - the person's role: the project's `effective_membership_level`, else the organization's
 *   `membership_level` (admin = 8 or more);
 * - a dashboard's two layers (API.md §5.4): the caller's `user_access_level` (`editor` or `manager` to
 *   edit, §5.7) first, then `effective_privilege_level` (37 = can edit), and its creator;
 * - the five session-only actions (§1.2), refused up front where the backend is known to be
 *   production (not the bundled mock) or the mock plays production (`production_key_rules`).
 *
 * Three answers (DESIGN.md rule 2): yes; no, with the sentence that says why; or not known yet
 * (a fact it needs is still loading), which is never "yes": the control is drawn disabled with
 * `Checking access…`. What cannot be learnt at all (a backend without `@current`) is not "not yet":
 * the API's answer then decides, and its 403 is shown where the person acted. What was learnt is
 * kept with the connection (access-storage.ts), so a reload knows it before the first draw.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memberLevels, type Dashboard, type Project } from '../../contract/schemas.ts';
import { scopeGranted, type Scope } from '../../contract/scopes.ts';
import { personalApiKeyQueries } from './key-access-queries.ts';
import { keepAccess } from './remember-access.ts';
import { mockQueries, productionKeyRulesOf } from '../resources/mock.ts';
import { organizationQueries, userQueries } from '../organization/organization.ts';
import { useOrganizationAbout, type OrganizationSubject } from '../organization/about.ts';
import { projectQueries } from '../resources/projects.ts';
import { type ProjectId } from '../client/query-keys.ts';
import { useConnectionState, useRuntime } from '../runtime/use-runtime.ts';
import { sessionOnlyEndpoints, sessionOnlyReason, type SessionOnlyEndpoint } from '../client/session-only.ts';

// ---------- the key itself ----------

// The key's own query lives with the rest of the access the connected routes' loader asks for (key-access-queries.ts).
export { fetchCurrentKey, personalApiKeyQueries } from './key-access-queries.ts';

// ---------- the actions and the one wording ----------

/** The scopes of API.md §1.2. */
export type KeyScope = Scope;

interface ActionRule {
  /** What the action does, as the sentences say it ("create projects"). */
  doing: string;
  scope: KeyScope;
  /** Organization admins only (§6.1 roles). */
  adminOnly?: boolean;
  /** Needs the level `editor` or more, then `effective_privilege_level` 37 on the dashboard (§5.4). */
  editsDashboard?: boolean;
  /** Only the dashboard's creator and admins (restriction level). */
  restrictionRights?: boolean;
  /** One of the five session-only actions of §1.2. */
  sessionOnly?: SessionOnlyEndpoint;
}

export const actionRules = {
  createProject: { doing: 'create projects', scope: 'project:write', adminOnly: true },
  changeProjectSettings: { doing: 'change project settings', scope: 'project:write' },
  changeAdminSettings: { doing: 'change these project settings', scope: 'project:write', adminOnly: true },
  deleteProject: { doing: 'delete projects', scope: 'project:write', adminOnly: true },
  resetProjectToken: {
    doing: 'reset the project API key',
    scope: 'project:write',
    adminOnly: true,
    sessionOnly: 'projects.resetToken',
  },
  checkDemoData: { doing: 'check demo data', scope: 'project:read', sessionOnly: 'projects.isGeneratingDemoData' },
  createDashboard: { doing: 'create dashboards', scope: 'dashboard:write' },
  restoreDashboard: { doing: 'restore dashboards', scope: 'dashboard:write' },
  importDashboard: {
    doing: 'import dashboards',
    scope: 'dashboard:write',
    sessionOnly: 'dashboards.createFromTemplateJson',
  },
  editDashboard: { doing: 'change dashboards', scope: 'dashboard:write', editsDashboard: true },
  restrictDashboard: { doing: 'change dashboards', scope: 'dashboard:write', editsDashboard: true, restrictionRights: true },
  moveTile: { doing: 'move tiles', scope: 'dashboard:write', editsDashboard: true, sessionOnly: 'dashboards.moveTile' },
  editSharing: { doing: 'change sharing', scope: 'sharing_configuration:write', editsDashboard: true },
  readActivityLog: { doing: 'read the activity log', scope: 'activity_log:read' },
  readDashboards: { doing: 'read dashboards', scope: 'dashboard:read' },
  readSharing: { doing: 'read sharing settings', scope: 'sharing_configuration:read' },
  readMembers: { doing: "list the organization's members", scope: 'organization_member:read' },
} satisfies Record<string, ActionRule>;
export type Action = keyof typeof actionRules;

export const reasons = {
  missingScope: (doing: string, scope: KeyScope) => `This API key cannot ${doing}: it lacks the ${scope} scope.`,
  otherProjects: (doing: string) => `This API key cannot ${doing} here: it is limited to other projects.`,
  adminOnly: (doing: string) => `Only organization admins can ${doing}. You are a member of this organization.`,
  viewOnly: 'Only invited collaborators can edit this dashboard. You can view it, but not change it.',
  /** The newer layer (§5.7) holds the person below `editor`; the Access tab's verdict words it better when it is known. */
  accessLevel: (level: string) =>
    level === 'none' ? 'You have no access to this dashboard.' : 'You can view this dashboard by its access rules, but not change it.',
  restrictionRights: "Only the dashboard's creator and organization admins can change who can edit it.",
  sessionOnly: (endpoint: SessionOnlyEndpoint) => sessionOnlyReason(sessionOnlyEndpoints[endpoint]),
  /** The third answer: a fact the question needs is still loading. */
  checking: 'Checking access…',
};

/**
 * What is known about the key, the person and the object. `undefined`: not known YET (loading);
 * `null`: cannot be known (the API decides when the person acts).
 */
export interface AuthorizationFacts {
  /** The key's scopes. */
  scopes: ReadonlyArray<string> | null | undefined;
  /** Project ids the key is limited to; empty = every project. */
  scopedProjects: ReadonlyArray<string>;
  /** The project the action is in, when it is in one. */
  projectId: string | null;
  /** 1 member, 8 admin, 15 owner. */
  membershipLevel: number | null | undefined;
  /** True where the backend refuses keys the session-only actions (production, or the mock playing it). */
  productionKeyRules: boolean | undefined;
  /**
   * The creator is only compared by id and uuid. `user_access_level` is the caller's level (§5.7):
   * missing or null where it is not known (a backend without it), when the privilege alone decides.
   */
  dashboard:
    | (Pick<Dashboard, 'effective_privilege_level'> & {
        created_by: { id: number; uuid: string } | null;
        user_access_level?: string | null;
      })
    | null;
  /** Why the caller's level holds them to viewing, in the verdict's words (access-verdict.ts), when known. */
  accessReason?: string | null;
  /** The person's user id and uuid, to recognise a dashboard's creator. */
  me: { id: number; uuid: string } | null | undefined;
}

/** Yes; no, with the reason; or not known yet (drawn disabled, with `Checking access…`). */
export type AccessAnswer = { kind: 'yes' } | { kind: 'no'; reason: string } | { kind: 'checking'; reason: string };

const CAN_EDIT = 37;

/**
 * The answer to "may this key do `action` here". The order is the API's (§2.3): scope, role,
 * privilege; the first refusal that is known wins, even while a fact before it still loads (it is
 * true either way); with none, any fact still loading makes the answer "not known yet".
 */
export function answer(action: Action, facts: AuthorizationFacts): AccessAnswer {
  const rule: ActionRule = actionRules[action];
  let checking = false;
  const no = (reason: string): AccessAnswer => ({ kind: 'no', reason });
  if (rule.sessionOnly) {
    if (facts.productionKeyRules === undefined) checking = true;
    else if (facts.productionKeyRules) return no(reasons.sessionOnly(rule.sessionOnly));
  }
  if (facts.scopes === undefined) checking = true;
  else {
    if (facts.scopes && !scopeGranted(facts.scopes, rule.scope)) return no(reasons.missingScope(rule.doing, rule.scope));
    if (facts.projectId !== null && facts.scopedProjects.length > 0 && !facts.scopedProjects.includes(facts.projectId)) {
      return no(reasons.otherProjects(rule.doing));
    }
  }
  const admin = facts.membershipLevel == null ? facts.membershipLevel : facts.membershipLevel >= memberLevels.admin;
  if (rule.adminOnly) {
    if (admin === undefined) checking = true;
    else if (admin === false) return no(reasons.adminOnly(rule.doing));
  }
  if (rule.editsDashboard && facts.dashboard) {
    // §5.4's order: the access level first, then the privilege.
    const level = facts.dashboard.user_access_level;
    if (level && level !== 'editor' && level !== 'manager') return no(facts.accessReason ?? reasons.accessLevel(level));
    if (facts.dashboard.effective_privilege_level < CAN_EDIT) return no(reasons.viewOnly);
  }
  if (rule.restrictionRights && facts.dashboard) {
    if (admin === undefined) checking = true;
    else if (admin === false) {
      if (facts.me === undefined) checking = true;
      else if (facts.me) {
        const creator = facts.dashboard.created_by;
        const isCreator = !!creator && (creator.uuid === facts.me.uuid || creator.id === facts.me.id);
        if (!isCreator) return no(reasons.restrictionRights);
      }
    }
  }
  return checking ? { kind: 'checking', reason: reasons.checking } : { kind: 'yes' };
}

/** Why `action` is not available now, in the one wording (`Checking access…` while not known yet), or null when allowed. */
export function refusal(action: Action, facts: AuthorizationFacts): string | null {
  const given = answer(action, facts);
  return given.kind === 'yes' ? null : given.reason;
}

// ---------- the hooks every page asks ----------

/** True when the backend refuses personal API keys the session-only actions; undefined while not known. */
function useProductionKeyRules(kept: boolean | undefined): boolean | undefined {
  const { connection } = useConnectionState();
  const info = useQuery(mockQueries.info(connection?.host ?? ''));
  // No answer yet (or none at all: a failed probe decides nothing): what was kept, else not known.
  if (!info.isSuccess) return kept;
  // Not the bundled mock: a production-like service (API.md §1.2).
  if (info.data === null) return true;
  return productionKeyRulesOf(info.data.faults);
}

export interface AuthorizationContext {
  /**
   * Which organization the page is about (DESIGN.md rule 6): its role judges. Without it, the
   * project's organization when there is a project, else the key's current one.
   */
  organization?: OrganizationSubject;
  projectId?: ProjectId | null;
  /** The project when the page has it (its `effective_membership_level` is the person's role there). */
  project?: Pick<Project, 'effective_membership_level'> | null;
  dashboard?: AuthorizationFacts['dashboard'];
  /** Why the caller's level holds them to viewing, when a page knows it in the verdict's words. */
  accessReason?: string | null;
}

export interface Authorization {
  /** Why `action` is not available here (`Checking access…` while not known yet), or null. */
  refusal: (action: Action) => string | null;
  /** The three-valued answer. */
  answer: (action: Action) => AccessAnswer;
  facts: AuthorizationFacts;
}

/**
 * The facts the console knows now, and the question "may this key do X here, and if not, why".
 * An answer the queries have not given yet comes from what was kept with the connection
 * (access-storage.ts); the queries check it in the background and the answer follows them.
 */
export function useAuthorization(context: AuthorizationContext = {}): Authorization {
  // What the queries learn is kept with the connection for the next load (once per client).
  const keeper = keepAccess(useRuntime(), useQueryClient());
  const key = useQuery(personalApiKeyQueries.current());
  const organization = useQuery(organizationQueries.current());
  const about = useOrganizationAbout(
    context.organization ?? (context.projectId === undefined || context.projectId === null ? { organization: null } : { projectId: context.projectId }),
  );
  const me = useQuery({ ...userQueries.me(), enabled: !!context.dashboard });
  const kept = keeper.read();
  const productionKeyRules = useProductionKeyRules(kept?.productionKeyRules);
  const keyFacts = key.data
    ? { scopes: key.data.scopes, scopedTeams: key.data.scoped_teams }
    : key.isError
      ? { scopes: null, scopedTeams: [] }
      : kept?.key ?? { scopes: undefined, scopedTeams: [] };
  // The key's current organization's level is kept with the connection; another organization's comes from the list.
  const currentLevel = organization.data
    ? organization.data.membership_level ?? null
    : organization.isError
      ? null
      : kept && 'membershipLevel' in kept
        ? kept.membershipLevel
        : undefined;
  // Not known yet which (the lists load): the kept current level stands, as most pages are about it.
  const organizationLevel = about.id === undefined || about.isCurrent ? currentLevel : about.membershipLevel;
  const projectLevel = context.project?.effective_membership_level ?? null;
  const facts: AuthorizationFacts = {
    scopes: keyFacts.scopes,
    scopedProjects: keyFacts.scopedTeams.map(String),
    projectId: context.projectId === undefined || context.projectId === null ? null : String(context.projectId),
    membershipLevel: projectLevel ?? organizationLevel,
    productionKeyRules,
    dashboard: context.dashboard ?? null,
    accessReason: context.accessReason ?? null,
    me: me.data ? { id: me.data.id, uuid: me.data.uuid } : me.isError ? null : kept?.me,
  };
  return { refusal: (action) => refusal(action, facts), answer: (action) => answer(action, facts), facts };
}

/** The project-level answers (Settings, the dashboard list, the danger zone). */
export function useProjectPermissions(projectId: ProjectId, known?: Pick<Project, 'effective_membership_level'> | null) {
  // A page that holds the project passes it: no second subscription (which would refetch a deleted project).
  const project = useQuery({ ...projectQueries.detail(projectId), enabled: known === undefined });
  const { refusal: why } = useAuthorization({ projectId, project: known ?? project.data ?? null });
  return {
    /** Any change to the project's settings (a key without project:write cannot make one). */
    changeSettings: why('changeProjectSettings'),
    /** The settings only admins may change (all but the contract's `memberProjectFields`). */
    changeAdminSettings: why('changeAdminSettings'),
    deleteProject: why('deleteProject'),
    resetToken: why('resetProjectToken'),
    createDashboard: why('createDashboard'),
    importDashboard: why('importDashboard'),
    readActivityLog: why('readActivityLog'),
  };
}

/** Organization-level answers (the project list), in the organization the page is about (`?organization=`). */
export function useOrganizationPermissions(organization: string | null = null) {
  const { refusal: why } = useAuthorization({ organization: { organization } });
  return { createProject: why('createProject'), readMembers: why('readMembers') };
}

