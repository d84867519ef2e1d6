/**
 * Connect: the API host and a personal API key, checked with GET /api/organizations/@current/
 * before it is stored (sessionStorage, or localStorage when remembered): one mutation,
 * `useConnectWithKey` (src/api/connect/connect-with-key.ts), through the form layer (use-form.ts). Offers the
 * demo keys when the host is the bundled mock, first, where they are seen without scrolling; then
 * `Saved connections` (`Use <name>`, `Forget <name>`). `PostHog Cloud US` and `PostHog Cloud EU` fill
 * `API host`. A host that fails gets one sentence under `API host` (a HostFailure); the key stays.
 * Afterwards the person lands where they meant to go (`?next=`).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { lockedApiOrigin } from '../../api/runtime/connect-src-policy.ts';
import { useConnectionState, useRuntime } from '../../api/runtime/use-runtime.ts';
import { FORGET_AFTER_CHOICES, forgetAfterMs, type ForgetAfter } from '../../api/connect/save-connection.ts';
import { normalizeHost } from '../../api/connect/typed-host.ts';
import { forgetSavedConnection, HostFailure, reloadToCheckElsewhere, rememberedConnectionFor, takePendingCheck, useConnectWithKey, useSavedConnections, type PendingCheck, type SavedConnection } from '../../api/connect/connect-with-key.ts';
import { mockQueries } from '../../api/resources/mock.ts';
import { errorDetail, errorStatus, errorTitle } from '../../components/feedback/error-text.ts';
import { CheckboxField, Field, SelectField } from '../../components/form/field.tsx';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { connectErrors, startingPoint, type ConnectValues } from './connect-values.ts';
import { DemoKeys } from './demo-keys.tsx';
import { HostField } from './host-field.tsx';
import { SavedConnections } from './saved-connections.tsx';
import './connect.css';

/** Where to go after connecting: `next` when it is a path of this console, else /projects. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/projects';
  if (next === '/connect' || next.startsWith('/connect?') || next.startsWith('/connect/')) return '/projects';
  return next;
}

/**
 * Whether the page's Content-Security-Policy, locked to the connected host (the built page, once
 * connected), keeps it from reaching `host` until it loads again without a connection. Connect then
 * checks the key after that reload (`reloadToCheckElsewhere`), never under the locked policy.
 */
export function outsideLockedPolicy(host: string): boolean {
  if (!host) return false;
  const locked = lockedApiOrigin();
  if (locked === undefined) return false;
  const origin = new URL(host).origin;
  return origin !== window.location.origin && origin !== locked;
}

/** The typed host once typing pauses, as a normalized origin, or null while it is not a valid address. */
function useSettledHost(input: string, delayMs = 400): string | null {
  const [settled, setSettled] = useState(input);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(input), delayMs);
    return () => clearTimeout(timer);
  }, [input, delayMs]);
  try {
    return normalizeHost(settled);
  } catch {
    return null;
  }
}

