/**
 * Overview's tiles: each with its title, kind and `Move <tile title>`, which opens the `Move tile`
 * dialog (loaded on demand). Where the key may not move tiles, one note says why and the buttons
 * point to it.
 */
import { useId, useState } from 'react';
import type { DashboardId, ProjectId } from '../../../api/client/query-keys.ts';
import { lazyComponent } from '../../../components/layout/lazy-component.tsx';
import type { Dashboard } from '../../../contract/schemas.ts';
import { tileTitle } from '../format.ts';
import './portability.css';

const MoveTileDialog = lazyComponent(() => import('./move-tile-dialog.tsx'));

export interface TilesListProps {
  projectId: ProjectId;
  dashboardId: DashboardId;
  dashboard: Dashboard;
  /** Why this key may not move tiles here, or null. */
  moveRefusal: string | null;
}

export function TilesList({ projectId, dashboardId, dashboard, moveRefusal }: TilesListProps) {
  const headingId = useId();
  const reasonId = useId();
  const [moving, setMoving] = useState<{ id: number; title: string } | null>(null);

  return (
    <section aria-labelledby={headingId} className="detail-section">
      <h3 id={headingId}>Tiles</h3>
      {dashboard.tiles.length === 0 ? (
        <p className="muted">This dashboard has no tiles yet.</p>
      ) : (
        <>
          {moveRefusal && (
            <p id={reasonId} className="field-hint">
              {moveRefusal}
            </p>
          )}
          <ol className="tile-list" aria-labelledby={headingId}>
            {dashboard.tiles.map((tile) => {
              const title = tileTitle(tile);
              return (
                <li key={tile.id} className="tile-row">
                  <span>
                    <span>{title}</span>{' '}
                    <span className="muted">{tile.insight ? '(insight)' : tile.text ? '(text)' : ''}</span>
                  </span>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Move ${title}`}
                    disabled={moveRefusal !== null}
                    aria-describedby={moveRefusal ? reasonId : undefined}
                    onMouseEnter={() => void MoveTileDialog.preload()}
                    onFocus={() => void MoveTileDialog.preload()}
                    onClick={() => setMoving({ id: tile.id, title })}
                  >
                    Move
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {moving && (
        <MoveTileDialog
          projectId={projectId}
          dashboardId={dashboardId}
          tileId={moving.id}
          tileTitle={moving.title}
          onClose={() => setMoving(null)}
        />
      )}
    </section>
  );
}
