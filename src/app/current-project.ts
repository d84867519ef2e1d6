/** The project the top bar's links point at: the URL's, else the key owner's team, else the first one. */
import { useQuery } from '@tanstack/react-query';
import { useMatch } from 'react-router-dom';
import { organizationQueries, userQueries } from '../api/organization.ts';

export type Section = 'dashboards' | 'settings' | 'activity';

export function useCurrentProjectId(): string | null {
  const match = useMatch('/projects/:projectId/*');
  const organization = useQuery(organizationQueries.current());
  const me = useQuery({ ...userQueries.me(), enabled: !match });
  if (match?.params.projectId) return match.params.projectId;
  if (me.data?.team) return String(me.data.team.id);
  const first = organization.data?.projects[0];
  return first ? String(first.id) : null;
}

/** The section of a project path (`/projects/1/settings` → settings); dashboards otherwise. */
export function sectionOf(pathname: string): Section {
  const match = /^\/projects\/[^/]+\/(dashboards|settings|activity)(\/|$)/.exec(pathname);
  return (match?.[1] as Section | undefined) ?? 'dashboards';
}

/** Where the project switcher goes: the same section of the other project (a dashboard's list for its detail). */
export function switchProjectPath(pathname: string, projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/${sectionOf(pathname)}`;
}
