/**
 * The mock's controls, in the top bar only when GET /__mock/info answers: the demo key in use with a
 * one-click switch, the fault settings (GET/PUT /__mock/faults) with an always-visible reminder
 * while any fault is on, and `Reset demo data` (POST /__mock/reset).
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useConnectionState } from '../../api/connection.ts';
import { mockQueries } from '../../api/mock.ts';
import { useResetMock, useSwitchKey, useUpdateMockFaults } from '../../api/mock-mutations.ts';
import type { MockFaults, MockInfo } from '../../contract/schemas.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { ActionError } from '../../components/error-state.tsx';
import { Field } from '../../components/field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useForm, type Form } from '../../components/use-form.ts';
import type { MockFaultsInput } from '../../contract/inputs.ts';
import { FaultPresets } from './fault-presets.tsx';
import {
  describeFaults,
  emptyRule,
  faultsSummary,
  faultsBodyFromForm,
  faultsFieldOf,
  formFromFaults,
  noFaults,
  RULE_METHODS,
  type FaultsForm,
  type RuleForm,
} from './faults.ts';
import { ProductionKeyRulesSection } from './production-key-rules.tsx';
import { WorldSection } from './world-section.tsx';
import './mock-panel.css';

/** The mock's status and fault controls in the top bar; rendered only when GET /__mock/info answers. */
export interface MockPanelProps {
  info: MockInfo;
}

type DemoKey = MockInfo['keys'][number];

const scopeText = (scopes: ReadonlyArray<string>) => (scopes.includes('*') ? 'every scope' : scopes.join(', '));

function DemoKeySection({ info }: { info: MockInfo }) {
  const { connection } = useConnectionState();
  const switchKey = useSwitchKey();
  const toast = useToast();
  const current = info.keys.find((key) => key.key === connection?.key);
  const inUseRef = useRef<HTMLParagraphElement>(null);

  const choose = (key: DemoKey) => {
    switchKey.mutate(key.key, {
      onSuccess: () => {
        // The pressed button is replaced by "in use": focus moves to the sentence naming the key.
        inUseRef.current?.focus();
        toast.success(`Now using ${key.key} (${key.user}): the page was loaded again with this key.`);
      },
    });
  };

  return (
    <section className="mock-section" aria-labelledby="mock-key-title">
      <h3 id="mock-key-title">Demo key</h3>
      <p ref={inUseRef} tabIndex={-1} className="mock-key-in-use">
        {current ? (
          <>
            In use: <strong>{current.key}</strong> ({current.user}, {scopeText(current.scopes)}).
          </>
        ) : (
          'The connected key is not one of the demo keys.'
        )}
      </p>
      <ul className="mock-key-list">
        {info.keys.map((key) => (
          <li key={key.key}>
            {key.key === current?.key ? (
              <span className="mock-key-current">{key.key} is in use</span>
            ) : (
              <Button
                className="button button-small"
                inactive={switchKey.isPending}
                pending={switchKey.isPending && switchKey.variables === key.key}
                onClick={() => choose(key)}
              >
                Switch to {key.key}
              </Button>
            )}
            <span className="field-hint">
              {key.user} · {scopeText(key.scopes)}
            </span>
          </li>
        ))}
      </ul>
      <p className="field-hint">Switching keeps this page and loads it again with the other key.</p>
      <ActionError error={switchKey.error} prefix="Could not switch keys:" onDismiss={switchKey.reset} />
    </section>
  );
}

function RuleFields({
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

function FaultsSection({
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

function ResetSection({ onReset }: { onReset: () => void }) {
  const { connection } = useConnectionState();
  const world = connection?.world;
  const [confirming, setConfirming] = useState(false);
  const reset = useResetMock();
  const toast = useToast();
  return (
    <section className="mock-section" aria-labelledby="mock-reset-title">
      <h3 id="mock-reset-title">Demo data</h3>
      <p className="field-hint">Puts every project, dashboard and setting back to the seed, and turns all faults off.</p>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          reset.reset();
          setConfirming(true);
        }}
      >
        Reset demo data
      </button>
      <ConfirmDialog
        open={confirming}
        title="Reset demo data?"
        message={
          world
            ? `Everything created or changed in the world ${world} goes back to the seed, for everyone using that world, and its faults are cleared. Other worlds keep theirs. This cannot be undone.`
            : 'Everything created or changed in the mock since it started goes back to the seed, for everyone using it, and all faults are cleared. This cannot be undone.'
        }
        confirmLabel="Reset"
        destructive
        pending={reset.isPending}
        error={reset.error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              onReset();
              toast.success('Demo data reset: everything is back to the seed, and faults are off.');
            },
          })
        }
      />
    </section>
  );
}

function MockControls({ info, faults, onClose }: { info: MockInfo; faults: MockFaults; onClose: () => void }) {
  const update = useUpdateMockFaults();
  const toast = useToast();
  // Which form row each rule of the last PUT came from (blank rows are not sent).
  const [rowOfRule, setRowOfRule] = useState<number[]>([]);
  const form = useForm<FaultsForm>({
    initial: formFromFaults(faults),
    validate: (values) => {
      const result = faultsBodyFromForm(values);
      return result.ok ? {} : result.errors;
    },
    serverError: update.error,
    clearServerError: update.reset,
    fieldOfServerError: (path) => faultsFieldOf(path, rowOfRule),
    pending: update.isPending,
  });

  const save = (body: MockFaultsInput, rows: number[], cleared: boolean) => {
    setRowOfRule(rows);
    update.mutate(body, {
      onSuccess: (saved) => {
        // The fields show what the mock now holds.
        form.reset();
        const now = describeFaults(saved);
        toast.success(
          cleared || now.length === 0 ? 'Faults cleared: the mock answers every request normally.' : `Faults on: ${now.join(', ')}.`,
        );
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Mock controls"
      description={`The bundled mock backend, version ${info.version}. A production API has none of these controls.`}
      dirty={form.dirty}
      size="large"
    >
      <DemoKeySection info={info} />
      <WorldSection />
      {/* A preset replaces the faults: the fields then show what the mock now holds. */}
      <FaultPresets faults={faults} onApplied={() => form.reset()} />
      <FaultsSection faults={faults} form={form} pending={update.isPending} onSave={save} />
      <ProductionKeyRulesSection faults={faults} />
      <ResetSection onReset={() => form.reset(formFromFaults(noFaults()))} />
    </Dialog>
  );
}

export default function MockPanel({ info }: MockPanelProps) {
  const [open, setOpen] = useState(false);
  const { connection } = useConnectionState();
  // The info was just fetched: its faults stand in until GET /__mock/faults is needed again.
  const faultsQuery = useQuery({ ...mockQueries.faults(), initialData: info.faults });
  const faults = faultsQuery.data;
  const active = faultsSummary(faults);
  const current = info.keys.find((key) => key.key === connection?.key);

  return (
    <div className="mock-panel">
      {current && <span className="mock-key-badge">Key: {current.key}</span>}
      {connection?.world && <span className="mock-key-badge">World: {connection.world}</span>}
      {active && (
        <button type="button" className="mock-faults-indicator" title={`Faults on: ${active}`} onClick={() => setOpen(true)}>
          Faults on: {active}
        </button>
      )}
      <button type="button" className="button mock-controls-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Mock controls
      </button>
      {open && <MockControls info={info} faults={faults} onClose={() => setOpen(false)} />}
    </div>
  );
}
