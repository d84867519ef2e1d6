/** `Recent requests`: this tab's last sends from the explorer (recent-requests.ts), newest first; each opens again. */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { clearRecent, RECENT_LIMIT, useRecentRequests } from './recent-requests.ts';
import { PathText } from './path-text.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

export function RecentRequests() {
  const recent = useRecentRequests();
  const headingId = useId();
  return (
    <section className="panel explorer-recent" aria-labelledby={headingId}>
      <div className="explorer-recent-header">
        <h2 id={headingId}>Recent requests</h2>
        {recent.length > 0 && (
          <button type="button" className="button button-small button-ghost" onClick={clearRecent}>
            Clear recent requests
          </button>
        )}
      </div>
      {recent.length === 0 ? (
        <p className="field-hint">Nothing sent yet in this tab. The last {RECENT_LIMIT} sends are kept here until the tab closes, never the key.</p>
      ) : (
        <ol className="explorer-recent-list" aria-labelledby={headingId}>
          {recent.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <Link to={entry.link}>
                <span className={`explorer-method explorer-method-${entry.method.toLowerCase()}`}>{entry.method}</span>{' '}
                <PathText path={entry.path} />{' '}
                <span className={entry.status === null || entry.status >= 400 ? 'explorer-status explorer-status-failed' : 'explorer-status'}>
                  {entry.status ?? 'no answer'}
                </span>{' '}
                <span className="explorer-time">
                  {entry.durationMs} ms, <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
