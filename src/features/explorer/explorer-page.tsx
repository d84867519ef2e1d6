/**
 * The API explorer (`/explorer`, `/explorer/:operation`; CONSOLE.md "API explorer and contract
 * check"): every operation of the contract's catalogue (src/contract/operations/operations.ts), one of them open
 * with its fields, and this tab's `Recent requests`. A link from the API log
 * (`/explorer?method=…&request=…`) opens the operation of that request, filled in; a shared link
 * (`/explorer/<operation>?path.…&query.…&body=…`) fills the form. Opening never sends.
 */
import { useMemo } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useAuthorization } from '../../api/access/authorization.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { explorerFormOf, explorerLink, requestOfExplorerSearch } from '../../components/share-request/explorer-link.ts';
import { operationById, operationOfRequest, operations } from '../../contract/operations/operations.ts';
import { OperationForm, initialForm } from './operation-form.tsx';
import { OperationNav } from './operation-nav.tsx';
import { RecentRequests } from './recent-list.tsx';
import './explorer.css';

/** The explorer link of a logged request (`Open in explorer`), or null when no operation serves it. */
function linkOfRequest(search: URLSearchParams): string | null | undefined {
  const request = requestOfExplorerSearch(search);
  if (!request) return undefined;
  const [pathname, query = ''] = request.path.split('?');
  const found = operationOfRequest(request.method, pathname!);
  if (!found) return null;
  return explorerLink(found.operation.id, { path: found.params, query: Object.fromEntries(new URLSearchParams(query)), body: request.body });
}

export default function ExplorerPage() {
  useDocumentTitle('API explorer', { inProject: false });
  const { operation: operationId } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const { facts } = useAuthorization();
  const keyFacts = { scopes: facts.scopes, productionKeyRules: facts.productionKeyRules };
  const operation = operationId ? operationById(operationId) : undefined;
  const fromRequest = operationId ? undefined : linkOfRequest(search);
  const initial = useMemo(() => (operation ? initialForm(operation, explorerFormOf(search)) : null), [operation, search]);

  if (fromRequest) return <Navigate to={fromRequest} replace />;

  return (
    <div className="explorer">
      <div className="page-header">
        <h1>API explorer</h1>
        <Link to="/explorer/check" className="button">
          Contract check
        </Link>
      </div>
      <p className="page-lead">
        Call any operation of the API with your key: {operations().length} operations, their scopes, parameters picked from your objects, and
        every answer checked against the contract. Requests go through the console like any page’s, so they are in the API log.
      </p>
      <div className="explorer-layout">
        <OperationNav current={operation?.id ?? null} facts={keyFacts} />
        <div className="explorer-main">
          {fromRequest === null && (
            <p className="field-error" role="alert">
              No operation of the contract serves {search.get('method')} <code>{search.get('request')}</code>.
            </p>
          )}
          {operationId && !operation && (
            <p className="field-error" role="alert">
              No operation is called “{operationId}”. Pick one under Operations.
            </p>
          )}
          {operation && initial ? (
            // A new link (another operation, a recent request) is a fresh form.
            <OperationForm key={`${operation.id}|${location.key}`} operation={operation} initial={initial} facts={keyFacts} />
          ) : (
            !operationId && (
              <section className="panel explorer-intro" aria-labelledby="explorer-intro">
                <h2 id="explorer-intro">Pick an operation</h2>
                <p>
                  Choose one under Operations (or search them). Its form comes filled with a valid example; pick the project or dashboard
                  from your own, then press Send or Ctrl+Enter.
                </p>
              </section>
            )
          )}
          <RecentRequests />
        </div>
      </div>
    </div>
  );
}
