/**
 * One operation of the explorer: `Needs <scope>` against the key, a field per parameter, the body
 * checked against the contract's input schema as it is typed, `Send` (and Ctrl+Enter / ⌘Enter in any
 * field), `Send it anyway`, the confirmation before a change reaches a backend that is not the mock,
 * the copy buttons, and the answer. Only a failing body (without `Send it anyway`) and that
 * confirmation stop a send: a key without the scope sends and sees the refusal.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { backendName } from '../../api/client/backend-name.ts';
import type { Exchange } from '../../api/client/http.ts';
import { mockQueries } from '../../api/resources/mock.ts';
import { useExplorerSend } from '../../api/resources/explorer.ts';
import { useRuntime } from '../../api/runtime/use-runtime.ts';
import { CopyButton } from '../../components/button/copy-button.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { errorDetail } from '../../components/feedback/error-text.ts';
import { explorerLink, type ExplorerForm } from '../../components/share-request/explorer-link.ts';
import { fillPath, type Operation } from '../../contract/operations/operations.ts';
import { keyUse, type KeyFacts } from './key-use.ts';
import { ParamField } from './param-field.tsx';
import { addRecent } from './recent-requests.ts';
import { ResponseView, type SentRequest } from './response-view.tsx';
import { buildSnippet, type SnippetKind } from './snippets.ts';
import { PathText } from './path-text.tsx';
import { bodyProblems, RequestBodyField } from './request-body-field.tsx';

const exampleOf = (operation: Operation) => (operation.body ? JSON.stringify(operation.body.example, null, 2) : null);

/** The form a link (or the operation alone) fills in. */
export function initialForm(operation: Operation, from: ExplorerForm): ExplorerForm {
  const path: Record<string, string> = {};
  for (const name of operation.pathParams) path[name] = from.path[name] ?? '';
  const query: Record<string, string> = {};
  for (const { name } of operation.query) query[name] = from.query[name] ?? '';
  // A query parameter the contract does not list (an `Open in explorer` of an edge) is kept too.
  for (const [name, value] of Object.entries(from.query)) if (!(name in query)) query[name] = value;
  return { path, query, body: operation.body ? (from.body ?? exampleOf(operation)) : null };
}

const queryString = (query: Readonly<Record<string, string>>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== '') search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

const SNIPPETS: ReadonlyArray<readonly [SnippetKind, string]> = [
  ['curl', 'Copy as curl'],
  ['fetch', 'Copy as fetch'],
  ['python', 'Copy as Python'],
  ['httpie', 'Copy as HTTPie'],
];

export interface OperationFormProps {
  operation: Operation;
  initial: ExplorerForm;
  facts: KeyFacts;
}

