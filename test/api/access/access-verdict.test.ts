/**
 * The verdict of "who can do what, and why", case by case against API.md §5.4 (both layers) and
 * §5.7 (levels, highest wins, users_with_access), with the sentences CONSOLE.md asks for.
 */
import { describe, expect, it } from 'vitest';
import {
  accessVerdicts,
  everyoneRule,
  levelLabels,
  levelWithRule,
  memberRule,
  ruleNote,
  viewerReason,
  type AccessInputs,
  type MemberInput,
  type Verdict,
} from '../../../src/api/access/access-verdict.ts';

const member = (id: string, first: string, level = 1): MemberInput => ({
  id: `m-${id}`,
  level,
  user: { uuid: `u-${id}`, first_name: first, last_name: '', email: `${first.toLowerCase()}@example.com` },
});

const olivia = member('olivia', 'Olivia', 15);
const priya = member('priya', 'Priya', 8);
const tomas = member('tomas', 'Tomas');
const mei = member('mei', 'Mei');
const jonas = member('jonas', 'Jonas');
const members = [olivia, priya, tomas, mei, jonas];
const advanced = [{ key: 'advanced_permissions' }, { key: 'organizations_projects' }];

function inputs(overrides: Partial<AccessInputs> = {}): AccessInputs {
  return {
    members,
    dashboard: { restriction_level: 21, created_by: { uuid: tomas.user.uuid } },
    collaborators: [],
    rules: [],
    usersWithAccess: null,
    features: advanced,
    ...overrides,
  };
}

const rule = (access_level: string, organization_member: string | null = null) => ({ access_level, organization_member });

function of(verdicts: Verdict[], who: MemberInput): Pick<Verdict, 'level' | 'access' | 'why'> {
  const verdict = verdicts.find((v) => v.member.id === who.id);
  if (!verdict) throw new Error(`no verdict for ${who.id}`);
  return { level: verdict.level, access: verdict.access, why: verdict.why };
}

describe('access verdict: the newer layer (§5.7)', () => {
  it('gives the creator, admins and owners manage, each with their reason', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('none')] }));
    expect(of(verdicts, tomas)).toEqual({ level: 'manager', access: 'manager', why: 'Created this dashboard' });
    expect(of(verdicts, priya)).toEqual({ level: 'manager', access: 'manager', why: 'Organization admin: manages every dashboard' });
    expect(of(verdicts, olivia)).toEqual({ level: 'manager', access: 'manager', why: 'Organization owner: manages every dashboard' });
  });

  it('gives everyone else editor by default when there is no rule for everyone', () => {
    const verdicts = accessVerdicts(inputs());
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit by default (no rule for everyone)' });
    expect(everyoneRule([])).toBeNull();
  });

  it('applies the rule for everyone, and a person raised above it by their own rule', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('viewer'), rule('editor', mei.id)] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'viewer', access: 'viewer', why: 'Can view by the rule for everyone' });
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit by their own rule' });
  });

  it('never lowers a person below the rule for everyone (highest wins)', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('editor'), rule('none', mei.id)] }));
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit by the rule for everyone' });
  });

  it('says No access by the rule for everyone, and manage by a person’s own rule', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('none'), rule('manager', mei.id)] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'none', access: 'none', why: 'No access by the rule for everyone' });
    expect(of(verdicts, mei)).toEqual({ level: 'manager', access: 'manager', why: 'Can manage by their own rule' });
  });

  it('keeps the creator and admins at manage whatever their own rule says (stored, changes nothing)', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('none', priya.id), rule('viewer', tomas.id)] }));
    expect(of(verdicts, priya).access).toBe('manager');
    expect(of(verdicts, tomas).access).toBe('manager');
  });

  it('ignores the rules where the organization lacks advanced permissions', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('none')], features: [] }));
    expect(of(verdicts, jonas)).toEqual({
      level: 'editor',
      access: 'editor',
      why: 'Can edit: rules need the Advanced permissions feature',
    });
  });

  it('assumes there are no rules when they could not be read', () => {
    const verdicts = accessVerdicts(inputs({ rules: null }));
    expect(of(verdicts, jonas)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit, assuming there are no rules' });
  });
});

