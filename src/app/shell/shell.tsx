/**
 * The shell around every connected page: skip link, top bar (organization and project switchers,
 * section links, Go to, mock indicator, API log toggle, Disconnect; folded into `Menu` below 720 px),
 * the page, the API log panel slot, and the keyboard shortcuts with their lazily loaded dialogs.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useConnectionState, useRuntime } from '../../api/runtime/use-runtime.ts';
import { mockQueries } from '../../api/resources/mock.ts';
import { organizationQueries } from '../../api/organization/organization.ts';
import type { MockInfo } from '../../contract/schemas.ts';
import { ProjectNameProvider } from '../../components/layout/document-title.tsx';
import { ErrorBoundary } from '../../components/feedback/error-boundary.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { lazyComponent, retryFailedLoads } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { useAppUi } from './api-log-panel-state.tsx';
import { afterPageSettles } from '../when-idle.ts';
import { useShellScope, type ShellScope } from '../routes/current-project.ts';
import type { GoSection } from './shortcuts.ts';
import '../../components/button/button.css';
import './shell.css';
import './top-bar.css';

const ApiLogPanel = lazyComponent(
  () => import('../../features/api-log/api-log-panel.tsx'),
  <LoadingState label="Loading the API log…" />,
);
const MockPanel = lazyComponent(() => import('../../features/mock-panel/mock-panel.tsx'));
const ScopeContext = createContext<ShellScope | null>(null);

/** The switchers' look-alike while their code loads: the same labels and boxes, not yet operable. */
function SwitchersPlaceholder() {
  const scope = useContext(ScopeContext);
  const box = (label: string, value: string, className: string) => (
    <div className={`picker combobox ${className}`}>
      <span className="picker-label">{label}</span>
      <div className="combobox-control">
        <input type="text" readOnly tabIndex={-1} value={value} />
      </div>
    </div>
  );
  return (
    <div className="top-bar-switchers-placeholder" aria-hidden="true">
      {scope && scope.organizations.length > 1 && box('Organization', scope.organization?.name ?? '', 'org-switcher')}
      {box('Project', scope?.projectName ?? '', 'project-switcher')}
    </div>
  );
}

// Loaded at once, beside the page's code, but not part of the first-load JavaScript.
const TopBarSwitchers = lazyComponent(() => import('./switchers.tsx'), <SwitchersPlaceholder />);
// The shortcuts' listener loads as soon as the shell is up (below): the first page's code does not wait for it.
const ShortcutKeys = lazyComponent(() => import('./shortcut-keys.tsx'));
// The backend's badge (src/app/shell/backend-badge.tsx) comes with the switchers' code, not the first page's.
const BackendBadge = lazyComponent(async () => ({ default: (await import('./switchers.tsx')).BackendBadge }));
// `Theme` too (the page's inline script has applied the remembered theme already); its room is held until then.
const ThemeControl = lazyComponent(
  async () => ({ default: (await import('./switchers.tsx')).ThemeControl }),
  <span className="picker theme-picker" aria-hidden="true">
    <span className="picker-label">Theme</span>
    <span className="theme-picker-box" />
  </span>,
);
const GoToDialog = lazyComponent(() => import('../../features/go-to/go-to-dialog.tsx'));
const ShortcutsDialog = lazyComponent(() => import('../../features/go-to/shortcuts-dialog.tsx'));

/**
 * The mock's controls (a QA tool that only the bundled mock answers for). The key and world badges
 * and the `Mock controls` button are drawn here at once, and that one button stays for the slot's
 * whole life; the rest (the faults reminder, the dialog) loads once the first page has settled (the
 * page a person came for needs none of that code), or at once when the button is pressed: a press
 * before the code is there opens the dialog when it comes. Before the mock's info has come, a world
 * (only the mock has them) is enough to know it is the mock.
 */
function MockPanelSlot({ info, connectedKey, world }: { info: MockInfo | undefined; connectedKey: string | undefined; world: string | undefined }) {
  const [settled, setSettled] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => afterPageSettles(() => setSettled(true)), []);
  const demoKey = info?.keys.find((key) => key.key === connectedKey)?.key;
  return (
    <div className="mock-panel">
      {/* Stacked in one row of the top bar at 1440 px; the title gives the whole text where it is cut short. */}
      {(demoKey || world) && (
        <span className="mock-badges">
          {demoKey && (
            <span className="mock-key-badge" title={`Key: ${demoKey}`}>
              Key: {demoKey}
            </span>
          )}
          {world && (
            <span className="mock-key-badge" title={`World: ${world}`}>
              World: {world}
            </span>
          )}
        </span>
      )}
      {info && (settled || open) && (
        <ErrorBoundary fallback={() => <span className="mock-indicator">Mock controls could not load.</span>}>
          <MockPanel info={info} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
        </ErrorBoundary>
      )}
      <button
        type="button"
        className="button mock-controls-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void MockPanel.preload()}
        onFocus={() => void MockPanel.preload()}
      >
        Mock controls
      </button>
    </div>
  );
}

