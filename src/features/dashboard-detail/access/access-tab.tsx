/**
 * Access: who can do what on this dashboard, and why (CONSOLE.md "Who can do what, and why"): both
 * layers in one table (access-verdict.ts), the rule for everyone, each person's own rule, invitations
 * on a restricted dashboard, and what the caller's own key may do here.
 */
import { useQuery } from '@tanstack/react-query';
import { memo, startTransition, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { accessControlQueries, mayReadRules, useSetAccessRule, type AccessRuleChange } from '../../../api/access/access-controls.ts';
import {
  accessLevels,
  accessVerdicts,
  everyoneRule,
  isAccessLevel,
  levelLabels,
  personName,
  ruleNote,
  rulesUnsupported,
  type AccessLevel,
  type Verdict,
} from '../../../api/access/access-verdict.ts';
import { reasons, useAuthorization } from '../../../api/access/authorization.ts';
import { useDashboardPermissions } from '../../../api/access/dashboard-permissions.ts';
import { collaboratorQueries, useAddCollaborator, useRemoveCollaborator } from '../../../api/resources/collaborators.ts';
import { userQueries } from '../../../api/organization/organization.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../../../api/organization/about.ts';
import { Button } from '../../../components/button/button.tsx';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { errorDetail } from '../../../components/feedback/error-text.ts';
import { focusIsLost } from '../../../components/layout/focus-main.ts';
import { SelectField } from '../../../components/form/field.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { scopeGranted } from '../../../contract/scopes.ts';
import { restrictionLevels } from '../../../contract/inputs.ts';
import { useDashboardOutlet } from '../dashboard-outlet.ts';

const RULE_DEFAULT = 'default';
/**
 * Rows drawn per frame: a long table (200 members) is drawn in batches, each its own short task,
 * so the page never blocks for long (CONSOLE.md's 200 rows with no task over 50 ms).
 */
const ROW_BATCH = 30;

/** The rules as the verdict reads them. */
const ruleInputs = (rules: ReadonlyArray<{ access_level: string | null; organization_member: string | null; role: string | null }>) =>
  rules.map((r) => ({ access_level: r.access_level ?? '', organization_member: r.organization_member ?? null, role: r.role }));

interface RowActions {
  /** Why rules cannot be changed here (the key, the caller's level, the feature), or null. */
  rulesReason: string | null;
  /** Why collaborators cannot be changed here, or null. */
  inviteReason: string | null;
  restricted: boolean;
  noteId: string;
  /** The sentences above the table that say why rules (or invitations) cannot be changed. */
  rulesReasonId: string;
  inviteReasonId: string;
  onRule: (member: string, level: AccessLevel | null) => void;
  onInvite: (uuid: string) => void;
  onRemove: (uuid: string) => void;
}

interface RowProps {
  verdict: Verdict;
  /** The rule being saved for this person (shown until the API answers), or undefined. */
  pendingRule: AccessLevel | null | undefined;
  /** The API's refusal of what was last tried on this row. */
  error: string | null;
  busy: 'rule' | 'invite' | 'remove' | null;
  everyone: AccessLevel | null;
  actions: RowActions;
}

/** One person's row; redrawn only when its own verdict or state changes (200 rows stay quick). */
const AccessRow = memo(function AccessRow({ verdict, pendingRule, error, busy, everyone, actions }: RowProps) {
  const { member } = verdict;
  const email = member.user.email;
  const errorId = useId();
  const shown = pendingRule !== undefined ? pendingRule : verdict.ownRule;
  const reason = actions.rulesReason ?? (verdict.rulesApply ? null : ruleNote(verdict, everyone));
  const describedBy = [
    actions.rulesReason ? actions.rulesReasonId : verdict.rulesApply ? actions.noteId : null,
    error ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr>
      <th scope="row" className="access-person">
        {/* Two lines, two blocks: the name, then the e-mail (read as two words, not run together). */}
        <div className="person-name">{personName(member.user)}</div>
        <div className="person-email">{email}</div>
      </th>
      <td className="access-role">{verdict.role}</td>
      <td className="access-level">{levelLabels[verdict.access]}</td>
      <td className="access-why">{verdict.why}</td>
      <td className="access-actions">
        <select
          aria-label={`Access for ${email}`}
          data-focus-key={`rule-${member.id}`}
          value={shown ?? RULE_DEFAULT}
          disabled={reason !== null}
          title={reason ?? undefined}
          aria-busy={busy === 'rule' || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            if (busy) return;
            const value = event.target.value;
            actions.onRule(member.id, isAccessLevel(value) ? value : null);
          }}
        >
          <option value={RULE_DEFAULT}>Default</option>
          {accessLevels.map((level) => (
            <option key={level} value={level}>
              {levelLabels[level]}
            </option>
          ))}
        </select>
        {reason && !actions.rulesReason && <span className="field-hint">{reason}</span>}
        {actions.restricted && verdict.rulesApply && (
          verdict.invited ? (
            <Button
              className="button button-small"
              aria-label={`Remove ${email}`}
              data-focus-key={`collaborator-${member.user.uuid}`}
              disabled={actions.inviteReason !== null}
              title={actions.inviteReason ?? undefined}
              aria-describedby={actions.inviteReason ? actions.inviteReasonId : undefined}
              pending={busy === 'remove'}
              onClick={() => actions.onRemove(member.user.uuid)}
            >
              {busy === 'remove' ? 'Removing…' : 'Remove'}
            </Button>
          ) : (
            <Button
              className="button button-small"
              aria-label={`Invite ${email} to edit`}
              data-focus-key={`collaborator-${member.user.uuid}`}
              disabled={actions.inviteReason !== null}
              title={actions.inviteReason ?? undefined}
              aria-describedby={actions.inviteReason ? actions.inviteReasonId : undefined}
              pending={busy === 'invite'}
              onClick={() => actions.onInvite(member.user.uuid)}
            >
              {busy === 'invite' ? 'Inviting…' : 'Invite'}
            </Button>
          )
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
});

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

  const shownRows = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    if (!verdicts || !needle) return verdicts;
    return verdicts.filter(
      (v) => personName(v.member.user).toLowerCase().includes(needle) || v.member.user.email.toLowerCase().includes(needle),
    );
  }, [verdicts, deferredSearch]);

  // Drawn in batches, one per frame, from the first rows (again after each search).
  const [drawn, setDrawn] = useState({ search: deferredSearch, limit: ROW_BATCH });
  if (drawn.search !== deferredSearch) setDrawn({ search: deferredSearch, limit: ROW_BATCH });
  const total = shownRows?.length ?? 0;
  useEffect(() => {
    if (drawn.limit >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDrawn((d) => ({ ...d, limit: d.limit + ROW_BATCH }))));
    return () => cancelAnimationFrame(frame);
  }, [drawn.limit, total]);
  const drawnRows = useMemo(() => shownRows?.slice(0, drawn.limit) ?? null, [shownRows, drawn.limit]);

  // ---------- what the caller may change here ----------
  const scopes = facts.scopes;
  const rulesReason =
    scopes === undefined
      ? reasons.checking
      : scopes && !scopeGranted(scopes, 'access_control:write')
        ? reasons.missingScope('change access rules', 'access_control:write')
        : rulesUnread
          ? 'The rules could not be read, so they cannot be changed here.'
          : !rules.data
            ? reasons.checking
            : rulesUnsupported(features)
              ? 'Access rules need the organization’s Advanced permissions feature.'
              : !rules.data.user_can_edit_access_levels
                ? 'Only the dashboard’s creator, organization admins and people who can manage it can change its rules.'
                : null;
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

  const everyoneValue: AccessLevel =
    setEveryone.isPending && setEveryone.variables.accessLevel ? setEveryone.variables.accessLevel : everyone ?? 'editor';

  const loadError = members.error ?? collaborators.error;

  return (
    <>
      <h2 className="visually-hidden">Access</h2>
      <section className="detail-section access-settings" aria-label="Access settings">
        <dl className="facts">
          <dt>Who can edit</dt>
          <dd>{restricted ? 'Only invited collaborators' : 'Everyone in the project'}</dd>
        </dl>
        <SelectField
          id={everyoneId}
          label="Everyone else"
          value={everyoneValue}
          disabled={rulesReason !== null}
          aria-busy={setEveryone.isPending || undefined}
          hint={
            rulesReason ??
            'The level of everyone in the organization without a rule of their own. Admins and the creator always manage it.'
          }
          error={setEveryone.error ? errorDetail(setEveryone.error) : undefined}
          onChange={(event) => {
            if (setEveryone.isPending) return;
            const value = event.target.value;
            if (!isAccessLevel(value)) return;
            setEveryone.reset();
            setEveryone.mutate({ organizationMember: null, accessLevel: value });
          }}
        >
          {accessLevels.map((level) => (
            <option key={level} value={level}>
              {levelLabels[level]}
            </option>
          ))}
        </SelectField>
      </section>

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
        <div className="table-scroll" ref={tableRef}>
          <table className="simple-table access-table">
            <caption>Who has access</caption>
            <thead>
              <tr>
                <th scope="col" className="access-person">
                  Person
                </th>
                <th scope="col" className="access-role">
                  Role
                </th>
                <th scope="col" className="access-level">
                  Access
                </th>
                <th scope="col" className="access-why">
                  Why
                </th>
                <th scope="col" className="access-actions">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {shownRows.length === 0 ? (
                <tr>
                  <td colSpan={5}>Nobody matches “{deferredSearch.trim()}”.</td>
                </tr>
              ) : (
                drawnRows.map((verdict) => {
                  const state = rowState(verdict);
                  return (
                    <AccessRow
                      key={verdict.member.id}
                      verdict={verdict}
                      pendingRule={state.pendingRule}
                      busy={state.busy}
                      error={state.error}
                      everyone={everyone}
                      actions={actions}
                    />
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The last line above the table: what this key may do here, and when not, why. */
function callerKeyLine(
  scopes: ReadonlyArray<string> | null | undefined,
  editRefusal: string | null,
  mine: Verdict | undefined,
  rulesReason: string | null,
): string {
  if (scopes === undefined) return 'Checking what your key may do here…';
  if (scopes && !scopeGranted(scopes, 'dashboard:write')) return 'Your key can view this dashboard but not change it: it lacks dashboard:write.';
  if (editRefusal === reasons.checking) return 'Checking what your key may do here…';
  if (editRefusal) {
    const why = mine && mine.access === 'viewer' ? `${mine.why}.` : editRefusal;
    return `Your key can view this dashboard but not change it. ${why}`;
  }
  if (rulesReason === null) return 'Your key can edit this dashboard and change who has access to it.';
  if (rulesReason === reasons.checking) return 'Your key can edit this dashboard.';
  return `Your key can edit this dashboard but not change its rules. ${rulesReason}`;
}
