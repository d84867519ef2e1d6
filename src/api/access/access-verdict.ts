/**
 * "Who can do what, and why" (API.md §5.4 and §5.7, CONSOLE.md): one pure function that combines
 * both layers of access to a dashboard for every member of the organization.
 *
 * The inputs are the ones production uses: the members, the dashboard's restriction and creator,
 * its invited collaborators, its rules (`access_controls/`) or production's own answer
 * (`users_with_access/`), and the organization's features. Either may be missing: a key without
 * `access_control:read` reads neither, and the levels then assume there are no rules (the page says
 * so above the table).
 *
 * The newer layer gives each person a level (§5.7): `manager` for the creator and for organization
 * admins and owners; otherwise the highest of their own rule and the rule for everyone (`editor`
 * when there is none). The older layer (§5.4) lets a person edit only when the dashboard is not
 * restricted, or they created it, are an admin or owner, or were invited. What a person may do is
 * both: `Can edit` needs `editor` or more AND the older layer's yes.
 */

import { accessLevelRank, higherAccessLevel as highest, isAccessLevel, type AccessLevel } from '../../contract/access-control.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import { personName } from '../organization/person-name.ts';

export { accessLevels, isAccessLevel, type AccessLevel } from '../../contract/access-control.ts';

const rank = (level: AccessLevel) => accessLevelRank(level);
export const atLeast = (level: AccessLevel, floor: AccessLevel) => rank(level) >= rank(floor);

/** The words of the `Access` column and of the selects (CONSOLE.md). */
export const levelLabels: Record<AccessLevel, string> = {
  manager: 'Can manage',
  editor: 'Can edit',
  viewer: 'Can view',
  none: 'No access',
};

/** The level a dashboard has for everyone without a rule of their own (§5.7: `editor`). */
export const DEFAULT_LEVEL: AccessLevel = 'editor';
const RESTRICTED = restrictionLevels.onlyCollaboratorsCanEdit;
const ADMIN = 8;
const OWNER = 15;

/** A rule as `access_controls/` lists it (only the fields the verdict reads). */
export interface AccessRuleInput {
  access_level: string;
  /** The member's id (§4.10), or null for the rule for everyone (or a role's rule). */
  organization_member: string | null;
  role?: string | null;
}

/** One entry of `users_with_access/` (only the fields the verdict reads). */
export interface UserWithAccessInput {
  /** The user's uuid. */
  user_id: string;
  access_level: string;
  /** `creator`, `organization_admin`, `explicit_member`, `default`; production also `explicit_role`, `project_admin`. */
  access_source: string;
}

export interface MemberInput {
  /** The membership's id (what a rule's `organization_member` names). */
  id: string;
  level: number;
  user: { uuid: string; first_name?: string | null; last_name?: string | null; email: string };
}

export interface AccessInputs {
  members: ReadonlyArray<MemberInput>;
  dashboard: { restriction_level: number; created_by: { uuid: string } | null };
  collaborators: ReadonlyArray<{ user: { uuid: string } }>;
  /** The dashboard's rules; null when they could not be read. */
  rules: ReadonlyArray<AccessRuleInput> | null;
  /** Production's `users_with_access` answer; null when it was not read. It decides the levels when given. */
  usersWithAccess: ReadonlyArray<UserWithAccessInput> | null;
  /** The organization's `available_product_features`; null when unknown. Rules apply only with `advanced_permissions`. */
  features: ReadonlyArray<{ key: string }> | null;
}

export type RoleName = 'Owner' | 'Admin' | 'Member';

export interface Verdict {
  member: MemberInput;
  role: RoleName;
  /** The newer layer's level (§5.7). */
  level: AccessLevel;
  /** What the person may do, both layers combined: the `Access` column. */
  access: AccessLevel;
  /** The person's own rule on the dashboard, when the rules were read. */
  ownRule: AccessLevel | null;
  /** Whether a rule of their own could change anything (not the creator, not an admin or owner). */
  rulesApply: boolean;
  /** Invited as a collaborator (whether or not it matters on this dashboard). */
  invited: boolean;
  /** Their own rule decided their level (it raised them above the rule for everyone). */
  ownRuleDecides: boolean;
  /** One sentence naming what decided it (CONSOLE.md). */
  why: string;
}

export const roleName = (level: number): RoleName => (level >= OWNER ? 'Owner' : level >= ADMIN ? 'Admin' : 'Member');

/** A person's name (src/api/organization/person-name.ts), here beside the verdicts that sort by it. */
export { personName };

/** The rule for everyone, when the rules were read and there is one. */
export function everyoneRule(rules: ReadonlyArray<AccessRuleInput> | null): AccessLevel | null {
  const rule = rules?.find((r) => r.organization_member === null && !r.role);
  return rule && isAccessLevel(rule.access_level) ? rule.access_level : null;
}

/** A member's own rule, when the rules were read and they have one. */
export function memberRule(rules: ReadonlyArray<AccessRuleInput> | null, memberId: string): AccessLevel | null {
  const rule = rules?.find((r) => r.organization_member === memberId);
  return rule && isAccessLevel(rule.access_level) ? rule.access_level : null;
}

/** True when the organization's features are known and lack advanced permissions (rules then do not apply). */
export function rulesUnsupported(features: AccessInputs['features']): boolean {
  return features !== null && !features.some((f) => f.key === 'advanced_permissions');
}

const byRule = (level: AccessLevel, own: boolean) => `${levelLabels[level]} by ${own ? 'their own rule' : 'the rule for everyone'}`;