/** The top bar and the main area; `children` is the page (the route's outlet). */
export function Shell({ children }: { children: ReactNode }) {
  const runtime = useRuntime();
  const { connection } = useConnectionState();
  const organization = useQuery(organizationQueries.current());
  const mockInfo = useQuery(mockQueries.info(connection?.host ?? ''));
  const scope = useShellScope();
  const currentProjectId = scope.projectId;
  const { apiLogOpen, setApiLogOpen, toggleApiLog } = useAppUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const projectBase = currentProjectId ? `/projects/${encodeURIComponent(currentProjectId)}` : null;
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link-active' : 'nav-link');
  const [dialog, setDialog] = useState<'go-to' | 'shortcuts' | null>(null);
  // Keys pressed as soon as the page shows (a keyboard user's `?`, a QA script's) find the listener:
  // its code loads with the first screen, not after it is painted as other lazy parts do.
  useLayoutEffect(() => void ShortcutKeys.preload(), []);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // A new page closes the narrow menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const go = (section: GoSection) => {
    if (section === 'projects') navigate('/projects');
    else if (projectBase) navigate(`${projectBase}/${section}`);
  };
  const shortcutActions = { goTo: () => setDialog('go-to'), help: () => setDialog('shortcuts'), go };

  const closeMenu = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation();
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
  };
  // A link or button chosen in the open menu folds it again.
  const chooseInMenu = (event: MouseEvent) => {
    if (menuOpen && (event.target as Element).closest('a, button')) setMenuOpen(false);
  };

  return (
    <ProjectNameProvider value={scope.inProject ? scope.projectName : null}>
      <ShortcutKeys actions={shortcutActions} />
      <div className={apiLogOpen ? 'shell shell-with-panel' : 'shell'}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- Escape from anywhere in the top bar folds the narrow menu: a key listener on the container, not a control. */}
        <header className={menuOpen ? 'top-bar top-bar-menu-open' : 'top-bar'} onKeyDown={closeMenu}>
          <div className="top-bar-org">
            {scope.organizations.length <= 1 && (
              <span className="org-name" title={organization.data?.name ?? 'Organization'}>
                {organization.data?.name ?? (organization.isPending ? 'Loading organization…' : 'Organization unavailable')}
              </span>
            )}
            <BackendBadge host={connection?.host ?? ''} mockInfo={mockInfo} />
            <ScopeContext.Provider value={scope}>
              <TopBarSwitchers scope={scope} />
            </ScopeContext.Provider>
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            className="button top-bar-menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions -- delegation: only a link or button inside folds the menu, and Enter or Space on those fires this click too. */}
          <div id={menuId} className="top-bar-menu" onClick={chooseInMenu}>
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
              <NavLink to="/explorer" className={navClass}>
                API explorer
              </NavLink>
            </nav>
            <div className="top-bar-tools">
              <button
                type="button"
                className="button button-ghost"
                aria-keyshortcuts="Control+K Meta+K"
                onClick={() => setDialog('go-to')}
                onPointerEnter={() => void GoToDialog.preload()}
                onFocus={() => void GoToDialog.preload()}
              >
                Go to…
              </button>
              {/* The mock's, or not known yet while the connection names a world (only the mock has worlds). */}
              {(mockInfo.data || (mockInfo.data === undefined && connection?.world)) && (
                <MockPanelSlot info={mockInfo.data ?? undefined} connectedKey={connection?.key} world={connection?.world} />
              )}
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
              <ThemeControl />
              <button type="button" className="button" onClick={() => runtime.connection.disconnect({ byPerson: true })}>
                Disconnect
              </button>
            </div>
          </div>
        </header>
        {organization.isError && (
          <div className="shell-banner">
            <ActionError error={organization.error} prefix="Could not load the organization:" />
          </div>
        )}
        <div className="shell-body">
          <main id="main" className="page" tabIndex={-1}>
            {children}
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
        {dialog && (
          <ErrorBoundary
            onReset={retryFailedLoads}
            fallback={({ error, reset }) => (
              <div className="shell-banner" role="alert">
                <p>
                  Could not open {dialog === 'go-to' ? 'Go to' : 'Keyboard shortcuts'}:{' '}
                  {error instanceof Error ? error.message : String(error)}
                </p>
                <button type="button" className="button" onClick={reset}>
                  Try again
                </button>
                <button type="button" className="button" onClick={() => setDialog(null)}>
                  Dismiss
                </button>
              </div>
            )}
          >
            {dialog === 'go-to' ? (
              <GoToDialog
                projectId={currentProjectId}
                projectName={scope.projectName}
                mockInfo={mockInfo.data ?? null}
                onToggleApiLog={toggleApiLog}
                onClose={() => setDialog(null)}
              />
            ) : (
              <ShortcutsDialog onClose={() => setDialog(null)} />
            )}
          </ErrorBoundary>
        )}
      </div>
    </ProjectNameProvider>
  );
}