describe('access verdict: both layers (§5.4)', () => {
  const restricted = { restriction_level: 37, created_by: { uuid: olivia.user.uuid } };

  it('holds a member to viewing on a restricted dashboard, and lets the invited edit', () => {
    const verdicts = accessVerdicts(inputs({ dashboard: restricted, collaborators: [{ user: jonas.user }] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'editor', access: 'editor', why: 'Invited to edit' });
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'viewer', why: 'Can view: editing is restricted to invited people' });
    expect(of(verdicts, olivia)).toEqual({ level: 'manager', access: 'manager', why: 'Created this dashboard' });
    expect(of(verdicts, priya).access).toBe('manager');
  });

  it('lets a rule hold an invited collaborator to viewing (both layers must allow an edit)', () => {
    const verdicts = accessVerdicts(inputs({ dashboard: restricted, collaborators: [{ user: jonas.user }], rules: [rule('viewer')] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'viewer', access: 'viewer', why: 'Can view by the rule for everyone' });
  });

  it('gives an invited collaborator raised to manager both reasons', () => {
    const verdicts = accessVerdicts(
      inputs({ dashboard: restricted, collaborators: [{ user: jonas.user }], rules: [rule('manager', jonas.id)] }),
    );
    expect(of(verdicts, jonas)).toEqual({ level: 'manager', access: 'manager', why: 'Invited to edit; Can manage by their own rule' });
  });

  it('ignores collaborators on a dashboard everyone may edit (their invitation changes nothing)', () => {
    const verdicts = accessVerdicts(inputs({ collaborators: [{ user: jonas.user }], rules: [rule('viewer')] }));
    expect(of(verdicts, jonas).access).toBe('viewer');
  });

  it('puts the rows with the most access first, then by name', () => {
    const verdicts = accessVerdicts(inputs({ dashboard: restricted, collaborators: [{ user: jonas.user }], rules: [rule('viewer')] }));
    expect(verdicts.map((v) => [v.member.user.first_name, levelLabels[v.access]])).toEqual([
      ['Olivia', 'Can manage'],
      ['Priya', 'Can manage'],
      ['Jonas', 'Can view'],
      ['Mei', 'Can view'],
      ['Tomas', 'Can view'],
    ]);
  });
});

describe('access verdict: production’s users_with_access (§5.7, §10)', () => {
  const restricted = { restriction_level: 37, created_by: { uuid: olivia.user.uuid } };
  const entry = (who: MemberInput, access_level: string, access_source: string) => ({
    user_id: who.user.uuid,
    access_level,
    access_source,
  });

  it('takes the levels from the answer and still combines them with the restriction', () => {
    const verdicts = accessVerdicts(
      inputs({
        dashboard: restricted,
        rules: null,
        usersWithAccess: [
          entry(olivia, 'manager', 'creator'),
          entry(priya, 'manager', 'organization_admin'),
          entry(mei, 'editor', 'default'),
          entry(tomas, 'editor', 'explicit_member'),
        ],
      }),
    );
    // The answer says editor; the restriction still holds Mei to viewing (the answer knows nothing of it).
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'viewer', why: 'Can view: editing is restricted to invited people' });
    expect(of(verdicts, jonas)).toEqual({ level: 'none', access: 'none', why: 'No access: not among the people with access' });
  });

  it('shows the sources the mock never gives as production gives them', () => {
    const verdicts = accessVerdicts(
      inputs({
        rules: [rule('viewer')],
        usersWithAccess: [entry(mei, 'editor', 'explicit_role'), entry(jonas, 'manager', 'project_admin'), entry(tomas, 'viewer', 'default')],
        dashboard: { restriction_level: 37, created_by: null },
      }),
    );
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'viewer', why: 'Can view: editing is restricted to invited people' });
    expect(of(verdicts, jonas)).toEqual({ level: 'manager', access: 'manager', why: 'Can manage as a project admin' });
    expect(of(verdicts, tomas)).toEqual({ level: 'viewer', access: 'viewer', why: 'Can view by the rule for everyone' });
  });

  it('names a role as the source where the restriction does not hold the person back', () => {
    const verdicts = accessVerdicts(inputs({ rules: null, usersWithAccess: [entry(mei, 'editor', 'explicit_role')] }));
    expect(of(verdicts, mei)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit by a role' });
  });
});

