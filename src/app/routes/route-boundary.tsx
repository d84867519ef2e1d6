/** Per-route error handling: a crashed page shows what failed and a way back; the shell keeps working. */
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import { ErrorBoundary } from '../../components/feedback/error-boundary.tsx';
import { errorDetail, errorStatusLine, errorTitle } from '../../components/feedback/error-text.ts';
import { retryFailedLoads } from '../../components/layout/lazy-component.tsx';
import { LoadingState } from '../../components/feedback/loading-state.tsx';

/** A tab's error sits under its page's heading (an h2, never a second h1). */
function PageError({ error, reset, tab = false }: { error: unknown; reset?: () => void; tab?: boolean }) {
  const statusLine = errorStatusLine(error);
  return (
    <div className={tab ? 'page-error' : 'page page-error'} role="alert">
      {tab ? <h2>This tab could not be shown</h2> : <h1>This page could not be shown</h1>}
      <p>
        <strong>{errorTitle(error)}.</strong> <span>{errorDetail(error)}</span>
      </p>
      {statusLine && <p className="state-meta">{statusLine}</p>}
      <div className="button-row">
        {reset && (
          <button type="button" className="button button-primary" onClick={reset}>
            Try again
          </button>
        )}
        <Link className="button" to="/projects">
          Go to projects
        </Link>
      </div>
    </div>
  );
}

/**
 * Wraps one route's element: a Suspense fallback for anything inside that suspends, and an error
 * boundary that resets React Query's errors and failed code loads on `Try again` and on leaving for
 * another path.
 */
export function RouteBoundary({ children, label = 'Loading page…', tab = false }: { children: ReactNode; label?: string; tab?: boolean }) {
  const { pathname } = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          resetKey={pathname}
          onReset={() => {
            retryFailedLoads();
            reset();
          }}
          fallback={(props) => <PageError {...props} tab={tab} />}
        >
          <Suspense fallback={<LoadingState label={label} />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** The router's own error element (a route that failed outside React's rendering). */
export function RouterError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}${error.data ? `: ${String(error.data)}` : ''}`)
    : error;
  return (
    <main id="main" className="page">
      <PageError error={shown} />
    </main>
  );
}
