/**
 * The deterministic demo data: the same call gives the same store (fixed UUIDs, tokens and dates,
 * drawn from a seeded generator). What the seed holds is ./seed.json (its shape: ./seed-file.ts);
 * this file builds the store from it. Records created at runtime use real time and crypto randomness.
 */
import type {
  AccessControlRecord,
  ActivityChange,
  ActivityRecord,
  ApiKeyRecord,
  CollaboratorRecord,
  DashboardRecord,
  InsightRecord,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  StoreData,
  TileRecord,
  UserRecord,
} from './records.ts';
import { newProjectRecord } from '../rules/projects.ts';
import { sharingToken, uuid, type ByteSource } from '../rules/random.ts';
import { templateTileSpecs, trendsQuery } from '../rules/dashboards/templates.ts';
import { newInsight, newText, newTile, type TileFactory } from '../rules/dashboards/tiles.ts';

import {
  accessLevel,
  activityChanges,
  activityScope,
  dashboardId,
  keyScope,
  memberIdOf,
  memberLevel,
  organizationId,
  person,
  projectId,
  restrictionLevel,
  seed,
  templateName,
  userId,
  type DashboardBatch,
  type DashboardSpec,
  type ProjectName,
  type SeedFile,
  type TileSpec,
} from './seed-file.ts';

// ---------- what others read ----------

export interface DemoKey {
  key: string;
  label: string;
  /** The key owner's email. */
  userEmail: string;
  scopes: string[];
}

/** Named records of the seed, for tests and documentation. */
export const seedIds: SeedFile['ids'] = seed.ids;

const { projects: P } = seedIds;

export const demoKeys: ReadonlyArray<DemoKey> = Object.freeze(
  seed.keys.map((key) => ({ key: key.key, label: key.label, userEmail: person(key.user).email, scopes: key.scopes.map(keyScope) })),
);

// ---------- randomness and time ----------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class SeedRandom {
  private readonly next: () => number;
  readonly bytes: ByteSource;

  constructor(seed: number) {
    this.next = mulberry32(seed);
    this.bytes = (n) => Uint8Array.from({ length: n }, () => Math.floor(this.next() * 256));
  }

  float(): number {
    return this.next();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: ReadonlyArray<T>, count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }
}

const at = (iso: string, plusMinutes = 0) => new Date(Date.parse(iso) + plusMinutes * 60_000).toISOString();

/** The members of Hedgebox Inc. (someone who left is no longer one). */
const hedgeboxPeople = seed.people.filter((p) => p.organization === 'organization' && p.left === undefined);

/** The `<area> <kind>` dashboards, drawn from the seed's generator. */
function generatedDashboards(random: SeedRandom): DashboardSpec[] {
  const g = seed.generated;
  const names = random.sample(
    g.areas.flatMap((area) => g.kinds.map((kind) => `${area} ${kind}`)),
    g.count,
  );
  const creators = hedgeboxPeople.map((p) => p.ref);
  return names.map((name, i) => {
    const creator = random.pick(creators);
    const restricted = random.chance(0.08);
    const eligible = hedgeboxPeople.filter((p) => p.ref !== creator && (p.level ?? 0) < 8).map((p) => p.ref);
    const roll = random.float();
    const spec: DashboardSpec = {
      // A few unnamed and lower-case names, as people leave them.
      name: i % 97 === 40 ? null : i % 61 === 7 ? name.toLowerCase() : name,
      description: random.chance(0.5) ? random.pick(g.descriptions) : '',
      pinned: random.chance(0.04),
      creator,
      tags: random.sample(g.tags, random.pick([0, 0, 1, 1, 2, 3])),
      restriction: restricted ? 37 : 21,
      collaborators: restricted ? random.sample(eligible, random.int(0, 2)) : [],
      shared: random.chance(0.07),
      filters: random.chance(0.6) ? { date_from: random.pick(g.dateFrom) } : {},
    };
    if (roll < 0.12) spec.template = random.pick(['DEFAULT_APP', 'WEBSITE_TRAFFIC']);
    else if (roll < 0.17) spec.duplicateOf = random.pick(['productOverview', 'websiteTraffic', 'boardMetrics', 'pricingExperiment', 'tomasNotes', 'activationFunnel'] as const);
    else {
      spec.tiles = random.sample(g.insightNames, random.int(0, 5)).map((insight) => ({ insight }));
      if (random.chance(0.3)) spec.tiles.push({ text: random.pick(g.notes) });
    }
    return spec;
  });
}

