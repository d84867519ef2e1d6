/**
 * Sharing, passwords (CONSOLE.md): `Require a password`, the active share passwords with `Delete
 * password <note or id>`, and `Add password` (blank for a generated one): the new password is shown
 * once, with `Copy password`. Where the organization lacks the feature, the API's sentence is shown.
 */
import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAddSharePassword, useDeleteSharePassword, useRequireSharePassword } from '../../../api/resources/sharing.ts';
import { CopyButton } from '../../../components/button/copy-button.tsx';
import { ActionError } from '../../../components/feedback/error-state.tsx';
import { fieldError, formError } from '../../../components/form/field-error-text.ts';
import { focusIsLost } from '../../../components/layout/focus-main.ts';
import { TextField } from '../../../components/form/field.tsx';
import { Button } from '../../../components/button/button.tsx';
import { Switch } from '../../../components/form/switch.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import { minSharePasswordLength } from '../../../contract/inputs.ts';
import type { SharePassword, SharePasswordCreated, SharingConfiguration } from '../../../contract/dashboard-sharing.ts';
import { formatDateTime } from '../format.ts';

/** The name a password goes by: its note, else its id. */
export const passwordName = (password: Pick<SharePassword, 'id' | 'note'>) => password.note?.trim() || String(password.id);

interface SharePasswordsProps {
  projectId: string;
  dashboardId: string;
  sharing: SharingConfiguration;
  /** Why the person cannot change sharing, or null. */
  refusal: string | null;
}

export function SharePasswords({ projectId, dashboardId, sharing, refusal }: SharePasswordsProps) {
  const require = useRequireSharePassword(projectId, dashboardId);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  return (
    <section className="detail-section share-passwords" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Password protection
      </h3>
      <Switch
        label="Require a password"
        checked={sharing.password_required}
        disabled={refusal !== null}
        busy={require.isPending}
        hint={
          refusal ??
          (sharing.password_required
            ? 'The public page asks for one of the passwords below before it shows the dashboard.'
            : 'Off: anyone with the link can view. On: the public page also asks for a password.')
        }
        onChange={(required) => {
          require.reset();
          require.mutate(required);
        }}
      />
      <ActionError
        error={require.error}
        prefix={require.variables ? 'Could not require a password:' : 'Could not stop requiring a password:'}
        onDismiss={() => require.reset()}
      />
      {sharing.password_required && (
        <PasswordList
          projectId={projectId}
          dashboardId={dashboardId}
          passwords={sharing.share_passwords}
          refusal={refusal}
          onLastGone={focusHeading}
        />
      )}
    </section>
  );
}

interface PasswordListProps {
  projectId: string;
  dashboardId: string;
  passwords: ReadonlyArray<SharePassword>;
  refusal: string | null;
  /** Focus goes here when the deleted password was the only one (its button is gone). */
  onLastGone: () => void;
}

