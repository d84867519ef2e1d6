/**
 * "Which organization is this about" (DESIGN.md rule 6), answered once for a page (`?organization=`),
 * a project, or a dashboard (its project's): the role, the members and the features that judge it
 * come from that organization, never from the key's current one by default. Every hook that judges
 * role, members or features takes this answer.
 */
import { useQuery } from '@tanstack/react-query';
import type { Organization } from '../../contract/schemas.ts';
import type { ProjectId } from '../client/query-keys.ts';
import { organizationQueries } from './organization.ts';

/** What a page is about: an organization named by the page, a project, or a dashboard of a project. */
export type OrganizationSubject =
  /** `?organization=<id>`; '' or null for the key's current organization. */
  | { organization: string | null }
  /** A project; `organization` when the page holds the project (its detail names it). */
  | { projectId: ProjectId | null; organization?: string | null }
  /** A dashboard: its project's organization. */
  | { dashboard: { projectId: ProjectId } | null };

export interface OrganizationFacts {
  /** `GET /api/organizations/@current/`: undefined while loading, null when it cannot be read. */
  current: Organization | null | undefined;
  /** `GET /api/organizations/`: undefined while loading, null when it cannot be read. */
  all: ReadonlyArray<Organization> | null | undefined;
}

export interface AboutOrganization {
  /**
   * The organization's id: undefined while not known yet; `@current` when no list can say (the API
   * then answers for the key's current organization).
   */
  id: string | undefined;
  /** Its record (name, `membership_level`, `available_product_features`), when a list holds it. */
  organization: Organization | undefined;
  /** The caller's level there (1 member, 8 admin, 15 owner): undefined while not known, null when it cannot be. */
  membershipLevel: number | null | undefined;
  /** Its features (for the access rules), null when not known. */
  features: ReadonlyArray<{ key: string }> | null;
  /** True when it is the key's current organization (or cannot be told apart from it). */
  isCurrent: boolean;
}

const projectOf = (subject: OrganizationSubject): ProjectId | null | undefined =>
  'dashboard' in subject ? (subject.dashboard?.projectId ?? null) : 'projectId' in subject ? subject.projectId : undefined;

/** The id of the organization `subject` is about, from what is known; undefined while not known yet. */
export function organizationIdOf(subject: OrganizationSubject, facts: OrganizationFacts): string | undefined {
  const { current, all } = facts;
  const named = 'organization' in subject && !('projectId' in subject) ? subject.organization : 'projectId' in subject ? subject.organization : null;
  if (named) return named;
  const projectId = projectOf(subject);
  if (projectId !== undefined && projectId !== null) {
    const id = String(projectId);
    const holding = [...(all ?? []), ...(current ? [current] : [])].find((org) => org.projects.some((p) => String(p.id) === id));
    if (holding) return holding.id;
    // Not in a list that answered: the lists still loading may name it.
    if (all === undefined || current === undefined) return undefined;
  }
  if (current) return current.id;
  return current === null ? '@current' : undefined;
}

/** The whole answer: the id, the record, the caller's level and the features there. */
export function aboutOrganization(subject: OrganizationSubject, facts: OrganizationFacts): AboutOrganization {
  const id = organizationIdOf(subject, facts);
  const isCurrent = id === '@current' || (!!facts.current && id === facts.current.id);
  const organization = id === undefined ? undefined : isCurrent && facts.current ? facts.current : facts.all?.find((org) => org.id === id);
  const membershipLevel = organization
    ? (organization.membership_level ?? null)
    : id === '@current' || (id !== undefined && facts.all === null)
      ? null
      : undefined;
  return { id, organization, membershipLevel, features: organization?.available_product_features ?? null, isCurrent };
}

/** The organization `subject` is about, from the cached organizations (the key's current one and the list). */
export function useOrganizationAbout(subject: OrganizationSubject): AboutOrganization {
  const current = useQuery(organizationQueries.current());
  const all = useQuery(organizationQueries.all());
  return aboutOrganization(subject, {
    current: current.data ?? (current.isError ? null : undefined),
    all: all.data ?? (all.isError ? null : undefined),
  });
}

/** The members of the organization `about` names (every page), once it is known and `enabled`. */
export function useOrganizationMembers(about: Pick<AboutOrganization, 'id'>, enabled = true) {
  return useQuery({ ...organizationQueries.members(about.id ?? '@current'), enabled: enabled && about.id !== undefined });
}