// ---------- building ----------

class SeedBuilder {
  readonly random = new SeedRandom(20240108);
  readonly sequences = { user: 0, project: 0, dashboard: 0, tile: 0, insight: 0, text: 0, share_password: 0 };
  readonly dashboards: DashboardRecord[] = [];
  readonly insights: InsightRecord[] = [];
  readonly collaborators: CollaboratorRecord[] = [];
  readonly accessControls: AccessControlRecord[] = [];
  readonly activity: ActivityRecord[] = [];

  nextId(kind: keyof SeedBuilder['sequences']): number {
    this.sequences[kind] += 1;
    return this.sequences[kind];
  }

  log(
    projectId: number,
    userId: number | null,
    activity: string,
    scope: 'Team' | 'Project' | 'Dashboard',
    itemId: number,
    name: string | null,
    createdAt: string,
    changes: ActivityChange[] | null = null,
  ): void {
    this.activity.push({
      id: uuid(this.random.bytes),
      project_id: projectId,
      user_id: userId,
      organization_id: projectId === P.outside ? seedIds.outsideOrganization : projectId === P.labs ? seedIds.secondOrganization : seedIds.organization,
      was_impersonated: false,
      is_system: false,
      activity,
      item_id: String(itemId),
      scope,
      detail: { name, changes, merge: null, trigger: null, short_id: null, type: scope === 'Dashboard' ? 'dashboard' : null, context: null },
      created_at: createdAt,
    });
  }

  /** New tiles, insights and texts with the seed's ids and randomness, made at `now`. */
  factory(now: string): TileFactory {
    return {
      nextId: (kind) => this.nextId(kind),
      addInsight: (insight) => this.insights.push(insight),
      now,
      bytes: this.random.bytes,
    };
  }

  tiles(projectId: number, creator: number | null, specs: ReadonlyArray<TileSpec>, now: string): TileRecord[] {
    const factory = this.factory(now);
    return specs.map((spec, i) => {
      const layouts = { sm: { x: (i % 2) * 6, y: Math.floor(i / 2) * 5, w: 6, h: spec.text !== undefined ? 2 : 5, minW: 3, minH: 2 } };
      const insight = spec.insight
        ? newInsight(factory, projectId, creator, {
            name: spec.insight,
            description: spec.description ?? null,
            query: trendsQuery(this.random.pick(seed.insightQueries.events), this.random.pick(seed.insightQueries.maths)),
            is_sample: false,
          })
        : null;
      const text = spec.text !== undefined ? newText(factory, creator, spec.text) : null;
      return newTile(factory, { insight_id: insight?.id ?? null, text }, layouts, null);
    });
  }

