/**
 * The mock's store: typed collections with their indexes, id sequences, and change notification.
 * Every mutation is synchronous, so a request reads and writes without another one in between.
 */
import { isAccessLevel } from '../../contract/access-control.ts';
import type {
  AccessControlRecord,
  ActivityRecord,
  ApiKeyRecord,
  CollaboratorRecord,
  DashboardRecord,
  InsightRecord,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  Sequences,
  ShareSessionRecord,
  SharingRecord,
  StoreData,
  TileRecord,
  UserRecord,
} from './records.ts';

const collectionNames = [
  'organizations',
  'users',
  'members',
  'apiKeys',
  'projects',
  'dashboards',
  'collaborators',
  'activity',
] as const;

/** Throws a readable error when `data` is not a store (e.g. a damaged or foreign data file). */
export function assertStoreData(data: unknown): asserts data is StoreData {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('Mock store data must be a JSON object.');
  const record = data as Record<string, unknown>;
  if (record.format !== 'analytics-console-mock' || record.version !== 1) {
    throw new Error('Mock store data has an unknown format or version (expected analytics-console-mock, version 1).');
  }
  for (const name of collectionNames) {
    if (!Array.isArray(record[name])) throw new Error(`Mock store data lacks the "${name}" list.`);
  }
  if (record.accessControls !== undefined) {
    if (!Array.isArray(record.accessControls)) throw new Error('Mock store data has an "accessControls" that is not a list.');
    for (const [index, rule] of (record.accessControls as unknown[]).entries()) {
      const { dashboard_id: dashboardId, organization_member_id: memberId, access_level: level } = (rule ?? {}) as Record<string, unknown>;
      if (typeof dashboardId !== 'number' || (memberId !== null && typeof memberId !== 'string') || !isAccessLevel(level)) {
        throw new Error(`Mock store data: access rule ${index} needs a dashboard_id, an organization_member_id (or null) and an access_level of none, viewer, editor or manager.`);
      }
    }
  }
  const sequences = record.sequences as Record<string, unknown> | undefined;
  if (!sequences || typeof sequences !== 'object') throw new Error('Mock store data lacks its id sequences.');
  for (const kind of ['user', 'project', 'dashboard', 'tile', 'insight']) {
    if (typeof sequences[kind] !== 'number') throw new Error(`Mock store data lacks the "${kind}" id sequence.`);
  }
}

/** The dashboard list's order: pinned first, then name case-insensitive ascending (nulls last), then id. */
export function compareDashboards(a: DashboardRecord, b: DashboardRecord): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.name !== b.name) {
    if (a.name === null) return 1;
    if (b.name === null) return -1;
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.id - b.id;
}

