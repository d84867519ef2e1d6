// "Which organization is this about" (DESIGN.md rule 6): one answer for a page, a project and a dashboard.
import { describe, expect, it } from 'vitest';
import { aboutOrganization, organizationIdOf } from '../../../src/api/organization/about.ts';
import type { Organization } from '../../../src/contract/schemas.ts';

const organization = (id: string, level: number, projects: number[], features: string[] = []) =>
  ({ id, name: id, membership_level: level, projects: projects.map((p) => ({ id: p, name: `P${p}` })), available_product_features: features.map((key) => ({ key, name: key })) }) as unknown as Organization;

const main = organization('main', 1, [1, 2, 3], ['advanced_permissions']);
const labs = organization('labs', 8, [5]);
const known = { current: main, all: [main, labs] };

describe('the organization a page is about', () => {
  it('is the page’s ?organization=, with the caller’s level and the features there', () => {
    expect(aboutOrganization({ organization: 'labs' }, known)).toMatchObject({ id: 'labs', membershipLevel: 8, features: [], isCurrent: false });
    expect(aboutOrganization({ organization: null }, known)).toMatchObject({ id: 'main', membershipLevel: 1, isCurrent: true });
  });

  it('is the organization holding a project, and a dashboard’s project', () => {
    expect(organizationIdOf({ projectId: 5 }, known)).toBe('labs');
    expect(organizationIdOf({ projectId: '2' }, known)).toBe('main');
    expect(organizationIdOf({ dashboard: { projectId: 5 } }, known)).toBe('labs');
    // The project's own detail names it, before any list answers.
    expect(organizationIdOf({ projectId: 5, organization: 'labs' }, { current: undefined, all: undefined })).toBe('labs');
  });

  it('is not known yet while the lists that could name it load, and the API decides when none can be read', () => {
    expect(aboutOrganization({ projectId: 5 }, { current: main, all: undefined })).toMatchObject({ id: undefined, membershipLevel: undefined });
    expect(aboutOrganization({ organization: 'labs' }, { current: main, all: undefined })).toMatchObject({ id: 'labs', membershipLevel: undefined });
    expect(aboutOrganization({ organization: null }, { current: null, all: null })).toMatchObject({ id: '@current', membershipLevel: null });
  });
});
