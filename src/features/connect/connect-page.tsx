/**
 * Connect: the API host and a personal API key, checked with GET /api/organizations/@current/
 * before it is stored (sessionStorage, or localStorage when remembered). Offers the demo keys when
 * the host is the bundled mock, first, where they are seen without scrolling. Afterwards the person lands where they meant to go (`?next=`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  FORGET_AFTER_CHOICES,
  forgetAfterMs,
  lockedApiOrigin,
  normalizeHost,
  saveConnection,
  useConnectionState,
  type ForgetAfter,
} from '../../api/connection.ts';
import { fetchCurrentKey, personalApiKeyQueries } from '../../api/authorization.ts';
import { mockQueries } from '../../api/mock.ts';
import { fetchCurrentOrganization, organizationQueries } from '../../api/organization.ts';
import { errorDetail, errorStatus, errorTitle } from '../../components/error-text.ts';
import { CheckboxField, Field, SelectField } from '../../components/field.tsx';
import { useDocumentTitle } from '../../components/document-title.tsx';

/** Where to go after connecting: `next` when it is a path of this console, else /projects. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/projects';
  if (next === '/connect' || next.startsWith('/connect?') || next.startsWith('/connect/')) return '/projects';
  return next;
}

/**
 * Why the page's Content-Security-Policy would stop it from reaching `host`, or null. The built page
 * reaches https: hosts and http://localhost until connected, then only this site and the connected host.
 */
export function hostRefusedByPolicy(host: string): string | null {
  if (!host) return null;
  const url = new URL(host);
  const locked = lockedApiOrigin();
  if (locked !== undefined) {
    if (url.origin === window.location.origin || url.origin === locked) return null;
    return `While connected, this page may only reach ${locked ?? 'this site'} (its security policy). Disconnect first to connect to another host.`;
  }
  if (!import.meta.env.PROD || url.protocol === 'https:' || url.origin === window.location.origin) return null;
  if (/^(localhost|127\.0\.0\.1)$/.test(url.hostname)) return null;
  return 'This page may reach an API over https:// only (or http://localhost), by its security policy.';
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

  const [host, setHost] = useState(connection?.host ?? '');
  const [key, setKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [remember, setRemember] = useState(false);
  const [forgetAfter, setForgetAfter] = useState<ForgetAfter>('never');
  const [hostError, setHostError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const failureId = useId();

  const settledHost = useSettledHost(host);
  // Never asks a host the page's policy would refuse (that would only log a violation).
  const reachable = settledHost !== null && hostRefusedByPolicy(settledHost) === null;
  const mockInfo = useQuery({ ...mockQueries.info(settledHost ?? '(not a valid host)'), enabled: reachable });

  useEffect(() => {
    document.title = 'Connect · Analytics Console';
  }, []);

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
    const refusedByPolicy = hostRefusedByPolicy(normalizedHost);
    if (refusedByPolicy) {
      setHostError(refusedByPolicy);
      return;
    }
    const trimmedKey = candidateKey.trim();
    if (!trimmedKey) {
      setKeyError('Enter your personal API key.');
      return;
    }
    setPending(true);
    try {
      const candidate = { host: normalizedHost, key: trimmedKey };
      // The key's access is asked at the same time (no request more in line), so the first page draws
      // every control with a known answer; a backend that cannot tell leaves it to the page's queries.
      const [organization, access] = await Promise.all([
        fetchCurrentOrganization(undefined, candidate),
        fetchCurrentKey(undefined, candidate).catch(() => null),
      ]);
      saveConnection({ host: normalizedHost, key: trimmedKey, remember, forgetAfterMs: remember ? forgetAfterMs(forgetAfter) : null });
      // What the check fetched seeds the cache (and the access kept with the connection, kept-access.ts).
      queryClient.setQueryData(organizationQueries.current().queryKey, organization);
      if (access) queryClient.setQueryData(personalApiKeyQueries.current().queryKey, access);
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(error);
      setPending(false);
    }
  };

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

        <form onSubmit={onSubmit} noValidate aria-describedby={failure ? failureId : undefined}>
          <Field
            label="API host"
            hint="Leave empty to use this site's own origin (the dev proxy or the bundled mock), or enter an address such as https://us.posthog.com."
            error={hostError}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder="Empty: this site's own origin"
                value={host}
                onChange={(event) => setHost(event.target.value)}
              />
            )}
          </Field>

          <Field label="Personal API key" error={keyError} hint="Create one in your account settings; it starts with phx_.">
            {(control) => (
              <div className="input-with-button">
                <input
                  {...control}
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
