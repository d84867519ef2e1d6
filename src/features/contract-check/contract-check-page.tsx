/**
 * `/explorer/check`: the contract check (CONSOLE.md "API explorer and contract check"). `Check this
 * backend` calls every reading operation of the contract once with real ids and gives each answer the
 * contract's verdict; against the mock, `Include changes` runs every changing operation too, in a
 * scratch world dropped afterwards. `Export report` (Markdown) and `Export JSON` never hold the key.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { runContractCheck, summaryLine, type CheckProgress, type CheckReport, type CheckRow } from '../../api/bulk/contract-check.ts';
import { backendName } from '../../api/client/backend-name.ts';
import { resolveHost } from '../../api/client/host.ts';
import { mockQueries } from '../../api/resources/mock.ts';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { Badge } from '../../components/feedback/badge.tsx';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { downloadText, fileStamp } from '../../components/table/download.ts';
import { CheckboxField } from '../../components/form/field.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { operationLabel, operations } from '../../contract/operations/operations.ts';
import { differencesOf, jsonReport, markdownReport, reasonOf, resultWord, unnamedOf, type ReportContext } from './report.ts';
import './contract-check.css';

/** Differences shown in a row before `and N more` (the exports hold them all). */
const SHOWN_DIFFERENCES = 5;

function ResultCell({ row }: { row: CheckRow }) {
  if (!row.result) return <span className="check-muted">{row.state === 'running' ? 'Checking…' : row.state === 'stopped' ? 'Not checked' : 'Waiting'}</span>;
  const reason = reasonOf(row.result);
  const tone = row.result.kind === 'matches' ? 'success' : row.result.kind === 'differs' ? 'danger' : row.result.kind === 'refused' ? 'warning' : 'danger';
  return (
    <span className="check-result">
      <Badge tone={tone}>{resultWord(row.result)}</Badge>
      {reason && <span className="check-reason">{reason}</span>}
    </span>
  );
}

