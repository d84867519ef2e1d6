/**
 * The one redaction used by everything the API log hands out (`Copy as curl`, `Export HAR`,
 * `Export as script`): the key is never written, only named as `$POSTHOG_API_KEY`.
 */

/** How a command or file names the key: a shell variable the reader sets. */
export const API_KEY_VARIABLE = '$POSTHOG_API_KEY';
/** What stands where a key was found in a URL, a body or a header. */
export const REDACTED = '[redacted API key]';

/** A personal API key's shape (`phx_` and at least 6 more characters), wherever it appears. */
const PERSONAL_API_KEY = /phx_[A-Za-z0-9_-]{6,}/g;

/**
 * `text` with every secret removed: each of `secrets` (the connected key), also in its URL-encoded
 * form, and anything shaped like a personal API key (a key echoed by an answer, or an older key).
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string> = []): string {
  let result = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      result = result.split(form).join(REDACTED);
    }
  }
  return result.replace(PERSONAL_API_KEY, REDACTED);
}

/**
 * A URL with the secrets removed, still a valid URL: the marker's spaces and brackets (and any other
 * character a URL may not hold as it is) are percent-encoded.
 */
export function redactUrl(url: string, secrets: ReadonlyArray<string> = []): string {
  return redactSecrets(url, secrets).replace(/[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/g, (c) => encodeURIComponent(c));
}
