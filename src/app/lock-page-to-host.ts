/**
 * What the built page runs before any other script to lock itself down: the build copies this
 * function, with the stored connection's reader it uses, into an inline script of index.html
 * (build/content-security-policy.ts, build/inline-script.ts), so it imports nothing else and never
 * throws. Nothing of the console imports this module. (The cold start's own inline script is
 * src/app/cold-start/first-screen-requests.ts.)
 */
import { connectionAtLoad } from '../api/runtime/read-stored-connection.ts';

/**
 * When a connection is stored (and not past its `Forget the key after`), adds a second policy
 * `connect-src 'self' <host>`. Policies add up, so from then on the page reaches this site and the
 * connected host only (src/api/runtime/connection-store.ts adds the same once a person connects).
 */
export function lockConnectSrc(): void {
  const { connection } = connectionAtLoad(sessionStorage, localStorage, Date.now());
  if (!connection) return;
  let origin = connection.host ? new URL(connection.host).origin : '';
  if (origin === location.origin) origin = '';
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src 'self'${origin ? ` ${origin}` : ''}`;
  meta.setAttribute('data-connection-lock', origin || 'self');
  document.head.appendChild(meta);
}
