/**
 * A path parameter's field: a combobox on the console's one combobox state (components/combobox/use-combobox.ts)
 * whose options are the live objects the parameter names, read with the same query factories the
 * pages use (so the cache is shared): `project_id` the organization's projects, `id`/`dashboard_id`
 * the chosen project's dashboards, `user_uuid` the members, `organization_id` the organizations the
 * key sees. Each option names the object and its id; picking one writes its id. Any value can still
 * be typed (`@current`, an id of another organization, a wrong one on purpose).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { organizationQueries } from '../../api/organization/organization.ts';
import { personName } from '../../api/organization/person-name.ts';
import { dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { useCombobox } from '../../components/combobox/use-combobox.ts';
import '../../components/combobox/combobox-field.css';

export interface IdOption {
  id: string;
  /** `Sales dashboard (7)`. */
  label: string;
}

type Source = 'projects' | 'dashboards' | 'members' | 'organizations' | null;

/** Which live objects a path parameter names (null: none the console lists; the field is free text). */
export function sourceOf(name: string): Source {
  if (name === 'project_id') return 'projects';
  if (name === 'dashboard_id' || name === 'id') return 'dashboards';
  if (name === 'user_uuid') return 'members';
  if (name === 'organization_id') return 'organizations';
  return null;
}

const option = (id: string | number, name: string | null | undefined): IdOption => ({
  id: String(id),
  label: `${name?.trim() || '(no name)'} (${id})`,
});

/** The options of `source`, from the pages' own queries; `context` holds the other parameters' values. */
function useOptions(source: Source, context: Readonly<Record<string, string>>): { options: IdOption[]; loading: boolean; note: string | null } {
  const projectId = context.project_id?.trim() ?? '';
  const organizationId = context.organization_id?.trim() ?? '';
  const projects = useInfiniteQuery({ ...projectQueries.list('', organizationId), enabled: source === 'projects' });
  const dashboards = useInfiniteQuery({ ...dashboardQueries.list(projectId), enabled: source === 'dashboards' && projectId !== '' });
  const members = useQuery({ ...organizationQueries.members(organizationId || '@current'), enabled: source === 'members' });
  const organizations = useQuery({ ...organizationQueries.all(), enabled: source === 'organizations' });
  return useMemo(() => {
    switch (source) {
      case 'projects':
        return {
          options: (projects.data?.pages ?? []).flatMap((page) => page.results).map((project) => option(project.id, project.name)),
          loading: projects.isPending,
          note: projects.isError ? 'Could not list the projects: type an id.' : null,
        };
      case 'dashboards':
        if (!projectId) return { options: [], loading: false, note: 'Pick a project first to list its dashboards.' };
        return {
          options: (dashboards.data?.pages ?? []).flatMap((page) => page.results).map((dashboard) => option(dashboard.id, dashboard.name)),
          loading: dashboards.isPending,
          note: dashboards.isError ? 'Could not list the dashboards of that project: type an id.' : null,
        };
      case 'members':
        return {
          options: (members.data ?? []).map((member) =>
            option(member.user.uuid, personName(member.user)),
          ),
          loading: members.isPending,
          note: members.isError ? 'Could not list the members: type a uuid.' : null,
        };
      case 'organizations':
        return {
          options: (organizations.data ?? []).map((organization) => option(organization.id, organization.name)),
          loading: organizations.isPending,
          note: organizations.isError ? 'Could not list the organizations: type an id.' : null,
        };
      default:
        return { options: [], loading: false, note: null };
    }
  }, [source, projectId, projects.data, projects.isPending, projects.isError, dashboards.data, dashboards.isPending, dashboards.isError, members.data, members.isPending, members.isError, organizations.data, organizations.isPending, organizations.isError]);
}

/** The options matching what is typed (by name or id); all of them for null. */
function filterOptions(options: ReadonlyArray<IdOption>, query: string | null): IdOption[] {
  const needle = query?.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((item) => item.label.toLowerCase().includes(needle) || item.id.toLowerCase() === needle);
}

export interface ParamFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Every path parameter's value (a dashboard's list needs the project). */
  context: Readonly<Record<string, string>>;
}

export function ParamField({ name, value, onChange, context }: ParamFieldProps) {
  const source = sourceOf(name);
  const { options, loading, note } = useOptions(source, context);
  // null: every option (opened by click or arrow); a string: what was typed.
  const [query, setQuery] = useState<string | null>(null);
  const shown = useMemo(() => filterOptions(options, query), [options, query]);
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const core = useCombobox({
    count: shown.length,
    onPick: (index) => {
      onChange(shown[index]!.id);
      setQuery(null);
      core.close();
    },
    startAt: () => options.findIndex((item) => item.id === value),
    onOpen: () => setQuery(null),
    optionKey: (index) => shown[index]?.id ?? String(index),
    resetOn: shown,
  });
  const chosen = options.find((item) => item.id === value);
  const hint = source === null ? null : (note ?? (chosen ? chosen.label : loading ? 'Loading…' : `${options.length} to pick from, or type any value.`));
  return (
    <div className="field combobox explorer-param">
      <label id={labelId} htmlFor={id}>
        {name}
      </label>
      <div className="combobox-control">
        <input
          {...core.inputProps}
          role="combobox"
          aria-controls={core.listProps.id}
          id={id}
          type="text"
          aria-expanded={core.open}
          aria-describedby={[hint ? hintId : null, core.open ? statusId : null].filter(Boolean).join(' ') || undefined}
          value={value}
          placeholder={source === null ? 'Type a value' : 'Pick or type an id'}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            core.openAt(0);
          }}
          onClick={() => {
            if (!core.open) core.openList();
          }}
          onBlur={() => core.close()}
        />
        <ul {...core.listProps} aria-labelledby={labelId} className="combobox-list" hidden={!core.open || shown.length === 0}>
          {core.open &&
            shown.map((item, index) => (
              <li
                key={item.id}
                {...core.optionProps(index)}
                role="option"
                aria-selected={item.id === value}
                className={index === core.activeIndex ? 'combobox-option combobox-option-active' : 'combobox-option'}
              >
                {item.label}
              </li>
            ))}
        </ul>
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {core.open && (
        <p id={statusId} className="field-hint" aria-live="polite">
          {shown.length === 0 ? `Nothing listed matches “${value}”: it is sent as typed.` : `${shown.length} to pick from: use the arrow keys and Enter.`}
        </p>
      )}
    </div>
  );
}
