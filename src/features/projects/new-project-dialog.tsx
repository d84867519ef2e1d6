/** The `New project` dialog: `Name` and `Time zone`, checked with the API's own rules before sending. */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useCreateProject } from '../../api/projects.ts';
import type { FieldError } from '../../contract/errors.ts';
import { parseInput, projectCreateInput, timeZones } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { ComboboxField } from '../../components/combobox-field.tsx';
import { Dialog, useDialog } from '../../components/dialog.tsx';
import { ActionError } from '../../components/error-state.tsx';
import { errorDetail, errorStatus, fieldError } from '../../components/error-text.ts';
import { TextField } from '../../components/field.tsx';

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
}

/** Render it only while open: every opening starts from an empty form. */
export function NewProjectDialog({ onClose, onCreated }: NewProjectDialogProps) {
  const zones = useMemo(() => timeZones(), []);
  const initialZone = useMemo(() => defaultTimeZone(zones), [zones]);
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState(initialZone);
  const [problem, setProblem] = useState<FieldError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateProject();

  const serverError = create.error;
  // A taken name (409) has no `attr`, but it is about the name.
  const nameError =
    (problem?.attr === 'name' ? problem.detail : undefined) ??
    fieldError(serverError, 'name') ??
    (errorStatus(serverError) === 409 ? errorDetail(serverError) : undefined);
  const timezoneError = (problem?.attr === 'timezone' ? problem.detail : undefined) ?? fieldError(serverError, 'timezone');
  const otherError = serverError && !nameError && !timezoneError ? serverError : null;
  const otherProblem = problem && problem.attr !== 'name' && problem.attr !== 'timezone' ? problem.detail : null;

  // After a refused submit, focus the first field that says what is wrong.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, problem, serverError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.reset();
    const body = { name, timezone };
    const parsed = parseInput(projectCreateInput, body);
    setAttempt((n) => n + 1);
    if (!parsed.ok) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    create.mutate(body, { onSuccess: (project) => onCreated(project) });
  };

  const clearFieldError = (field: 'name' | 'timezone') => {
    if (problem?.attr === field) setProblem(null);
    if (serverError && (fieldError(serverError, field) || (field === 'name' && errorStatus(serverError) === 409))) create.reset();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="New project"
      description="A project holds its own dashboards, settings and activity."
      dirty={name.trim() !== '' || timezone !== initialZone}
      hideCloseButton={create.isPending}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          hint="Up to 200 characters, unique in the organization."
          required
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            clearFieldError('name');
          }}
        />
        <ComboboxField
          label="Time zone"
          hint="Type to search, e.g. “paris” or “new york”. Dates and days in this project follow it."
          noun="time zone"
          required
          options={zones}
          value={timezone}
          error={timezoneError}
          onChange={(value) => {
            setTimezone(value);
            clearFieldError('timezone');
          }}
        />
        {otherProblem && (
          <p className="field-error" role="alert">
            {otherProblem}
          </p>
        )}
        <ActionError error={otherError} prefix={errorStatus(otherError) === 403 ? 'Not allowed:' : 'Could not create the project:'} />
        <div className="button-row dialog-actions">
          <CancelButton disabled={create.isPending} />
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

function CancelButton({ disabled }: { disabled: boolean }) {
  const { requestClose } = useDialog();
  return (
    <button type="button" className="button" onClick={requestClose} disabled={disabled}>
      Cancel
    </button>
  );
}
