/** Mock controls → Faults: latency, error rate and forced status rules, applied or cleared at once. */
import type { FormEvent } from 'react';
import type { MockFaults } from '../../contract/schemas.ts';
import type { MockFaultsInput } from '../../contract/inputs.ts';
import { Button } from '../../components/button/button.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { Field } from '../../components/form/field.tsx';
import type { Form } from '../../components/form/use-form.ts';
import { describeFaults, emptyRule, faultsBodyFromForm, noFaults, type FaultsForm, type RuleForm } from './faults.ts';
import { RuleFields } from './rule-fields.tsx';

export function FaultsSection({
  faults,
  form,
  pending,
  onSave,
}: {
  faults: MockFaults;
  form: Form<FaultsForm>;
  pending: boolean;
  /** Sends the fault settings; `rows[i]` is the form row of rule `i` (to place the API's errors). */
  onSave: (body: MockFaultsInput, rows: number[], cleared: boolean) => void;
}) {
  const active = describeFaults(faults);
  const { values } = form;

  // Every field is checked at once (faultsBodyFromForm is also the form's validate).
  const apply = (event: FormEvent) =>
    form.submit(event, (checked) => {
      const result = faultsBodyFromForm(checked);
      if (result.ok) onSave(result.body, result.rowOfRule, false);
    });

  const setRule = (row: number, rule: RuleForm) =>
    form.set(
      'rules',
      values.rules.map((r, i) => (i === row ? rule : r)),
      `rules.${row}`,
    );

  return (
    <section className="mock-section" aria-labelledby="mock-faults-title">
      <h3 id="mock-faults-title">Faults</h3>
      <p className="field-hint">
        {active.length ? `On now: ${active.join(', ')}.` : 'None: the mock answers every request normally.'} Faults apply to{' '}
        <code>/api/</code> requests only.
      </p>
      <form onSubmit={apply} noValidate>
        <div className="mock-fault-grid">
          <Field
            label="Latency (ms)"
            hint="Delay every answer: 500, or a random range such as 100-500. Empty: none."
            error={form.error('latency_ms')}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                placeholder="0"
                value={values.latency}
                onChange={(event) => form.set('latency', event.target.value, 'latency_ms')}
              />
            )}
          </Field>
          <Field
            label="Error rate"
            hint="Share of requests answered 500, from 0 to 1 (0.1 is 10%). Empty: none."
            error={form.error('error_rate')}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                placeholder="0"
                value={values.errorRate}
                onChange={(event) => form.set('errorRate', event.target.value, 'error_rate')}
              />
            )}
          </Field>
        </div>
        {values.rules.map((rule, row) => (
          <RuleFields
            key={row}
            rule={rule}
            row={row}
            count={values.rules.length}
            errors={form.error}
            onChange={(next) => setRule(row, next)}
            // The rows after it move up: their errors no longer fit them.
            onRemove={() => form.set('rules', values.rules.filter((_, i) => i !== row), 'rules')}
          />
        ))}
        <button
          type="button"
          className="button button-small"
          onClick={() => form.set('rules', [...values.rules, emptyRule()], `rules.${values.rules.length}`)}
        >
          Add another rule
        </button>
        {form.formProblem && <p className="field-error">{form.formProblem}</p>}
        {/* An API error that names no field of the form is shown above the buttons. */}
        <ActionError error={form.serverFormError} prefix="Could not change the faults:" />
        <div className="button-row">
          {/* Focusable while pending: a disabled button drops the focus, and Escape with it. */}
          <Button type="submit" className="button button-primary" pending={pending}>
            Apply faults
          </Button>
          <Button inactive={pending} onClick={() => onSave(noFaults(), [], true)}>
            Clear faults
          </Button>
        </div>
      </form>
    </section>
  );
}
