/** The cells of the dashboard table: pin toggle, name with badges, tags as chips, creator, date. */
import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { dashboardDisplayName } from '../../api/resources/dashboards/dashboards.ts';
import { personName } from '../../api/organization/person-name.ts';
import type { ProjectId } from '../../api/client/query-keys.ts';
import { Badge } from '../../components/feedback/badge.tsx';
import type { TableColumn } from '../../components/table/infinite-table.tsx';
import { selectionColumn, type SelectionColumnOptions } from '../../components/table/selection-column.tsx';
import { restrictionLevels } from '../../contract/inputs.ts';
import type { DashboardListItem, User } from '../../contract/schemas.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

function formatDate(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

const userName = (user: User | null): string => (user ? personName(user) : 'Unknown');

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

/** The gap between two tag chips, in px (`.tag-list`'s gap). */
const TAG_GAP = 4;

/**
 * The tags as chips: as many as fit the cell, then `+N` whose tooltip (and accessible text) holds
 * the rest. The chips' widths are measured once with every chip shown; the count follows the
 * cell's width. Without layout (jsdom) every chip shows.
 */
export function TagList({ tags }: { tags: ReadonlyArray<string> }) {
  const listRef = useRef<HTMLUListElement>(null);
  // The chips' widths, for the tags they were measured with.
  const widths = useRef<{ key: string; values: number[] } | null>(null);
  const key = tags.join('\n');
  const [state, setState] = useState({ key, shown: tags.length });
  // New tags: show them all once, to measure them.
  if (state.key !== key) setState({ key, shown: tags.length });
  const shown = state.key === key ? Math.min(state.shown, tags.length) : tags.length;

  const fit = useEffectEvent(() => {
    const list = listRef.current;
    if (!list) return;
    if (widths.current?.key !== key) {
      const chips = [...list.querySelectorAll<HTMLElement>(':scope > .tag-chip:not(.tag-more)')];
      if (chips.length !== tags.length) return;
      widths.current = { key, values: chips.map((chip) => chip.getBoundingClientRect().width) };
    }
    const measured = widths.current.values;
    const available = list.clientWidth;
    if (available <= 0) return;
    const all = measured.reduce((sum, width, index) => sum + width + (index ? TAG_GAP : 0), 0);
    let count = tags.length;
    if (all > available) {
      // Room for `+N` after the chips that fit; the first chip always shows (truncated when it must).
      const more = 40;
      let used = 0;
      count = 0;
      for (const width of measured) {
        const next = used + (count ? TAG_GAP : 0) + width;
        if (next + TAG_GAP + more > available) break;
        used = next;
        count += 1;
      }
      count = Math.max(1, count);
    }
    setState((current) => (current.key === key && current.shown !== count ? { key, shown: count } : current));
  });

  useLayoutEffect(() => fit());

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fit());
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const rest = tags.slice(shown);
  return (
    <ul ref={listRef} className="tag-list">
      {tags.slice(0, shown).map((tag, index) => (
        // Chips keep their natural width (so they measure right); a lone first chip may shrink, truncated.
        <li key={tag} className={index === 0 && rest.length > 0 && shown === 1 ? 'tag-chip tag-chip-shrink' : 'tag-chip'} title={tag}>
          {tag}
        </li>
      ))}
      {rest.length > 0 && (
        <li className="tag-chip tag-more" title={rest.join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="visually-hidden">
            and {rest.length} more: {rest.join(', ')}
          </span>
        </li>
      )}
    </ul>
  );
}

export interface DashboardColumnsOptions {
  projectId: ProjectId;
  onTogglePin: (dashboard: DashboardListItem) => void;
  pinDescribedBy?: string;
  /** Pinning is refused up front (the key lacks dashboard:write). */
  pinDisabled?: boolean;
  selection?: SelectionColumnOptions<DashboardListItem>;
}

export function dashboardColumns({ projectId, onTogglePin, pinDescribedBy, pinDisabled, selection }: DashboardColumnsOptions): TableColumn<DashboardListItem>[] {
  const base = `/projects/${encodeURIComponent(String(projectId))}/dashboards`;
  const selectColumn: TableColumn<DashboardListItem>[] = selection
    ? [
        selectionColumn(selection, {
          allLabel: 'Select all loaded dashboards',
          rowLabel: (dashboard) => `Select ${dashboardDisplayName(dashboard)}`,
        }),
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
      className: 'cell-name',
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
      className: 'cell-muted cell-fold',
      cell: (dashboard) =>
        dashboard.description ? <span title={dashboard.description}>{dashboard.description}</span> : null,
    },
    {
      key: 'tags',
      header: 'Tags',
      width: '16%',
      className: 'cell-fold',
      cell: (dashboard) => (dashboard.tags.length ? <TagList tags={dashboard.tags} /> : null),
    },
    {
      key: 'created-by',
      header: 'Created by',
      width: '13%',
      className: 'cell-fold',
      cell: (dashboard) => <span title={dashboard.created_by?.email}>{userName(dashboard.created_by)}</span>,
    },
    {
      key: 'created',
      header: 'Created',
      width: '9rem',
      className: 'cell-fold',
      cell: (dashboard) => (
        <time dateTime={dashboard.created_at} title={formatDate(dashboard.created_at, dateTimeFormat)}>
          {formatDate(dashboard.created_at, dateFormat)}
        </time>
      ),
    },
  ];
}
