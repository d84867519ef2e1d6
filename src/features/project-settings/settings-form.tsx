/**
 * The writable settings in sections (General, Web, Replay, Autocapture and privacy). `Save changes`
 * sends a PATCH of the changed fields only; afterwards the form shows the values the API saved.
 */
import { useId, useMemo, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reasons } from '../../api/access/authorization.ts';
import { useUpdateProject } from '../../api/resources/project-mutations.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { memberProjectFields, timeZones } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { ComboboxField } from '../../components/combobox/combobox-field.tsx';
import { useCheckedSave } from '../../components/form/use-checked-save.ts';
import { Button } from '../../components/button/button.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { errorStatus } from '../../components/feedback/error-text.ts';
import { CheckboxField, Field, SelectField, TextAreaField, TextField } from '../../components/form/field.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { AuthorizedUrls } from './authorized-urls.tsx';
import { LeaveGuard } from '../../components/form/leave-guard.tsx';
import {
  asUpdateInput,
  checkSettings,
  draftFromProject,
  planSettingsSave,
  settingsChanges,
  settingsConflictRows,
  settingsFieldOf,
  type SettingsDraft,
} from './settings-draft.ts';

type NumberField = 'session_recording_sample_rate' | 'session_recording_minimum_duration_milliseconds';

const numberFieldMessages: Record<NumberField, string> = {
  session_recording_sample_rate: 'Enter a number from 0 to 1, e.g. 0.25.',
  session_recording_minimum_duration_milliseconds: 'Enter a whole number of milliseconds from 0 to 30000.',
};

