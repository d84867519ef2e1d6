/**
 * Collaborators: who was invited to edit a restricted dashboard, adding organization members who
 * do not already have access, removing them, and restricting a dashboard that everyone can edit.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { collaboratorQueries, useAddCollaborator, useRemoveCollaborator } from '../../../api/resources/collaborators.ts';
import { useUpdateDashboard } from '../../../api/resources/dashboards/dashboard-mutations.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../../../api/organization/about.ts';
import { EmptyState } from '../../../components/feedback/empty-state.tsx';
import { ActionError, ErrorState } from '../../../components/feedback/error-state.tsx';
import { errorDetail, errorStatus } from '../../../components/feedback/error-text.ts';
import { fieldError } from '../../../components/form/field-error-text.ts';
import { SelectField } from '../../../components/form/field.tsx';
import { focusIsLost } from '../../../components/layout/focus-main.ts';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import { collaboratorLevel, restrictionLevels } from '../../../contract/inputs.ts';
import { memberLevels, type Dashboard, type Member } from '../../../contract/schemas.ts';
import { type Collaborator } from '../../../contract/dashboard-sharing.ts';
import { useDashboardOutlet } from '../dashboard-outlet.ts';
import { formatDateTime } from '../format.ts';
import { personName } from '../../../api/organization/person-name.ts';
import { useDashboardPermissions } from '../../../api/access/dashboard-permissions.ts';
import { Button } from '../../../components/button/button.tsx';

const isRestricted = (dashboard: Dashboard) => dashboard.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit;

const levelLabel = (level: number) => (level === collaboratorLevel ? 'Can edit' : `Level ${level}`);

/** Members the API would accept: not the creator, not an admin, not already a collaborator. */
export function addableMembers(members: ReadonlyArray<Member>, dashboard: Dashboard, collaborators: ReadonlyArray<Collaborator>): Member[] {
  const taken = new Set(collaborators.map((c) => c.user.uuid));
  const creator = dashboard.created_by?.uuid;
  return members
    .filter((m) => m.level < memberLevels.admin && m.user.uuid !== creator && !taken.has(m.user.uuid))
    .sort((a, b) => personName(a.user).localeCompare(personName(b.user)));
}

