/** The Access tab's settings: who can edit, and the level of everyone without a rule of their own. */
import type { AccessLevel } from '../../../api/access/access-verdict.ts';
import { accessLevels, isAccessLevel, levelLabels } from '../../../api/access/access-verdict.ts';
import type { useSetAccessRule } from '../../../api/access/access-controls.ts';
import { errorDetail } from '../../../components/feedback/error-text.ts';
import { SelectField } from '../../../components/form/field.tsx';

interface AccessSettingsProps {
  id: string;
  restricted: boolean;
  everyone: AccessLevel | null;
  /** Why rules cannot be changed here, or null. */
  rulesReason: string | null;
  setEveryone: ReturnType<typeof useSetAccessRule>;
}

export function AccessSettings({ id, restricted, everyone, rulesReason, setEveryone }: AccessSettingsProps) {
  const everyoneValue: AccessLevel =
    setEveryone.isPending && setEveryone.variables.accessLevel ? setEveryone.variables.accessLevel : everyone ?? 'editor';
  return (
    <section className="detail-section access-settings" aria-label="Access settings">
      <dl className="facts">
        <dt>Who can edit</dt>
        <dd>{restricted ? 'Only invited collaborators' : 'Everyone in the project'}</dd>
      </dl>
      <SelectField
        id={id}
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
  );
}