export default function ConnectPage() {
  const { connection, notice } = useConnectionState();
  useDocumentTitle('Connect', { inProject: false });
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const runtime = useRuntime();
  const connect = useConnectWithKey();

  const [start] = useState(() => startingPoint(connection?.host));
  // A check that waits: across the reload that unlocks the policy, or, after it, until it starts.
  const [held, setHeld] = useState(start.waiting !== null);
  const [showKey, setShowKey] = useState(false);
  const pending = connect.isPending || held;
  const form = useForm<ConnectValues>({
    initial: start.values,
    validate: connectErrors,
    serverError: connect.error,
    clearServerError: connect.reset,
    // The host's failure is said under `API host`; the API's refusal of the key above `Connect`.
    fieldOfServerError: (_path, error) => (error instanceof HostFailure ? 'host' : null),
    pending,
  });
  const { host, key, remember, forgetAfter } = form.values;
  const failure = form.serverFormError;
  const failureId = useId();
  const hostInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const savedConnections = useSavedConnections();

  const settledHost = useSettledHost(host);
  // Never asks a host the page's policy would refuse (that would only log a violation).
  const reachable = settledHost !== null && !outsideLockedPolicy(settledHost);
  const mockInfo = useQuery({ ...mockQueries.info(settledHost ?? '(not a valid host)'), enabled: reachable });

  /** Checks the key and saves the connection, then goes on; a host that failed gets the focus. */
  const check = (input: PendingCheck) =>
    void connect.mutateAsync(input).then(
      () => navigate(next, { replace: true }),
      (error: unknown) => {
        if (error instanceof HostFailure) hostInput.current?.focus();
      },
    );

  /** Checks here, or, when the page's policy is locked to another host, after the reload that unlocks it. */
  const begin = (input: PendingCheck) => {
    if (outsideLockedPolicy(input.host)) {
      setHeld(true);
      reloadToCheckElsewhere(runtime, input);
    } else {
      check(input);
    }
  };

  const send = (values: ConnectValues) =>
    begin({
      host: normalizeHost(values.host),
      key: values.key.trim(),
      remember: values.remember,
      forgetAfterMs: values.remember ? forgetAfterMs(values.forgetAfter) : null,
    });

  /** `Use <name>`: connects at once with the key remembered for it, else asks for a key. */
  const connectSaved = (entry: SavedConnection) => {
    // Every error goes; what was typed stays, and `API host` shows the entry's host.
    form.reset({ ...form.edits, host: entry.host });
    if (connection?.host === entry.host) {
      navigate(next, { replace: true });
      return;
    }
    const remembered = rememberedConnectionFor(runtime, entry.host);
    if (!remembered) {
      keyInput.current?.focus();
      return;
    }
    begin({ host: entry.host, key: remembered.key, remember: remembered.remembered, expiresAt: remembered.expiresAt, world: remembered.world ?? '' });
  };

  // ... and a check that waited across the reload is checked once, at once (the first mount takes it from storage).
  const checkWaiting = useEffectEvent((pendingCheck: PendingCheck) => {
    check(pendingCheck);
    setHeld(false);
  });
  useEffect(() => {
    const pendingCheck = takePendingCheck();
    // Taken once, then checked from a callback: React's development double effect finds nothing left to take.
    if (pendingCheck) void Promise.resolve(pendingCheck).then(checkWaiting);
  }, []);

  const forgetSaved = (entry: SavedConnection) => {
    forgetSavedConnection(runtime, entry.host);
  };
  const focusHost = useCallback(() => hostInput.current?.focus(), []);

  const onSubmit = (event: FormEvent) => form.submit(event, send);

  const status = errorStatus(failure);
  const refused = status === 401 || status === 403;

  return (
    <div className="connect-page">
      <main id="main" className="connect-card" tabIndex={-1}>
        <h1>Connect</h1>
        <p className="lead">
          Connect the console to an analytics API with a personal API key. The key is sent only to that API, as
          an <code>Authorization</code> header, and never appears in a URL or the API log.
        </p>

        {notice && (
          <div className="notice notice-warning" role="alert">
            {notice}
          </div>
        )}
        {connection && !notice && (
          <p className="notice notice-info">
            You are connected to {connection.host || 'this site'}. Connect again to use another key, or{' '}
            <Link to={next}>continue where you were going</Link>.
          </p>
        )}

        {mockInfo.data && (
          <DemoKeys
            keys={mockInfo.data.keys}
            disabled={pending}
            onUse={(demoKey) => {
              form.set('key', demoKey);
              form.submit(undefined, send, { key: demoKey });
            }}
          />
        )}

        <SavedConnections
          entries={savedConnections}
          disabled={pending}
          onUse={connectSaved}
          onForget={forgetSaved}
          focusWhenEmpty={focusHost}
        />

        <form onSubmit={onSubmit} noValidate aria-describedby={failure ? failureId : undefined}>
          <HostField value={host} error={form.error('host')} onChange={(value) => form.set('host', value)} inputRef={hostInput} />

          <Field label="Personal API key" error={form.error('key')} hint="Create one in your account settings; it starts with phx_.">
            {(control) => (
              <div className="input-with-button">
                <input
                  {...control}
                  ref={keyInput}
                  type={showKey ? 'text' : 'password'}
                  autoComplete="off"
                  spellCheck={false}
                  value={key}
                  onChange={(event) => form.set('key', event.target.value)}
                />
                <button
                  type="button"
                  className="button"
                  aria-pressed={showKey}
                  onClick={() => setShowKey((shown) => !shown)}
                >
                  Show key
                </button>
              </div>
            )}
          </Field>

          <CheckboxField
            label="Remember this key on this device"
            hint="Unchecked, the key is kept for this browser tab only (sessionStorage) and forgotten when it closes."
            checked={remember}
            onChange={(event) => form.set('remember', event.target.checked)}
          />

          {remember && (
            <SelectField
              label="Forget the key after"
              hint="At that time the key leaves this device and every open tab of the console returns to Connect."
              value={forgetAfter}
              onChange={(event) => form.set('forgetAfter', event.target.value as ForgetAfter)}
            >
              {FORGET_AFTER_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
          )}

          {failure ? (
            <div id={failureId} className="action-error" role="alert">
              <strong>{refused ? 'The API refused the key:' : `${errorTitle(failure)}:`}</strong>{' '}
              <span>{errorDetail(failure)}</span>
            </div>
          ) : null}

          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={pending} aria-busy={pending || undefined}>
              Connect
            </button>
            {pending && <span className="field-hint">Checking the key…</span>}
          </div>
        </form>

      </main>
    </div>
  );
}
