/**
 * The shell around every connected page: skip link, top bar (organization, project switcher,
 * section links, API log toggle, mock indicator, Disconnect), the page, and the API log panel slot.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { disconnect, useConnectionState } from '../api/connection.ts';
import { mockQueries } from '../api/mock.ts';
import { organizationQueries } from '../api/organization.ts';
import type { MockInfo } from '../contract/schemas.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ActionError } from '../components/error-state.tsx';
import { lazyComponent, retryFailedLoads } from '../components/lazy-component.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { useAppUi } from './app-ui.tsx';
import { afterPageSettles, warmUpDateFormatting, whenIdle } from './idle.ts';
import { switchProjectPath, useCurrentProjectId } from './current-project.ts';

const ApiLogPanel = lazyComponent(
  () => import('../features/api-log/api-log-panel.tsx'),
  <LoadingState label="Loading the API log…" />,
);
const MockPanel = lazyComponent(() => import('../features/mock-panel/mock-panel.tsx'));

/**
 * The mock's controls (a QA tool that only the bundled mock answers for), loaded once the first page
 * has settled: the page a person came for needs none of that code, so it does not compete with it.
 */
function DeferredMockPanel({ info }: { info: MockInfo }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterPageSettles(() => setSettled(true)), []);
  if (!settled) return null;
  return (
    <ErrorBoundary fallback={() => <span className="mock-indicator">Mock</span>}>
      <MockPanel info={info} />
    </ErrorBoundary>
  );
}

function ProjectSwitcher({ currentProjectId }: { currentProjectId: string | null }) {
  const id = useId();
  const organization = useQuery(organizationQueries.current());
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const projects = organization.data?.projects ?? [];
  const known = currentProjectId !== null && projects.some((p) => String(p.id) === currentProjectId);

  return (
    <div className="project-switcher">
      <label htmlFor={id}>Project</label>
      <select
        id={id}
        value={currentProjectId ?? ''}
        disabled={projects.length === 0 && currentProjectId === null}
        onChange={(event) => {
          if (event.target.value) navigate(switchProjectPath(pathname, event.target.value));
        }}
      >
        {currentProjectId === null && <option value="">No project</option>}
        {currentProjectId !== null && !known && <option value={currentProjectId}>Project {currentProjectId}</option>}
        {projects.map((project) => (
          <option key={project.id} value={String(project.id)}>
            {project.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Shell() {
  const { connection } = useConnectionState();
  const organization = useQuery(organizationQueries.current());
  const mockInfo = useQuery(mockQueries.info(connection?.host ?? ''));
  const currentProjectId = useCurrentProjectId();
  const { apiLogOpen, setApiLogOpen, toggleApiLog } = useAppUi();
  const projectBase = currentProjectId ? `/projects/${encodeURIComponent(currentProjectId)}` : null;
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link-active' : 'nav-link');

  useEffect(() => whenIdle(warmUpDateFormatting), []);

  return (
    <div className={apiLogOpen ? 'shell shell-with-panel' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="top-bar">
        <div className="top-bar-org">
          <span className="org-name" title="Organization">
            {organization.data?.name ?? (organization.isPending ? 'Loading organization…' : 'Organization unavailable')}
          </span>
          <ProjectSwitcher currentProjectId={currentProjectId} />
        </div>
        <nav aria-label="Main" className="top-nav">
          <NavLink to="/projects" end className={navClass}>
            Projects
          </NavLink>
          {projectBase && (
            <>
              <NavLink to={`${projectBase}/dashboards`} className={navClass}>
                Dashboards
              </NavLink>
              <NavLink to={`${projectBase}/settings`} className={navClass}>
                Settings
              </NavLink>
              <NavLink to={`${projectBase}/activity`} className={navClass}>
                Activity
              </NavLink>
            </>
          )}
        </nav>
        <div className="top-bar-tools">
          {mockInfo.data && <DeferredMockPanel info={mockInfo.data} />}
          <button
            type="button"
            className="button"
            aria-pressed={apiLogOpen}
            onClick={toggleApiLog}
            onPointerEnter={() => void ApiLogPanel.preload()}
            onFocus={() => void ApiLogPanel.preload()}
          >
            API log
          </button>
          <button
            type="button"
            className="button"
            onClick={() => disconnect({ byPerson: true })}
          >
            Disconnect
          </button>
        </div>
      </header>
      {organization.isError && (
        <div className="shell-banner">
          <ActionError error={organization.error} prefix="Could not load the organization:" />
        </div>
      )}
      <div className="shell-body">
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
        {apiLogOpen && (
          <aside className="side-panel" aria-label="API log panel">
            <ErrorBoundary
              onReset={retryFailedLoads}
              fallback={({ error, reset }) => (
                <div className="state state-error" role="alert">
                  <p>The API log panel failed: {error instanceof Error ? error.message : String(error)}</p>
                  <button type="button" className="button" onClick={reset}>
                    Try again
                  </button>
                </div>
              )}
            >
              <ApiLogPanel onClose={() => setApiLogOpen(false)} />
            </ErrorBoundary>
          </aside>
        )}
      </div>
    </div>
  );
}
