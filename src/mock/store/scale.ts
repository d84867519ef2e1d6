/**
 * A big organization as mock data, for benchmarks and load tests: the seed, plus members up to
 * `members` (the API has no way to add members), plus `projects` projects of `dashboardsPerProject`
 * dashboards each in Hedgebox Inc., and optionally access rules. Deterministic: the same options
 * give the same file. Write it and start the mock on it (docs/mock.md, "Keeping data"):
 *
 *   node --import tsx src/mock/store/scale.ts --members 200 --projects 20 --dashboards-per-project 2500 --out big.json
 *   npm run mock -- --data big.json
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AccessLevel } from '../../contract/access-control.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import type { AccessControlRecord, MemberRecord, StoreData, UserRecord } from './records.ts';
import { dashboardRecord } from '../rules/dashboards/dashboards.ts';
import { newProjectRecord } from '../rules/projects.ts';
import type { ByteSource } from '../rules/random.ts';
import { uuid } from '../rules/random.ts';
import { seedData, seedIds } from './seed.ts';

export interface ScaleOptions {
  /** Active members of Hedgebox Inc. in all (the seed's count included); never fewer than the seed's. */
  members: number;
  /** Projects added to Hedgebox Inc. */
  projects: number;
  /** Dashboards in each added project. */
  dashboardsPerProject: number;
  /**
   * Every `rulesEvery`-th added dashboard gets a rule for everyone at `viewer` and one member's own
   * rule at `editor` (members in turn); 0 or missing: no rules.
   */
  rulesEvery?: number;
}

