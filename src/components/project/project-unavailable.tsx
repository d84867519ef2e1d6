/**
 * A page of a project the person cannot open: it does not exist (404) or belongs to another
 * organization (403, the API's sentence). Not a failure to retry: no `Try again`, no actions, a way
 * back to Projects. A network failure or a 5xx is not this (those keep their `Try again`).
 */
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../layout/document-title.tsx';
import { errorDetail, errorStatus } from '../feedback/error-text.ts';

export type ProjectProblem = 'missing' | 'forbidden';

export interface ProjectProblemOptions {
  /**
   * The request was for the project itself (`/api/projects/:id/`): any 404 is the project's, and a
   * project of another organization is a 404 there too. Under a nested path (`…/dashboards/`), only
   * `Project not found.` is the project's; another 404 is the object's.
   */
  projectPath?: boolean;
}

/** What a failed request says about the page's project, or null when the error is about something else. */
export function projectProblem(error: unknown, { projectPath = false }: ProjectProblemOptions = {}): ProjectProblem | null {
  const status = errorStatus(error);
  if (status === 404) return projectPath || /^project not found/i.test(errorDetail(error)) ? 'missing' : null;
  // A nested path of another organization's project (API.md §2): "You don't have access to the project."
  if (status === 403 && /access to the project/i.test(errorDetail(error))) return 'forbidden';
  return null;
}

export interface ProjectUnavailableProps {
  problem: ProjectProblem;
  /** The error that told (its detail is the API's sentence). */
  error: unknown;
  projectId: string;
}

const titles: Record<ProjectProblem, string> = {
  missing: 'Project not found',
  forbidden: 'No access to this project',
};

/** The whole page for a project that does not exist or is not the person's: heading, why, and a link to Projects. */
export function ProjectUnavailable({ problem, error, projectId }: ProjectUnavailableProps) {
  const title = titles[problem];
  // The project's name is unknown (or not the person's to see): the title leaves it out.
  useDocumentTitle(title, { inProject: false });
  return (
    <div className="state project-unavailable">
      <h1>{title}</h1>
      {problem === 'missing' ? (
        <p>
          There is no project with the ID <code>{projectId}</code> in your organization. It may have been deleted, or the
          link may be wrong.
        </p>
      ) : (
        <p>
          <span>{errorDetail(error)}</span> Project <code>{projectId}</code> is in an organization you are not a member
          of.
        </p>
      )}
      <p>
        <Link to="/projects">Go to projects</Link>
      </p>
    </div>
  );
}
