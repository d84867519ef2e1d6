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
import { ProjectNameProvider } from '../../components/layout/document-title.tsx';
import { ErrorBoundary } from '../../components/feedback/error-boundary.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { lazyComponent, retryFailedLoads } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { useAppUi } from './api-log-panel-state.tsx';
import { MockPanelSlot } from './mock-panel-slot.tsx';
import { useShellScope, type ShellScope } from '../routes/current-project.ts';
import type { GoSection } from './shortcuts.ts';
import '../../components/button/button.css';
import './shell.css';
import './top-bar.css';

const ApiLogPanel = lazyComponent(
  () => import('../../features/api-log/api-log-panel.tsx'),
  <LoadingState label="Loading the API log…" />,
);
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
  // Until that code is there, Ctrl+K / ⌘K (the one shortcut that works everywhere) opens Go to from here.
  const [shortcutsListening, setShortcutsListening] = useState(false);
  useEffect(() => {
    if (shortcutsListening) return;
    const early = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      if (!document.querySelector('[role="dialog"], [role="alertdialog"]')) setDialog('go-to');
    };
    document.addEventListener('keydown', early);
    return () => document.removeEventListener('keydown', early);
  }, [shortcutsListening]);
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
      <ShortcutKeys actions={shortcutActions} onListening={() => setShortcutsListening(true)} />
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
