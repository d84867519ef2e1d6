/** The `New project` dialog: `Name` and `Time zone`, both checked with the API's own rules before sending. */
import { useMemo, type FormEvent } from 'react';
import { useCreateProject } from '../../api/resources/project-mutations.ts';
import { projectCreateInput, timeZones } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { ComboboxField } from '../../components/combobox/combobox-field.tsx';
import { Dialog, DialogCancelButton } from '../../components/dialog/dialog.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { errorStatus } from '../../components/feedback/error-text.ts';
import { TextField } from '../../components/form/field.tsx';
import { schemaErrors, useForm } from '../../components/form/use-form.ts';

/** The browser's time zone when the API accepts it, else `UTC`. */
export function defaultTimeZone(zones: ReadonlyArray<string>): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zones.includes(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface NewProjectDialogProps {
  onClose: () => void;
  onCreated: (project: Project) => void;
  /** The organization the project goes into (the page's `?organization=`); the key's current one when not given. */
  organization?: string;
}

/** Render it only while open: every opening starts from an empty form. */
export function NewProjectDialog({ onClose, onCreated, organization }: NewProjectDialogProps) {
  const zones = useMemo(() => timeZones(), []);
  const initialZone = useMemo(() => defaultTimeZone(zones), [zones]);
  const create = useCreateProject(organization);
  const form = useForm({
    initial: { name: '', timezone: initialZone },
    validate: (values) => schemaErrors(projectCreateInput, values),
    serverError: create.error,
    clearServerError: create.reset,
    // A taken name (409) has no `attr`, but it is about the name.
    fieldOfServerError: (path, error) =>
      errorStatus(error) === 409 ? 'name' : path[0] === 'name' || path[0] === 'timezone' ? path[0] : null,
    pending: create.isPending,
  });
  const { name, timezone } = form.values;

  const submit = (event: FormEvent) =>
    form.submit(event, (body) => create.mutate(body, { onSuccess: (project) => onCreated(project) }));

  return (
    <Dialog
      open
      onClose={onClose}
      title="New project"
      description="A project holds its own dashboards, settings and activity."
      dirty={name.trim() !== '' || timezone !== initialZone}
      hideCloseButton={create.isPending}
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Name"
          hint="Up to 200 characters, unique in the organization."
          required
          autoComplete="off"
          value={name}
          error={form.error('name')}
          onChange={(event) => form.set('name', event.target.value)}
        />
        <ComboboxField
          label="Time zone"
          hint="Type to search, e.g. “paris” or “new york”. Dates and days in this project follow it."
          noun="time zone"
          required
          options={zones}
          value={timezone}
          error={form.error('timezone')}
          onChange={(value) => form.set('timezone', value)}
        />
        {form.formProblem && (
          <p className="field-error" role="alert">
            {form.formProblem}
          </p>
        )}
        <ActionError
          error={form.serverFormError}
          prefix={errorStatus(form.serverFormError) === 403 ? 'Not allowed:' : 'Could not create the project:'}
        />
        <div className="button-row dialog-actions">
          <DialogCancelButton disabled={create.isPending} />
          <button type="submit" className="button button-primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            Create project
          </button>
        </div>
        {create.isPending && (
          <p className="field-hint" role="status">
            Creating the project…
          </p>
        )}
      </form>
    </Dialog>
  );
}
