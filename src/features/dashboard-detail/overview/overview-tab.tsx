/**
 * Overview: edit the dashboard's writable fields (a PATCH of only what changed), its read-only
 * facts and tiles, and the soft delete with Undo.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardDisplayName, dashboardQueries } from '../../../api/resources/dashboards/dashboards.ts';
import { useDeleteDashboard, useUpdateDashboard } from '../../../api/resources/dashboards/dashboard-mutations.ts';
import { isApiError } from '../../../api/client/http.ts';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ActionError } from '../../../components/feedback/error-state.tsx';
import { LeaveGuard } from '../../../components/form/leave-guard.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/field.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import { schemaErrors, useForm } from '../../../components/form/use-form.ts';
import { useCheckedSave } from '../../../components/form/use-checked-save.ts';
import { dashboardUpdateInput, restrictionLevels } from '../../../contract/inputs.ts';
import { isAfterDelete, useDashboardOutlet } from '../dashboard-outlet.ts';
import { CreationSource } from './creation-source.tsx';
import { formatDateTime } from '../format.ts';
import { personName } from '../../../api/organization/person-name.ts';
import { PortabilityActions } from './portability-actions.tsx';
import { TilesList } from './tiles-list.tsx';
import { useDashboardPermissions } from '../../../api/access/dashboard-permissions.ts';
import { Button } from '../../../components/button/button.tsx';
import {
  bodyOf,
  changesOf,
  conflictRows,
  fieldOfPath,
  planOverviewSave,
  valuesOf,
  type FormValues,
} from './overview-form.ts';

/** The restriction-rights refusal (403 without `attr`), which belongs at `Who can edit`. */
function isRestrictionRefusal(error: unknown): boolean {
  return isApiError(error, 403) && /restriction/i.test(error.detail);
}

