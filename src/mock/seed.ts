/**
 * The deterministic demo data: the same call gives the same store (fixed UUIDs, tokens and dates,
 * drawn from a seeded generator). Records created at runtime use real time and crypto randomness.
 */
import type { Scope } from '../contract/scopes.ts';
import type {
  ActivityChange,
  ActivityRecord,
  ApiKeyRecord,
  CollaboratorRecord,
  DashboardRecord,
  InsightRecord,
  MemberLevel,
  MemberRecord,
  OrganizationRecord,
  ProjectRecord,
  RestrictionLevel,
  StoreData,
  TileRecord,
  UserRecord,
} from './records.ts';
import { newProjectRecord } from './rules/projects.ts';
import { sharingToken, uuid, type ByteSource } from './rules/random.ts';
import { templateTileSpecs, trendsQuery } from './rules/templates.ts';
import { newInsight, newText, newTile, type TileFactory } from './rules/tiles.ts';

export interface DemoKey {
  key: string;
  label: string;
  /** The key owner's email. */
  userEmail: string;
  scopes: string[];
}

const readOnlyScopes = [
  'dashboard:read',
  'sharing_configuration:read',
  'project:read',
  'organization:read',
  'organization_member:read',
  'user:read',
  'activity_log:read',
] satisfies Scope[];

export const demoKeys: ReadonlyArray<DemoKey> = Object.freeze([
  { key: 'phx_demo_admin', label: 'Admin (all scopes)', userEmail: 'priya.raman@hedgebox.net', scopes: ['*'] },
  { key: 'phx_demo_member', label: 'Member (all scopes)', userEmail: 'tomas.garcia@hedgebox.net', scopes: ['*'] },
  {
    key: 'phx_demo_readonly',
    label: 'Admin, read-only key',
    userEmail: 'grace.okafor@hedgebox.net',
    scopes: [...readOnlyScopes],
  },
]);

/** Named records of the seed, for tests and documentation. */
export const seedIds = {
  organization: 'e7dcf9b2-917d-4d4f-b347-6227a4b696d6',
  outsideOrganization: 'f4a16251-72c3-4dc1-a7ad-2715765dcff0',
  /** The admin demo key's user (Priya) is also an admin here: a second, smaller organization. */
  secondOrganization: '0b6c1f2e-5d4a-4e3b-9a8c-7d6e5f4a3b2c',
  users: {
    olivia: 1, // owner
    priya: 2, // admin, phx_demo_admin
    tomas: 3, // member, phx_demo_member
    grace: 4, // admin, phx_demo_readonly
    jonas: 5, // member
    mei: 6, // member
    samuel: 7, // member
    lena: 8, // admin
    hugo: 9, // the outside user (another organization)
  },
  projects: { app: 1, marketing: 2, mobile: 3, outside: 4, labs: 5 },
  dashboards: {
    productOverview: 1, // pinned, shared, DEFAULT_APP template, the app's primary dashboard
    websiteTraffic: 2, // pinned, WEBSITE_TRAFFIC template
    boardMetrics: 3, // restricted, by Olivia; Tomás is NOT a collaborator
    pricingExperiment: 4, // restricted, by Priya; Tomás IS a collaborator
    tomasNotes: 5, // restricted, created by Tomás
    activationFunnel: 6, // shared, by Tomás
    untitled: 7, // name null
    untitledDraft: 8, // name null
    ahaMoments: 9, // lower-case name
    cafePartners: 10, // non-ASCII name
    legacyKpis: 11, // soft-deleted
    releaseHealth: 12, // pinned, text tiles only
    supportTrends: 13, // restricted, no collaborators
    storageByPlan: 14, // shared and restricted
    weeklyReview: 15, // pinned
    oldExperiment: 16, // soft-deleted
  },
} as const;

// ---------- deterministic randomness ----------

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

// ---------- people ----------

interface Person {
  id: number;
  uuid: string;
  first: string;
  last: string;
  email: string;
  level: MemberLevel;
  joined: string;
  role: string | null;
  organization: string;
  memberId: string;
  hedgehog?: Record<string, unknown>;
}

const { users: U, projects: P, dashboards: D } = seedIds;

