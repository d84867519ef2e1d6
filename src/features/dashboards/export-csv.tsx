/**
 * `Export CSV`: every dashboard matching the current search and filters, fetched page by page behind
 * an `Export progress` bar (cancellable), saved as `<project>-dashboards-<date>.csv`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DashboardListFilters, ProjectId } from '../../api/client/query-keys.ts';
import { downloadText } from '../../components/table/download.ts';
import { useToast } from '../../components/feedback/toast.tsx';

export interface ExportCsvProps {
  projectId: ProjectId;
  /** For the file name; the id when the project's name is not known. */
  projectName: string;
  filters: DashboardListFilters;
}

export function ExportCsv({ projectId, projectName, filters }: ExportCsvProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ loaded: number; total: number | null } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const running = progress !== null;

  useEffect(() => () => controllerRef.current?.abort(), []);
  useEffect(() => {
    if (running) cancelRef.current?.focus();
  }, [running]);

  const start = async () => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress({ loaded: 0, total: null });
    try {
      const { exportMatchingCsv } = await import('./bulk-tools.ts');
      const file = await exportMatchingCsv(projectId, projectName, filters, {
        client: queryClient,
        signal: controller.signal,
        onPage: (loaded, total) => setProgress({ loaded, total }),
      });
      downloadText(file.fileName, file.text, 'text/csv;charset=utf-8');
      toast.success(`Exported ${file.count} ${file.count === 1 ? 'dashboard' : 'dashboards'}.`);
    } catch (error) {
      if (!controller.signal.aborted) toast.error(error, { prefix: 'Could not export the dashboards:' });
    } finally {
      controllerRef.current = null;
      setProgress(null);
      // The Cancel button goes away: focus back where the export started.
      requestAnimationFrame(() => buttonRef.current?.focus());
    }
  };

  return (
    <div className="export-csv">
      {running ? (
        <>
          <progress
            aria-label="Export progress"
            max={Math.max(1, progress.total ?? 1)}
            value={progress.total === null ? undefined : progress.loaded}
            aria-valuetext={progress.total === null ? 'Starting' : `${progress.loaded} of ${progress.total}`}
          />
          <span className="export-count">{progress.total === null ? 'Exporting…' : `${progress.loaded} of ${progress.total}`}</span>
          <button ref={cancelRef} type="button" className="button button-small" onClick={() => controllerRef.current?.abort()}>
            Cancel export
          </button>
        </>
      ) : (
        <button ref={buttonRef} type="button" className="button" onClick={() => void start()}>
          Export CSV
        </button>
      )}
    </div>
  );
}
