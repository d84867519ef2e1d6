/** One forced status rule of the faults form: method, path pattern, status and Retry-After. */
import { Field } from '../../components/form/field.tsx';
import { RULE_METHODS, type RuleForm } from './faults.ts';

export function RuleFields({
  rule,
  row,
  count,
  errors,
  onChange,
  onRemove,
}: {
  rule: RuleForm;
  row: number;
  count: number;
  errors: (key: string) => string | undefined;
  onChange: (rule: RuleForm) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors(`rules.${row}.${field}`) ?? null;
  return (
    <fieldset className="mock-rule">
      <legend>{count === 1 ? 'Forced status rule' : `Forced status rule ${row + 1}`}</legend>
      <div className="mock-rule-grid">
        <Field label="Method" error={error('method')}>
          {(control) => (
            <select {...control} value={rule.method} onChange={(event) => onChange({ ...rule, method: event.target.value })}>
              {RULE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method === '*' ? 'Any (*)' : method}
                </option>
              ))}
              {!(RULE_METHODS as ReadonlyArray<string>).includes(rule.method) && <option value={rule.method}>{rule.method}</option>}
            </select>
          )}
        </Field>
        <Field
          label="Path pattern"
          className="mock-rule-path"
          hint="A glob over the path: * is one segment, ** any number of them."
          error={error('path')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              spellCheck={false}
              placeholder="/api/projects/*/dashboards/**"
              value={rule.path}
              onChange={(event) => onChange({ ...rule, path: event.target.value })}
            />
          )}
        </Field>
        <Field label="Status" error={error('status')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              placeholder="503"
              value={rule.status}
              onChange={(event) => onChange({ ...rule, status: event.target.value })}
            />
          )}
        </Field>
        <Field label="Retry after (s)" hint="For a 429: the Retry-After header." error={error('retry_after')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              value={rule.retryAfter}
              onChange={(event) => onChange({ ...rule, retryAfter: event.target.value })}
            />
          )}
        </Field>
      </div>
      {count > 1 && (
        <button type="button" className="button button-small button-ghost" onClick={onRemove}>
          Remove rule {row + 1}
        </button>
      )}
    </fieldset>
  );
}
