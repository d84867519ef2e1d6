/**
 * Access: who can do what on this dashboard, and why (CONSOLE.md "Who can do what, and why"): both
 * layers in one table (access-verdict.ts), the rule for everyone, each person's own rule, invitations
 * on a restricted dashboard, and what the caller's own key may do here.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { accessControlQueries, mayReadRules, useSetAccessRule, type AccessRuleChange } from '../../../api/access/access-controls.ts';
import { accessVerdicts, everyoneRule, levelLabels, type Verdict } from '../../../api/access/access-verdict.ts';
import { useAuthorization } from '../../../api/access/authorization.ts';
import { useDashboardPermissions } from '../../../api/access/dashboard-permissions.ts';
import { collaboratorQueries, useAddCollaborator, useRemoveCollaborator } from '../../../api/resources/collaborators.ts';
import { userQueries } from '../../../api/organization/organization.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../../../api/organization/about.ts';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { errorDetail } from '../../../components/feedback/error-text.ts';
import { focusIsLost } from '../../../components/layout/focus-main.ts';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { restrictionLevels } from '../../../contract/inputs.ts';
import { useDashboardOutlet } from '../dashboard-outlet.ts';
import type { RowActions } from './access-row.tsx';
import { AccessSettings } from './access-settings.tsx';
import { AccessTable } from './access-table.tsx';
import { callerKeyLine, rulesRefusal } from './caller-verdict.ts';
import { useRowBatches } from './use-row-batches.ts';

/** The rules as the verdict reads them. */
const ruleInputs = (rules: ReadonlyArray<{ access_level: string | null; organization_member: string | null; role: string | null }>) =>
  rules.map((r) => ({ access_level: r.access_level ?? '', organization_member: r.organization_member ?? null, role: r.role }));

