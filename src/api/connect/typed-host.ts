/**
 * What a person types as an API host, read (only Connect loads it; the host the console talks to is
 * src/api/client/host.ts): made an origin (`normalizeHost`), or refused in words, and the part of it
 * that is left out (`hostPathLeftOut`).
 */

/** Hosts a plain `http://` API host may name: a mock or API on this computer (any port). */
const LOCAL_HOSTNAMES = /^(localhost|127\.0\.0\.1)$/i;

/**
 * Accepts what a person types as an API host: `''` (this site), `localhost:8010`, `https://x.y/`,
 * even an address copied from the browser (`https://us.posthog.com/project/1/dashboard`). Returns the
 * origin only: the API lives at the root of its host (API.md §1), so a path or trailing slash is left
 * out (`hostPathLeftOut` tells Connect to say so). Throws a readable Error when it is not an address
 * the console may call: not a URL, another scheme, or plain `http://` to a host other than
 * `localhost` or `127.0.0.1` (or this site itself).
 */
export function normalizeHost(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  const local = /^(localhost|127\.|\[::1\])/i.test(trimmed);
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `${local ? 'http' : 'https'}://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`"${trimmed}" is not a valid address. Enter a URL like https://us.posthog.com, or leave it empty.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The API host must start with http:// or https:// (got "${url.protocol}").`);
  }
  const thisSite = typeof window !== 'undefined' && url.origin === window.location.origin;
  if (url.protocol === 'http:' && !LOCAL_HOSTNAMES.test(url.hostname) && !thisSite) {
    throw new Error(
      `${url.origin} is plain http://, which the browser blocks from a page served over https:// (mixed content): ` +
        'use its https:// address (http:// is accepted only for localhost and 127.0.0.1).',
    );
  }
  return url.origin;
}

/** The path (or query) of a typed host that `normalizeHost` leaves out, or null when there is none. */
export function hostPathLeftOut(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  try {
    const host = normalizeHost(trimmed);
    const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `${host.slice(0, host.indexOf(':'))}://${trimmed}`;
    const url = new URL(withScheme);
    const rest = `${url.pathname.replace(/^\/+$/, '')}${url.search}${url.hash}`;
    return rest || null;
  } catch {
    return null;
  }
}
