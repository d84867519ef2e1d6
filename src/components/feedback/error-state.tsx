import { errorDetail, errorStatus, errorStatusLine, errorTitle } from './error-text.ts';
import './states.css';

export interface ErrorStateProps {
  /** What failed, e.g. "Could not load the dashboards"; default: a heading by the error's kind. */
  title?: string;
  /** An ApiError, NetworkError, ResponseShapeError or any Error: its detail is shown as text. */
  error: unknown;
  /** Shows a `Try again` button (e.g. the query's `refetch`). */
  onRetry?: () => void;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3;
}

/** A failed load, in place of the content: what failed, the API's detail, and `Try again`. */
export function ErrorState({ title, error, onRetry, headingLevel = 2 }: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const statusLine = errorStatusLine(error);
  return (
    <div className="state state-error" role="alert">
      <Heading className="state-title">{title ?? errorTitle(error)}</Heading>
      <p className="state-detail">{errorDetail(error)}</p>
      {statusLine && <p className="state-meta">{statusLine}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export interface ActionErrorProps {
  /** The failed action's error (e.g. `mutation.error`); nothing renders while it is null. */
  error: unknown;
  /** Prefix such as "Could not save:"; default by kind (a 403 reads "Not allowed:"). */
  prefix?: string;
  /** Offers a `Dismiss` button (e.g. `mutation.reset`). */
  onDismiss?: () => void;
}

/**
 * An error shown inline where an action was tried (a 403 naming the missing scope, a 409, a 400
 * without a field): the API's detail as its own text node, so the rest of the page keeps working.
 */
export function ActionError({ error, prefix, onDismiss }: ActionErrorProps) {
  if (!error) return null;
  const status = errorStatus(error);
  const lead = prefix ?? (status === 403 ? 'Not allowed:' : status === 409 ? 'Conflict:' : 'Failed:');
  return (
    <div className="action-error" role="alert">
      <strong>{lead}</strong> <span>{errorDetail(error)}</span>
      {onDismiss && (
        <button type="button" className="button button-small button-ghost" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