export default function AccessTab() {
  const { projectId, dashboardId, dashboard } = useDashboardOutlet();
  const { facts } = useAuthorization({ projectId, dashboard });
  const permissions = useDashboardPermissions(projectId, dashboard);
  const readable = mayReadRules(facts.scopes);
  const rules = useQuery({ ...accessControlQueries.rules(projectId, dashboardId), enabled: readable === true });
  const users = useQuery({ ...accessControlQueries.usersWithAccess(projectId, dashboardId), enabled: readable === true });
  // The dashboard's organization (its project's) judges: its members and features, not the key's current one.
  const about = useOrganizationAbout({ dashboard: { projectId } });
  const members = useOrganizationMembers(about);
  const collaborators = useQuery(collaboratorQueries.list(projectId, dashboardId));
  const me = useQuery(userQueries.me());
  const setEveryone = useSetAccessRule(projectId, dashboardId);
  const setPerson = useSetAccessRule(projectId, dashboardId);
  const invite = useAddCollaborator(projectId, dashboardId);
  const remove = useRemoveCollaborator(projectId, dashboardId);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const noteId = useId();
  const everyoneId = useId();
  // The control the person last acted with: a row that moves (its access changed its place) or a
  // button replaced (Invite becomes Remove) would drop focus to <body>; it goes back to that control.
  const actedOn = useRef<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const inviteReasonId = useId();

  const restricted = dashboard.restriction_level >= restrictionLevels.onlyCollaboratorsCanEdit;
  // Rules that could not be read (the key lacks the scope, or the API refused): levels assume none.
  const rulesUnread = readable === false || rules.isError;
  const ruleList = useMemo(() => (rules.data ? ruleInputs(rules.data.access_controls) : null), [rules.data]);
  // Production's own answer decides the levels when it is in and current (a change refetches it; meanwhile the rules do).
  const usersCurrent = !!users.data && !users.isFetching && !rulesUnread;
  const usersWithAccess = useMemo(
    () => (usersCurrent && users.data ? users.data.users.map((u) => ({ ...u, access_source: u.access_source ?? 'default' })) : null),
    [usersCurrent, users.data],
  );
  const features = about.features;
  const everyone = everyoneRule(ruleList);

  const verdicts = useMemo(
    () =>
      members.data && collaborators.data && (ruleList || rulesUnread)
        ? accessVerdicts({
            members: members.data,
            dashboard,
            collaborators: collaborators.data,
            rules: ruleList,
            usersWithAccess,
            features,
          })
        : null,
    [members.data, collaborators.data, ruleList, rulesUnread, dashboard, usersWithAccess, features],
  );

  const { shownRows, drawnRows } = useRowBatches(verdicts, deferredSearch);

  // ---------- what the caller may change here ----------
  const scopes = facts.scopes;
  const rulesReason = rulesRefusal(scopes, rulesUnread, rules.data, features);
  const inviteReason = permissions.edit;

  const me_ = me.data ? verdicts?.find((v) => v.member.user.uuid === me.data.uuid) : undefined;
  const keyLine = callerKeyLine(scopes, permissions.edit, me_, rulesReason);

  const actions = useMemo<RowActions>(
    () => ({
      rulesReason,
      inviteReason,
      restricted,
      noteId,
      rulesReasonId: `${everyoneId}-hint`,
      inviteReasonId,
      onRule: (member, level) => {
        actedOn.current = `rule-${member}`;
        setPerson.reset();
        setPerson.mutate({ organizationMember: member, accessLevel: level });
      },
      onInvite: (uuid) => {
        actedOn.current = `collaborator-${uuid}`;
        invite.reset();
        invite.mutate(uuid);
      },
      onRemove: (uuid) => {
        actedOn.current = `collaborator-${uuid}`;
        remove.reset();
        remove.mutate(uuid);
      },
    }),
    // The mutations' functions are stable; their state is read by the rows through props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rulesReason, inviteReason, restricted, noteId, everyoneId, inviteReasonId],
  );

  useLayoutEffect(() => {
    const key = actedOn.current;
    if (!key || !focusIsLost()) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  });

  const personVariables: AccessRuleChange | undefined = setPerson.variables;
  const rowState = (verdict: Verdict) => {
    const memberId = verdict.member.id;
    const uuid = verdict.member.user.uuid;
    const ruleHere = personVariables?.organizationMember === memberId;
    return {
      pendingRule: ruleHere && setPerson.isPending ? personVariables.accessLevel : undefined,
      busy:
        ruleHere && setPerson.isPending
          ? ('rule' as const)
          : invite.isPending && invite.variables === uuid
            ? ('invite' as const)
            : remove.isPending && remove.variables === uuid
              ? ('remove' as const)
              : null,
      error:
        ruleHere && setPerson.error
          ? errorDetail(setPerson.error)
          : invite.error && invite.variables === uuid
            ? errorDetail(invite.error)
            : remove.error && remove.variables === uuid
              ? errorDetail(remove.error)
              : null,
    };
  };

  const loadError = members.error ?? collaborators.error;

  return (
    <>
      <h2 className="visually-hidden">Access</h2>
      <AccessSettings id={everyoneId} restricted={restricted} everyone={everyone} rulesReason={rulesReason} setEveryone={setEveryone} />

      {rulesUnread && (
        <p className="notice">
          {readable === false
            ? 'This key cannot read the dashboard’s access rules (it lacks access_control:read)'
            : `The dashboard’s access rules could not be read (${errorDetail(rules.error)})`}
          , so the levels below are worked out from the members, the restriction and the collaborators, assuming there are no
          rules.
        </p>
      )}
      <p className="lead access-key-line">{keyLine}</p>
      <p id={noteId} className="field-hint">
        A person’s own rule can raise them above Everyone else ({levelLabels[everyone ?? 'editor']}) but never lower them below
        it; Default removes it.
      </p>

      {restricted && inviteReason && (
        <p id={inviteReasonId} className="field-hint">
          Invitations: {inviteReason}
        </p>
      )}
      <SearchInput label="Search people" value={search} onChange={setSearch} delayMs={150} />

      {loadError ? (
        <ErrorState
          title="Could not work out who has access"
          error={loadError}
          onRetry={() => {
            void members.refetch();
            void collaborators.refetch();
          }}
          headingLevel={3}
        />
      ) : !shownRows || !drawnRows ? (
        <LoadingState label="Working out who has access…" />
      ) : (
        <AccessTable
          shownRows={shownRows}
          drawnRows={drawnRows}
          search={deferredSearch}
          everyone={everyone}
          actions={actions}
          rowState={rowState}
          tableRef={tableRef}
        />
      )}
    </>
  );
}
