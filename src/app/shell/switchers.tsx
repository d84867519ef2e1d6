/**
 * The top bar's switchers: `Organization` (only when the key sees more than one) and `Project`, both
 * searchable comboboxes. Projects are filtered in the page while the organization lists no more than
 * one switcher page of them; beyond that, what the person types is the API's `?search=` (debounced;
 * a superseded search is cancelled through the query's signal). This module loads right after the
 * first page's code (shell.tsx shows a look-alike until then), keeping the first-load JS in budget.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { projectQueries, SWITCHER_PAGE_SIZE } from '../../api/resources/projects.ts';
import { PickerCombobox, type PickerOption } from '../../components/combobox/picker-combobox.tsx';
import type { ShellScope } from '../routes/current-project.ts';
import { switchProjectPath } from '../routes/project-paths.ts';
import { useDebounced } from '../../components/form/use-debounced.ts';

/** The backend's badge loads with the switchers (src/app/shell/shell.tsx). */
export { BackendBadge } from './backend-badge.tsx';
/** So does `Theme` (src/app/shell/theme-control.tsx). */
export { ThemeControl } from './theme-control.tsx';

export const SWITCHER_DEBOUNCE_MS = 250;

/** Options whose label contains `text` (case-insensitive), those starting with it first. */
export function filterByLabel(options: ReadonlyArray<PickerOption>, text: string): PickerOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  const starts = options.filter((option) => option.label.toLowerCase().startsWith(needle));
  const contains = options.filter((option) => !starts.includes(option) && option.label.toLowerCase().includes(needle));
  return [...starts, ...contains];
}

export function OrganizationSwitcher({ scope }: { scope: ShellScope }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const options = scope.organizations.map((org) => ({ value: org.id, label: org.name }));
  return (
    <PickerCombobox
      label="Organization"
      className="org-switcher"
      noun="organization"
      options={filterByLabel(options, text)}
      value={scope.organization?.id ?? null}
      valueLabel={scope.organization?.name ?? ''}
      onSearch={setText}
      onPick={(id) => navigate(`/projects?organization=${encodeURIComponent(id)}`)}
    />
  );
}

export function ProjectSwitcher({ scope }: { scope: ShellScope }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const typed = text.trim();
  const search = useDebounced(typed, SWITCHER_DEBOUNCE_MS);
  const listed = (scope.organization?.projects ?? []).map((project) => ({ value: String(project.id), label: project.name }));
  // More projects than one switcher page: the typed text goes to the API.
  const large = listed.length > SWITCHER_PAGE_SIZE;
  const organizationId = scope.organization?.id ?? '@current';
  const found = useQuery({ ...projectQueries.switcher(organizationId, search), enabled: large && search !== '' });

  let options: PickerOption[];
  let footer: string | undefined;
  if (!large) {
    options = filterByLabel(listed, typed);
  } else if (!typed) {
    options = listed.slice(0, SWITCHER_PAGE_SIZE);
    footer = `Type to search all ${listed.length} projects.`;
  } else {
    const results = found.data?.results.map((project) => ({ value: String(project.id), label: project.name })) ?? [];
    options = filterByLabel(results, typed);
    if (found.isError) footer = 'The search failed: type again to retry.';
    else if (found.isFetching || search !== typed) footer = 'Searching…';
    else if (found.data && found.data.count > found.data.results.length)
      footer = `${found.data.count - found.data.results.length} more match: type more letters.`;
  }

  const known = scope.projectName !== null;
  return (
    <PickerCombobox
      label="Project"
      className="project-switcher"
      noun="project"
      options={options}
      value={known ? scope.projectId : null}
      valueLabel={scope.projectName ?? ''}
      placeholder={scope.inProject && scope.organization ? 'Unknown project' : 'Choose a project'}
      footer={footer}
      onSearch={setText}
      onPick={(id) => navigate(switchProjectPath(pathname, id))}
    />
  );
}

/** Both switchers, as the shell shows them. */
export default function TopBarSwitchers({ scope }: { scope: ShellScope }) {
  return (
    <>
      {scope.organizations.length > 1 && <OrganizationSwitcher scope={scope} />}
      <ProjectSwitcher scope={scope} />
    </>
  );
}