const people: Person[] = [
  { id: U.olivia, uuid: 'e96b829b-35dc-4b94-aa15-a38e8d20ebd7', first: 'Olivia', last: 'Chen', email: 'olivia.chen@hedgebox.net', level: 15, joined: '2023-09-04T08:30:00.000Z', role: 'founder', organization: seedIds.organization, memberId: '2c7ddf41-af4b-45c9-8e6d-0e41f320d852', hedgehog: { use_as_profile: true, color: 'blue', accessories: ['beret'] } },
  { id: U.priya, uuid: '2a12025d-73d9-4079-9d12-f76b76024fee', first: 'Priya', last: 'Raman', email: 'priya.raman@hedgebox.net', level: 8, joined: '2023-09-18T09:05:00.000Z', role: 'engineering', organization: seedIds.organization, memberId: '70ea0df5-6ad7-400f-aed1-8cec070b8557' },
  { id: U.tomas, uuid: '081d8bf6-6661-46a6-9774-d5a32e4daf7f', first: 'Tomás', last: 'García', email: 'tomas.garcia@hedgebox.net', level: 1, joined: '2024-01-08T10:00:00.000Z', role: 'product', organization: seedIds.organization, memberId: 'f1484341-ab6b-42c9-826e-b333c5f3311a' },
  { id: U.grace, uuid: '3a1dd7d3-c543-436a-8806-9418365b196e', first: 'Grace', last: 'Okafor', email: 'grace.okafor@hedgebox.net', level: 8, joined: '2023-11-06T14:20:00.000Z', role: 'data', organization: seedIds.organization, memberId: '3a3d08c8-a422-4010-99d8-6e4f6e5e5cfb' },
  { id: U.jonas, uuid: 'a1beb4fc-feb6-4bf2-abf2-5a4acc44a99d', first: 'Jonas', last: 'Becker', email: 'jonas.becker@hedgebox.net', level: 1, joined: '2024-02-12T09:45:00.000Z', role: 'engineering', organization: seedIds.organization, memberId: 'a998bc38-89b4-4f61-8339-94f729a586f4' },
  { id: U.mei, uuid: '0f375181-4c06-4f42-9304-e47f104b39be', first: 'Mei', last: 'Tanaka', email: 'mei.tanaka@hedgebox.net', level: 1, joined: '2024-03-04T07:55:00.000Z', role: 'marketing', organization: seedIds.organization, memberId: 'b9a09e8a-c19f-4439-9f25-4591fdbb6c05' },
  { id: U.samuel, uuid: 'c0f22e2f-3993-4be6-a90f-03f28eea355f', first: 'Samuel', last: 'Adeyemi', email: 'samuel.adeyemi@hedgebox.net', level: 1, joined: '2024-04-15T11:10:00.000Z', role: 'sales', organization: seedIds.organization, memberId: '5b0e7a52-0c4d-4f6e-9b8a-2d3c1e4f5a60' },
  { id: U.lena, uuid: 'c0307802-a3e2-457b-ace4-872bae35171d', first: 'Lena', last: 'Novak', email: 'lena.novak@hedgebox.net', level: 8, joined: '2023-10-02T13:00:00.000Z', role: 'leadership', organization: seedIds.organization, memberId: '8e4c2a1b-3d5f-4a7b-9c6d-0e1f2a3b4c5d' },
  { id: U.hugo, uuid: '6d2f8e1a-4b3c-4d5e-8f9a-1b2c3d4e5f6a', first: 'Hugo', last: 'Martin', email: 'hugo.martin@northwind.example', level: 15, joined: '2024-05-02T09:00:00.000Z', role: 'founder', organization: seedIds.outsideOrganization, memberId: '9f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' },
];

const hedgeboxPeople = people.filter((p) => p.organization === seedIds.organization);
const isAdminPerson = (p: Person) => p.level >= 8;

// ---------- dashboard content ----------

interface TileSpec {
  insight?: string;
  description?: string;
  text?: string;
}

interface DashboardSpec {
  name: string | null;
  description?: string;
  pinned?: boolean;
  creator: number;
  tags?: string[];
  restriction?: RestrictionLevel;
  collaborators?: number[];
  shared?: boolean;
  deleted?: boolean;
  template?: 'DEFAULT_APP' | 'WEBSITE_TRAFFIC';
  /** Id of an earlier dashboard this one duplicates. */
  duplicateOf?: number;
  tiles?: TileSpec[];
  filters?: Record<string, unknown>;
}