/** The first index at which `item` sorts (binary search over a sorted array). */
function lowerBound(list: ReadonlyArray<DashboardRecord>, item: DashboardRecord): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareDashboards(list[mid]!, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type DashboardPatch = Partial<Omit<DashboardRecord, 'id' | 'project_id' | 'created_at' | 'created_by'>>;
type ProjectPatch = Partial<Omit<ProjectRecord, 'id' | 'organization_id' | 'uuid' | 'created_at'>>;

const emptyList: ReadonlyArray<never> = Object.freeze([]);

export class Store {
  private listeners = new Set<() => void>();
  private depth = 0;
  private dirty = false;

  private sequences!: Sequences;
  private organizationsById!: Map<string, OrganizationRecord>;
  private usersById!: Map<number, UserRecord>;
  private usersByUuid!: Map<string, UserRecord>;
  private membersById!: Map<string, MemberRecord>;
  /** Key `${organization_id}|${user_id}`. */
  private membership!: Map<string, MemberRecord>;
  private keysByValue!: Map<string, ApiKeyRecord>;
  private projectsById!: Map<number, ProjectRecord>;
  private dashboardsById!: Map<number, DashboardRecord>;
  /** Per project, its non-deleted dashboards in list order. */
  private orderedByProject!: Map<number, DashboardRecord[]>;
  /** Every token a dashboard's sharing holds (current and retired); liveness is the rules' call. */
  private dashboardsBySharingToken!: Map<string, DashboardRecord>;
  private insightsById!: Map<number, InsightRecord>;
  /** Public-page sessions of password-protected dashboards (not kept in files). */
  private shareSessions = new Map<string, ShareSessionRecord>();
  /** Per dashboard, oldest first. */
  private collaboratorsByDashboard!: Map<number, CollaboratorRecord[]>;
  /** Per dashboard, its access rules oldest first (only dashboards that have some). */
  private rulesByDashboard!: Map<number, AccessControlRecord[]>;
  /** Per project, oldest first. */
  private activityByProject!: Map<number, ActivityRecord[]>;
  /** Hear of each dashboard changed in place: what is derived from one (the HTTP list cache) is dropped. */
  private dashboardListeners = new Set<(id: number | null) => void>();

  constructor(data: StoreData) {
    this.load(data);
  }

  // ---------- whole store ----------

  /** A JSON-safe deep copy of everything. */
  snapshot(): StoreData {
    return structuredClone(this.data());
  }

  /** Everything as JSON text: the snapshot without the copy (the text is taken synchronously). */
  serialize(): string {
    return JSON.stringify(this.data());
  }

  /** The live records as StoreData (never handed out: callers copy or serialize it at once). */
  private data(): StoreData {
    const activity: ActivityRecord[] = [];
    for (const list of this.activityByProject.values()) activity.push(...list);
    const collaborators: CollaboratorRecord[] = [];
    for (const list of this.collaboratorsByDashboard.values()) collaborators.push(...list);
    const accessControls: AccessControlRecord[] = [];
    for (const list of this.rulesByDashboard.values()) accessControls.push(...list);
    return {
      format: 'analytics-console-mock',
      version: 1,
      sequences: this.sequences,
      organizations: [...this.organizationsById.values()],
      users: [...this.usersById.values()],
      members: [...this.membersById.values()],
      apiKeys: [...this.keysByValue.values()],
      projects: [...this.projectsById.values()],
      dashboards: [...this.dashboardsById.values()],
      insights: [...this.insightsById.values()],
      collaborators,
      accessControls,
      activity,
    } satisfies StoreData;
  }

  /** Swaps the whole store (reset, load) and notifies subscribers. */
  replace(data: StoreData): void {
    this.load(data);
    this.changed();
  }

  /** `listener` runs after every committed change; the returned function unsubscribes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * `listener` hears the id of every dashboard changed in place, at once (null: the whole store was
   * replaced), for what other modules derive from a dashboard; the returned function unsubscribes.
   */
  onDashboardChange(listener: (id: number | null) => void): () => void {
    this.dashboardListeners.add(listener);
    return () => {
      this.dashboardListeners.delete(listener);
    };
  }

  private dashboardChanged(id: number | null): void {
    for (const listener of this.dashboardListeners) listener(id);
  }

  /** Runs `change` as one commit: subscribers hear of it once, after it. */
  mutate<T>(change: () => T): T {
    this.depth += 1;
    try {
      return change();
    } finally {
      this.depth -= 1;
      if (this.depth === 0 && this.dirty) this.notify();
    }
  }

  private changed(): void {
    if (this.depth > 0) this.dirty = true;
    else this.notify();
  }

  private notify(): void {
    this.dirty = false;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('A mock store subscriber failed:', error);
      }
    }
  }

  private load(input: StoreData): void {
    assertStoreData(input);
    const data = structuredClone(input);
    this.sequences = { ...data.sequences };
    this.organizationsById = new Map(data.organizations.map((o) => [o.id, o]));
    this.usersById = new Map(data.users.map((u) => [u.id, u]));
    this.usersByUuid = new Map(data.users.map((u) => [u.uuid.toLowerCase(), u]));
    this.membersById = new Map(data.members.map((m) => [m.id, m]));
    this.membership = new Map(data.members.map((m) => [`${m.organization_id}|${m.user_id}`, m]));
    this.keysByValue = new Map(data.apiKeys.map((k) => [k.value, k]));
    this.projectsById = new Map([...data.projects].sort((a, b) => a.id - b.id).map((p) => [p.id, p]));
    this.dashboardsById = new Map([...data.dashboards].sort((a, b) => a.id - b.id).map((d) => [d.id, d]));
    this.orderedByProject = new Map();
    this.dashboardsBySharingToken = new Map();
    this.insightsById = new Map((data.insights ?? []).map((i) => [i.id, i]));
    this.shareSessions = new Map();
    for (const dashboard of this.dashboardsById.values()) {
      this.indexSharing(dashboard, dashboard.sharing);
      if (dashboard.deleted) continue;
      let list = this.orderedByProject.get(dashboard.project_id);
      if (!list) this.orderedByProject.set(dashboard.project_id, (list = []));
      list.push(dashboard);
    }
    for (const list of this.orderedByProject.values()) list.sort(compareDashboards);
    this.collaboratorsByDashboard = new Map();
    for (const collaborator of data.collaborators) {
      const list = this.collaboratorsByDashboard.get(collaborator.dashboard_id);
      if (list) list.push(collaborator);
      else this.collaboratorsByDashboard.set(collaborator.dashboard_id, [collaborator]);
    }
    this.rulesByDashboard = new Map();
    for (const rule of data.accessControls ?? []) {
      const list = this.rulesByDashboard.get(rule.dashboard_id);
      if (list) list.push(rule);
      else this.rulesByDashboard.set(rule.dashboard_id, [rule]);
    }
    this.activityByProject = new Map();
    for (const entry of data.activity) {
      const list = this.activityByProject.get(entry.project_id);
      if (list) list.push(entry);
      else this.activityByProject.set(entry.project_id, [entry]);
    }
    this.dashboardChanged(null);
    // A hand-edited file may hold ids past its sequences: never hand out an id twice.
    const max = (ids: Iterable<number>) => Math.max(0, ...ids);
    this.sequences.user = Math.max(this.sequences.user, max(this.usersById.keys()));
    this.sequences.project = Math.max(this.sequences.project, max(this.projectsById.keys()));
    this.sequences.dashboard = Math.max(this.sequences.dashboard, max(this.dashboardsById.keys()));
    const tiles = [...this.dashboardsById.values()].flatMap((d) => d.tiles);
    this.sequences.tile = Math.max(this.sequences.tile, max(tiles.map((t) => t.id)));
    this.sequences.insight = Math.max(this.sequences.insight, max(this.insightsById.keys()));
    this.sequences.text = Math.max(this.sequences.text ?? 0, max(tiles.map((t) => t.text?.id ?? 0)));
    const passwords = [...this.dashboardsById.values()].flatMap((d) => d.sharing?.share_passwords ?? []);
    this.sequences.share_password = Math.max(this.sequences.share_password ?? 0, max(passwords.map((p) => p.id)));
  }

  /** The next id of a kind (used once). */
  nextId(kind: keyof Sequences): number {
    const next = (this.sequences[kind] ?? 0) + 1;
    this.sequences[kind] = next;
    this.changed();
    return next;
  }

  // ---------- organizations, users, members, keys ----------

  organization(id: string): OrganizationRecord | undefined {
    return this.organizationsById.get(id);
  }

  user(id: number): UserRecord | undefined {
    return this.usersById.get(id);
  }

  userByUuid(uuid: string): UserRecord | undefined {
    return this.usersByUuid.get(uuid.toLowerCase());
  }

  membershipOf(organizationId: string, userId: number): MemberRecord | undefined {
    return this.membership.get(`${organizationId}|${userId}`);
  }

  /**
   * The organization's members by `joined_at`, then id (oldest first). Members whose user is
   * inactive are left out unless `includeInactive` (production's member queries filter them out).
   */
  membersOf(organizationId: string, includeInactive = false): MemberRecord[] {
    return [...this.membersById.values()]
      .filter((m) => m.organization_id === organizationId && (includeInactive || this.usersById.get(m.user_id)?.is_active !== false))
      .sort((a, b) => (a.joined_at < b.joined_at ? -1 : a.joined_at > b.joined_at ? 1 : a.id < b.id ? -1 : 1));
  }

  /** A membership by its own id (the `organization_member` of an access rule). */
  member(id: string): MemberRecord | undefined {
    return this.membersById.get(id);
  }

  /** Organizations the user belongs to. */
  organizationsOf(userId: number): OrganizationRecord[] {
    const result: OrganizationRecord[] = [];
    for (const member of this.membersById.values()) {
      if (member.user_id !== userId) continue;
      const organization = this.organizationsById.get(member.organization_id);
      if (organization) result.push(organization);
    }
    return result;
  }

  keyByValue(value: string): ApiKeyRecord | undefined {
    return this.keysByValue.get(value);
  }

  updateUser(user: UserRecord, patch: Partial<Pick<UserRecord, 'current_organization_id' | 'current_project_id'>>): void {
    Object.assign(user, patch);
    this.changed();
  }

  // ---------- projects ----------

  project(id: number): ProjectRecord | undefined {
    return this.projectsById.get(id);
  }

  /** The organization's projects by id. */
  projectsOf(organizationId: string): ProjectRecord[] {
    const result: ProjectRecord[] = [];
    for (const project of this.projectsById.values()) if (project.organization_id === organizationId) result.push(project);
    return result.sort((a, b) => a.id - b.id);
  }

  insertProject(project: ProjectRecord): void {
    this.projectsById.set(project.id, project);
    this.changed();
  }

  updateProject(project: ProjectRecord, patch: ProjectPatch): void {
    Object.assign(project, patch);
    this.changed();
  }

  /** Removes the project with its dashboards, their collaborators and its activity. */
  deleteProject(id: number): void {
    const project = this.projectsById.get(id);
    if (!project) return;
    for (const dashboard of [...this.dashboardsById.values()]) {
      if (dashboard.project_id !== id) continue;
      this.dashboardsById.delete(dashboard.id);
      this.unindexSharing(dashboard.sharing);
      this.collaboratorsByDashboard.delete(dashboard.id);
      this.rulesByDashboard.delete(dashboard.id);
      this.dashboardChanged(dashboard.id);
    }
    for (const insight of [...this.insightsById.values()]) if (insight.project_id === id) this.insightsById.delete(insight.id);
    this.orderedByProject.delete(id);
    this.activityByProject.delete(id);
    this.projectsById.delete(id);
    for (const user of this.usersById.values()) {
      if (user.current_project_id === id) {
        const organizationId = user.current_organization_id ?? project.organization_id;
        user.current_project_id = this.projectsOf(organizationId)[0]?.id ?? null;
      }
    }
    this.changed();
  }

  // ---------- dashboards ----------

  dashboard(id: number): DashboardRecord | undefined {
    return this.dashboardsById.get(id);
  }

  /** The project's non-deleted dashboards in list order. Read-only: never mutate the array. */
  orderedDashboards(projectId: number): ReadonlyArray<DashboardRecord> {
    return this.orderedByProject.get(projectId) ?? emptyList;
  }

  dashboardBySharingToken(token: string): DashboardRecord | undefined {
    return this.dashboardsBySharingToken.get(token);
  }

  insertDashboard(dashboard: DashboardRecord): void {
    this.dashboardsById.set(dashboard.id, dashboard);
    this.indexSharing(dashboard, dashboard.sharing);
    if (!dashboard.deleted) this.index(dashboard);
    this.changed();
  }

  /** Applies a patch, keeping the list order, the sharing-token index and the list cache current. */
  updateDashboard(dashboard: DashboardRecord, patch: DashboardPatch): void {
    const reorders =
      ('pinned' in patch && patch.pinned !== dashboard.pinned) ||
      ('name' in patch && patch.name !== dashboard.name) ||
      ('deleted' in patch && patch.deleted !== dashboard.deleted);
    if (reorders && !dashboard.deleted) this.unindex(dashboard);
    if ('sharing' in patch) {
      this.unindexSharing(dashboard.sharing);
      this.indexSharing(dashboard, patch.sharing ?? null);
    }
    Object.assign(dashboard, patch);
    if (reorders && !dashboard.deleted) this.index(dashboard);
    this.dashboardChanged(dashboard.id);
    this.changed();
  }

  /** Stamps `last_accessed_at` (every GET of the single dashboard). */
  touchDashboard(dashboard: DashboardRecord, at: string): void {
    dashboard.last_accessed_at = at;
    this.dashboardChanged(dashboard.id);
    this.changed();
  }

  private indexSharing(dashboard: DashboardRecord, sharing: SharingRecord | null): void {
    if (!sharing) return;
    this.dashboardsBySharingToken.set(sharing.access_token, dashboard);
    for (const retired of sharing.retired_tokens) this.dashboardsBySharingToken.set(retired.access_token, dashboard);
  }

  private unindexSharing(sharing: SharingRecord | null): void {
    if (!sharing) return;
    this.dashboardsBySharingToken.delete(sharing.access_token);
    for (const retired of sharing.retired_tokens) this.dashboardsBySharingToken.delete(retired.access_token);
  }

  // ---------- insights ----------

  insight(id: number): InsightRecord | undefined {
    return this.insightsById.get(id);
  }

  insertInsight(insight: InsightRecord): void {
    this.insightsById.set(insight.id, insight);
    this.changed();
  }

  /** The tiles that show the insight, with their dashboards, by dashboard id. */
  tilesShowing(insight: InsightRecord): Array<{ dashboard: DashboardRecord; tile: TileRecord }> {
    const result: Array<{ dashboard: DashboardRecord; tile: TileRecord }> = [];
    for (const dashboard of this.dashboardsById.values()) {
      if (dashboard.project_id !== insight.project_id) continue;
      for (const tile of dashboard.tiles) if (tile.insight_id === insight.id) result.push({ dashboard, tile });
    }
    return result;
  }

  // ---------- public-page sessions ----------

  shareSession(token: string): ShareSessionRecord | undefined {
    return this.shareSessions.get(token);
  }

  addShareSession(token: string, session: ShareSessionRecord): void {
    this.shareSessions.set(token, session);
  }

  private index(dashboard: DashboardRecord): void {
    let list = this.orderedByProject.get(dashboard.project_id);
    if (!list) this.orderedByProject.set(dashboard.project_id, (list = []));
    list.splice(lowerBound(list, dashboard), 0, dashboard);
  }

  private unindex(dashboard: DashboardRecord): void {
    const list = this.orderedByProject.get(dashboard.project_id);
    if (!list) return;
    const at = lowerBound(list, dashboard);
    if (list[at] === dashboard) list.splice(at, 1);
    else {
      // Only reachable if a record was changed behind the store's back: fall back to a scan.
      const found = list.indexOf(dashboard);
      if (found >= 0) list.splice(found, 1);
    }
  }

  // ---------- collaborators ----------

  /** The dashboard's collaborators, oldest first. Read-only. */
  collaboratorsOf(dashboardId: number): ReadonlyArray<CollaboratorRecord> {
    return this.collaboratorsByDashboard.get(dashboardId) ?? emptyList;
  }

  isCollaborator(dashboardId: number, userId: number): boolean {
    const list = this.collaboratorsByDashboard.get(dashboardId);
    if (!list) return false;
    for (const collaborator of list) if (collaborator.user_id === userId) return true;
    return false;
  }

  addCollaborator(collaborator: CollaboratorRecord): void {
    const list = this.collaboratorsByDashboard.get(collaborator.dashboard_id);
    if (list) list.push(collaborator);
    else this.collaboratorsByDashboard.set(collaborator.dashboard_id, [collaborator]);
    this.changed();
  }

  removeCollaborator(collaborator: CollaboratorRecord): void {
    const list = this.collaboratorsByDashboard.get(collaborator.dashboard_id);
    const at = list?.indexOf(collaborator) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
    this.changed();
  }

  // ---------- access rules (API.md §5.7) ----------

  /** The dashboard's access rules, oldest first. Read-only. */
  accessControlsOf(dashboardId: number): ReadonlyArray<AccessControlRecord> {
    return this.rulesByDashboard.get(dashboardId) ?? emptyList;
  }

  /** The ids of the dashboards that have rules, each with them (for the lists' `none` filter). */
  dashboardsWithRules(): ReadonlyMap<number, ReadonlyArray<AccessControlRecord>> {
    return this.rulesByDashboard;
  }

  addAccessControl(rule: AccessControlRecord): void {
    const list = this.rulesByDashboard.get(rule.dashboard_id);
    if (list) list.push(rule);
    else this.rulesByDashboard.set(rule.dashboard_id, [rule]);
    this.dashboardChanged(rule.dashboard_id);
    this.changed();
  }

  updateAccessControl(rule: AccessControlRecord, patch: Pick<AccessControlRecord, 'access_level' | 'updated_at'>): void {
    Object.assign(rule, patch);
    this.dashboardChanged(rule.dashboard_id);
    this.changed();
  }

  removeAccessControl(rule: AccessControlRecord): void {
    const list = this.rulesByDashboard.get(rule.dashboard_id);
    const at = list?.indexOf(rule) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
    if (list?.length === 0) this.rulesByDashboard.delete(rule.dashboard_id);
    this.dashboardChanged(rule.dashboard_id);
    this.changed();
  }

  // ---------- activity ----------

  addActivity(entry: ActivityRecord): void {
    const list = this.activityByProject.get(entry.project_id);
    if (list) list.push(entry);
    else this.activityByProject.set(entry.project_id, [entry]);
    this.changed();
  }

  /** The project's activity, oldest first. Read-only. */
  activityOf(projectId: number): ReadonlyArray<ActivityRecord> {
    return this.activityByProject.get(projectId) ?? emptyList;
  }
}