const firstNames = ['Ada', 'Bo', 'Chen', 'Dana', 'Elif', 'Femi', 'Gus', 'Hana', 'Ines', 'Jon', 'Kira', 'Luca', 'Maya', 'Nils', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sven', 'Tara'];
const lastNames = ['Abbott', 'Brandt', 'Costa', 'Dubois', 'Eriksen', 'Fujita', 'Garza', 'Haddad', 'Ivanova', 'Jensen'];
const areas = ['Growth', 'Billing', 'Search', 'Uploads', 'Sharing', 'Mobile', 'Support', 'Security', 'Pricing', 'Retention'];
const kinds = ['overview', 'funnel', 'weekly review', 'KPIs', 'deep dive', 'health', 'cohorts', 'trends'];

/** A small seeded generator (mulberry32), so the same options give the same data. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const bytes: ByteSource = (n) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
  return { next, bytes, int: (max: number) => Math.floor(next() * max) };
}

const at = (iso: string, plusMinutes: number) => new Date(Date.parse(iso) + plusMinutes * 60_000).toISOString();

/** The seed, scaled up as `options` say (see ScaleOptions). */
export function scaledStoreData(options: ScaleOptions): StoreData {
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) throw new Error(`${name} must be a whole number of 0 or more, not ${value}.`);
  }
  const data = seedData();
  const random = generator(20261127);
  const organizationId = seedIds.organization;
  const template = data.users.find((u) => u.id === seedIds.users.jonas)!;

  // Members: the seed's active ones, then new people until there are `members`.
  const existing = data.members.filter(
    (m) => m.organization_id === organizationId && data.users.find((u) => u.id === m.user_id)?.is_active !== false,
  ).length;
  for (let n = 0; n < options.members - existing; n += 1) {
    const id = (data.sequences.user += 1);
    const first = firstNames[n % firstNames.length]!;
    const last = lastNames[Math.floor(n / firstNames.length) % lastNames.length]!;
    const joined = at('2024-11-01T09:00:00.000Z', n * 90);
    const userUuid = uuid(random.bytes);
    const user: UserRecord = {
      ...structuredClone(template),
      id,
      uuid: userUuid,
      distinct_id: `${first.toLowerCase()}-${userUuid.slice(0, 8)}`,
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${n + 1}@hedgebox.net`.toLowerCase(),
      hedgehog_config: null,
      role_at_organization: 'engineering',
      date_joined: joined,
      last_login: n % 7 === 0 ? null : at(joined, 60 * 24 * 30),
    };
    data.users.push(user);
    // One in ten is an admin, as in a real organization of this size.
    const member: MemberRecord = { id: uuid(random.bytes), organization_id: organizationId, user_id: id, level: n % 10 === 9 ? 8 : 1, joined_at: joined, updated_at: joined };
    data.members.push(member);
  }
  const hedgebox = data.members.filter((m) => m.organization_id === organizationId);
  const creators = hedgebox.map((m) => m.user_id);
  /** Whose own rules `rulesEvery` sets: the plain members (admins are managers whatever the rules). */
  const ruleMembers = hedgebox.filter((m) => m.level < 8);

  // Projects and their dashboards.
  const rules: AccessControlRecord[] = [];
  let added = 0;
  for (let p = 0; p < options.projects; p += 1) {
    const projectId = (data.sequences.project += 1);
    const created = at('2025-01-06T09:00:00.000Z', p * 60 * 24);
    data.projects.push(newProjectRecord(projectId, organizationId, `Scale project ${p + 1}`, created, random.bytes));
    for (let d = 0; d < options.dashboardsPerProject; d += 1) {
      const id = (data.sequences.dashboard += 1);
      const createdBy = creators[random.int(creators.length)]!;
      const createdAt = at(created, d * 7);
      const dashboard = dashboardRecord(id, projectId, createdBy, {
        name: `${areas[random.int(areas.length)]} ${kinds[random.int(kinds.length)]} ${d + 1}`,
        description: d % 3 === 0 ? 'Generated for scale.' : '',
        pinned: d % 50 === 0,
        created_at: createdAt,
        tags: d % 4 === 0 ? [areas[d % areas.length]!.toLowerCase()] : [],
        restriction_level: d % 12 === 0 ? restrictionLevels.onlyCollaboratorsCanEdit : restrictionLevels.everyoneCanEdit,
      });
      data.dashboards.push(dashboard);
      added += 1;
      if (options.rulesEvery && added % options.rulesEvery === 0 && ruleMembers.length > 0) {
        const member = ruleMembers[(added / options.rulesEvery) % ruleMembers.length]!;
        const rule = (memberId: string | null, level: AccessLevel): AccessControlRecord => ({
          id: uuid(random.bytes),
          dashboard_id: id,
          organization_member_id: memberId,
          access_level: level,
          created_by: null,
          created_at: createdAt,
          updated_at: createdAt,
        });
        rules.push(rule(null, 'viewer'), rule(member.id, 'editor'));
      }
    }
  }
  data.accessControls = [...(data.accessControls ?? []), ...rules];
  return data;
}

/** `--members N --projects N --dashboards-per-project N [--rules-every N] --out FILE` */
function main(argv: string[]): void {
  const value = (flag: string, fallback?: number): number => {
    const at = argv.indexOf(flag);
    if (at < 0) {
      if (fallback !== undefined) return fallback;
      throw new Error(`${flag} is required.`);
    }
    return Number(argv[at + 1]);
  };
  const outAt = argv.indexOf('--out');
  if (outAt < 0 || !argv[outAt + 1]) throw new Error('--out FILE is required.');
  const data = scaledStoreData({
    members: value('--members'),
    projects: value('--projects', 0),
    dashboardsPerProject: value('--dashboards-per-project', 0),
    rulesEvery: value('--rules-every', 0),
  });
  const file = resolve(argv[outAt + 1]!);
  writeFileSync(file, `${JSON.stringify(data)}\n`);
  console.info(`Wrote ${file}: ${data.members.length} memberships, ${data.projects.length} projects, ${data.dashboards.length} dashboards, ${data.accessControls?.length ?? 0} rules.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`src/mock/store/scale.ts: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Usage: node --import tsx src/mock/store/scale.ts --members N [--projects N --dashboards-per-project N --rules-every N] --out FILE');
    process.exitCode = 2;
  }
}