const appDashboards: DashboardSpec[] = [
  { name: 'Product overview', description: 'How Hedgebox is doing, at a glance.', pinned: true, creator: U.olivia, tags: ['product', 'exec'], shared: true, template: 'DEFAULT_APP' },
  { name: 'Website traffic', description: 'Visitors of hedgebox.net and the app.', pinned: true, creator: U.mei, tags: ['marketing'], template: 'WEBSITE_TRAFFIC' },
  {
    name: 'Board metrics',
    description: 'Numbers we report to the board every quarter.',
    creator: U.olivia,
    tags: ['exec', 'finance'],
    restriction: 37,
    collaborators: [U.jonas],
    tiles: [
      { insight: 'Monthly recurring revenue', description: 'MRR at the end of each month.' },
      { insight: 'Net revenue retention', description: 'Revenue kept from last year’s customers.' },
      { insight: 'Paying customers', description: 'Accounts on a paid plan.' },
      { text: 'Shared with the board each quarter. Please do not forward.' },
    ],
  },
  {
    name: 'Q3 pricing experiment',
    description: 'Does the new Team plan price change conversion?',
    creator: U.priya,
    tags: ['experiments', 'pricing'],
    restriction: 37,
    collaborators: [U.tomas, U.mei],
    tiles: [
      { insight: 'Trial to paid conversion, by variant' },
      { insight: 'Plan chosen at checkout' },
      { insight: 'Revenue per visitor, by variant' },
      { text: 'Experiment runs until the end of September. Owner: Priya.' },
    ],
  },
  {
    name: 'Tomás’s onboarding notes',
    description: 'Scratchpad for the onboarding revamp.',
    creator: U.tomas,
    tags: ['product'],
    restriction: 37,
    tiles: [{ text: 'Ideas: shorter sign-up, a sample folder, an invite prompt on day 2.' }, { insight: 'Onboarding checklist completion' }],
  },
  {
    name: 'Activation funnel',
    description: 'From sign-up to the first shared file.',
    creator: U.tomas,
    tags: ['growth', 'product'],
    shared: true,
    tiles: [
      { insight: 'Sign-up to first upload', description: 'Funnel over 14 days.' },
      { insight: 'Time to first share' },
      { text: 'A user is activated once they share a file with someone else.' },
    ],
  },
  { name: null, creator: U.jonas, tiles: [] },
  { name: null, description: 'Draft from the sales offsite.', creator: U.samuel, tiles: [{ text: 'Which accounts expand first?' }] },
  { name: 'aha moments', description: 'What our most retained users did in week one.', creator: U.mei, tags: ['growth'], tiles: [{ insight: 'Retention by first-week action' }] },
  { name: 'Café partners (France)', description: 'Hedgebox in cafés: sign-ups from the partner Wi-Fi.', creator: U.samuel, tags: ['sales', 'emea'], tiles: [{ insight: 'Sign-ups from partner portals' }] },
  { name: 'Legacy KPIs (2023)', description: 'Replaced by Product overview.', creator: U.lena, tags: ['exec'], deleted: true, tiles: [{ insight: 'Weekly active users (old definition)' }] },
  {
    name: 'Release health',
    description: 'Checklist and links for each release.',
    pinned: true,
    creator: U.jonas,
    tags: ['engineering'],
    tiles: [{ text: 'Before release: run the smoke tests, check the error rate, post in #releases.' }, { text: 'Rollback: redeploy the previous tag.' }],
  },
  { name: 'Support ticket trends', description: 'Tickets by topic and plan.', creator: U.samuel, tags: ['support'], restriction: 37, tiles: [{ insight: 'Tickets opened per week' }, { insight: 'Tickets by topic' }] },
  { name: 'Storage usage by plan', description: 'Gigabytes stored, per plan and cohort.', creator: U.grace, tags: ['finance', 'product'], restriction: 37, collaborators: [U.jonas, U.samuel], shared: true, tiles: [{ insight: 'Storage used (GB), by plan' }, { insight: 'Accounts near their quota' }] },
  { name: 'Weekly business review', description: 'Monday meeting numbers.', pinned: true, creator: U.lena, tags: ['exec', 'weekly'], duplicateOf: D.productOverview },
  { name: 'Pricing test (2023)', description: 'An old experiment, kept for reference.', creator: U.priya, tags: ['experiments'], deleted: true, tiles: [{ insight: 'Conversion by price point' }] },
];

