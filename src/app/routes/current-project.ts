/**
 * Where the person is: the project the top bar's links point at (the URL's, else the key owner's team,
 * else the first one), the organization whose projects the `Project` switcher lists, and names.
 */
import { useQuery } from '@tanstack/react-query';
import { useMatch, useSearchParams } from 'react-router-dom';
import { organizationQueries, userQueries } from '../../api/organization/organization.ts';
import { aboutOrganization } from '../../api/organization/about.ts';
import type { Organization } from '../../contract/schemas.ts';

export function useCurrentProjectId(): string | null {
  const match = useMatch('/projects/:projectId/*');
  const organization = useQuery(organizationQueries.current());
  const me = useQuery({ ...userQueries.me(), enabled: !match });
  if (match?.params.projectId) return match.params.projectId;
  if (me.data?.team) return String(me.data.team.id);
  const first = organization.data?.projects[0];
  return first ? String(first.id) : null;
}

export interface ShellScope {
  /** Every organization the key sees (the current one alone until, or unless, `GET /api/organizations/` answers). */
  organizations: Organization[];
  /** The organization shown: `/projects?organization=<id>`, else the one holding the URL's project, else the current one. */
  organization: Organization | null;
  /** The project of the URL, or the key owner's: its id, and its name when an organization lists it. */
  projectId: string | null;
  projectName: string | null;
  /** True when the URL names a project (`/projects/:id/…`). */
  inProject: boolean;
}

export function useShellScope(): ShellScope {
  const match = useMatch('/projects/:projectId/*');
  const onProjects = useMatch('/projects');
  const onOrganization = useMatch('/organization/*');
  const [params] = useSearchParams();
  const current = useQuery(organizationQueries.current());
  const all = useQuery(organizationQueries.all());
  const projectId = useCurrentProjectId();
  const organizations = all.data?.length ? all.data : current.data ? [current.data] : [];
  const holding = (id: string | null) =>
    id === null ? undefined : organizations.find((org) => org.projects.some((project) => String(project.id) === id));
  const wanted = onProjects || onOrganization ? params.get('organization') : null;
  // The one answer to "which organization is this about" (DESIGN.md rule 6).
  const about = aboutOrganization(match ? { projectId } : { organization: wanted || null }, {
    current: current.data ?? (current.isError ? null : undefined),
    all: all.data ?? (all.isError ? null : undefined),
  });
  const organization = about.organization ?? organizations.find((org) => org.id === current.data?.id) ?? current.data ?? null;
  const project = projectId === null ? undefined : holding(projectId)?.projects.find((p) => String(p.id) === projectId);
  return { organizations, organization, projectId, projectName: project?.name ?? null, inProject: Boolean(match) };
}
