/**
 * The `New dashboard` dialog: name, description, tags, where to start from (blank, a template, a
 * copy of a dashboard of this project, or a template as JSON) and who can edit. Errors show under the field the API names;
 * what was typed stays on any error; on success the new dashboard opens.
 */
import { Fragment, useId, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardDisplayName } from '../../api/resources/dashboards/dashboards.ts';
import { useProjectPermissions } from '../../api/access/authorization.ts';
import { useCreateDashboard, useCreateDashboardFromTemplateJson } from '../../api/resources/dashboards/dashboard-mutations.ts';
import type { ProjectId } from '../../api/client/query-keys.ts';
import { LeaveGuard } from '../../components/form/leave-guard.tsx';
import { Dialog, DialogCancelButton } from '../../components/dialog/dialog.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { TextAreaField, TextField } from '../../components/form/field.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { charLength } from '../../contract/inputs.ts';
import type { Dashboard } from '../../contract/schemas.ts';
import { DashboardPicker } from './dashboard-picker.tsx';
import { apiTemplateProblems, ImportFromJson, isTemplateError } from './import-from-json.tsx';
import {
  checkDraft,
  draftToBody,
  draftToTemplate,
  emptyDraft,
  fieldForPath,
  isDraftDirty,
  parseTags,
  restrictionOptions,
  startFromOptions,
  type DraftField,
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

function OpenNewDashboardDialog({ onClose, projectId, onError }: NewDashboardDialogProps) {
  const create = useCreateDashboard(projectId);
  const importer = useCreateDashboardFromTemplateJson(projectId);
  // Refused up front where the backend is known to refuse keys this action (production, §1.2).
  const importRefusal = useProjectPermissions(projectId).importDashboard;
  const navigate = useNavigate();
  const toast = useToast();
  const leavingRef = useRef(false);
  const pendingId = useId();
  const pending = create.isPending || importer.isPending;
  const form = useForm<NewDashboardDraft>({
    initial: emptyDraft,
    validate: (values) => {
      const errors = checkDraft(values);
      if (values.startFrom === 'import' && importRefusal) errors.startFrom ??= importRefusal;
      return errors;
    },
    isDirty: (values) => isDraftDirty(values),
    serverError: create.error ?? importer.error,
    clearServerError: () => {
      create.reset();
      importer.reset();
    },
    // A 400 of the import is about the template: listed with its JSON path under Template JSON.
    fieldOfServerError: (path, error) => (error === importer.error && isTemplateError(error) ? 'template' : fieldForPath(path)),
    pending,
  });
  const draft = form.values;
  const dirty = form.dirty;

  /** Applies a change to the fields of `field` (a copy's source belongs to Start from). */
  const update = (field: DraftField, changes: Partial<NewDashboardDraft>) => {
    for (const [key, value] of Object.entries(changes)) {
      form.set(key as keyof NewDashboardDraft, value as never, field);
    }
  };

  const created = (dashboard: Dashboard) => {
    leavingRef.current = true;
    toast.success(`Created the dashboard “${dashboardDisplayName(dashboard)}”.`);
    navigate(`/projects/${encodeURIComponent(String(projectId))}/dashboards/${dashboard.id}`);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, (values) => {
      const template = values.startFrom === 'import' ? draftToTemplate(values) : null;
      if (template) {
        importer.mutate(
          { template, restrictionLevel: values.restriction },
          { onSuccess: created, onError: (error) => !isTemplateError(error) && onError?.(error) },
        );
      } else {
        create.mutate(draftToBody(values), { onSuccess: created, onError: (error) => onError?.(error) });
      }
    });

  const close = () => {
    if (!pending) onClose();
  };

  const templateProblems =
    importer.error && isTemplateError(importer.error)
      ? apiTemplateProblems(importer.error)
      : (form.error('template')?.split('\n') ?? []);

  const nameLength = charLength(draft.name.trim());
  const tags = parseTags(draft.tags);

  return (
    <>
      <Dialog open onClose={close} title="New dashboard" dirty={dirty} size="large" hideCloseButton={pending}>
        <form onSubmit={submit} noValidate aria-describedby={pending ? pendingId : undefined}>
          <TextField
            label="Name"
            hint={
              nameLength > NAME_MAX - 50
                ? `${nameLength} of ${NAME_MAX} characters.`
                : `Up to ${NAME_MAX} characters. Left empty, it shows as “Untitled dashboard”.`
            }
            error={form.error('name')}
            value={draft.name}
            autoComplete="off"
            onChange={(event) => update('name', { name: event.target.value })}
          />
          <TextAreaField
            label="Description"
            error={form.error('description')}
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
            error={form.error('tags')}
            value={draft.tags}
            autoComplete="off"
            onChange={(event) => update('tags', { tags: event.target.value })}
          />
          <RadioGroupField
            legend="Start from"
            options={startFromOptions}
            value={draft.startFrom}
            onChange={(startFrom) => update('startFrom', { startFrom })}
            error={form.error('startFrom')}
          />
          {draft.startFrom === 'copy' && (
            <DashboardPicker projectId={projectId} value={draft.copyOf} onChange={(copyOf) => update('startFrom', { copyOf })} />
          )}
          {draft.startFrom === 'import' && (
            <ImportFromJson
              text={draft.templateText}
              onTextChange={(templateText) => update('template', { templateText })}
              problems={templateProblems}
              disabled={pending}
              refusal={importRefusal}
            />
          )}
          <RadioGroupField
            legend="Who can edit"
            options={restrictionOptions}
            value={draft.restriction}
            onChange={(restriction) => update('restriction', { restriction })}
            error={form.error('restriction')}
          />
          {form.formProblem && (
            <p className="field-error" role="alert">
              {form.formProblem}
            </p>
          )}
          <ActionError error={form.serverFormError} />
          <div className="button-row dialog-actions">
            <DialogCancelButton disabled={pending} />
            <button type="submit" className="button button-primary" disabled={pending} aria-busy={pending || undefined}>
              Create dashboard
            </button>
          </div>
          {pending && (
            <p id={pendingId} className="field-hint" role="status">
              {importer.isPending ? 'Importing the template…' : 'Creating the dashboard…'}
            </p>
          )}
        </form>
      </Dialog>
      <LeaveGuard
        when={dirty}
        message="What you typed in New dashboard is not saved. If you leave this page, it is lost."
        allow={() => leavingRef.current}
      />
    </>
  );
}
