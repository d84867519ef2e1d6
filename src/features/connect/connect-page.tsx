/**
 * Connect: the API host and a personal API key, checked with GET /api/organizations/@current/
 * before it is stored (sessionStorage, or localStorage when remembered). Offers the demo keys when
 * the host is the bundled mock, first, where they are seen without scrolling; then `Saved
 * connections` (`Use <name>`, `Forget <name>`). `PostHog Cloud US` and `PostHog Cloud EU` fill `API
 * host`. A host that fails gets one sentence under `API host` (host-failure.ts); the key stays.
 * Afterwards the person lands where they meant to go (`?next=`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchCurrentKey, personalApiKeyQueries } from '../../api/authorization.ts';
import { lockedApiOrigin } from '../../api/connection-policy.ts';
import { useConnectionState, useRuntime } from '../../api/use-runtime.ts';
import {
  backendName,
  FORGET_AFTER_CHOICES,
  forgetAfterMs,
  forgetRememberedKey,
  normalizeHost,
  saveConnection,
  type ForgetAfter,
} from '../../api/save-connection.ts';
import {
  forgetSavedConnection,
  hostPathLeftOut,
  peekPendingCheck,
  recordSavedConnection,
  reloadToCheckElsewhere,
  rememberedConnectionFor,
  takePendingCheck,
  useSavedConnections,
  type PendingCheck,
  type SavedConnection,
} from '../../api/connect-support.ts';
import { isApiError } from '../../api/http.ts';
import { mockQueries } from '../../api/mock.ts';
import { fetchCurrentOrganization, fetchMe, organizationQueries, userQueries } from '../../api/organization.ts';
import { errorDetail, errorStatus, errorTitle } from '../../components/error-text.ts';
import { CheckboxField, Field, SelectField } from '../../components/field.tsx';
import { useDocumentTitle } from '../../components/document-title.tsx';
import { describeHostFailure } from './host-failure.ts';
import { SavedConnections } from './saved-connections.tsx';
import './connect.css';

/** The quick picks beside `API host`: PostHog Cloud's two regions. */
export const CLOUD_HOSTS = [
  { name: 'PostHog Cloud US', host: 'https://us.posthog.com' },
  { name: 'PostHog Cloud EU', host: 'https://eu.posthog.com' },
] as const;

