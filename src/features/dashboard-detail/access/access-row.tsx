/** One person's row of the Access tab's table: who they are, their access and why, and the controls that change it. */
import { memo, useId } from 'react';
import { accessLevels, isAccessLevel, levelLabels, personName, ruleNote, type AccessLevel, type Verdict } from '../../../api/access/access-verdict.ts';
import { Button } from '../../../components/button/button.tsx';

const RULE_DEFAULT = 'default';

export interface RowActions {
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

export interface RowProps {
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
export const AccessRow = memo(function AccessRow({ verdict, pendingRule, error, busy, everyone, actions }: RowProps) {
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