const areas = [
  'Sign-up', 'Onboarding', 'Retention', 'Activation', 'Revenue', 'Churn', 'Billing', 'Referrals', 'Search',
  'File sharing', 'Uploads', 'Storage', 'Team plans', 'Enterprise', 'Self-serve', 'Trials', 'Mobile web',
  'Desktop app', 'API usage', 'Integrations', 'Notifications', 'Email digests', 'Security', 'Performance',
  'Errors', 'Support', 'NPS', 'Pricing page', 'Checkout', 'Invites',
];
const kinds = [
  'overview', 'funnel', 'weekly review', 'KPIs', 'deep dive', 'health', 'cohorts', 'by plan', 'by region',
  'experiments', 'alerts', 'trends',
];
const insightNames = [
  'Daily active users', 'Sign-ups by source', 'Conversion to paid', 'Files uploaded', 'Storage used (GB)',
  'Invites sent', 'Weekly retention', 'Churned accounts', 'Trial starts', 'MRR by plan', 'Search queries',
  'Errors by release', 'p95 page load time', 'NPS responses', 'Support tickets opened', 'Referrals sent',
  'Shared links created', 'Folders created', 'Seats added', 'Downgrades', 'API requests by key',
  'Notification click-through', 'Checkout abandonment', 'Pricing page visits',
];
const descriptions = [
  'Tracked weekly by the growth team.',
  'Numbers for the monthly review.',
  'Built during the Q2 planning week.',
  'Ask #data before changing the filters.',
  'Compares the last 30 days with the 30 before.',
  'Split by plan: Free, Personal, Team, Enterprise.',
  'Source of truth for this metric.',
  'Work in progress.',
];
const tagPool = ['product', 'growth', 'marketing', 'finance', 'engineering', 'exec', 'weekly', 'experiments', 'support', 'sales', 'q3'];
const notes = [
  'Numbers exclude internal and test accounts.',
  'Definitions: an active user did at least one upload or share.',
  'Questions? Ask in #analytics.',
  'Updated every morning at 06:00 UTC.',
];

function generatedAppDashboards(random: SeedRandom, count: number): DashboardSpec[] {
  const names = random.sample(
    areas.flatMap((area) => kinds.map((kind) => `${area} ${kind}`)),
    count,
  );
  const creators = hedgeboxPeople.map((p) => p.id);
  return names.map((name, i) => {
    const creator = random.pick(creators);
    const restricted = random.chance(0.08);
    const eligible = hedgeboxPeople.filter((p) => p.id !== creator && !isAdminPerson(p)).map((p) => p.id);
    const roll = random.float();
    const spec: DashboardSpec = {
      // A few unnamed and lower-case names, as people leave them.
      name: i % 97 === 40 ? null : i % 61 === 7 ? name.toLowerCase() : name,
      description: random.chance(0.5) ? random.pick(descriptions) : '',
      pinned: random.chance(0.04),
      creator,
      tags: random.sample(tagPool, random.pick([0, 0, 1, 1, 2, 3])),
      restriction: restricted ? 37 : 21,
      collaborators: restricted ? random.sample(eligible, random.int(0, 2)) : [],
      shared: random.chance(0.07),
      filters: random.chance(0.6) ? { date_from: random.pick(['-7d', '-30d', '-90d']) } : {},
    };
    if (roll < 0.12) spec.template = random.pick(['DEFAULT_APP', 'WEBSITE_TRAFFIC'] as const);
    else if (roll < 0.17) spec.duplicateOf = random.int(1, 6);
    else {
      spec.tiles = random.sample(insightNames, random.int(0, 5)).map((insight) => ({ insight }));
      if (random.chance(0.3)) spec.tiles.push({ text: random.pick(notes) });
    }
    return spec;
  });
}

