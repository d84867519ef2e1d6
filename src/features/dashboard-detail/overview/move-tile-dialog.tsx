/**
 * `Move tile`: pick another dashboard of this project (server search) and `move_tile` there. The
 * tile leaves this dashboard's list as soon as the API answers; a refusal keeps it and says why.
 * Loaded on demand.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMoveTile } from '../../../api/resources/dashboards/dashboard-mutations.ts';
import { dashboardDisplayName, dashboardQueries } from '../../../api/resources/dashboards/dashboards.ts';
import { flattenPages } from '../../../api/client/pagination.ts';
import type { DashboardId, ProjectId } from '../../../api/client/query-keys.ts';
import { RecordComboboxField } from '../../../components/combobox/combobox-field.tsx';
import { Dialog, DialogCancelButton } from '../../../components/dialog/dialog.tsx';
import { ActionError } from '../../../components/feedback/error-state.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import { choicesOf } from '../server-options.ts';
import { useDebounced } from '../../../components/form/use-debounced.ts';
import { useRecordCombobox } from '../../../components/combobox/use-combobox.ts';

export interface MoveTileDialogProps {
  projectId: ProjectId;
  dashboardId: DashboardId;
  tileId: number;
  /** The tile's title, as the list shows it. */
  tileTitle: string;
  onClose: () => void;
}

export default function MoveTileDialog({ projectId, dashboardId, tileId, tileTitle, onClose }: MoveTileDialogProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMoveTile(projectId, dashboardId);
  const toast = useToast();
  const navigate = useNavigate();

  const search = useDebounced(typed);
  const dashboards = useInfiniteQuery(dashboardQueries.list(projectId, { search, pinned: null }));
  // Every other dashboard of this project: moving a tile to its own dashboard changes nothing.
  const others = flattenPages(dashboards.data).items.filter((d) => String(d.id) !== String(dashboardId));
  const field = useRecordCombobox({
    options: choicesOf(others, dashboardDisplayName),
    onSearch: (text) => {
      setTyped(text);
      setProblem(null);
      move.reset();
    },
  });
  const destination = field.chosen;
  const text = field.text;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!destination) {
      setProblem(
        text.trim()
          ? `No other dashboard of this project is called “${text.trim()}”: pick one from the list.`
          : 'Choose the dashboard to move the tile to.',
      );
      return;
    }
    move.mutate(
      { tileId, toDashboard: destination.id },
      {
        onSuccess: () => {
          onClose();
          toast.success(`Moved “${tileTitle}” to “${destination.label}”.`, {
            action: {
              label: `Open ${destination.label}`,
              onClick: () => navigate(`/projects/${encodeURIComponent(String(projectId))}/dashboards/${destination.id}`),
            },
          });
        },
      },
    );
  };

  const close = () => {
    if (!move.isPending) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title="Move tile"
      description={`Moves “${tileTitle}” to another dashboard of this project. It leaves this dashboard.`}
      dirty={text !== ''}
      hideCloseButton={move.isPending}
    >
      <form onSubmit={submit} noValidate>
        <RecordComboboxField
          label="Destination dashboard"
          hint="Type part of a name to search this project's dashboards."
          noun="dashboard"
          required
          face={field}
          error={problem}
          disabled={move.isPending}
        />
        {dashboards.isError && <ActionError error={dashboards.error} prefix="Could not load the dashboards:" />}
        <ActionError error={move.error} prefix="Could not move the tile:" />
        <div className="button-row dialog-actions">
          <DialogCancelButton disabled={move.isPending} />
          <button type="submit" className="button button-primary" disabled={move.isPending} aria-busy={move.isPending || undefined}>
            Move tile
          </button>
        </div>
        {move.isPending && (
          <p className="field-hint" role="status">
            Moving the tile…
          </p>
        )}
      </form>
    </Dialog>
  );
}
