/**
 * `Go to` (Ctrl+K / ⌘K): one combobox over the current project's pages, the organization's projects
 * (the API's `?search=`), the current project's dashboards (the API's `?search=`) and a few actions.
 * Pages and actions (known at once) come before the API's projects and dashboards, so results arriving
 * late never move the active option under the person's Enter.
 * The combobox of components/combobox/use-combobox.ts with an always-open listbox: the first match is active, the
 * arrow keys move, Enter opens, Escape closes the dialog (focus goes back where it was). Searches wait for a
 * pause in typing, and a superseded one is cancelled (TanStack Query aborts its signal).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardSearchQueries } from '../../api/resources/dashboards/dashboard-search.ts';
import { useSwitchKey } from '../../api/resources/mock-mutations.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import type { MockInfo } from '../../contract/schemas.ts';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useCombobox } from '../../components/combobox/use-combobox.ts';
import './go-to.css';
import { useDebounced } from '../../components/form/use-debounced.ts';

export const GO_TO_DEBOUNCE_MS = 200;

export interface GoToDialogProps {
  /** The project whose pages and dashboards are offered (null: only projects and actions). */
  projectId: string | null;
  projectName: string | null;
  /** The mock's info when the backend is the bundled mock (offers `Switch demo key…`). */
  mockInfo: MockInfo | null;
  onToggleApiLog: () => void;
  onClose: () => void;
}

interface Item {
  key: string;
  label: string;
  detail?: string;
  run: () => void;
}

interface Group {
  title: string;
  items: Item[];
}

const matches = (text: string, needle: string) => !needle || text.toLowerCase().includes(needle);