/** What a key check needs: where, which key, and how this device keeps it (a saved connection's key keeps its deadline). */
type CheckInput = PendingCheck;

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
  const queryClient = useQueryClient();
  const runtime = useRuntime();

  // A check that waited across the reload unlocking the policy (reloadToCheckElsewhere) fills the form.
  const [waiting] = useState(peekPendingCheck);
  const [host, setHost] = useState(waiting?.host ?? connection?.host ?? '');
  const [key, setKey] = useState(waiting?.key ?? '');
  const [showKey, setShowKey] = useState(false);
  const [remember, setRemember] = useState(waiting?.remember ?? false);
  const [forgetAfter, setForgetAfter] = useState<ForgetAfter>(
    () => FORGET_AFTER_CHOICES.find((choice) => choice.ms === waiting?.forgetAfterMs)?.value ?? 'never',
  );
  const [hostError, setHostError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(waiting !== null);
  const failureId = useId();
  const hostInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const savedConnections = useSavedConnections();

  const settledHost = useSettledHost(host);
  // Never asks a host the page's policy would refuse (that would only log a violation).
  const reachable = settledHost !== null && !outsideLockedPolicy(settledHost);
  const mockInfo = useQuery({ ...mockQueries.info(settledHost ?? '(not a valid host)'), enabled: reachable });
  const pathLeftOut = hostPathLeftOut(host);
  const typedOrigin = pathLeftOut ? normalizeHost(host) : null;

  /** Checks the key at the host, then stores the connection, saves the host in `Saved connections` and goes on. */
  /** Callers show `pending` first (a check that waited across a reload starts pending). */
  const check = async (input: CheckInput) => {
    const connectionToCheck = { host: input.host, key: input.key, world: input.world };
    try {
      // The key owner and the key's label name the saved connection; neither may stop the connection.
      const [organization, me, currentKey, mock] = await Promise.all([
        fetchCurrentOrganization({ client: queryClient }, connectionToCheck),
        fetchMe({ client: queryClient }, connectionToCheck).catch(() => null),
        fetchCurrentKey({ client: queryClient }, connectionToCheck).catch(() => null),
        queryClient.fetchQuery(mockQueries.info(input.host)).catch(() => null),
      ]);
      recordSavedConnection({
        host: input.host,
        name: backendName(input.host, mock !== null),
        organization: organization.name,
        email: me?.email ?? '',
        keyLabel: currentKey?.label ?? '',
      });
      saveConnection(runtime, {
        host: input.host,
        key: input.key,
        remember: input.remember,
        ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt } : { forgetAfterMs: input.remember ? (input.forgetAfterMs ?? null) : null }),
        ...(input.world !== undefined && { world: input.world }),
      });
      queryClient.setQueryData(organizationQueries.current().queryKey, organization);
      if (me) queryClient.setQueryData(userQueries.me().queryKey, me);
      if (currentKey) queryClient.setQueryData(personalApiKeyQueries.current().queryKey, currentKey);
      navigate(next, { replace: true });
    } catch (error) {
      // A key remembered for a saved connection that the API now refuses is of no more use.
      if (input.expiresAt !== undefined && isApiError(error, 401)) forgetRememberedKey(input.host);
      const sentence = await describeHostFailure(input.host, error).catch(() => null);
      if (sentence) {
        setHostError(sentence);
        hostInput.current?.focus();
      } else {
        setFailure(error);
      }
      setPending(false);
    }
  };

  const connect = async (candidateKey: string) => {
    setFailure(null);
    setHostError(null);
    setKeyError(null);
    let normalizedHost: string;
    try {
      normalizedHost = normalizeHost(host);
    } catch (error) {
      setHostError(errorDetail(error));
      return;
    }
    const trimmedKey = candidateKey.trim();
    if (!trimmedKey) {
      setKeyError('Enter your personal API key.');
      return;
    }
    const input: CheckInput = { host: normalizedHost, key: trimmedKey, remember, forgetAfterMs: remember ? forgetAfterMs(forgetAfter) : null };
    if (outsideLockedPolicy(normalizedHost)) {
      setPending(true);
      reloadToCheckElsewhere(runtime, input);
      return;
    }
    setPending(true);
    await check(input);
  };

  /** `Use <name>`: connects at once with the key remembered for it, else asks for a key. */
  const connectSaved = (entry: SavedConnection) => {
    setFailure(null);
    setHostError(null);
    setKeyError(null);
    if (connection?.host === entry.host) {
      navigate(next, { replace: true });
      return;
    }
    const remembered = rememberedConnectionFor(runtime, entry.host);
    setHost(entry.host);
    if (!remembered) {
      keyInput.current?.focus();
      return;
    }
    const input: CheckInput = { host: entry.host, key: remembered.key, remember: remembered.remembered, expiresAt: remembered.expiresAt, world: remembered.world ?? '' };
    if (outsideLockedPolicy(entry.host)) {
      // The page's policy is locked to the host it is connected to: the key is checked after a reload.
      setPending(true);
      reloadToCheckElsewhere(runtime, input);
      return;
    }
    setPending(true);
    void check(input);
  };

  // ... and is checked once, at once (the first mount takes it from storage).
  const checkWaiting = useEffectEvent((pendingCheck: PendingCheck) => void check(pendingCheck));
  useEffect(() => {
    const pendingCheck = takePendingCheck();
    // Taken once, then checked from a callback: React's development double effect finds nothing left to take.
    if (pendingCheck) void Promise.resolve(pendingCheck).then(checkWaiting);
  }, []);

  const forgetSaved = (entry: SavedConnection) => {
    forgetSavedConnection(runtime, entry.host);
  };
  const focusHost = useCallback(() => hostInput.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) void connect(key);
  };

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
          <section className="demo-keys" aria-labelledby="demo-keys-title">
            <h2 id="demo-keys-title">Demo keys</h2>
            {import.meta.env.MODE === 'demo' ? (
              <p>
                This is the in-browser demo: the mock backend runs inside this page and keeps its data in this browser only
                (Reset demo data in Mock controls starts over). Pick a demo key to connect with it at once, or enter a key
                below:
              </p>
            ) : (
              <p>
                This console is served with the bundled mock backend. Pick a demo key to connect with it at once, or enter
                a key below:
              </p>
            )}
            <ul className="demo-key-list">
              {mockInfo.data.keys.map((demo) => (
                <li key={demo.key}>
                  <button
                    type="button"
                    className="button"
                    disabled={pending}
                    onClick={() => {
                      setKey(demo.key);
                      void connect(demo.key);
                    }}
                  >
                    Use demo key {demo.key}
                  </button>
                  <span className="demo-key-detail">
                    {demo.user} · {demo.scopes.join(', ')}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <SavedConnections
          entries={savedConnections}
          disabled={pending}
          onUse={connectSaved}
          onForget={forgetSaved}
          focusWhenEmpty={focusHost}
        />

        <form onSubmit={onSubmit} noValidate aria-describedby={failure ? failureId : undefined}>
          <Field
            label="API host"
            hint="Leave empty to use this site's own origin (the dev proxy or the bundled mock), or enter an https:// address such as https://us.posthog.com (http:// only for localhost or 127.0.0.1)."
            error={hostError}
          >
            {(control) => (
              <>
                <input
                  {...control}
                  ref={hostInput}
                  type="text"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  placeholder="Empty: this site's own origin"
                  value={host}
                  onChange={(event) => setHost(event.target.value)}
                />
                {pathLeftOut && typedOrigin && (
                  <p className="field-hint">
                    The console uses {typedOrigin}: the API is at the root of its host, so {pathLeftOut} is left out.
                  </p>
                )}
                <div className="cloud-picks">
                  {CLOUD_HOSTS.map((cloud) => (
                    <button
                      key={cloud.host}
                      type="button"
                      className="button button-small"
                      onClick={() => {
                        setHost(cloud.host);
                        setHostError(null);
                      }}
                    >
                      {cloud.name}
                    </button>
                  ))}
                </div>
              </>
            )}
          </Field>

          <Field label="Personal API key" error={keyError} hint="Create one in your account settings; it starts with phx_.">
            {(control) => (
              <div className="input-with-button">
                <input
                  {...control}
                  ref={keyInput}
                  type={showKey ? 'text' : 'password'}
                  autoComplete="off"
                  spellCheck={false}
                  value={key}
                  onChange={(event) => setKey(event.target.value)}
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
            onChange={(event) => setRemember(event.target.checked)}
          />

          {remember && (
            <SelectField
              label="Forget the key after"
              hint="At that time the key leaves this device and every open tab of the console returns to Connect."
              value={forgetAfter}
              onChange={(event) => setForgetAfter(event.target.value as ForgetAfter)}
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