const marketingDashboards: DashboardSpec[] = [
  { name: 'Campaign performance', description: 'Sign-ups by campaign and channel.', pinned: true, creator: U.mei, tags: ['marketing'], shared: true, tiles: [{ insight: 'Sign-ups by UTM campaign' }, { insight: 'Cost per sign-up' }] },
  { name: 'Website traffic', creator: U.mei, tags: ['marketing'], template: 'WEBSITE_TRAFFIC' },
  { name: 'Blog traffic', description: 'Readers per post.', creator: U.mei, tags: ['marketing', 'content'], tiles: [{ insight: 'Pageviews by post' }, { insight: 'Newsletter sign-ups from the blog' }] },
  { name: 'Newsletter sign-ups', creator: U.samuel, tags: ['marketing'], tiles: [{ insight: 'Subscribers per week' }] },
  { name: 'SEO landing pages', description: 'Organic entries and their conversion.', creator: U.mei, tiles: [{ insight: 'Top entry pages (organic)' }, { insight: 'Landing page conversion' }] },
  { name: 'Paid ads ROI', creator: U.lena, tags: ['finance', 'marketing'], restriction: 37, collaborators: [U.mei], tiles: [{ insight: 'Ad spend vs. new MRR' }] },
  { name: 'Webinar funnel', creator: U.samuel, tags: ['sales'], tiles: [{ insight: 'Registration to attendance' }, { text: 'Next webinar: file-sharing for agencies.' }] },
  { name: 'Brand search trends', creator: U.mei, tiles: [{ insight: 'Branded search visits' }] },
  { name: 'Social referrals', creator: U.mei, tags: ['marketing'], tiles: [{ insight: 'Visits by social network' }] },
  { name: 'Pricing page visits', creator: U.tomas, tags: ['product'], tiles: [{ insight: 'Pricing page visits by plan anchor' }] },
  { name: 'Content calendar', creator: U.mei, tiles: [{ text: 'Posts planned this quarter: 12. Owners in the team doc.' }] },
  { name: null, description: 'Scratch space.', creator: U.jonas, tiles: [] },
  { name: 'Launch week 2024', description: 'Five launches in five days.', creator: U.olivia, tags: ['marketing', 'exec'], shared: true, tiles: [{ insight: 'Sign-ups during launch week' }, { insight: 'Launch post pageviews' }] },
  { name: 'Partner referrals', creator: U.samuel, tags: ['sales'], tiles: [{ insight: 'Referrals by partner' }] },
];

const mobileDashboards: DashboardSpec[] = [
  { name: 'iOS release health', pinned: true, creator: U.jonas, tags: ['engineering', 'mobile'], tiles: [{ insight: 'Crash-free sessions (iOS)' }, { insight: 'Adoption of the latest version (iOS)' }] },
  { name: 'Android release health', creator: U.jonas, tags: ['engineering', 'mobile'], tiles: [{ insight: 'Crash-free sessions (Android)' }] },
  { name: 'App store ratings', creator: U.mei, tags: ['mobile'], tiles: [{ insight: 'Average rating per week' }] },
  { name: 'Push notification opt-ins', creator: U.tomas, tags: ['product', 'mobile'], tiles: [{ insight: 'Opt-in rate by platform' }] },
  { name: 'Mobile onboarding funnel', creator: U.tomas, tags: ['product', 'mobile'], shared: true, tiles: [{ insight: 'Install to first upload' }] },
  { name: 'Crash-free sessions', creator: U.priya, restriction: 37, tags: ['engineering'], tiles: [{ insight: 'Crash-free sessions, both platforms' }] },
  { name: 'Offline sync usage', creator: U.jonas, tiles: [{ insight: 'Files synced offline' }] },
  { name: 'Tablet vs phone', creator: U.grace, tags: ['mobile'], tiles: [{ insight: 'Sessions by device type' }] },
  { name: 'Deep link attribution', creator: U.mei, tags: ['marketing', 'mobile'], tiles: [{ insight: 'Installs from deep links' }] },
];

const outsideDashboards: DashboardSpec[] = [
  { name: 'Storefront overview', creator: U.hugo, pinned: true, template: 'DEFAULT_APP' },
  { name: 'Checkout funnel', creator: U.hugo, tiles: [{ insight: 'Cart to purchase' }] },
  { name: 'Inventory alerts', creator: U.hugo, restriction: 37, tiles: [{ text: 'Restock thresholds live in the ops sheet.' }] },
];

const labsDashboards: DashboardSpec[] = [
  { name: 'Prototype signups', creator: U.priya, tiles: [{ insight: 'Signups per day' }] },
];