export function OperationForm({ operation, initial, facts }: OperationFormProps) {
  const runtime = useRuntime();
  const connection = runtime.connection.get();
  const mockInfo = useQuery(mockQueries.info(connection?.host ?? ''));
  const send = useExplorerSend();
  const [form, setForm] = useState<ExplorerForm>(initial);
  const [anyway, setAnyway] = useState(false);
  const [refused, setRefused] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<{ exchange: Exchange; sent: SentRequest } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const sendRef = useRef<HTMLButtonElement>(null);
  const use = keyUse(operation, facts);
  const problems = useMemo(() => (form.body === null ? [] : bodyProblems(operation, form.body)), [operation, form.body]);
  const secrets = () => {
    const key = runtime.connection.get()?.key;
    return key ? [key] : [];
  };
  const path = fillPath(operation.path, form.path);
  const pathWithQuery = `${path}${queryString(form.query)}`;
  const isMock = mockInfo.data !== undefined && mockInfo.data !== null;
  const backend = backendName(connection?.host ?? '', isMock);

  const setPath = (name: string, value: string) => setForm((current) => ({ ...current, path: { ...current.path, [name]: value } }));
  const setQuery = (name: string, value: string) => setForm((current) => ({ ...current, query: { ...current.query, [name]: value } }));

  const dispatch = async () => {
    setFailure(null);
    const negativeTest = problems.length > 0;
    const sentForm = form;
    const request = {
      endpoint: operation.endpoints[0]?.name ?? operation.id,
      method: operation.method,
      path,
      query: Object.fromEntries(Object.entries(form.query).filter(([, value]) => value !== '')),
      ...(form.body !== null && { bodyText: form.body }),
      negativeTest,
    };
    const at = new Date().toISOString();
    try {
      const exchange = await send.mutateAsync(request);
      setAnswer({ exchange, sent: { operation, params: sentForm.path } });
      addRecent(
        { method: operation.method, path: exchange.path, status: exchange.status, durationMs: exchange.durationMs, at, link: explorerLink(operation.id, sentForm, secrets()) },
        secrets(),
      );
    } catch (error) {
      setAnswer(null);
      setFailure(errorDetail(error));
      addRecent({ method: operation.method, path: pathWithQuery, status: null, durationMs: 0, at, link: explorerLink(operation.id, sentForm, secrets()) }, secrets());
    }
  };

  const trySend = () => {
    if (send.isPending) return;
    if (problems.length > 0 && !anyway) {
      setRefused(true);
      return;
    }
    setRefused(false);
    if (!operation.reads && !isMock) {
      setConfirming(true);
      return;
    }
    void dispatch();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      trySend();
    }
  };

  const snippetRequest = () => ({ method: operation.method, path: pathWithQuery, body: form.body, world: connection?.world ?? null });

  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- Ctrl+Enter / ⌘Enter in any field sends: one key listener on the container.
    <div className="explorer-operation" onKeyDown={onKeyDown}>
      <section aria-labelledby={headingId} className="panel explorer-request">
        <h2 id={headingId}>{operation.summary}</h2>
        <p className="explorer-label">
          <span className={`explorer-method explorer-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
          <code>
            <PathText path={operation.path} />
          </code>
        </p>
        {operation.aliases.length > 0 && (
          <p className="field-hint">Also served at {operation.aliases.map((alias) => <code key={alias}>{alias}</code>)}.</p>
        )}
        <p className={use.ok === false ? 'explorer-needs explorer-needs-missing' : 'explorer-needs'}>
          <strong>{operation.scope ? `Needs ${operation.scope}` : 'Needs no scope'}</strong>. {use.reason}
        </p>
        {operation.noContent && <p className="field-hint">It may also answer 204 with no body: {operation.noContent}</p>}

        {operation.pathParams.length > 0 && (
          <fieldset className="explorer-fields">
            <legend>Path parameters</legend>
            {operation.pathParams.map((name) => (
              <ParamField key={name} name={name} value={form.path[name] ?? ''} onChange={(value) => setPath(name, value)} context={form.path} />
            ))}
          </fieldset>
        )}
        {Object.keys(form.query).length > 0 && (
          <fieldset className="explorer-fields">
            <legend>Query parameters</legend>
            {Object.keys(form.query).map((name) => {
              const described = operation.query.find((parameter) => parameter.name === name);
              return (
                <div className="field" key={name}>
                  <label htmlFor={`${headingId}-q-${name}`}>{name}</label>
                  <input id={`${headingId}-q-${name}`} type="text" value={form.query[name] ?? ''} aria-describedby={described ? `${headingId}-qh-${name}` : undefined} onChange={(event) => setQuery(name, event.target.value)} />
                  {described && (
                    <p id={`${headingId}-qh-${name}`} className="field-hint">
                      {described.description}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {form.body !== null && (
          <RequestBodyField
            body={form.body}
            problems={problems}
            anyway={anyway}
            onChange={(body) => setForm((current) => ({ ...current, body }))}
            onAnyway={setAnyway}
          />
        )}
        <div className="button-row explorer-actions">
          <button ref={sendRef} type="button" className="button button-primary" aria-keyshortcuts="Control+Enter Meta+Enter" aria-busy={send.isPending || undefined} onClick={trySend}>
            {send.isPending ? 'Sending…' : 'Send'}
          </button>
          <span className="field-hint">or Ctrl+Enter (⌘Enter) in any field</span>
        </div>
        {refused && problems.length > 0 && !anyway && (
          <p className="field-error" role="alert">
            Not sent: the body does not match the contract. Fix it, or tick Send it anyway to send it as a negative test.
          </p>
        )}
        <div className="button-row explorer-share">
          {SNIPPETS.map(([kind, label]) => (
            <CopyButton key={kind} label={label} text={() => buildSnippet(kind, snippetRequest(), secrets())}>
              {label}
            </CopyButton>
          ))}
          <CopyButton label="Copy link" text={() => `${window.location.origin}${explorerLink(operation.id, form, secrets())}`}>
            Copy link
          </CopyButton>
        </div>
      </section>
      {failure !== null && (
        <section className="explorer-response panel" aria-label="Response">
          <p className="field-error" role="alert">
            No answer: {failure}
          </p>
        </section>
      )}
      {answer && <ResponseView exchange={answer.exchange} sent={answer.sent} />}
      <Dialog
        open={confirming}
        role="alertdialog"
        size="small"
        title={`Send to ${backend}?`}
        onClose={() => {
          setConfirming(false);
          sendRef.current?.focus();
        }}
      >
        <p>
          {operation.method} <code>{pathWithQuery}</code> changes data on {backend}, which is not the bundled mock.
        </p>
        <div className="button-row dialog-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setConfirming(false);
              sendRef.current?.focus();
            }}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setConfirming(false);
              sendRef.current?.focus();
              void dispatch();
            }}
          >
            Send
          </button>
        </div>
      </Dialog>
    </div>
  );
}
