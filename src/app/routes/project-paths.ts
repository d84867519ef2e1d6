/** Paths of the project sections (no router code: the lazily loaded switchers use them too). */
export type Section = 'dashboards' | 'settings' | 'activity';

/** The section of a project path (`/projects/1/settings` → settings); dashboards otherwise. */
export function sectionOf(pathname: string): Section {
  const match = /^\/projects\/[^/]+\/(dashboards|settings|activity)(\/|$)/.exec(pathname);
  return (match?.[1] as Section | undefined) ?? 'dashboards';
}

/** Where the project switcher goes: the same section of the other project (a dashboard's list for its detail). */
export function switchProjectPath(pathname: string, projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/${sectionOf(pathname)}`;
}