/** An organization with production's defaults (§4.9) and the seed's features. */
function newOrganizationRecord(id: string, name: string, slug: string, createdAt: string, updatedAt = createdAt): OrganizationRecord {
  return {
    id,
    name,
    slug,
    logo_media_id: null,
    created_at: createdAt,
    updated_at: updatedAt,
    plugins_access_level: 9,
    available_product_features: [
      { key: 'advanced_permissions', name: 'Advanced permissions' },
      { key: 'organizations_projects', name: 'Projects', limit: null },
    ],
    is_member_join_email_enabled: true,
    metadata: { instance_tag: 'none' },
    customer_id: null,
    enforce_2fa: null,
    members_can_invite: true,
    members_can_use_personal_api_keys: true,
    allow_publicly_shared_resources: true,
    is_ai_data_processing_approved: null,
    default_experiment_stats_method: 'bayesian',
    default_anonymize_ips: false,
    default_role_id: null,
  };
}

// ---------- building ----------

class SeedBuilder {
  readonly random = new SeedRandom(20240108);
  readonly sequences = { user: 0, project: 0, dashboard: 0, tile: 0, insight: 0, text: 0, share_password: 0 };
  readonly dashboards: DashboardRecord[] = [];
  readonly insights: InsightRecord[] = [];
  readonly collaborators: CollaboratorRecord[] = [];
  readonly activity: ActivityRecord[] = [];

  nextId(kind: keyof SeedBuilder['sequences']): number {
    this.sequences[kind] += 1;
    return this.sequences[kind];
  }