function DifferencesCell({ row }: { row: CheckRow }) {
  const lines = differencesOf(row.result);
  const unnamed = unnamedOf(row.result);
  if (lines.length === 0 && unnamed.length === 0) return null;
  return (
    <>
      {lines.length > 0 && (
        <ul className="check-differences">
          {lines.slice(0, SHOWN_DIFFERENCES).map((line, index) => (
            <li key={index}>
              <code>{line}</code>
            </li>
          ))}
          {lines.length > SHOWN_DIFFERENCES && <li>and {lines.length - SHOWN_DIFFERENCES} more (in the exports)</li>}
        </ul>
      )}
      {unnamed.length > 0 && (
        <details className="check-unnamed">
          <summary>
            {unnamed.length} {unnamed.length === 1 ? 'field' : 'fields'} the contract does not name
          </summary>
          <ul>
            {unnamed.map((field) => (
              <li key={field.path}>
                <code>{field.path}</code>
                {field.count > 1 ? ` (${field.count} times)` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

export default function ContractCheckPage() {
  useDocumentTitle('Contract check', { inProject: false });
  const client = useQueryClient();
  const toast = useToast();
  const { connection } = useConnectionState();
  const host = connection?.host ?? '';
  const mockInfo = useQuery(mockQueries.info(host));
  const onMock = !!mockInfo.data;
  const backend = backendName(host, onMock);
  const hintId = useId();

  const [includeChanges, setIncludeChanges] = useState(false);
  const [rows, setRows] = useState<CheckRow[] | null>(null);
  const [progress, setProgress] = useState<CheckProgress | null>(null);
  const [report, setReport] = useState<CheckReport | null>(null);
  const [running, setRunning] = useState(false);
  const run = useRef<ReturnType<typeof runContractCheck> | null>(null);
  const checkButton = useRef<HTMLButtonElement>(null);

  // Leaving the page stops a check on its way (its scratch world is still dropped).
  useEffect(() => () => run.current?.stop(), []);

  const start = () => {
    const withChanges = includeChanges && onMock;
    setReport(null);
    setRunning(true);
    const current = runContractCheck({ client, includeChanges: withChanges, onRows: setRows, onProgress: setProgress });
    run.current = current;
    void current.done.then((finished) => {
      if (run.current !== current) return;
      run.current = null;
      setRows(finished.rows);
      setReport(finished);
      setRunning(false);
      if (finished.scratchWorld && !finished.scratchWorld.dropped) {
        toast.error(`The scratch world "${finished.scratchWorld.name}" could not be dropped: ${finished.scratchWorld.reason ?? 'unknown reason'}.`);
      }
      // The button that started it is back: focus never drops to the page's body.
      requestAnimationFrame(() => {
        if (document.activeElement === document.body || document.activeElement === null) checkButton.current?.focus();
      });
    });
  };

  const context: ReportContext = { backend, host: new URL(resolveHost(host)).origin };
  const exportReport = (kind: 'md' | 'json') => {
    if (!report) return;
    const name = `contract-check-${fileStamp(report.startedAt)}.${kind}`;
    if (kind === 'md') downloadText(name, markdownReport(report, context), 'text/markdown;charset=utf-8');
    else downloadText(name, jsonReport(report, context), 'application/json;charset=utf-8');
    toast.success(`Exported ${name}.`);
  };

  const readCount = operations().filter((operation) => operation.reads).length;
  const changeCount = operations().length - readCount;

  return (
    <div className="contract-check-page">
      <div className="page-header">
        <h1>Contract check</h1>
        <Link to="/explorer">API explorer</Link>
      </div>
      <p className="check-intro">
        Calls every reading operation of the contract once on <strong>{backend}</strong>, with real ids (the first project, a
        dashboard of it, the key itself, …), at most 4 at a time, and checks each answer against the contract: the fields it
        names and their types. Fields the contract does not name are counted apart, never as differences.
      </p>
      <div className="toolbar check-toolbar">
        <button ref={checkButton} type="button" className="button button-primary" onClick={start} disabled={running}>
          Check this backend
        </button>
        {onMock && (
          <CheckboxField
            label="Include changes"
            className="toolbar-checkbox"
            checked={includeChanges}
            disabled={running}
            onChange={(event) => setIncludeChanges(event.target.checked)}
            aria-describedby={hintId}
          />
        )}
        <div className="check-exports">
          <button type="button" className="button" onClick={() => exportReport('md')} disabled={!report}>
            Export report
          </button>
          <button type="button" className="button" onClick={() => exportReport('json')} disabled={!report}>
            Export JSON
          </button>
        </div>
      </div>
      <p id={hintId} className="field-hint check-hint">
        {onMock
          ? `Include changes: the ${changeCount} changing operations also run, in a scratch world of their own that is dropped afterwards; your data is not touched.`
          : `Only the ${readCount} reading operations run here: nothing is changed on this backend.`}
      </p>

      {running && progress && (
        <div className="bulk-progress check-progress">
          <span>
            Checking: {progress.done} of {progress.total}
            {progress.pausedUntil ? ' (paused: the API asked to wait)' : ''}
          </span>
          <progress aria-label="Checking operations" max={Math.max(1, progress.total)} value={progress.done} aria-valuetext={`${progress.done} of ${progress.total} operations`} />
          <button type="button" className="button button-small" onClick={() => run.current?.stop()}>
            Stop
          </button>
        </div>
      )}

      {report && (
        <p className="check-summary" role="status">
          {summaryLine(report.rows)}
          {report.stopped ? ' (stopped)' : ''} ({(report.durationMs / 1000).toFixed(1)} s)
          {report.scratchWorld?.dropped ? `; the scratch world ${report.scratchWorld.name} was dropped` : ''}
        </p>
      )}

      {rows && (
        <div className="table-scroll">
          <table className="data-table check-table" aria-label="Contract check">
            <thead>
              <tr>
                <th scope="col" className="check-col-operation">
                  Operation
                </th>
                <th scope="col" className="check-col-status">
                  Status
                </th>
                <th scope="col" className="check-col-result">
                  Result
                </th>
                <th scope="col">Differences</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.change ? 'change' : 'read'}-${row.operation.id}`}>
                  <th scope="row">
                    <Link to={`/explorer/${row.operation.id}`} className="check-operation">
                      {operationLabel(row.operation)}
                    </Link>
                    {row.change && (
                      <>
                        {' '}
                        <Badge tone="info">change</Badge>
                      </>
                    )}
                  </th>
                  <td>{row.result?.status ?? '—'}</td>
                  <td>
                    <ResultCell row={row} />
                  </td>
                  <td>
                    <DifferencesCell row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