function PasswordList({ projectId, dashboardId, passwords, refusal, onLastGone }: PasswordListProps) {
  const remove = useDeleteSharePassword(projectId, dashboardId);
  const toast = useToast();
  const [created, setCreated] = useState<SharePasswordCreated | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A deleted password's row goes away with its focused Delete: focus moves to the next password's
  // Delete (else the previous one's, else the heading), in the same commit, so it never rests on <body>.
  const refocus = useRef<{ gone: number; next: number | null } | null>(null);
  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending || passwords.some((p) => p.id === pending.gone)) return;
    refocus.current = null;
    if (!focusIsLost()) return;
    const next = pending.next === null ? null : listRef.current?.querySelector<HTMLElement>(`[data-password="${pending.next}"]`);
    if (next) next.focus();
    else onLastGone();
  }, [passwords, onLastGone]);

  const deletePassword = (password: SharePassword) => {
    if (remove.isPending) return;
    const at = passwords.findIndex((p) => p.id === password.id);
    refocus.current = { gone: password.id, next: (passwords[at + 1] ?? passwords[at - 1])?.id ?? null };
    remove.mutate(password.id, {
      onSuccess: () => {
        if (created?.id === password.id) setCreated(null);
        toast.success(`Deleted the password “${passwordName(password)}”. It no longer opens the public page.`);
      },
      onError: (error) => {
        refocus.current = null;
        toast.error(error, { prefix: `Could not delete the password “${passwordName(password)}”:` });
      },
    });
  };

  return (
    <>
      {passwords.length === 0 ? (
        <p className="muted">No passwords yet: nobody can open the public page until you add one.</p>
      ) : (
        <ul className="share-password-list" aria-label="Share passwords" ref={listRef}>
          {passwords.map((password) => (
            <li key={password.id} className="share-password">
              <span className="share-password-name">{passwordName(password)}</span>{' '}
              <span className="muted">
                added <time dateTime={password.created_at}>{formatDateTime(password.created_at)}</time>
                {password.created_by_email ? ` by ${password.created_by_email}` : ''}
              </span>{' '}
              <Button
                className="button button-small button-danger"
                data-password={password.id}
                // One deletion at a time: the others wait for it.
                disabled={refusal !== null || (remove.isPending && remove.variables !== password.id)}
                pending={remove.isPending && remove.variables === password.id}
                title={refusal ?? undefined}
                onClick={() => deletePassword(password)}
              >
                Delete password {passwordName(password)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {created && <NewPassword created={created} onDismiss={() => setCreated(null)} />}
      <AddPasswordForm projectId={projectId} dashboardId={dashboardId} refusal={refusal} onCreated={setCreated} />
    </>
  );
}

function NewPassword({ created, onDismiss }: { created: SharePasswordCreated; onDismiss: () => void }) {
  const id = useId();
  return (
    <div className="notice new-share-password" role="status">
      <label htmlFor={id}>New password{created.note ? ` (${created.note})` : ''}</label>
      <div className="input-with-button">
        <input id={id} type="text" readOnly value={created.password} spellCheck={false} autoComplete="off" onFocus={(e) => e.target.select()} />
        <CopyButton text={created.password} label="Copy password">
          Copy password
        </CopyButton>
        <button type="button" className="button button-small" onClick={onDismiss}>
          Done
        </button>
      </div>
      <p className="field-hint">Shown only now: copy it and give it to the people who should open the link.</p>
    </div>
  );
}

interface AddPasswordFormProps {
  projectId: string;
  dashboardId: string;
  refusal: string | null;
  onCreated: (created: SharePasswordCreated) => void;
}

function AddPasswordForm({ projectId, dashboardId, refusal, onCreated }: AddPasswordFormProps) {
  const add = useAddSharePassword(projectId, dashboardId);
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refusal !== null || add.isPending) return;
    const raw = password.trim();
    // The API's own rule, checked before sending (a blank password is generated).
    if (raw !== '' && [...raw].length < minSharePasswordLength) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    add.mutate(
      raw === '' ? { note: note.trim() } : { raw_password: raw, note: note.trim() },
      {
        onSuccess: (created) => {
          setPassword('');
          setNote('');
          onCreated(created);
        },
      },
    );
  };

  const passwordError = tooShort
    ? `Password must be at least ${minSharePasswordLength} characters long.`
    : fieldError(add.error, 'raw_password');
  const other = formError(add.error, ['raw_password', 'note']);
  return (
    <form className="add-share-password" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h4 id={headingId}>Add a password</h4>
      <TextField
        label="Password"
        type="text"
        autoComplete="off"
        spellCheck={false}
        hint={`Optional: leave it blank for a generated one, or at least ${minSharePasswordLength} characters.`}
        value={password}
        error={passwordError}
        disabled={refusal !== null}
        onChange={(event) => {
          setPassword(event.target.value);
          setTooShort(false);
        }}
      />
      <TextField
        label="Note"
        autoComplete="off"
        hint="Who it is for, up to 100 characters (e.g. “Board members”)."
        maxLength={100}
        value={note}
        error={fieldError(add.error, 'note')}
        disabled={refusal !== null}
        onChange={(event) => setNote(event.target.value)}
      />
      {other && (
        <p className="field-error" role="alert">
          Could not add the password: {other}
        </p>
      )}
      <Button type="submit" className="button" disabled={refusal !== null} pending={add.isPending} title={refusal ?? undefined}>
        Add password
      </Button>
    </form>
  );
}
