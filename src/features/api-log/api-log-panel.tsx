/**
 * The API log: every request the console made in this tab, newest first, with its status, time and
 * the API's detail on errors; each entry opens to its bodies and copies as a curl command that
 * names the key only as `$POSTHOG_API_KEY`. Memory only, the last 500 requests.
 */
import { useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CANCELLED_DETAIL, REQUEST_LOG_LIMIT, type RequestLogEntry } from '../../api/runtime/request-log.ts';
import { useRequestLog, useRuntime } from '../../api/runtime/use-runtime.ts';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../components/button/copy-button.tsx';
import { explorerLinkForRequest } from '../../components/share-request/explorer-link.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { bodyText, buildCurlCommand } from '../../components/share-request/curl.ts';
import { downloadText, fileStamp } from '../../components/table/download.ts';
import { buildHar } from './har.ts';
import { JsonView } from './json-view.tsx';
import { buildReplayScript } from './replay-script.ts';
import './api-log.css';

/** The API log panel, shown by the shell while `API log` is pressed; `onClose` un-presses it. */
export interface ApiLogPanelProps {
  onClose: () => void;
}

/** The console cancelled it (entries logged before the `cancelled` flag: by their detail). */
const isCancelled = (entry: RequestLogEntry) => entry.status === null && (entry.cancelled === true || entry.errorDetail === CANCELLED_DETAIL);

/** Under a cancelled request in `npm run dev`: why there are so many. */
const DEV_CANCEL_NOTE = import.meta.env.DEV
  ? ' In development React mounts every page twice, so the first of two identical requests is often cancelled.'
  : ' The page was left, or asked again, before the answer came.';

/** The API said no, no answer came, or the answer was not what the contract expects. A cancel is not a failure. */
export function isFailure(entry: RequestLogEntry): boolean {
  if (isCancelled(entry)) return false;
  return entry.status === null || entry.status >= 400 || entry.errorDetail !== null;
}

function statusText(entry: RequestLogEntry): string {
  if (entry.status !== null) return String(entry.status);
  return isCancelled(entry) ? 'Cancelled' : 'no answer';
}

