/**
 * The explorer's `Request body`: the JSON as typed, checked against the operation's input schema as
 * it is typed (each problem named by its field), and `Send it anyway` to send a failing body as a
 * negative test.
 */
import { useId } from 'react';
import { fieldErrorFromIssue } from '../../contract/errors.ts';
import type { Operation } from '../../contract/operations/operations.ts';

/** The body's problems against the operation's input schema, each named by its field; [] when it passes. */
export function bodyProblems(operation: Pick<Operation, 'body'>, text: string): string[] {
  if (!operation.body) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return [`The body is not JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
  const parsed = operation.body.schema.safeParse(json);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const problem = fieldErrorFromIssue(issue, json);
    return `${problem.attr ?? 'body'}: ${problem.detail}`;
  });
}

interface RequestBodyFieldProps {
  body: string;
  /** The body's problems (bodyProblems). */
  problems: ReadonlyArray<string>;
  anyway: boolean;
  onChange: (body: string) => void;
  onAnyway: (anyway: boolean) => void;
}

export function RequestBodyField({ body, problems, anyway, onChange, onAnyway }: RequestBodyFieldProps) {
  const bodyId = useId();
  const problemsId = useId();
  const anywayId = useId();
  return (
    <div className={problems.length ? 'field field-invalid' : 'field'}>
      <label htmlFor={bodyId}>Request body</label>
      <textarea
        id={bodyId}
        className="explorer-body"
        spellCheck={false}
        rows={Math.min(16, Math.max(4, body.split('\n').length + 1))}
        value={body}
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={problemsId}
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={problemsId} aria-live="polite">
        {problems.length === 0 ? (
          <p className="field-hint">The body matches the contract’s input schema.</p>
        ) : (
          <ul className="field-error explorer-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="field-checkbox-row">
        <input id={anywayId} type="checkbox" checked={anyway} onChange={(event) => onAnyway(event.target.checked)} />
        <label htmlFor={anywayId}>Send it anyway</label>
      </div>
      <p className="field-hint">A negative test: the body is sent as typed, and marked so in the API log.</p>
    </div>
  );
}