export default function GoToDialog({ projectId, projectName, mockInfo, onToggleApiLog, onClose }: GoToDialogProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const navigate = useNavigate();
  const toast = useToast();
  const switchKey = useSwitchKey();
  const [text, setText] = useState('');
  const [choosingKey, setChoosingKey] = useState(false);
  const needle = text.trim().toLowerCase();
  const search = useDebounced(text.trim(), GO_TO_DEBOUNCE_MS);
  const searching = search !== '' && !choosingKey;

  const projects = useQuery({ ...projectQueries.switcher('@current', search), enabled: searching });
  const dashboards = useQuery({ ...dashboardSearchQueries.goTo(projectId ?? '', search), enabled: searching && projectId !== null });

  const groups = useMemo<Group[]>(() => {
    const open = (path: string, state?: unknown) => () => {
      onClose();
      navigate(path, state === undefined ? undefined : { state });
    };
    if (choosingKey) {
      const keys = (mockInfo?.keys ?? []).map((key) => ({
        key: `key-${key.key}`,
        label: `Switch to ${key.key}`,
        detail: key.user,
        run: () =>
          switchKey.mutate(key.key, {
            onSuccess: () => {
              onClose();
              toast.success(`Now using ${key.key} (${key.user}): the page was loaded again with this key.`);
            },
          }),
      }));
      return [{ title: 'Demo keys', items: keys.filter((item) => matches(`${item.label} ${item.detail}`, needle)) }];
    }
    const base = projectId ? `/projects/${encodeURIComponent(projectId)}` : null;
    const inProject = projectName ? `in ${projectName}` : undefined;
    const pages: Item[] = [{ key: 'page-projects', label: 'Projects', detail: 'Every project of the organization', run: open('/projects') }];
    if (base) {
      pages.push(
        { key: 'page-dashboards', label: 'Dashboards', detail: inProject, run: open(`${base}/dashboards`) },
        { key: 'page-settings', label: 'Project settings', detail: inProject, run: open(`${base}/settings`) },
        { key: 'page-activity', label: 'Activity', detail: inProject, run: open(`${base}/activity`) },
      );
    }
    pages.push({ key: 'page-explorer', label: 'API explorer', detail: 'Call any operation of the API', run: open('/explorer') });
    const actions: Item[] = [];
    if (base) actions.push({ key: 'action-new-dashboard', label: 'New dashboard', detail: inProject, run: open(`${base}/dashboards`, { newDashboard: true }) });
    actions.push({
      key: 'action-api-log',
      label: 'Toggle API log',
      run: () => {
        onClose();
        onToggleApiLog();
      },
    });
    if (mockInfo) {
      actions.push({
        key: 'action-switch-key',
        label: 'Switch demo key…',
        detail: 'Another demo key of the bundled mock',
        run: () => {
          setChoosingKey(true);
          setText('');
        },
      });
    }
    // What is known at once comes first, so results arriving later never move the active option away.
    const found: Group[] = [
      { title: 'Pages', items: pages.filter((item) => matches(item.label, needle)) },
      { title: 'Actions', items: actions.filter((item) => matches(item.label, needle)) },
    ];
    if (searching && projects.data) {
      found.push({
        title: 'Projects',
        items: projects.data.results
          .filter((project) => matches(project.name, needle))
          .map((project) => ({ key: `project-${project.id}`, label: project.name, detail: 'Project', run: open(`/projects/${project.id}/dashboards`) })),
      });
    }
    if (searching && base && dashboards.data) {
      found.push({
        title: 'Dashboards',
        items: dashboards.data.results.map((dashboard) => ({
          key: `dashboard-${dashboard.id}`,
          label: dashboard.name ?? 'Untitled dashboard',
          detail: inProject,
          run: open(`${base}/dashboards/${dashboard.id}`),
        })),
      });
    }
    return found.filter((group) => group.items.length > 0);
  }, [choosingKey, mockInfo, needle, projectId, projectName, searching, projects.data, dashboards.data, navigate, onClose, onToggleApiLog, switchKey, toast]);

  const items = groups.flatMap((group) => group.items);
  const combobox = useCombobox({
    count: items.length,
    onPick: (index) => items[index]!.run(),
    alwaysOpen: true,
    // The demo keys replace the results: the first one is active.
    resetOn: choosingKey,
    optionKey: (index) => items[index]!.key,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && choosingKey && text === '') setChoosingKey(false);
    else combobox.inputProps.onKeyDown(event);
  };

  const pending = searching && (search !== text.trim() || projects.isFetching || dashboards.isFetching);
  let status: string;
  if (choosingKey && switchKey.isPending) status = 'Switching keys…';
  else if (pending) status = 'Searching…';
  else if (items.length === 0) status = `Nothing matches “${text.trim()}”.`;
  else status = `${items.length} ${items.length === 1 ? 'result' : 'results'}: arrow keys to move, Enter to open.`;

  return (
    <Dialog open title={choosingKey ? 'Go to: switch demo key' : 'Go to'} onClose={onClose} size="medium">
      <div className="go-to">
        <label htmlFor={inputId} className="go-to-label">
          Search projects, dashboards and pages
        </label>
        {/* eslint-disable-next-line jsx-a11y-x/role-supports-aria-props -- the spread inputProps carry role="combobox" (use-combobox.ts), which the rule cannot see; a combobox supports aria-expanded. */}
        <input
          {...combobox.inputProps}
          id={inputId}
          className="go-to-input"
          type="text"
          aria-expanded="true"
          aria-describedby={`${id}-status`}
          placeholder={choosingKey ? 'Which demo key?' : 'A page, project or dashboard name'}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            combobox.openAt(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div {...combobox.listProps} aria-label="Results" className="go-to-list">
          {groups.map((group) => (
            <div key={group.title} role="group" aria-label={group.title} className="go-to-group">
              <div className="go-to-group-title" aria-hidden="true">
                {group.title}
              </div>
              {group.items.map((item) => {
                const index = items.indexOf(item);
                const active = index === combobox.activeIndex;
                return (
                  <div
                    key={item.key}
                    {...combobox.optionProps(index)}
                    aria-selected={active}
                    className={active ? 'go-to-option go-to-option-active' : 'go-to-option'}
                  >
                    <span className="go-to-option-label">{item.label}</span>
                    {item.detail && <span className="go-to-option-detail">{item.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p id={`${id}-status`} className="go-to-status" aria-live="polite">
          {status}
        </p>
        {switchKey.error && (
          <p className="field-error" role="alert">
            Could not switch keys: {switchKey.error.message}
          </p>
        )}
      </div>
    </Dialog>
  );
}