  /** Adds the project's dashboards, created from `start` on, one every `everyMinutes` or so. */
  addDashboards(projectId: number, specs: ReadonlyArray<DashboardSpec>, start: string, everyMinutes: number): void {
    specs.forEach((spec, i) => {
      const creator = spec.creator === null ? null : userId(spec.creator);
      const createdAt = at(start, Math.round(i * everyMinutes + this.random.int(0, 240)));
      const dashboard: DashboardRecord = {
        id: this.nextId('dashboard'),
        project_id: projectId,
        name: spec.name,
        description: spec.description ?? '',
        pinned: spec.pinned ?? false,
        created_at: createdAt,
        created_by: creator,
        last_accessed_at: null,
        deleted: false,
        creation_mode: 'default',
        filters: spec.filters ?? {},
        variables: {},
        breakdown_colors: [],
        data_color_theme_id: null,
        tags: spec.tags ?? [],
        restriction_level: restrictionLevel(spec.restriction),
        last_refresh: null,
        quick_filter_ids: [],
        tiles: [],
        sharing: null,
      };
      if (spec.template) {
        const factory = this.factory(createdAt);
        dashboard.creation_mode = 'template';
        dashboard.filters = { date_from: '-30d' };
        dashboard.tiles = templateTileSpecs(templateName(spec.template)).map((tile) =>
          newTile(factory, { insight_id: newInsight(factory, projectId, creator, tile.insight).id, text: null }, tile.layouts, tile.color),
        );
      } else if (spec.duplicateOf !== undefined) {
        // A plain duplicate: new tiles showing the same insights and texts.
        const sourceId = dashboardId(spec.duplicateOf);
        const source = this.dashboards.find((d) => d.id === sourceId)!;
        dashboard.creation_mode = 'duplicate';
        dashboard.filters = structuredClone(source.filters);
        dashboard.tiles = source.tiles.map((tile) => ({ ...structuredClone(tile), id: this.nextId('tile') }));
      } else {
        dashboard.tiles = this.tiles(projectId, creator, spec.tiles ?? [], createdAt);
      }
      this.dashboards.push(dashboard);
      this.log(projectId, creator, 'created', 'Dashboard', dashboard.id, dashboard.name, createdAt);

      (spec.collaborators ?? []).forEach((collaborator, n) => {
        const addedAt = at(createdAt, 90 + n * 30);
        this.collaborators.push({
          id: uuid(this.random.bytes),
          dashboard_id: dashboard.id,
          user_id: userId(collaborator),
          level: 37,
          added_at: addedAt,
          updated_at: addedAt,
        });
      });
      if (spec.access) this.addRules(projectId, dashboard, creator, spec.access, at(createdAt, 60));
      if (spec.shared) {
        const sharedAt = at(createdAt, 24 * 60);
        dashboard.sharing = {
          created_at: sharedAt,
          enabled: true,
          access_token: sharingToken(this.random.bytes),
          settings: null,
          password_required: false,
          share_passwords: [],
          retired_tokens: [],
        };
        this.log(projectId, creator, 'sharing enabled', 'Dashboard', dashboard.id, dashboard.name, sharedAt, [
          { type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true },
        ]);
      }
      if (spec.pinned) {
        const pinnedAt = at(createdAt, 3 * 60);
        this.log(projectId, creator, 'updated', 'Dashboard', dashboard.id, dashboard.name, pinnedAt, [
          { type: 'Dashboard', action: 'changed', field: 'pinned', before: false, after: true },
        ]);
      }
      if (spec.deleted) {
        const deletedAt = at(createdAt, 30 * 24 * 60);
        dashboard.deleted = true;
        this.log(projectId, creator, 'deleted', 'Dashboard', dashboard.id, dashboard.name, deletedAt, [
          { type: 'Dashboard', action: 'changed', field: 'deleted', before: false, after: true },
        ]);
      }
    });
  }

  /** A dashboard's rules (API.md §5.7), set by `author` at `setAt`, each logged as production logs it. */
  addRules(projectId: number, dashboard: DashboardRecord, author: number | null, access: NonNullable<DashboardSpec['access']>, setAt: string): void {
    const rules: Array<[string | null, string]> = [
      ...(access.everyone === undefined ? [] : [[null, access.everyone] as [null, string]]),
      ...Object.entries(access.members ?? {}).map(([name, level]): [string, string] => [memberIdOf(name), level]),
    ];
    rules.forEach(([memberId, level], n) => {
      const createdAt = at(setAt, n * 5);
      this.accessControls.push({
        id: uuid(this.random.bytes),
        dashboard_id: dashboard.id,
        organization_member_id: memberId,
        access_level: accessLevel(level),
        created_by: author,
        created_at: createdAt,
        updated_at: createdAt,
      });
      this.log(projectId, author, 'access control changed', 'Dashboard', dashboard.id, dashboard.name, createdAt, [
        { type: 'Dashboard', action: 'changed', field: 'access_level', before: null, after: accessLevel(level) },
      ]);
    });
  }

  project(
    id: number,
    organizationId: string,
    name: string,
    createdAt: string,
    creator: number,
    settings: Partial<ProjectRecord>,
  ): ProjectRecord {
    this.nextId('project');
    const project = newProjectRecord(id, organizationId, name, createdAt, this.random.bytes);
    Object.assign(project, settings, { updated_at: settings.updated_at ?? createdAt });
    this.log(id, creator, 'created', 'Team', id, name, createdAt);
    this.log(id, creator, 'created', 'Project', id, name, createdAt);
    return project;
  }
}