export default function OverviewTab() {
  const { projectId, dashboardId, dashboard, onDeleted } = useDashboardOutlet();
  const toast = useToast();
  const access = useDashboardPermissions(projectId, dashboard);
  const save = useUpdateDashboard(projectId, dashboardId);
  const remove = useDeleteDashboard(projectId);
  const queryClient = useQueryClient();
  // No lost update: read the dashboard again and ask before overwriting another person's change.
  const { checking, checkError, conflictDialog, saveChecked } = useCheckedSave({
    // Also puts the fresh dashboard in the cache: fields nobody edited here show it.
    readFresh: () => queryClient.fetchQuery({ ...dashboardQueries.detail(projectId, dashboardId), staleTime: 0 }),
    plan: planOverviewSave,
    conflictRows,
    valuesOf,
    noun: 'dashboard',
    send: (changes, values) =>
      save.mutate(bodyOf(changes), {
        onSuccess: () => {
          // Keep anything typed while the save was on its way.
          form.settle(values);
          toast.success('Changes saved.');
        },
      }),
  });
  // Reading the dashboard again just before saving, and the error when that read failed.
  const busy = checking || save.isPending;
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = { readOnly: useId(), facts: useId(), danger: useId(), form: useId() };
  // Edits cover only the fields the person touched, so a refetch never turns another person's change into ours.
  const form = useForm<FormValues>({
    initial: valuesOf(dashboard),
    validate: (values) => schemaErrors(dashboardUpdateInput, changesOf(dashboard, values), (path) => fieldOfPath(path)),
    isDirty: (values) => Object.keys(changesOf(dashboard, values)).length > 0,
    serverError: save.error,
    clearServerError: save.reset,
    fieldOfServerError: (path, error) => (isRestrictionRefusal(error) ? 'restrictionLevel' : fieldOfPath(path)),
    pending: busy,
  });
  const { values, dirty } = form;
  const readOnlyReason = access.edit;
  const name = dashboardDisplayName(dashboard);

  const edit = <K extends keyof FormValues & string>(field: K, value: FormValues[K]) => form.set(field, value);
  const formError = form.formProblem ?? checkError ?? form.serverFormError;

  const submit = (event: FormEvent) =>
    form.submit(event, () => {
      if (!dirty || readOnlyReason || busy) return;
      void saveChecked(form);
    });

  const confirmDeletion = () =>
    remove.mutate(dashboardId, {
      onSuccess: () => {
        setConfirmDelete(false);
        form.reset();
        onDeleted(name);
      },
    });

  return (
    <>
      <LeaveGuard
        when={dirty}
        message="Your changes to this dashboard are not saved. If you leave this page, they are lost."
        allow={(next) => isAfterDelete(next.state)}
      />
      <h2 className="visually-hidden">Overview</h2>
      <div className="overview-grid">
        <section aria-labelledby={ids.form} className="detail-section">
          <h3 id={ids.form}>Settings</h3>
          {readOnlyReason && (
            <p id={ids.readOnly} role="note" className="notice notice-warning">
              {readOnlyReason}
            </p>
          )}
          <ActionError error={formError} prefix="Could not save:" />
          <form onSubmit={submit} noValidate aria-labelledby={ids.form}>
            <fieldset
              disabled={readOnlyReason !== null}
              aria-describedby={readOnlyReason ? ids.readOnly : undefined}
              className="plain-fieldset"
            >
              <TextField
                label="Name"
                value={values.name}
                placeholder="Untitled dashboard"
                hint="Leave empty for an untitled dashboard."
                error={form.error('name')}
                onChange={(event) => edit('name', event.target.value)}
              />
              <TextAreaField
                label="Description"
                value={values.description}
                error={form.error('description')}
                onChange={(event) => edit('description', event.target.value)}
              />
              <TextField
                label="Tags"
                value={values.tags}
                hint="Separate tags with commas. They are saved in lower case, without duplicates."
                error={form.error('tags')}
                onChange={(event) => edit('tags', event.target.value)}
              />
              <CheckboxField
                label="Pinned"
                hint="Pinned dashboards come first in the list."
                checked={values.pinned}
                error={form.error('pinned')}
                onChange={(event) => edit('pinned', event.target.checked)}
              />
              <SelectField
                label="Who can edit"
                value={values.restrictionLevel}
                disabled={access.restrict !== null && readOnlyReason === null}
                hint={
                  access.restrict && !readOnlyReason
                    ? access.restrict
                    : 'Everyone in the project can always view it. Invite collaborators on the Collaborators tab.'
                }
                error={form.error('restrictionLevel')}
                onChange={(event) => edit('restrictionLevel', event.target.value)}
              >
                <option value={String(restrictionLevels.everyoneCanEdit)}>Everyone in the project</option>
                <option value={String(restrictionLevels.onlyCollaboratorsCanEdit)}>Only invited collaborators</option>
              </SelectField>
              <div className="button-row">
                <Button
                  ref={saveButtonRef}
                  type="submit"
                  className="button button-primary"
                  pending={busy}
                  inactive={readOnlyReason || dirty ? null : 'No changes to save yet.'}
                >
                  Save changes
                </Button>
                {dirty && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      form.reset();
                      // This button goes with the changes: focus moves to Save changes, never to the page.
                      saveButtonRef.current?.focus();
                    }}
                  >
                    Revert changes
                  </button>
                )}
              </div>
              <p className="field-hint" aria-live="polite">
                {checking ? 'Checking for changes by others…' : save.isPending ? 'Saving…' : ''}
              </p>
            </fieldset>
          </form>
        </section>

        <div className="overview-side">
          <section aria-labelledby={ids.facts} className="detail-section">
            <h3 id={ids.facts}>About this dashboard</h3>
            <dl className="facts">
              <dt>Created by</dt>
              <dd>
                {dashboard.created_by ? (
                  <>
                    {personName(dashboard.created_by)} <span className="muted">({dashboard.created_by.email})</span>
                  </>
                ) : (
                  'Unknown (the user no longer exists)'
                )}
              </dd>
              <dt>Created at</dt>
              <dd>
                <time dateTime={dashboard.created_at}>{formatDateTime(dashboard.created_at)}</time>
              </dd>
              <dt>Creation mode</dt>
              <dd>
                <CreationSource projectId={projectId} dashboard={dashboard} />
              </dd>
              <dt>Tiles</dt>
              <dd>{dashboard.tiles.length === 1 ? '1 tile' : `${dashboard.tiles.length} tiles`}</dd>
            </dl>
          </section>

          <TilesList projectId={projectId} dashboardId={dashboardId} dashboard={dashboard} moveRefusal={access.moveTile} />
          <PortabilityActions projectId={projectId} dashboard={dashboard} />

          <section aria-labelledby={ids.danger} className="detail-section danger-zone">
            <h3 id={ids.danger}>Danger zone</h3>
            <p>Deleting hides the dashboard from everyone in the project. You can undo it right afterwards.</p>
            <Button
              className="button button-danger"
              unavailableReason={readOnlyReason}
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
            >
              Delete dashboard
            </Button>
          </section>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${name}”?`}
        message={
          <>
            <p>It disappears from the dashboard list for everyone in the project. The notification that follows offers Undo.</p>
            {dirty && <p>Your unsaved changes are discarded too.</p>}
          </>
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirmDeletion}
        onCancel={() => setConfirmDelete(false)}
      />
      {conflictDialog}
    </>
  );
}
