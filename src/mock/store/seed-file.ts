/**
 * The shape of ./seed.json, the seed's literal data, and the checks of what JSON cannot type: the
 * records name each other by the names of its `ids`, and a few fields take one of a few values.
 */
import { isAccessLevel, type AccessLevel } from '../../contract/access-control.ts';
import { scopes, type Scope } from '../../contract/scopes.ts';
import type { ActivityChange, MemberLevel, RestrictionLevel, UserRecord, OrganizationRecord } from './records.ts';
import seedFile from './seed.json' with { type: 'json' };

/** Records name each other by the names of `ids` (checked as they are looked up). */
type UserName = string;
export type ProjectName = keyof typeof seedFile.ids.projects;
type DashboardName = string;
type OrganizationName = string;

export interface TileSpec {
  insight?: string;
  description?: string;
  text?: string;
}

export interface DashboardSpec {
  name: string | null;
  description?: string;
  pinned?: boolean;
  /** Null: a dashboard whose creator is unknown (`created_by` null). */
  creator: UserName | null;
  tags?: string[];
  restriction?: number;
  collaborators?: UserName[];
  shared?: boolean;
  deleted?: boolean;
  template?: string;
  /** The name of an earlier dashboard this one duplicates. */
  duplicateOf?: DashboardName;
  tiles?: TileSpec[];
  filters?: Record<string, unknown>;
  /** Access rules (API.md §5.7): the rule for everyone, and members' own rules by name. */
  access?: { everyone?: string; members?: Record<UserName, string> };
}

interface PersonSpec {
  ref: UserName;
  uuid: string;
  first: string;
  last: string;
  email: string;
  /** The member level; absent for someone who `left`. */
  level?: number;
  joined: string;
  /** When they left the organization: no membership, and the user is inactive (API.md §9). */
  left?: string;
  role: string | null;
  organization: OrganizationName;
  /** The membership's id; absent for someone who `left`. */
  memberId?: string;
  hedgehog?: Record<string, unknown>;
  /** User fields that differ from `userDefaults`. */
  user?: Partial<UserRecord>;
}

interface ProjectSpec {
  organization: OrganizationName;
  name: string;
  created_at: string;
  creator: UserName;
  primaryDashboard?: DashboardName;
  settings: Record<string, unknown>;
}

export interface DashboardBatch {
  /** When the first was created; the next ones come about `everyMinutes` apart. */
  start: string;
  everyMinutes: number;
  list: DashboardSpec[];
}

interface ActivitySpec {
  project: string;
  user: UserName;
  activity: string;
  scope: string;
  /** The entry is about the project itself, or about this dashboard. */
  project_item?: boolean;
  dashboard?: DashboardName;
  name: string | null;
  created_at: string;
  changes: Array<Omit<ActivityChange, 'action'> & { action: string }> | null;
}

export interface SeedFile {
  ids: typeof seedFile.ids;
  keys: Array<{ key: string; label: string; user: UserName; scopes: string[] }>;
  organizations: Array<{ ref: OrganizationName; name: string; slug: string; created_at: string; updated_at?: string }>;
  organizationDefaults: Omit<OrganizationRecord, 'id' | 'name' | 'slug' | 'created_at' | 'updated_at'>;
  people: PersonSpec[];
  userDefaults: Omit<UserRecord, 'id' | 'uuid' | 'distinct_id' | 'first_name' | 'last_name' | 'email' | 'hedgehog_config' | 'role_at_organization' | 'date_joined' | 'last_login' | 'current_organization_id' | 'current_project_id'>;
  otherMembers: Array<{ id: string; organization: OrganizationName; user: UserName; level: number; joined_at: string }>;
  keysCreatedAt: string;
  projects: Record<ProjectName, ProjectSpec>;
  dashboards: Record<ProjectName, DashboardBatch>;
  /** The many dashboards of the first project, named `<area> <kind>`. */
  generated: Omit<DashboardBatch, 'list'> & {
    count: number;
    areas: string[];
    kinds: string[];
    insightNames: string[];
    descriptions: string[];
    tags: string[];
    notes: string[];
    dateFrom: string[];
  };
  insightQueries: { events: string[]; maths: string[] };
  /** A few later edits, so the activity log reads like a team's. */
  laterActivity: ActivitySpec[];
  /** The dashboards of API.md v4 §9, made after every other one. */
  accessAdditions: DashboardBatch & { project: ProjectName };
  /** The second organization's dashboard of API.md v5 §9, made after those. */
  labsAdditions: DashboardBatch & { project: ProjectName };
}

/** The JSON as the builder reads it: the few enumerations are checked where they are used. */
export const seed: SeedFile = seedFile as SeedFile;

export function memberLevel(level: number): MemberLevel {
  if (level !== 1 && level !== 8 && level !== 15) throw new Error(`seed.json: ${level} is not a member level.`);
  return level;
}

export function restrictionLevel(level: number | undefined): RestrictionLevel {
  if (level === undefined || level === 21 || level === 37) return level ?? 21;
  throw new Error(`seed.json: ${level} is not a restriction level.`);
}

/** An access level of a rule (API.md §5.7). */
export function accessLevel(level: string): AccessLevel {
  if (isAccessLevel(level)) return level;
  throw new Error(`seed.json: ${level} is not an access level.`);
}

export function templateName(name: string): 'DEFAULT_APP' | 'WEBSITE_TRAFFIC' {
  if (name === 'DEFAULT_APP' || name === 'WEBSITE_TRAFFIC') return name;
  throw new Error(`seed.json: no template ${name}.`);
}

export function activityScope(scope: string): 'Team' | 'Project' | 'Dashboard' {
  if (scope === 'Team' || scope === 'Project' || scope === 'Dashboard') return scope;
  throw new Error(`seed.json: no activity scope ${scope}.`);
}

export function activityChanges(changes: ActivitySpec['changes']): ActivityChange[] | null {
  if (changes === null) return null;
  return changes.map((change) => {
    const { action } = change;
    if (action !== 'created' && action !== 'changed' && action !== 'deleted') throw new Error(`seed.json: no change action ${action}.`);
    return { ...structuredClone(change), action };
  });
}

/** A demo key's scope: `*` or one of the contract's. */
export function keyScope(scope: string): Scope | '*' {
  if (scope === '*' || (scopes as ReadonlyArray<string>).includes(scope)) return scope as Scope | '*';
  throw new Error(`seed.json: no scope ${scope}.`);
}

// ---------- names to ids ----------

function lookup<T>(table: Readonly<Record<string, T>>, name: string, what: string): T {
  if (!Object.hasOwn(table, name)) throw new Error(`seed.json: no ${what} named "${name}".`);
  return table[name]!;
}
export const userId = (name: UserName): number => lookup(seed.ids.users, name, 'user');
export const dashboardId = (name: DashboardName): number => lookup(seed.ids.dashboards, name, 'dashboard');
export const projectId = (name: string): number => lookup(seed.ids.projects, name, 'project');
export const organizationIds: Readonly<Record<string, string>> = {
  organization: seed.ids.organization,
  outsideOrganization: seed.ids.outsideOrganization,
  secondOrganization: seed.ids.secondOrganization,
};
export const organizationId = (name: OrganizationName): string => lookup(organizationIds, name, 'organization');
export const person = (name: UserName): PersonSpec => seed.people.find((p) => p.ref === name)!;

/** The membership id of a person of the seed (someone who left has none). */
export function memberIdOf(name: UserName): string {
  const id = person(name)?.memberId;
  if (id === undefined) throw new Error(`seed.json: "${name}" is no member.`);
  return id;
}