function matches(entry: RequestLogEntry, needle: string): boolean {
  if (!needle) return true;
  const haystack = `${entry.method} ${entry.path} ${statusText(entry)} ${entry.errorDetail ?? ''}`.toLowerCase();
  return needle
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** What every export leaves out: the connected key (read when the export runs). */
function secrets(key: string | undefined): string[] {
  return key ? [key] : [];
}

function curlFor(entry: RequestLogEntry, key: string | undefined): string {
  return buildCurlCommand(entry, { secrets: secrets(key) });
}

function exportHar(entries: ReadonlyArray<RequestLogEntry>, filterNote: string | null, key: string | undefined): void {
  const now = new Date().toISOString();
  const har = buildHar(entries, { secrets: secrets(key), version: packageJson.version, comment: filterNote ?? undefined });
  downloadText(`api-log-${fileStamp(now)}.har`, `${JSON.stringify(har, null, 2)}\n`, 'application/json');
}

function exportScript(entries: ReadonlyArray<RequestLogEntry>, key: string | undefined): void {
  const now = new Date().toISOString();
  downloadText(`api-log-${fileStamp(now)}.sh`, buildReplayScript(entries, { secrets: secrets(key), exportedAt: now }), 'text/x-shellscript');
}

function EntryDetails({ entry, id }: { entry: RequestLogEntry; id: string }) {
  return (
    <div id={id} className="api-log-details">
      <dl className="api-log-facts">
        <dt>URL</dt>
        <dd>
          <code>{entry.url}</code>
        </dd>
        <dt>Started</dt>
        <dd>
          <time dateTime={entry.startedAt}>{formatTime(entry.startedAt)}</time>
        </dd>
      </dl>
      <h4>Request body</h4>
      {entry.requestBody === null ? (
        <p className="field-hint">No body.</p>
      ) : (
        <pre className="json-text">{JSON.stringify(entry.requestBody, null, 2)}</pre>
      )}
      <h4>Response body</h4>
      {entry.responseBody === null ? (
        <p className="field-hint">{isCancelled(entry) ? 'None: the request was cancelled first.' : entry.status === null ? 'No response arrived.' : 'Empty.'}</p>
      ) : (
        <JsonView value={entry.responseBody} />
      )}
    </div>
  );
}

function LogEntry({ entry, open, onToggle }: { entry: RequestLogEntry; open: boolean; onToggle: () => void }) {
  const { connection } = useRuntime();
  const detailsId = useId();
  const failed = isFailure(entry);
  const cancelled = isCancelled(entry);
  const reasonId = useId();
  const statusClass = failed ? 'api-log-status api-log-status-failed' : cancelled ? 'api-log-status api-log-status-cancelled' : 'api-log-status';
  return (
    <li className={failed ? 'api-log-entry api-log-entry-failed' : cancelled ? 'api-log-entry api-log-entry-cancelled' : 'api-log-entry'}>
      <div className="api-log-row">
        <button
          type="button"
          className="api-log-toggle"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          aria-describedby={cancelled ? reasonId : undefined}
          onClick={onToggle}
        >
          <span className="api-log-method">{entry.method}</span> <span className="api-log-path">{entry.path}</span>{' '}
          <span className={statusClass}>{statusText(entry)}</span>{' '}
          <span className="api-log-duration">{entry.durationMs} ms</span>
          {entry.negativeTest && (
            <>
              {' '}
              <span className="api-log-negative">negative test</span>
            </>
          )}
        </button>
        <CopyButton label="Copy as curl" text={() => curlFor(entry, connection.get()?.key)}>
          Copy as curl
        </CopyButton>
        {entry.path.startsWith('/api/') && (
          <Link
            className="button button-small"
            to={explorerLinkForRequest({ method: entry.method, path: entry.path, body: bodyText(entry) }, secrets(connection.get()?.key))}
          >
            Open in explorer
          </Link>
        )}
      </div>
      {cancelled ? (
        <p id={reasonId} className="api-log-note">
          {entry.errorDetail ?? CANCELLED_DETAIL}
          {DEV_CANCEL_NOTE}
        </p>
      ) : (
        entry.errorDetail && <p className="api-log-error">{entry.errorDetail}</p>
      )}
      {open && <EntryDetails entry={entry} id={detailsId} />}
    </li>
  );
}

export default function ApiLogPanel({ onClose }: ApiLogPanelProps) {
  const { connection, requestLog } = useRuntime();
  const entries = useRequestLog();
  const [filter, setFilter] = useState('');
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const deferredFilter = useDeferredValue(filter);
  const panelRef = useRef<HTMLElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const filterId = useId();
  const failuresId = useId();

  // Take focus when opened, so Escape and Tab work at once; give it back on close.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!openerRef.current && active instanceof HTMLElement && !panelRef.current?.contains(active)) openerRef.current = active;
    panelRef.current?.focus();
  }, []);

  const visible = useMemo(
    () => entries.filter((entry) => (!failuresOnly || isFailure(entry)) && matches(entry, deferredFilter.trim())),
    [entries, failuresOnly, deferredFilter],
  );

  const close = () => {
    if (openerRef.current?.isConnected) openerRef.current.focus();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    // Escape in the filter clears it first; a second Escape closes the panel.
    if (event.target instanceof HTMLInputElement && event.target.id === filterId && filter) {
      setFilter('');
      return;
    }
    close();
  };

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const filtered = visible.length !== entries.length;
  const filterNote = filtered
    ? `The requests the API log showed${deferredFilter.trim() ? ` for the filter "${deferredFilter.trim()}"` : ''}${failuresOnly ? ', failures only' : ''}.`
    : null;

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape anywhere in the panel closes it (a filled filter is cleared first): a key listener on the container.
    <section ref={panelRef} className="panel api-log" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="api-log-header">
        <h2 id={titleId}>API log</h2>
        <button type="button" className="button button-small" aria-label="Close API log" onClick={close}>
          Close
        </button>
      </div>
      <p className="field-hint">
        Every request the console made in this tab, newest first (the last {REQUEST_LOG_LIMIT}, kept in memory only).{' '}
        <code>Copy as curl</code> writes the key as <code>$POSTHOG_API_KEY</code>: set that variable in your shell first.{' '}
        <code>Export HAR</code> and <code>Export as script</code> save the requests shown (oldest first); the script sends them
        again with curl to <code>$API_HOST</code> and stops at the first status that differs from the log.
        {import.meta.env.MODE === 'demo' && (
          <>
            {' '}
            In this in-browser demo the mock answers inside the page: run copied commands against <code>npm run mock</code>{' '}
            (change the host in the URL).
          </>
        )}
      </p>
      <div className="api-log-controls">
        <div className="api-log-filter">
          <label htmlFor={filterId}>Filter requests</label>
          <input
            id={filterId}
            type="search"
            value={filter}
            placeholder="Method, path, status or error"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <div className="field-checkbox-row">
          <input id={failuresId} type="checkbox" checked={failuresOnly} onChange={(event) => setFailuresOnly(event.target.checked)} />
          <label htmlFor={failuresId}>Failures only</label>
        </div>
        <button
          type="button"
          className="button button-small"
          disabled={entries.length === 0}
          onClick={() => {
            requestLog.clear();
            setExpanded(new Set());
            // The button disables itself: keep focus in the panel so Escape still closes it.
            panelRef.current?.focus();
          }}
        >
          Clear log
        </button>
        <button type="button" className="button button-small" disabled={visible.length === 0} onClick={() => exportHar(visible, filterNote, connection.get()?.key)}>
          Export HAR
        </button>
        <button type="button" className="button button-small" disabled={visible.length === 0} onClick={() => exportScript(visible, connection.get()?.key)}>
          Export as script
        </button>
      </div>
      <p className="api-log-count">
        {filtered
          ? `Showing ${visible.length} of ${entries.length} ${entries.length === 1 ? 'request' : 'requests'}.`
          : `${entries.length} ${entries.length === 1 ? 'request' : 'requests'}.`}
      </p>
      {entries.length === 0 ? (
        <p className="api-log-empty">No requests yet. Every call the console makes to the API appears here.</p>
      ) : visible.length === 0 ? (
        <p className="api-log-empty">No request matches {failuresOnly ? 'the filter among the failures' : 'the filter'}.</p>
      ) : (
        <ol className="api-log-list" aria-label="Requests, newest first">
          {visible.map((entry) => (
            <LogEntry key={entry.id} entry={entry} open={expanded.has(entry.id)} onToggle={() => toggle(entry.id)} />
          ))}
        </ol>
      )}
    </section>
  );
}