describe('access verdict: the sentences around it', () => {
  it('says what a person’s own rule can and cannot do', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('viewer')] }));
    const jonasVerdict = verdicts.find((v) => v.member.id === jonas.id)!;
    expect(ruleNote(jonasVerdict, 'viewer')).toBe(
      'A rule of their own can raise them above Everyone else (Can view) but never lower them below it.',
    );
    expect(ruleNote(verdicts.find((v) => v.member.id === tomas.id)!, 'viewer')).toBe(
      'The creator always manages this dashboard: a rule of their own changes nothing.',
    );
    expect(ruleNote(verdicts.find((v) => v.member.id === priya.id)!, 'viewer')).toBe(
      'An organization admin always manages this dashboard: a rule of their own changes nothing.',
    );
    expect(levelWithRule('viewer', 'none')).toBe('viewer');
    expect(levelWithRule('viewer', 'editor')).toBe('editor');
    expect(levelWithRule(null, null)).toBe('editor');
  });

  it('words the caller’s own reason', () => {
    expect(viewerReason({ access: 'viewer', why: 'Can view by the rule for everyone' })).toBe(
      'You can view this dashboard by the rule for everyone.',
    );
    expect(viewerReason({ access: 'viewer', why: 'Can view by their own rule' })).toBe('You can view this dashboard by your own rule.');
    expect(viewerReason({ access: 'viewer', why: 'Can view: editing is restricted to invited people' })).toBe(
      'You can view this dashboard but not change it: editing is restricted to invited people.',
    );
  });
});

describe('access verdict: the rules as production lists them', () => {
  // Production's `access_controls/` lists a role's rule with `organization_member: null` and the
  // role's id, in no fixed order: the rule for everyone is the one with neither.
  const roleRule = (access_level: string, role: string) => ({ access_level, organization_member: null, role });
  const everyone = (access_level: string) => ({ access_level, organization_member: null, role: null });

  it('finds the rule for everyone behind a member’s rule and a role’s rule', () => {
    expect(everyoneRule([rule('manager', mei.id), roleRule('editor', 'role-eng'), everyone('viewer')])).toBe('viewer');
    expect(everyoneRule([roleRule('manager', 'role-eng'), rule('none')])).toBe('none');
  });

  it('has no rule for everyone when only members and roles have rules, or when the rules are unknown', () => {
    expect(everyoneRule([rule('viewer', mei.id), roleRule('none', 'role-eng')])).toBeNull();
    expect(everyoneRule(null)).toBeNull();
    expect(memberRule(null, mei.id)).toBeNull();
    expect(memberRule([roleRule('manager', 'role-eng'), rule('viewer', mei.id)], mei.id)).toBe('viewer');
  });

  it('ignores a level it does not know', () => {
    expect(everyoneRule([everyone('owner')])).toBeNull();
    const verdicts = accessVerdicts(inputs({ rules: [everyone('viewer'), rule('superuser', mei.id)] }));
    expect(verdicts.find((v) => v.member.id === mei.id)).toMatchObject({ level: 'viewer', ownRule: null, why: 'Can view by the rule for everyone' });
  });

  it('levels the people without a rule of their own by the rule for everyone, not by a role’s rule listed first', () => {
    const verdicts = accessVerdicts(inputs({ rules: [roleRule('none', 'role-eng'), rule('manager', mei.id), everyone('viewer')] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'viewer', access: 'viewer', why: 'Can view by the rule for everyone' });
    expect(of(verdicts, mei)).toEqual({ level: 'manager', access: 'manager', why: 'Can manage by their own rule' });
  });
});

describe('access verdict: the organization’s features', () => {
  it('ignores the rules when the features are known and lack advanced permissions', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('none'), rule('viewer', mei.id)], features: [{ key: 'organizations_projects' }] }));
    expect(verdicts.find((v) => v.member.id === mei.id)).toMatchObject({
      level: 'editor',
      ownRule: null,
      ownRuleDecides: false,
      why: 'Can edit: rules need the Advanced permissions feature',
    });
  });

  it('applies the rules when the features are unknown (features: null)', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('viewer'), rule('manager', mei.id)], features: null }));
    expect(of(verdicts, jonas)).toEqual({ level: 'viewer', access: 'viewer', why: 'Can view by the rule for everyone' });
    expect(verdicts.find((v) => v.member.id === mei.id)).toMatchObject({ level: 'manager', ownRule: 'manager', ownRuleDecides: true });
  });
});