/** The demo store: Hedgebox Inc. (8 members, 3 projects, one with 264 dashboards) and one outside organization. */
export function seedData(): StoreData {
  const b = new SeedBuilder();

  // Keys in production's order: the defaults fill in after the dates.
  const { logo_media_id, ...organizationDefaults } = seed.organizationDefaults;
  const organizations: OrganizationRecord[] = seed.organizations.map((o) => ({
    id: organizationId(o.ref),
    name: o.name,
    slug: o.slug,
    logo_media_id,
    created_at: o.created_at,
    updated_at: o.updated_at ?? o.created_at,
    ...structuredClone(organizationDefaults),
  }));

  const { is_email_verified, ...userDefaults } = seed.userDefaults;

  const users: UserRecord[] = seed.people.map((p) => {
    b.nextId('user');
    const main = p.organization === 'organization';
    return {
      id: userId(p.ref),
      uuid: p.uuid,
      distinct_id: `${p.first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}-${p.uuid.slice(0, 8)}`,
      first_name: p.first,
      last_name: p.last,
      email: p.email,
      is_email_verified,
      hedgehog_config: p.hedgehog ?? null,
      role_at_organization: p.role,
      date_joined: p.joined,
      ...structuredClone(userDefaults),
      last_login: at(p.joined, 60 * 24 * 200),
      current_organization_id: organizationId(p.organization),
      current_project_id: main ? P.app : p.organization === 'secondOrganization' ? P.labs : P.outside,
      ...structuredClone(p.user ?? {}),
      // Someone who left: inactive, out of every member list, still the creator of what they made.
      ...(p.left === undefined ? {} : { is_active: false, last_login: p.left }),
    };
  });

  const members: MemberRecord[] = [
    ...seed.people
      .filter((p) => p.left === undefined)
      .map((p) => ({
        id: memberIdOf(p.ref),
        organization_id: organizationId(p.organization),
        user_id: userId(p.ref),
        level: memberLevel(p.level ?? 0),
        joined_at: p.joined,
        updated_at: p.joined,
      })),
    ...seed.otherMembers.map((m) => ({
      id: m.id,
      organization_id: organizationId(m.organization),
      user_id: userId(m.user),
      level: memberLevel(m.level),
      joined_at: m.joined_at,
      updated_at: m.joined_at,
    })),
  ];

  const apiKeys: ApiKeyRecord[] = seed.keys.map((key, i) => ({
    id: uuid(b.random.bytes),
    label: key.label,
    value: key.key,
    user_id: userId(key.user),
    scopes: [...key.scopes],
    created_at: at(seed.keysCreatedAt, i * 5),
    last_used_at: null,
    scoped_teams: [],
    scoped_organizations: [],
    last_rolled_at: null,
  }));

  const project = (name: ProjectName) => {
    const spec = seed.projects[name];
    const settings = structuredClone(spec.settings) as Partial<ProjectRecord>;
    if (spec.primaryDashboard) settings.primary_dashboard = dashboardId(spec.primaryDashboard);
    return b.project(P[name], organizationId(spec.organization), spec.name, spec.created_at, userId(spec.creator), settings);
  };
  const dashboards = (name: ProjectName, batch: Omit<DashboardBatch, 'list'> = seed.dashboards[name], list = seed.dashboards[name].list) =>
    b.addDashboards(P[name], list, batch.start, batch.everyMinutes);

  const projects = [project('app'), project('marketing'), project('mobile'), project('outside')];
  dashboards('app');
  dashboards('app', seed.generated, generatedDashboards(b.random));
  dashboards('marketing');
  dashboards('mobile');
  dashboards('outside');
  // The second organization's project comes later.
  projects.push(project('labs'));
  dashboards('labs');
  // The marketing project's primary dashboard is its first one.
  projects[1]!.primary_dashboard = b.dashboards.find((d) => d.project_id === P.marketing)!.id;

  for (const entry of seed.laterActivity) {
    const project = projectId(entry.project);
    const item = entry.dashboard ? dashboardId(entry.dashboard) : project;
    b.log(project, userId(entry.user), entry.activity, activityScope(entry.scope), item, entry.name, entry.created_at, activityChanges(entry.changes));
  }

  // API.md v4 §9, after everything else so that the ids and draws above stay as they were.
  const additions = seed.accessAdditions;
  b.addDashboards(P[additions.project], additions.list, additions.start, additions.everyMinutes);
  // API.md v5 §9: the second organization's own member's dashboard, last of all for the same reason.
  const labs = seed.labsAdditions;
  b.addDashboards(P[labs.project], labs.list, labs.start, labs.everyMinutes);

  b.activity.sort((a, c) => (a.created_at < c.created_at ? -1 : a.created_at > c.created_at ? 1 : 0));
  return {
    format: 'analytics-console-mock',
    version: 1,
    sequences: b.sequences,
    organizations,
    users,
    members,
    apiKeys,
    projects,
    dashboards: b.dashboards,
    insights: b.insights,
    collaborators: b.collaborators,
    accessControls: b.accessControls,
    activity: b.activity,
  };
}
