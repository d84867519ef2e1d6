/**
 * The `New dashboard` dialog: name, description, tags, where to start from (blank, a template, or a
 * copy of a dashboard of this project) and who can edit. Errors show under the field the API names;
 * what was typed stays on any error; on success the new dashboard opens.
 */
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardDisplayName, useCreateDashboard } from '../../api/dashboards.ts';
import type { ProjectId } from '../../api/query-keys.ts';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { Dialog, useDialog } from '../../components/dialog.tsx';
import { ActionError } from '../../components/error-state.tsx';
import { errorAttr, errorDetail } from '../../components/error-text.ts';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { useToast } from '../../components/toast.tsx';
import { charLength } from '../../contract/inputs.ts';
import { DashboardPicker } from './dashboard-picker.tsx';
import {
  checkDraft,
  draftToBody,
  emptyDraft,
  fieldForAttr,
  isDraftDirty,
  parseTags,
  restrictionOptions,
  startFromOptions,
  type DraftField,
  type DraftProblem,
  type NewDashboardDraft,
} from './new-dashboard-form.ts';
import { RadioGroupField } from './radio-group-field.tsx';

const NAME_MAX = 400;

export interface NewDashboardDialogProps {
  open: boolean;
  onClose: () => void;
  projectId: ProjectId;
  /** Told when the API refused the create (e.g. a 403 naming a missing scope), to explain it on the page too. */
  onError?: (error: unknown) => void;
}

export function NewDashboardDialog(props: NewDashboardDialogProps) {
  if (!props.open) return null;
  return <OpenNewDashboardDialog {...props} />;
}

function CancelButton({ disabled }: { disabled: boolean }) {
  const { requestClose } = useDialog();
  return (
    <button type="button" className="button" onClick={requestClose} disabled={disabled}>
      Cancel
    </button>
  );
}

function OpenNewDashboardDialog({ onClose, projectId, onError }: NewDashboardDialogProps) {
  const [draft, setDraft] = useState<NewDashboardDraft>(emptyDraft);
  const [clientProblem, setClientProblem] = useState<DraftProblem | null>(null);
  const create = useCreateDashboard(projectId);
  const navigate = useNavigate();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const leavingRef = useRef(false);
  const pendingId = useId();
  const dirty = isDraftDirty(draft);

  // The API's error when no client check failed; both are worded as the API words them.
  const problem: DraftProblem | null =
    clientProblem ?? (create.error ? { attr: errorAttr(create.error), detail: errorDetail(create.error) } : null);
  const problemField = problem ? fieldForAttr(problem.attr) : null;
  const errorFor = (field: DraftField) => (problem && problemField === field ? problem.detail : undefined);
  const formLevelError = create.error && !clientProblem && problemField === null ? create.error : null;

  // After a failed submit, take the person to the field that needs fixing.
  useEffect(() => {
    if (!clientProblem && !create.error) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    if (invalid.tagName === 'FIELDSET') {
      const radio =
        invalid.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
        invalid.querySelector<HTMLInputElement>('input[type="radio"]');
      radio?.focus();
    } else {
      invalid.focus();
    }
  }, [clientProblem, create.error]);

  /** Applies a change; a client check's error on that field goes, as the person is fixing it. */
  const update = (field: DraftField, changes: Partial<NewDashboardDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    if (clientProblem && fieldForAttr(clientProblem.attr) === field) setClientProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = checkDraft(draft);
    setClientProblem(found);
    if (found) {
      create.reset();
      return;
    }
    create.mutate(draftToBody(draft), {
      onSuccess: (dashboard) => {
        leavingRef.current = true;
        toast.success(`Created the dashboard “${dashboardDisplayName(dashboard)}”.`);
        navigate(`/projects/${encodeURIComponent(String(projectId))}/dashboards/${dashboard.id}`);
      },
      onError: (error) => onError?.(error),
    });
  };

  const close = () => {
    if (!create.isPending) onClose();
  };

  const nameLength = charLength(draft.name.trim());
  const tags = parseTags(draft.tags);

  return (
    <>
      <Dialog open onClose={close} title="New dashboard" dirty={dirty} size="large" hideCloseButton={create.isPending}>
        <form ref={formRef} onSubmit={submit} noValidate aria-describedby={create.isPending ? pendingId : undefined}>
          <TextField
            label="Name"
            hint={
              nameLength > NAME_MAX - 50
                ? `${nameLength} of ${NAME_MAX} characters.`
                : `Up to ${NAME_MAX} characters. Left empty, it shows as “Untitled dashboard”.`
            }
            error={errorFor('name')}
            value={draft.name}
            autoComplete="off"
            onChange={(event) => update('name', { name: event.target.value })}
          />
          <TextAreaField
            label="Description"
            error={errorFor('description')}
            value={draft.description}
            onChange={(event) => update('description', { description: event.target.value })}
          />
          <TextField
            label="Tags"
            hint={
              <>
                Separate tags with commas, e.g. “growth, weekly”. They are saved trimmed and in lower case; empty and
                repeated tags are dropped.
                {tags.length > 0 && (
                  <>
                    {' '}
                    Saved as:{' '}
                    {tags.map((tag, index) => (
                      <Fragment key={tag}>
                        {index > 0 && <span className="visually-hidden">,</span>}{' '}
                        <span className="tag-chip">{tag}</span>
                      </Fragment>
                    ))}
                  </>
                )}
              </>
            }
            error={errorFor('tags')}
            value={draft.tags}
            autoComplete="off"
            onChange={(event) => update('tags', { tags: event.target.value })}
          />
          <RadioGroupField
            legend="Start from"
            options={startFromOptions}
            value={draft.startFrom}
            onChange={(startFrom) => update('startFrom', { startFrom })}
            error={errorFor('startFrom')}
          />
          {draft.startFrom === 'copy' && (
            <DashboardPicker projectId={projectId} value={draft.copyOf} onChange={(copyOf) => update('startFrom', { copyOf })} />
          )}
          <RadioGroupField
            legend="Who can edit"
            options={restrictionOptions}
            value={draft.restriction}
            onChange={(restriction) => update('restriction', { restriction })}
            error={errorFor('restriction')}
          />
          <ActionError error={formLevelError} />
          <div className="button-row dialog-actions">
            <CancelButton disabled={create.isPending} />
            <button type="submit" className="button button-primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
              Create dashboard
            </button>
          </div>
          {create.isPending && (
            <p id={pendingId} className="field-hint" role="status">
              Creating the dashboard…
            </p>
          )}
        </form>
      </Dialog>
      <LeaveGuard
        when={dirty}
        message="What you typed in New dashboard is not saved."
        allow={() => leavingRef.current}
      />
    </>
  );
}