describe('access verdict: what each row carries', () => {
  const restricted = { restriction_level: 37, created_by: { uuid: olivia.user.uuid } };

  it('names an own rule equal to the rule for everyone, which decides nothing', () => {
    const verdicts = accessVerdicts(inputs({ rules: [rule('viewer'), rule('viewer', mei.id)] }));
    expect(verdicts.find((v) => v.member.id === mei.id)).toMatchObject({
      level: 'viewer',
      access: 'viewer',
      ownRule: 'viewer',
      ownRuleDecides: false,
      rulesApply: true,
      why: 'Can view by the rule for everyone',
    });
    // With no rule for everyone, an own `editor` equals the default: it decides nothing either.
    const byDefault = accessVerdicts(inputs({ rules: [rule('editor', mei.id)] }));
    expect(byDefault.find((v) => v.member.id === mei.id)).toMatchObject({
      level: 'editor',
      ownRuleDecides: false,
      why: 'Can edit by default (no rule for everyone)',
    });
  });

  it('says why an invited editor may edit a dashboard that is not restricted: the rule, not the invitation', () => {
    const verdicts = accessVerdicts(inputs({ collaborators: [{ user: jonas.user }] }));
    expect(verdicts.find((v) => v.member.id === jonas.id)).toMatchObject({
      level: 'editor',
      access: 'editor',
      invited: true,
      why: 'Can edit by default (no rule for everyone)',
    });
    const byEveryone = accessVerdicts(inputs({ collaborators: [{ user: jonas.user }], rules: [rule('editor')] }));
    expect(of(byEveryone, jonas).why).toBe('Can edit by the rule for everyone');
  });

  it('marks the creator and admins as beyond the rules, whatever their own rule, and the others as within them', () => {
    const verdicts = accessVerdicts(
      inputs({ dashboard: restricted, collaborators: [{ user: mei.user }], rules: [rule('viewer'), rule('manager', priya.id), rule('editor', mei.id)] }),
    );
    const row = (who: MemberInput) => verdicts.find((v) => v.member.id === who.id)!;
    expect(row(olivia)).toMatchObject({ role: 'Owner', rulesApply: false, ownRuleDecides: false, invited: false });
    expect(row(priya)).toMatchObject({ role: 'Admin', ownRule: 'manager', rulesApply: false, ownRuleDecides: false });
    expect(row(mei)).toMatchObject({ role: 'Member', ownRule: 'editor', rulesApply: true, ownRuleDecides: true, invited: true, access: 'editor', why: 'Invited to edit' });
    expect(row(jonas)).toMatchObject({ role: 'Member', ownRule: null, rulesApply: true, ownRuleDecides: false, invited: false, access: 'viewer' });
  });

  it('lets an invited collaborator raised to manager by the rule for everyone say so', () => {
    const verdicts = accessVerdicts(inputs({ dashboard: restricted, collaborators: [{ user: jonas.user }], rules: [rule('manager')] }));
    expect(of(verdicts, jonas)).toEqual({ level: 'manager', access: 'manager', why: 'Invited to edit; Can manage by the rule for everyone' });
  });

  it('orders rows of equal access by the name shown, the email when there is no name', () => {
    const nameless: MemberInput = { id: 'm-x', level: 1, user: { uuid: 'u-x', first_name: null, last_name: null, email: 'aaron@example.com' } };
    const lastOnly: MemberInput = { id: 'm-y', level: 1, user: { uuid: 'u-y', first_name: '', last_name: 'Zed', email: 'b@example.com' } };
    const verdicts = accessVerdicts(inputs({ members: [lastOnly, mei, nameless, jonas] }));
    expect(verdicts.map((v) => v.member.id)).toEqual(['m-x', 'm-jonas', 'm-mei', 'm-y']);
    // The first and last names with a space between ("Ada Zed" before "Adam"); a blank name is no name.
    const adaZed: MemberInput = { id: 'm-az', level: 1, user: { uuid: 'u-az', first_name: 'Ada', last_name: 'Zed', email: 'z@example.com' } };
    const adam: MemberInput = { id: 'm-adam', level: 1, user: { uuid: 'u-adam', first_name: 'Adam', last_name: null, email: 'adam@example.com' } };
    const blank: MemberInput = { id: 'm-blank', level: 1, user: { uuid: 'u-blank', first_name: ' ', last_name: '', email: 'zoe@example.com' } };
    const named = accessVerdicts(inputs({ members: [blank, adam, adaZed] }));
    expect(named.map((v) => v.member.id)).toEqual(['m-az', 'm-adam', 'm-blank']);
  });
});

