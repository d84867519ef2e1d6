/** The contract's access-control schemas read what production sends (test/fixtures/), not only the mock's answers. */
import { describe, expect, it } from 'vitest';
import { accessControlsSchema, accessLevelRank, higherAccessLevel, isAccessLevel, usersWithAccessSchema } from '../../src/contract/access-control.ts';
import accessControls from '../fixtures/access-controls.json';
import usersWithAccess from '../fixtures/users-with-access.json';
import { parseWith } from '../mock/helpers.ts';

describe('production-shaped access-control answers', () => {
  it('row 29: rules without id, a role’s rule, and the fields the contract does not list', () => {
    const answer = parseWith(accessControlsSchema, structuredClone(accessControls));
    expect(answer.access_controls).toHaveLength(3);
    expect(answer.access_controls.map((rule) => rule.id)).toEqual([null, null, null]);
    expect(answer.access_controls[2]).toMatchObject({ role: '0191d7a3-0a1b-7c2d-8e3f-405162738495', organization_member: null, created_by: 17 });
    expect(answer).toMatchObject({ maximum_access_level: 'manager', user_access_level: 'manager', user_can_edit_access_levels: true });
    expect(answer).not.toHaveProperty('inherited_access');
  });

  it('row 29 without user_can_edit_access_levels reads it as false', () => {
    const { user_can_edit_access_levels: _dropped, ...rest } = structuredClone(accessControls);
    expect(parseWith(accessControlsSchema, rest).user_can_edit_access_levels).toBe(false);
  });

  it('row 31: every source production may give, levels all known', () => {
    const answer = parseWith(usersWithAccessSchema, structuredClone(usersWithAccess));
    expect(answer.total_count).toBe(5);
    expect(answer.users.map((user) => user.access_source)).toEqual(['creator', 'organization_admin', 'explicit_role', 'project_admin', 'default']);
    expect(answer.users.every((user) => isAccessLevel(user.access_level))).toBe(true);
  });
});

describe('the four access levels', () => {
  it('knows the four levels and nothing else', () => {
    expect(['none', 'viewer', 'editor', 'manager'].every(isAccessLevel)).toBe(true);
    expect(['owner', 'Viewer', '', null, undefined, 0, ['viewer']].some(isAccessLevel)).toBe(false);
  });

  it('ranks them lowest first, anything else below them all, and the higher of two wins', () => {
    expect(['none', 'viewer', 'editor', 'manager', 'owner', null, undefined].map(accessLevelRank)).toEqual([0, 1, 2, 3, -1, -1, -1]);
    expect(higherAccessLevel('viewer', 'editor')).toBe('editor');
    expect(higherAccessLevel('manager', 'none')).toBe('manager');
    expect(higherAccessLevel('viewer', 'viewer')).toBe('viewer');
  });
});
