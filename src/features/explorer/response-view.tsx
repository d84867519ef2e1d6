/**
 * The explorer's `Response`: status, time, `Headers` behind a disclosure, the body as indented JSON
 * with its ids as links, and the verdict against the contract (src/contract/operations/verdict.ts, the same
 * schemas the console reads answers with): one line per difference, the fields the contract does
 * not name counted apart and listed on demand.
 */
import { useId, useState } from 'react';
import type { Exchange } from '../../api/client/http.ts';
import { errorBodySchema } from '../../contract/error-body.ts';
import type { Operation } from '../../contract/operations/operations.ts';
import { operationVerdict, verdict, type Verdict } from '../../contract/operations/verdict.ts';
import { AnswerBody, idLinks, rootKindOf } from './answer-body.tsx';

/** The statuses' words when the server sent none (HTTP/2 sends no reason phrase). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const statusLine = (status: number, statusText: string) => `${status} ${statusText || REASONS[status] || ''}`.trim();

/**
 * The verdict on an answer: a success (or the operation's own status) against the operation's
 * answer; a refusal against the API's error body (API.md §2); a body that is not JSON differs.
 */
export function answerVerdict(operation: Pick<Operation, 'status' | 'answer' | 'noContent'>, exchange: Pick<Exchange, 'status' | 'body' | 'json'>): Verdict {
  if (!exchange.json) {
    return { matches: false, differences: [{ path: 'answer', expected: 'JSON', got: 'text', line: 'answer: expected JSON, got text that is not JSON' }], unnamed: [] };
  }
  const body = exchange.body === null ? undefined : exchange.body;
  if (exchange.status < 400 || exchange.status === operation.status) return operationVerdict(operation, { status: exchange.status, body });
  return verdict(errorBodySchema, body);
}

export interface SentRequest {
  operation: Operation;
  params: Readonly<Record<string, string>>;
}

export function ResponseView({ exchange, sent }: { exchange: Exchange; sent: SentRequest }) {
  const headingId = useId();
  const [showUnnamed, setShowUnnamed] = useState(false);
  const result = answerVerdict(sent.operation, exchange);
  const unnamedCount = result.unnamed.length;
  return (
    <section className="explorer-response panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Response</h2>
      <p className="explorer-status-line">
        <span className={exchange.status >= 400 ? 'explorer-status explorer-status-failed' : 'explorer-status'}>
          {statusLine(exchange.status, exchange.statusText)}
        </span>{' '}
        <span className="explorer-time">{exchange.durationMs} ms</span> <code className="explorer-sent-path">{exchange.path}</code>
      </p>
      <div className={result.matches ? 'explorer-verdict explorer-verdict-ok' : 'explorer-verdict explorer-verdict-differs'}>
        <p className="explorer-verdict-title">{result.matches ? 'Matches the contract' : 'Differs from the contract'}</p>
        {result.differences.length > 0 && (
          <ul className="explorer-differences" aria-label="Differences">
            {result.differences.map((difference, index) => (
              <li key={`${difference.path}-${index}`}>
                <code>{difference.line}</code>
              </li>
            ))}
          </ul>
        )}
        {unnamedCount > 0 && (
          <>
            <button type="button" className="button button-small button-ghost" aria-expanded={showUnnamed} onClick={() => setShowUnnamed((shown) => !shown)}>
              {unnamedCount} {unnamedCount === 1 ? 'field' : 'fields'} the contract does not name
            </button>
            {showUnnamed && (
              <ul className="explorer-unnamed">
                {result.unnamed.map((field) => (
                  <li key={field.path}>
                    <code>{field.path}</code>
                    {field.count > 1 ? ` (${field.count} times)` : ''}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <details className="explorer-headers">
        <summary>Headers</summary>
        {exchange.headers.length === 0 ? (
          <p className="field-hint">The browser let the page read no header.</p>
        ) : (
          <dl>
            {exchange.headers.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </details>
      <AnswerBody body={exchange.body} rootKind={rootKindOf(sent.operation.group.tag)} link={idLinks(sent.params)} />
    </section>
  );
}
