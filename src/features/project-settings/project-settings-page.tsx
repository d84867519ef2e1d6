/** `/projects/:projectId/settings`: read-only facts, the settings form, onboarding, and the danger zone. */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useProjectPermissions } from '../../api/access/authorization.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import type { Project } from '../../contract/schemas.ts';
import { CopyButton } from '../../components/button/copy-button.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { ErrorState } from '../../components/feedback/error-state.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { projectProblem, ProjectUnavailable } from '../../components/project/project-unavailable.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { DangerZone } from './danger-zone.tsx';
import { OnboardingSection } from './onboarding-section.tsx';
import { SettingsForm } from './settings-form.tsx';
import './project-settings.css';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

function ProjectFacts({ project }: { project: Project }) {
  const headingId = useId();
  const keyId = useId();
  return (
    <section className="panel settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Project details</h2>
      <dl className="facts">
        <div>
          <dt>Project ID</dt>
          <dd>{project.id}</dd>
        </div>
        <div className="fact-wide">
          <dt>
            <label htmlFor={keyId}>Project API key</label>
          </dt>
          <dd>
            <div className="input-with-button">
              <input
                id={keyId}
                type="text"
                readOnly
                value={project.api_token}
                spellCheck={false}
                onFocus={(event) => event.target.select()}
              />
              <CopyButton text={project.api_token} label="Copy project API key" />
            </div>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DateTime value={project.created_at} />
          </dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>
            <DateTime value={project.updated_at} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function ProjectSettingsPage() {
  const { projectId = '' } = useParams();
  const query = useQuery(projectQueries.detail(projectId));
  useDocumentTitle('Project settings');
  const permissions = useProjectPermissions(projectId, query.data ?? null);
  const navigate = useNavigate();
  const toast = useToast();
  // Set just before leaving on purpose (the project was deleted): the unsaved-changes guard lets it go.
  const allowLeaveRef = useRef(false);

  if (query.isPending) {
    return (
      <>
        <h1>Project settings</h1>
        <LoadingState label="Loading project settings…" />
      </>
    );
  }
  if (query.isError && !query.data) {
    const problem = projectProblem(query.error, { projectPath: true });
    if (problem) return <ProjectUnavailable problem={problem} error={query.error} projectId={projectId} />;
    return (
      <>
        <h1>Project settings</h1>
        <ErrorState
          title="Could not load the project"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
        <p>
          <Link to="/projects">Back to projects</Link>
        </p>
      </>
    );
  }

  const project = query.data;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Project settings</h1>
          <p className="lead">{project.name}</p>
        </div>
      </div>
      {query.isError && (
        <ErrorState title="Could not refresh the project" error={query.error} onRetry={() => void query.refetch()} headingLevel={2} />
      )}
      <ProjectFacts project={project} />
      {/* Keyed by project: switching projects starts a fresh form. */}
      <SettingsForm
        key={project.id}
        project={project}
        readOnlyReason={permissions.changeSettings}
        adminOnlyReason={permissions.changeAdminSettings}
        allowLeaveRef={allowLeaveRef}
      />
      <OnboardingSection key={`onboarding-${project.id}`} project={project} />
      <DangerZone
        project={project}
        onTokenReset={() => toast.success('Project API key reset. Update your apps with the new key.')}
        onDeleted={(name) => {
          allowLeaveRef.current = true;
          navigate('/projects', { flushSync: true });
          toast.success(`Project "${name}" deleted.`);
        }}
      />
    </>
  );
}