export default function CollaboratorsTab() {
  const { projectId, dashboardId, dashboard } = useDashboardOutlet();
  const toast = useToast();
  const access = useDashboardPermissions(projectId, dashboard);
  const collaborators = useQuery(collaboratorQueries.list(projectId, dashboardId));
  // Who may be invited: the members of the dashboard's organization (its project's).
  const members = useOrganizationMembers(useOrganizationAbout({ dashboard: { projectId } }));
  const add = useAddCollaborator(projectId, dashboardId);
  const remove = useRemoveCollaborator(projectId, dashboardId);
  const restrict = useUpdateDashboard(projectId, dashboardId);
  const [choice, setChoice] = useState('');
  const ids = { list: useId(), add: useId() };
  const restricted = isRestricted(dashboard);
  // Focus targets once a control that had it is gone (a removed row, the restrict button).
  const tableRef = useRef<HTMLDivElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const restrictedLeadRef = useRef<HTMLParagraphElement>(null);
  const restrictedHere = useRef(false);
  // The removed collaborator, and whose Remove gets focus once its row is gone.
  const refocus = useRef<{ gone: string; next: string | null } | null>(null);

  // Focus moves in the same commit that removes the focused control, so it never rests on <body>:
  // after `Restrict editing…`, to the sentence that says the result;
  useLayoutEffect(() => {
    if (!restricted || !restrictedHere.current) return;
    restrictedHere.current = false;
    if (focusIsLost()) restrictedLeadRef.current?.focus();
  }, [restricted]);
  // after `Remove <email>`, to the next row's Remove (else the previous one's, else the heading).
  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending || !collaborators.data || collaborators.data.some((c) => c.user.uuid === pending.gone)) return;
    refocus.current = null;
    if (!focusIsLost()) return;
    const next =
      pending.next === null ? null : tableRef.current?.querySelector<HTMLElement>(`[data-user="${CSS.escape(pending.next)}"]`);
    (next ?? listHeadingRef.current)?.focus();
  }, [collaborators.data]);

  const candidates = members.data && collaborators.data ? addableMembers(members.data, dashboard, collaborators.data) : [];
  // A member who gained access meanwhile (added elsewhere, made admin) is no longer a choice.
  const selected = candidates.some((m) => m.user.uuid === choice) ? choice : '';
  // The API names no field for its rules about the chosen user (§5.5, `attr` null): they belong under User.
  const userError =
    fieldError(add.error, 'user_uuid') ?? (add.error && errorStatus(add.error) === 400 ? errorDetail(add.error) : undefined);
  const addReason =
    access.edit ??
    (!restricted
      ? 'Restrict editing to invited collaborators first: collaborators apply only to restricted dashboards.'
      : members.isPending || collaborators.isPending
        ? 'Loading the organization’s members…'
        : members.isError
          ? 'The organization’s members could not be loaded.'
          : candidates.length === 0
            ? 'Every member who could be added already has access.'
            : selected === ''
              ? 'Choose a member to add.'
              : null);
  const removeReason =
    access.edit ??
    (!restricted ? 'Collaborators cannot be removed while everyone in the project can edit (the API refuses it).' : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addReason || add.isPending) return;
    const member = candidates.find((m) => m.user.uuid === selected);
    add.mutate(selected, {
      onSuccess: (collaborator) => {
        setChoice('');
        toast.success(`Added ${member ? personName(member.user) : collaborator.user.email} as a collaborator.`);
      },
      // The refusal may come from a list that changed elsewhere ("User already is a collaborator.").
      onError: () => void collaborators.refetch(),
    });
  };

  const removeOne = (collaborator: Collaborator) => {
    remove.reset();
    const rows = collaborators.data ?? [];
    const at = rows.findIndex((c) => c.user.uuid === collaborator.user.uuid);
    refocus.current = { gone: collaborator.user.uuid, next: (rows[at + 1] ?? rows[at - 1])?.user.uuid ?? null };
    remove.mutate(collaborator.user.uuid, {
      onSuccess: () => toast.success(`Removed ${collaborator.user.email} from the collaborators.`),
      onError: () => {
        refocus.current = null;
      },
    });
  };

  const restrictEditing = () => {
    if (restrict.isPending) return;
    restrictedHere.current = true;
    restrict.mutate(
      { restriction_level: restrictionLevels.onlyCollaboratorsCanEdit },
      {
        onSuccess: () => toast.success('Only invited collaborators can edit this dashboard now.'),
        onError: () => {
          restrictedHere.current = false;
        },
      },
    );
  };

  const creator = dashboard.created_by;

  return (
    <>
      <h2 className="visually-hidden">Collaborators</h2>
      {restricted ? (
        <p className="lead" ref={restrictedLeadRef} tabIndex={-1}>
          Only invited collaborators, the creator{creator ? ` (${personName(creator)})` : ''} and organization admins can edit
          this dashboard. Everyone else in the project can view it.
        </p>
      ) : (
        <div className="notice">
          <p>
            Everyone in the project can edit this dashboard, so collaborators have no effect here: collaborators apply only
            to restricted dashboards. Restrict editing to invite specific people.
          </p>
          <Button className="button button-primary" unavailableReason={access.restrict} pending={restrict.isPending} onClick={restrictEditing}>
            Restrict editing to invited collaborators
          </Button>
          <ActionError error={restrict.error} prefix="Could not restrict editing:" onDismiss={() => restrict.reset()} />
        </div>
      )}

      <section aria-labelledby={ids.list} className="detail-section">
        <h3 id={ids.list} ref={listHeadingRef} tabIndex={-1}>
          Invited collaborators
        </h3>
        <ActionError error={remove.error} prefix="Could not remove the collaborator:" onDismiss={() => remove.reset()} />
        {collaborators.isPending ? (
          <LoadingState label="Loading collaborators…" />
        ) : collaborators.isError ? (
          <ErrorState
            title="Could not load the collaborators"
            error={collaborators.error}
            onRetry={() => void collaborators.refetch()}
            headingLevel={3}
          />
        ) : collaborators.data.length === 0 ? (
          <EmptyState title="No collaborators yet" headingLevel={3}>
            {restricted
              ? 'Add organization members below to let them edit this dashboard.'
              : 'Once editing is restricted, the people you invite here can edit it.'}
          </EmptyState>
        ) : (
          <div className="table-scroll" ref={tableRef}>
            <table className="simple-table">
              <caption className="visually-hidden">Collaborators of this dashboard</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Level</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {collaborators.data.map((collaborator) => {
                  const removing = remove.isPending && remove.variables === collaborator.user.uuid;
                  return (
                    <tr key={collaborator.id}>
                      <th scope="row">{personName(collaborator.user)}</th>
                      <td className="cell-email">{collaborator.user.email}</td>
                      <td>{levelLabel(collaborator.level)}</td>
                      <td>
                        <time dateTime={collaborator.added_at}>{formatDateTime(collaborator.added_at)}</time>
                      </td>
                      <td>
                        <Button
                          className="button button-small"
                          aria-label={`Remove ${collaborator.user.email}`}
                          data-user={collaborator.user.uuid}
                          unavailableReason={removeReason}
                          pending={removing}
                          onClick={() => removeOne(collaborator)}
                        >
                          {removing ? 'Removing…' : 'Remove'}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={ids.add} className="detail-section">
        <h3 id={ids.add}>Add a collaborator</h3>
        {members.isError ? (
          <ErrorState
            title="Could not load the organization’s members"
            error={members.error}
            onRetry={() => void members.refetch()}
            headingLevel={3}
          />
        ) : null}
        <form onSubmit={submit} noValidate className="add-collaborator">
          <SelectField
            label="User"
            value={selected}
            disabled={members.isPending || members.isError || candidates.length === 0 || access.edit !== null || !restricted}
            hint="Members of the organization. The creator and admins already have edit access, so they are not listed."
            error={userError}
            onChange={(event) => {
              setChoice(event.target.value);
              add.reset();
            }}
          >
            <option value="">{members.isPending ? 'Loading members…' : 'Choose a member…'}</option>
            {candidates.map((member) => (
              <option key={member.user.uuid} value={member.user.uuid}>
                {personName(member.user)} ({member.user.email})
              </option>
            ))}
          </SelectField>
          <div className="button-row">
            <Button
              type="submit"
              className="button button-primary"
              unavailableReason={addReason}
              pending={add.isPending}
            >
              Add collaborator
            </Button>
          </div>
          {add.error && !userError && (
            <ActionError error={add.error} prefix="Could not add the collaborator:" onDismiss={() => add.reset()} />
          )}
        </form>
      </section>
    </>
  );
}