export interface SettingsFormProps {
  project: Project;
  /** Why the key cannot change these settings at all (then the form is read-only), or null. */
  readOnlyReason: string | null;
  /** Why the person cannot change the admin-only settings (a member), or null. */
  adminOnlyReason: string | null;
  allowLeaveRef: RefObject<boolean>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const notApplyingReason = 'Applies only when session recording is on.';

/**
 * The hint of a Replay setting. While `Record user sessions` is off the setting does not apply: it is
 * shown disabled, with this reason first, and keeps its value. Not editable then, because a value
 * typed there would change nothing, and turning recording on in the same form makes it editable at
 * once (nothing needs saving first).
 */
function ReplayHint({ off, children }: { off: boolean; children: ReactNode }) {
  return off ? (
    <>
      <strong className="not-applying-reason">{notApplyingReason}</strong> {children}
    </>
  ) : (
    children
  );
}

export function SettingsForm({ project, readOnlyReason, adminOnlyReason, allowLeaveRef }: SettingsFormProps) {
  const canWrite = readOnlyReason === null;
  // A member changes only the member settings (API.md §6.1); the rest shows read-only.
  const locked = (field: string) => adminOnlyReason !== null && !(memberProjectFields as ReadonlyArray<string>).includes(field);
  const zones = useMemo(() => timeZones(), []);
  const initial = useMemo(() => draftFromProject(project), [project]);
  // Number inputs whose text the browser cannot read as a number (it then reports an empty value).
  const [badInput, setBadInput] = useState<ReadonlySet<NumberField>>(new Set());
  // What the last save sent: the API's `app_urls__N` counts only the rows that were not empty.
  const [sent, setSent] = useState<SettingsDraft>(initial);
  const update = useUpdateProject(project.id);
  const queryClient = useQueryClient();
  // No lost update: read the project again and ask before overwriting another person's change.
  const { checking, checkError, conflictDialog, saveChecked } = useCheckedSave({
    // Also puts the fresh project in the cache: fields nobody edited here show it.
    readFresh: () => queryClient.fetchQuery({ ...projectQueries.detail(project.id), staleTime: 0 }),
    plan: planSettingsSave,
    conflictRows: settingsConflictRows,
    valuesOf: draftFromProject,
    noun: 'project',
    send: (changes, values) => {
      setSent(values);
      update.mutate(asUpdateInput(changes), {
        onSuccess: () => {
          // Fields edited while saving keep what was typed; the rest show what the API saved.
          form.settle(values);
          toast.success('Project settings saved.');
        },
      });
    },
  });
  // Reading the project again just before saving, and the error when that read failed.
  const busy = checking || update.isPending;
  const toast = useToast();
  const saveHintId = useId();
  const readOnlyId = useId();

  const form = useForm<SettingsDraft>({
    initial,
    validate: (values) => {
      const errors = checkSettings(initial, values);
      for (const field of badInput) errors[field] = numberFieldMessages[field];
      return errors;
    },
    isDirty: (values, base) => Object.keys(settingsChanges(base, values)).length > 0 || badInput.size > 0,
    serverError: update.error,
    clearServerError: update.reset,
    // A taken name (409) has no `attr`, but it is about the name.
    fieldOfServerError: (path, error) =>
      errorStatus(error) === 409 ? 'name' : settingsFieldOf(path, sent),
    pending: busy || !canWrite,
  });
  const { values: draft, dirty, set } = form;

  const setNumber = (field: NumberField, value: string, invalid: boolean) => {
    setBadInput((current) => {
      if (current.has(field) === invalid) return current;
      const next = new Set(current);
      if (invalid) next.add(field);
      else next.delete(field);
      return next;
    });
    set(field, value);
  };

  const discard = () => {
    setBadInput(new Set());
    form.reset();
  };

  const save = (event: FormEvent) =>
    form.submit(event, () => {
      if (!dirty || busy) return;
      void saveChecked(form);
    });

  const nothingToSave = !dirty;
  // Sample rate and minimum duration apply only to recorded sessions (see ReplayHint).
  const recordingOff = !draft.session_recording_opt_in;

  return (
    <>
      <form onSubmit={save} noValidate aria-label="Project settings form" className="settings-form">
        {!canWrite && (
          <p id={readOnlyId} className="notice notice-warning">
            {readOnlyReason === reasons.checking ? readOnlyReason : `${readOnlyReason} You can read these settings but not change them.`}
          </p>
        )}
        {canWrite && adminOnlyReason && (
          <p className="notice notice-warning">
            {adminOnlyReason === reasons.checking
              ? adminOnlyReason
              : `${adminOnlyReason} Settings you cannot change are shown read-only; you can change the product description, session recording, and exception and web vitals capture.`}
          </p>
        )}
        <fieldset disabled={!canWrite} className="settings-fieldset" aria-describedby={canWrite ? undefined : readOnlyId}>
          <legend className="visually-hidden">Project settings</legend>
          <Section title="General">
            <TextField
              label="Project name"
              disabled={locked('name')}
              required
              autoComplete="off"
              hint="Up to 200 characters, unique in the organization."
              value={draft.name}
              error={form.error('name')}
              onChange={(event) => set('name', event.target.value)}
            />
            <TextAreaField
              label="Product description"
              hint="What this project tracks, in a sentence or two."
              value={draft.product_description}
              error={form.error('product_description')}
              onChange={(event) => set('product_description', event.target.value)}
            />
            <ComboboxField
              label="Time zone"
              noun="time zone"
              hint="Type to search, e.g. “tokyo”. Days and dates in this project follow it."
              options={zones}
              value={draft.timezone}
              error={form.error('timezone')}
              disabled={!canWrite || locked('timezone')}
              onChange={(value) => set('timezone', value)}
            />
            <SelectField
              label="Week starts on"
              disabled={locked('week_start_day')}
              value={draft.week_start_day}
              error={form.error('week_start_day')}
              onChange={(event) => set('week_start_day', event.target.value as SettingsDraft['week_start_day'])}
            >
              <option value="">Not set (the reader’s locale decides)</option>
              <option value="0">Sunday</option>
              <option value="1">Monday</option>
            </SelectField>
          </Section>

          <Section title="Web">
            <AuthorizedUrls
              urls={draft.app_urls}
              onChange={(urls) => set('app_urls', urls)}
              error={form.error('app_urls')}
              rowError={(row) => form.error(`app_urls.${row}`)}
              disabled={!canWrite || locked('app_urls')}
            />
          </Section>

          <Section title="Replay">
            <CheckboxField
              label="Record user sessions"
              checked={draft.session_recording_opt_in}
              onChange={(event) => set('session_recording_opt_in', event.target.checked)}
            />
            <Field
              label="Sample rate"
              className={recordingOff ? 'field-not-applying' : undefined}
              hint={
                <ReplayHint off={recordingOff}>
                  The share of sessions recorded, from 0 to 1 in steps of 0.01 (0.50 is half). Empty records every session.
                </ReplayHint>
              }
              error={form.error('session_recording_sample_rate')}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={1}
                  step={0.01}
                  value={draft.session_recording_sample_rate}
                  disabled={locked('session_recording_sample_rate') || recordingOff}
                  onChange={(event) =>
                    setNumber('session_recording_sample_rate', event.target.value, event.target.validity?.badInput ?? false)
                  }
                />
              )}
            </Field>
            <Field
              label="Minimum duration (ms)"
              className={recordingOff ? 'field-not-applying' : undefined}
              hint={
                <ReplayHint off={recordingOff}>
                  Sessions shorter than this are not kept: 0 to 30000 milliseconds. Empty means no minimum.
                </ReplayHint>
              }
              error={form.error('session_recording_minimum_duration_milliseconds')}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={30000}
                  step={1}
                  value={draft.session_recording_minimum_duration_milliseconds}
                  disabled={locked('session_recording_minimum_duration_milliseconds') || recordingOff}
                  onChange={(event) =>
                    setNumber(
                      'session_recording_minimum_duration_milliseconds',
                      event.target.value,
                      event.target.validity?.badInput ?? false,
                    )
                  }
                />
              )}
            </Field>
          </Section>

          <Section title="Autocapture and privacy">
            <CheckboxField
              label="Anonymize IP addresses"
              disabled={locked('anonymize_ips')}
              hint="Events are stored without the sender’s IP address."
              checked={draft.anonymize_ips}
              onChange={(event) => set('anonymize_ips', event.target.checked)}
            />
            <CheckboxField
              label="Disable autocapture"
              disabled={locked('autocapture_opt_out')}
              hint="Stop capturing clicks, inputs and page views by themselves; only events sent in code are kept."
              checked={draft.autocapture_opt_out}
              onChange={(event) => set('autocapture_opt_out', event.target.checked)}
            />
            <CheckboxField
              label="Capture exceptions"
              checked={draft.autocapture_exceptions_opt_in}
              onChange={(event) => set('autocapture_exceptions_opt_in', event.target.checked)}
            />
            <CheckboxField
              label="Capture web vitals"
              checked={draft.autocapture_web_vitals_opt_in}
              onChange={(event) => set('autocapture_web_vitals_opt_in', event.target.checked)}
            />
            <CheckboxField
              label="Capture console logs"
              disabled={locked('capture_console_log_opt_in')}
              hint="Browser console output, kept with session recordings."
              checked={draft.capture_console_log_opt_in}
              onChange={(event) => set('capture_console_log_opt_in', event.target.checked)}
            />
            <CheckboxField
              label="Capture performance"
              disabled={locked('capture_performance_opt_in')}
              hint="Network timings, kept with session recordings."
              checked={draft.capture_performance_opt_in}
              onChange={(event) => set('capture_performance_opt_in', event.target.checked)}
            />
          </Section>
        </fieldset>

        <div className="settings-save-bar">
          {form.formProblem && (
            <p className="field-error" role="alert">
              {form.formProblem}
            </p>
          )}
          <ActionError
            error={checkError ?? form.serverFormError}
            prefix={errorStatus(form.serverFormError) === 403 ? 'Not allowed:' : 'Could not save:'}
          />
          <div className="button-row">
            <Button
              type="submit"
              className="button button-primary"
              disabled={!canWrite}
              pending={busy}
              inactive={nothingToSave}
              aria-describedby={saveHintId}
            >
              Save changes
            </Button>
            {/* Focusable when there is nothing to discard, so focus stays here after discarding. */}
            <Button inactive={!dirty || busy} onClick={discard}>
              Discard changes
            </Button>
            <p id={saveHintId} className="field-hint" aria-live="polite">
              {!canWrite
                ? readOnlyReason
                : checking
                  ? 'Checking for changes by others…'
                  : update.isPending
                  ? 'Saving…'
                  : dirty
                    ? 'You have unsaved changes.'
                    : 'No unsaved changes.'}
            </p>
          </div>
        </div>
      </form>
      {/* Outside the form: a dialog's submit must not bubble (through the portal) into this form. */}
      <LeaveGuard
        when={dirty}
        message="Your changes to the project settings are not saved. If you leave this page, they are lost."
        allow={() => allowLeaveRef.current}
      />
      {conflictDialog}
    </>
  );
}