describe('access verdict: users_with_access without an entry or a source the console knows', () => {
  const entry = (who: MemberInput, access_level: string, access_source: string) => ({ user_id: who.user.uuid, access_level, access_source });

  it('says a person left out has no access by the rules, by their own rule when it says none', () => {
    const verdicts = accessVerdicts(
      inputs({ rules: [rule('viewer'), rule('none', mei.id)], usersWithAccess: [entry(tomas, 'manager', 'creator')] }),
    );
    expect(of(verdicts, mei)).toEqual({ level: 'none', access: 'none', why: 'No access by their own rule' });
    expect(of(verdicts, jonas)).toEqual({ level: 'none', access: 'none', why: 'No access by the rule for everyone' });
    const everyoneNone = accessVerdicts(inputs({ rules: [rule('none'), rule('none', mei.id)], usersWithAccess: [] }));
    expect(of(everyoneNone, mei).why).toBe('No access by the rule for everyone');
  });

  it('reads an unknown level as none, a default without a rule for everyone as by default, and an own rule as deciding', () => {
    const verdicts = accessVerdicts(
      inputs({
        rules: [],
        usersWithAccess: [entry(mei, 'owner', 'default'), entry(jonas, 'viewer', 'default'), entry(tomas, 'editor', 'creator')],
        dashboard: { restriction_level: 21, created_by: null },
      }),
    );
    expect(of(verdicts, mei)).toEqual({ level: 'none', access: 'none', why: 'No access by default' });
    expect(verdicts.find((v) => v.member.id === jonas.id)).toMatchObject({ level: 'viewer', access: 'viewer', ownRuleDecides: false, why: 'Can view by default' });
    expect(of(verdicts, tomas)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit by default' });
    const own = accessVerdicts(inputs({ rules: null, usersWithAccess: [entry(mei, 'viewer', 'explicit_member')] }));
    expect(own.find((v) => v.member.id === mei.id)).toMatchObject({ level: 'viewer', ownRuleDecides: true, why: 'Can view by their own rule' });
  });

  it('lets a project admin edit a restricted dashboard', () => {
    const verdicts = accessVerdicts(
      inputs({ dashboard: { restriction_level: 37, created_by: null }, usersWithAccess: [entry(jonas, 'editor', 'project_admin')] }),
    );
    expect(of(verdicts, jonas)).toEqual({ level: 'editor', access: 'editor', why: 'Can edit as a project admin' });
  });
});

describe('access verdict: the caller’s sentence when they have no access', () => {
  it('words viewerReason for none', () => {
    expect(viewerReason({ access: 'none', why: 'No access by the rule for everyone' })).toBe(
      'You have no access to this dashboard: no access by the rule for everyone.',
    );
    expect(viewerReason({ access: 'none', why: 'No access: not among the people with access' })).toBe(
      'You have no access to this dashboard: no access: not among the people with access.',
    );
  });

  it('keeps the rest of a reason that only starts like a rule', () => {
    expect(viewerReason({ access: 'viewer', why: 'Can view by a role' })).toBe('You can view this dashboard by a role.');
    expect(viewerReason({ access: 'viewer', why: 'Can view, assuming there are no rules' })).toBe(
      'You can view this dashboard but not change it: can view, assuming there are no rules.',
    );
  });
});