  log(
    projectId: number,
    userId: number,
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

  tiles(projectId: number, creator: number, specs: ReadonlyArray<TileSpec>, now: string): TileRecord[] {
    const factory = this.factory(now);
    return specs.map((spec, i) => {
      const layouts = { sm: { x: (i % 2) * 6, y: Math.floor(i / 2) * 5, w: 6, h: spec.text !== undefined ? 2 : 5, minW: 3, minH: 2 } };
      const insight = spec.insight
        ? newInsight(factory, projectId, creator, {
            name: spec.insight,
            description: spec.description ?? null,
            query: trendsQuery(this.random.pick(['$pageview', 'signed_up', 'uploaded_file', 'shared_file']), this.random.pick(['total', 'dau'])),
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
      const createdAt = at(start, Math.round(i * everyMinutes + this.random.int(0, 240)));
      const dashboard: DashboardRecord = {
        id: this.nextId('dashboard'),
        project_id: projectId,
        name: spec.name,
        description: spec.description ?? '',
        pinned: spec.pinned ?? false,
        created_at: createdAt,
        created_by: spec.creator,
        last_accessed_at: null,
        deleted: false,
        creation_mode: 'default',
        filters: spec.filters ?? {},
        variables: {},
        breakdown_colors: [],
        data_color_theme_id: null,
        tags: spec.tags ?? [],
        restriction_level: spec.restriction ?? 21,
        last_refresh: null,
        quick_filter_ids: [],
        tiles: [],
        sharing: null,
      };
      if (spec.template) {
        const factory = this.factory(createdAt);
        dashboard.creation_mode = 'template';
        dashboard.filters = { date_from: '-30d' };
        dashboard.tiles = templateTileSpecs(spec.template).map((tile) =>
          newTile(factory, { insight_id: newInsight(factory, projectId, spec.creator, tile.insight).id, text: null }, tile.layouts, tile.color),
        );
      } else if (spec.duplicateOf !== undefined) {
        // A plain duplicate: new tiles showing the same insights and texts.
        const source = this.dashboards.find((d) => d.id === spec.duplicateOf)!;
        dashboard.creation_mode = 'duplicate';
        dashboard.filters = structuredClone(source.filters);
        dashboard.tiles = source.tiles.map((tile) => ({ ...structuredClone(tile), id: this.nextId('tile') }));
      } else {
        dashboard.tiles = this.tiles(projectId, spec.creator, spec.tiles ?? [], createdAt);
      }
      this.dashboards.push(dashboard);
      this.log(projectId, spec.creator, 'created', 'Dashboard', dashboard.id, dashboard.name, createdAt);

      (spec.collaborators ?? []).forEach((userId, n) => {
        const addedAt = at(createdAt, 90 + n * 30);
        this.collaborators.push({
          id: uuid(this.random.bytes),
          dashboard_id: dashboard.id,
          user_id: userId,
          level: 37,
          added_at: addedAt,
          updated_at: addedAt,
        });
      });
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
        this.log(projectId, spec.creator, 'sharing enabled', 'Dashboard', dashboard.id, dashboard.name, sharedAt, [
          { type: 'Dashboard', action: 'changed', field: 'sharing', before: null, after: true },
        ]);
      }
      if (spec.pinned) {
        const pinnedAt = at(createdAt, 3 * 60);
        this.log(projectId, spec.creator, 'updated', 'Dashboard', dashboard.id, dashboard.name, pinnedAt, [
          { type: 'Dashboard', action: 'changed', field: 'pinned', before: false, after: true },
        ]);
      }
      if (spec.deleted) {
        const deletedAt = at(createdAt, 30 * 24 * 60);
        dashboard.deleted = true;
        this.log(projectId, spec.creator, 'deleted', 'Dashboard', dashboard.id, dashboard.name, deletedAt, [
          { type: 'Dashboard', action: 'changed', field: 'deleted', before: false, after: true },
        ]);
      }
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

const intent = (productType: string, createdAt: string, completedAt: string | null) => ({
  product_type: productType,
  created_at: createdAt,
  updated_at: completedAt ?? createdAt,
  onboarding_completed_at: completedAt,
});

/** The demo store: Hedgebox Inc. (8 members, 3 projects, one with 264 dashboards) and one outside organization. */
export function seedData(): StoreData {
  const b = new SeedBuilder();

  const organizations: OrganizationRecord[] = [
    newOrganizationRecord(seedIds.organization, 'Hedgebox Inc.', 'hedgebox', '2023-09-04T08:00:00.000Z', '2024-06-03T12:00:00.000Z'),
    newOrganizationRecord(seedIds.outsideOrganization, 'Northwind Analytics', 'northwind-analytics', '2024-05-02T08:45:00.000Z'),
    newOrganizationRecord(seedIds.secondOrganization, 'Hedgebox Labs', 'hedgebox-labs', '2024-08-12T10:00:00.000Z'),
  ];

  const users: UserRecord[] = people.map((p) => {
    b.nextId('user');
    return {
      id: p.id,
      uuid: p.uuid,
      distinct_id: `${p.first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}-${p.uuid.slice(0, 8)}`,
      first_name: p.first,
      last_name: p.last,
      email: p.email,
      is_email_verified: p.id !== U.samuel,
      hedgehog_config: p.hedgehog ?? null,
      role_at_organization: p.role,
      date_joined: p.joined,
      notification_settings: { plugin_disabled: true, project_weekly_digest_disabled: {}, all_weekly_digest_disabled: false },
      anonymize_data: false,
      toolbar_mode: 'toolbar',
      has_password: true,
      is_2fa_enabled: p.id === U.olivia,
      has_social_auth: p.id === U.mei,
      has_seen_product_intro_for: {},
      scene_personalisation: [],
      theme_mode: 'system',
      allow_sidebar_suggestions: null,
      last_login: p.id === U.samuel ? null : at(p.joined, 60 * 24 * 200),
      current_organization_id: p.organization,
      current_project_id: p.organization === seedIds.organization ? P.app : P.outside,
    };
  });

  const members: MemberRecord[] = people.map((p) => ({
    id: p.memberId,
    organization_id: p.organization,
    user_id: p.id,
    level: p.level,
    joined_at: p.joined,
    updated_at: p.joined,
  }));
  // Priya also runs the smaller lab organization, with Olivia as its owner.
  members.push(
    { id: '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3', organization_id: seedIds.secondOrganization, user_id: U.olivia, level: 15, joined_at: '2024-08-12T10:00:00.000Z', updated_at: '2024-08-12T10:00:00.000Z' },
    { id: '5e6f7081-92a3-4b4c-8d5e-6f708192a3b4', organization_id: seedIds.secondOrganization, user_id: U.priya, level: 8, joined_at: '2024-08-12T10:30:00.000Z', updated_at: '2024-08-12T10:30:00.000Z' },
  );

  const apiKeys: ApiKeyRecord[] = demoKeys.map((key, i) => ({
    id: uuid(b.random.bytes),
    label: key.label,
    value: key.key,
    user_id: people.find((p) => p.email === key.userEmail)!.id,
    scopes: [...key.scopes],
    created_at: at('2024-06-03T12:00:00.000Z', i * 5),
    last_used_at: null,
    scoped_teams: [],
    scoped_organizations: [],
    last_rolled_at: null,
  }));

  const projects = [
    b.project(P.app, seedIds.organization, 'Hedgebox App', '2023-09-04T08:30:00.000Z', U.olivia, {
      product_description: 'File storage and sharing for small teams.',
      app_urls: ['https://app.hedgebox.net'],
      completed_snippet_onboarding: true,
      ingested_event: true,
      timezone: 'Europe/London',
      week_start_day: 1,
      session_recording_opt_in: true,
      session_recording_sample_rate: '0.50',
      session_recording_minimum_duration_milliseconds: 2000,
      autocapture_exceptions_opt_in: true,
      surveys_opt_in: true,
      heatmaps_opt_in: true,
      primary_dashboard: D.productOverview,
      test_account_filters: [{ key: 'email', value: '@hedgebox.net', operator: 'not_icontains', type: 'person' }],
      test_account_filters_default_checked: true,
      has_completed_onboarding_for: { product_analytics: true, session_replay: true },
      product_intents: [
        intent('product_analytics', '2023-09-04T08:35:00.000Z', '2023-09-05T10:00:00.000Z'),
        intent('session_replay', '2023-10-16T09:00:00.000Z', '2023-10-16T09:40:00.000Z'),
        intent('feature_flags', '2024-02-20T15:00:00.000Z', null),
      ],
      updated_at: '2024-06-03T12:00:00.000Z',
    }),
    b.project(P.marketing, seedIds.organization, 'Marketing Site', '2023-10-10T10:00:00.000Z', U.lena, {
      product_description: 'hedgebox.net, the blog and the docs.',
      app_urls: ['https://hedgebox.net', 'https://blog.hedgebox.net'],
      completed_snippet_onboarding: true,
      ingested_event: true,
      timezone: 'America/New_York',
      has_completed_onboarding_for: { web_analytics: true },
      product_intents: [intent('web_analytics', '2023-10-10T10:05:00.000Z', '2023-10-11T16:20:00.000Z')],
    }),
    b.project(P.mobile, seedIds.organization, 'Mobile Apps', '2024-03-20T09:30:00.000Z', U.priya, {
      product_description: 'The iOS and Android apps.',
      timezone: 'Europe/Berlin',
      ingested_event: true,
    }),
    b.project(P.outside, seedIds.outsideOrganization, 'Northwind Storefront', '2024-05-02T09:00:00.000Z', U.hugo, {
      timezone: 'America/Chicago',
    }),
  ];

  b.addDashboards(P.app, appDashboards, '2024-04-16T09:00:00.000Z', 24 * 60);
  b.addDashboards(P.app, generatedAppDashboards(b.random, 248), '2024-05-06T09:00:00.000Z', 1.5 * 24 * 60);
  b.addDashboards(P.marketing, marketingDashboards, '2024-04-20T09:00:00.000Z', 7 * 24 * 60);
  b.addDashboards(P.mobile, mobileDashboards, '2024-04-22T09:00:00.000Z', 10 * 24 * 60);
  b.addDashboards(P.outside, outsideDashboards, '2024-05-03T09:00:00.000Z', 24 * 60);
  projects.push(
    b.project(P.labs, seedIds.secondOrganization, 'Labs Prototype', '2024-08-12T10:45:00.000Z', U.priya, { timezone: 'Europe/London' }),
  );
  b.addDashboards(P.labs, labsDashboards, '2024-08-13T09:00:00.000Z', 24 * 60);
  projects[1]!.primary_dashboard = b.dashboards.find((d) => d.project_id === P.marketing)!.id;

  // A few later edits, so the activity log reads like a team's.
  b.log(P.app, U.priya, 'updated', 'Team', P.app, 'Hedgebox App', '2024-06-03T12:00:00.000Z', [
    { type: 'Team', action: 'changed', field: 'session_recording_sample_rate', before: '1.00', after: '0.50' },
  ]);
  b.log(P.app, U.lena, 'updated', 'Dashboard', D.weeklyReview, 'Weekly business review', '2024-05-20T08:15:00.000Z', [
    { type: 'Dashboard', action: 'changed', field: 'name', before: 'Weekly review', after: 'Weekly business review' },
  ]);
  b.log(P.app, U.olivia, 'access token refreshed', 'Dashboard', D.productOverview, 'Product overview', '2024-07-01T09:30:00.000Z');

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
    activity: b.activity,
  };
}
