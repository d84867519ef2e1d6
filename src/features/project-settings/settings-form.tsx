/**
 * The writable settings in sections (General, Web, Replay, Autocapture and privacy). `Save changes`
 * sends a PATCH of the changed fields only; afterwards the form shows the values the API saved.
 */
import { useId, useMemo, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reasons } from '../../api/access/authorization.ts';
import { useUpdateProject } from '../../api/resources/project-mutations.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { memberProjectFields, timeZones } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { ComboboxField } from '../../components/combobox/combobox-field.tsx';
import { useCheckedSave } from '../../components/form/use-checked-save.ts';
import { errorStatus } from '../../components/feedback/error-text.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/form/field.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useForm } from '../../components/form/use-form.ts';
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
import { AuthorizedUrls } from './authorized-urls.tsx';
import { numberFieldMessages, ReplaySettings, type NumberField } from './replay-settings.tsx';
import { SettingsSaveBar } from './settings-save-bar.tsx';
import { Section } from './settings-section.tsx';

export interface SettingsFormProps {
  project: Project;
  /** Why the key cannot change these settings at all (then the form is read-only), or null. */
  readOnlyReason: string | null;
  /** Why the person cannot change the admin-only settings (a member), or null. */
  adminOnlyReason: string | null;
  allowLeaveRef: RefObject<boolean>;
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

          <ReplaySettings draft={draft} set={set} setNumber={setNumber} error={form.error} locked={locked} />

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

        <SettingsSaveBar
          formProblem={form.formProblem}
          serverFormError={form.serverFormError}
          checkError={checkError}
          canWrite={canWrite}
          readOnlyReason={readOnlyReason}
          dirty={dirty}
          checking={checking}
          saving={update.isPending}
          busy={busy}
          onDiscard={discard}
        />
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
