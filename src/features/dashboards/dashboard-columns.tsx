/** The cells of the dashboard table: pin toggle, name with badges, tags as chips, creator, date. */
import { Link } from 'react-router-dom';
import { dashboardDisplayName } from '../../api/dashboards.ts';
import type { ProjectId } from '../../api/query-keys.ts';
import { Badge } from '../../components/badge.tsx';
import type { TableColumn } from '../../components/infinite-table.tsx';
import { restrictionLevels } from '../../contract/schemas.ts';
import type { DashboardListItem, User } from '../../contract/schemas.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

function formatDate(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

function userName(user: User | null): string {
  if (!user) return 'Unknown';
  const full = [user.first_name, user.last_name].filter((part) => part?.trim()).join(' ');
  return full || user.email;
}

interface PinButtonProps {
  dashboard: DashboardListItem;
  onToggle: (dashboard: DashboardListItem) => void;
  /** Id of a hint that explains why pinning may be refused (a read-only key). */
  describedBy?: string;
  /** The key cannot change dashboards (its scopes are known): the hint says why. */
  disabled?: boolean;
}

/** `Pin <name>` / `Unpin <name>`, a toggle button (aria-pressed) applied at once. */
function PinButton({ dashboard, onToggle, describedBy, disabled = false }: PinButtonProps) {
  const label = `${dashboard.pinned ? 'Unpin' : 'Pin'} ${dashboardDisplayName(dashboard)}`;
  return (
    <button
      type="button"
      className="pin-button"
      aria-pressed={dashboard.pinned}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      title={label}
      onClick={() => onToggle(dashboard)}
    >
      <span aria-hidden="true">{dashboard.pinned ? '★' : '☆'}</span>
    </button>
  );
}

/** The selection column's state and handlers (see bulk-selection.ts). */
export interface SelectionColumnOptions {
  isSelected: (id: DashboardListItem['id']) => boolean;
  /** `range`: Shift was held. */
  onToggle: (dashboard: DashboardListItem, range: boolean) => void;
  allLoaded: boolean;
  someLoaded: boolean;
  onToggleAllLoaded: (selected: boolean) => void;
  /** Id of the header checkbox (focus goes there when the toolbar closes). */
  headerCheckboxId: string;
}

/** `Select all loaded dashboards`: checked when every loaded row is, mixed when some are. */
function SelectAllCheckbox({ selection }: { selection: SelectionColumnOptions }) {
  return (
    <input
      id={selection.headerCheckboxId}
      type="checkbox"
      className="select-checkbox"
      aria-label="Select all loaded dashboards"
      checked={selection.allLoaded}
      ref={(element) => {
        if (element) element.indeterminate = selection.someLoaded && !selection.allLoaded;
      }}
      onChange={(event) => selection.onToggleAllLoaded(event.target.checked)}
    />
  );
}

export interface DashboardColumnsOptions {
  projectId: ProjectId;
  onTogglePin: (dashboard: DashboardListItem) => void;
  pinDescribedBy?: string;
  /** Pinning is refused up front (the key lacks dashboard:write). */
  pinDisabled?: boolean;
  selection?: SelectionColumnOptions;
}

export function dashboardColumns({ projectId, onTogglePin, pinDescribedBy, pinDisabled, selection }: DashboardColumnsOptions): TableColumn<DashboardListItem>[] {
  const base = `/projects/${encodeURIComponent(String(projectId))}/dashboards`;
  const selectColumn: TableColumn<DashboardListItem>[] = selection
    ? [
        {
          key: 'select',
          header: <SelectAllCheckbox selection={selection} />,
          width: '3rem',
          className: 'cell-select',
          cell: (dashboard) => (
            <input
              type="checkbox"
              className="select-checkbox"
              aria-label={`Select ${dashboardDisplayName(dashboard)}`}
              checked={selection.isSelected(dashboard.id)}
              // A checkbox's change comes from its click: Shift is on the native event.
              onChange={(event) => selection.onToggle(dashboard, (event.nativeEvent as MouseEvent).shiftKey === true)}
            />
          ),
        },
      ]
    : [];
  return [
    ...selectColumn,
    {
      key: 'pinned',
      header: 'Pinned',
      width: '5rem',
      className: 'cell-pin',
      cell: (dashboard) => <PinButton dashboard={dashboard} onToggle={onTogglePin} describedBy={pinDescribedBy} disabled={pinDisabled} />,
    },
    {
      key: 'name',
      header: 'Name',
      width: '30%',
      rowHeader: true,
      cell: (dashboard) => (
        <span className="name-cell">
          <Link
            to={`${base}/${dashboard.id}`}
            className={dashboard.name?.trim() ? 'name-link' : 'name-link untitled'}
            title={dashboardDisplayName(dashboard)}
          >
            {dashboardDisplayName(dashboard)}
          </Link>
          {dashboard.is_shared && (
            <Badge tone="info" title="Shared publicly: anyone with the link can view it.">
              Shared
            </Badge>
          )}
          {dashboard.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit && (
            <Badge tone="warning" title="Only invited collaborators, the creator and organization admins can edit it.">
              Restricted
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      width: '24%',
      className: 'cell-muted',
      cell: (dashboard) =>
        dashboard.description ? <span title={dashboard.description}>{dashboard.description}</span> : null,
    },
    {
      key: 'tags',
      header: 'Tags',
      width: '16%',
      cell: (dashboard) =>
        dashboard.tags.length ? (
          <ul className="tag-list" title={dashboard.tags.join(', ')}>
            {dashboard.tags.map((tag) => (
              <li key={tag} className="tag-chip">
                {tag}
              </li>
            ))}
          </ul>
        ) : null,
    },
    {
      key: 'created-by',
      header: 'Created by',
      width: '13%',
      cell: (dashboard) => <span title={dashboard.created_by?.email}>{userName(dashboard.created_by)}</span>,
    },
    {
      key: 'created',
      header: 'Created',
      width: '9rem',
      cell: (dashboard) => (
        <time dateTime={dashboard.created_at} title={formatDate(dashboard.created_at, dateTimeFormat)}>
          {formatDate(dashboard.created_at, dateFormat)}
        </time>
      ),
    },
  ];
}