/** Every member's verdict, those with the most access first (then by name). */
export function accessVerdicts(inputs: AccessInputs): Verdict[] {
  const invited = new Set(inputs.collaborators.map((c) => c.user.uuid));
  const creator = inputs.dashboard.created_by?.uuid ?? null;
  const restricted = inputs.dashboard.restriction_level >= RESTRICTED;
  const noRules = rulesUnsupported(inputs.features);
  const rules = noRules ? null : inputs.rules;
  const everyone = everyoneRule(rules);
  const listed = inputs.usersWithAccess ? new Map(inputs.usersWithAccess.map((u) => [u.user_id, u])) : null;

  const verdicts = inputs.members.map((member): Verdict => {
    const role = roleName(member.level);
    const isCreator = creator !== null && member.user.uuid === creator;
    const isAdmin = member.level >= ADMIN;
    const isInvited = invited.has(member.user.uuid);
    const own = rules ? memberRule(rules, member.id) : null;
    const entry = listed?.get(member.user.uuid);
    const source = listed ? entry?.access_source ?? null : null;
    const projectAdmin = source === 'project_admin';

    // The newer layer: production's answer when it was read, else §5.7's resolution over the rules.
    let level: AccessLevel;
    let ruleWords: string;
    let ownRuleDecides = false;
    if (isCreator || isAdmin) {
      level = 'manager';
      ruleWords = '';
    } else if (listed) {
      level = entry && isAccessLevel(entry.access_level) ? entry.access_level : 'none';
      ownRuleDecides = source === 'explicit_member';
      ruleWords = !entry
        ? rules
          ? byRule('none', own === 'none' && everyone !== 'none')
          : 'No access: not among the people with access'
        : source === 'explicit_member'
          ? byRule(level, true)
          : source === 'explicit_role'
            ? `${levelLabels[level]} by a role`
            : source === 'project_admin'
              ? ''
              : everyone !== null
                ? byRule(level, false)
                : `${levelLabels[level]} by default`;
    } else {
      const base = noRules ? DEFAULT_LEVEL : everyone ?? DEFAULT_LEVEL;
      level = own ? highest(own, base) : base;
      ownRuleDecides = !noRules && !!own && rank(own) > rank(base);
      ruleWords = noRules
        ? `${levelLabels[level]}: rules need the Advanced permissions feature`
        : own && rank(own) > rank(base)
          ? byRule(level, true)
          : everyone !== null
            ? byRule(level, false)
            : rules
              ? `${levelLabels[level]} by default (no rule for everyone)`
              : `${levelLabels[level]}, assuming there are no rules`;
    }

    // The older layer (§5.4): who may edit a restricted dashboard.
    const olderLayerEdits = !restricted || isCreator || isAdmin || isInvited || projectAdmin;
    const access: AccessLevel = atLeast(level, 'editor') && !olderLayerEdits ? 'viewer' : level;

    let why: string;
    if (isCreator) why = 'Created this dashboard';
    else if (isAdmin) why = `Organization ${role === 'Owner' ? 'owner' : 'admin'}: manages every dashboard`;
    else if (projectAdmin) why = `${levelLabels[level]} as a project admin`;
    else if (!atLeast(level, 'editor')) why = ruleWords;
    else if (!olderLayerEdits) why = 'Can view: editing is restricted to invited people';
    else if (restricted && isInvited) why = level === 'manager' ? `Invited to edit; ${byRule(level, own === 'manager')}` : 'Invited to edit';
    else why = ruleWords;

    return {
      member,
      role,
      level,
      access,
      ownRule: own,
      rulesApply: !isCreator && !isAdmin,
      invited: isInvited,
      ownRuleDecides: ownRuleDecides && !isCreator && !isAdmin,
      why,
    };
  });

  return verdicts.sort((a, b) => rank(b.access) - rank(a.access) || personName(a.member.user).localeCompare(personName(b.member.user)));
}

/**
 * What a person's own rule can do, said by their `Access for <email>` select (CONSOLE.md: "where a
 * choice would change nothing, the select says so"): nothing at all for the creator, admins and
 * owners (they stay `manager`, §5.7); otherwise raise them above `Everyone else`, never lower.
 */
export function ruleNote(verdict: Verdict, everyone: AccessLevel | null): string {
  if (!verdict.rulesApply) {
    const who = verdict.why === 'Created this dashboard' ? 'The creator' : `An organization ${verdict.role.toLowerCase()}`;
    return `${who} always manages this dashboard: a rule of their own changes nothing.`;
  }
  const base = everyone ?? DEFAULT_LEVEL;
  return `A rule of their own can raise them above Everyone else (${levelLabels[base]}) but never lower them below it.`;
}

/** The level a person's own rule `choice` gives them (highest wins, §5.7). */
export function levelWithRule(everyone: AccessLevel | null, choice: AccessLevel | null): AccessLevel {
  const base = everyone ?? DEFAULT_LEVEL;
  return choice ? highest(choice, base) : base;
}

/** The caller's own sentence (Overview, Sharing, …): why this person can only view (or nothing). */
export function viewerReason(verdict: Pick<Verdict, 'access' | 'why'>): string {
  if (verdict.access === 'none') return `You have no access to this dashboard: ${lowerFirst(verdict.why)}.`;
  const rule = /^Can view by (.*)$/.exec(verdict.why);
  if (rule) return `You can view this dashboard by ${rule[1]!.replace('their own rule', 'your own rule')}.`;
  return `You can view this dashboard but not change it: ${lowerFirst(verdict.why.replace(/^Can view: /, ''))}.`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
