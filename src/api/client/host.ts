/**
 * The API host the console talks to: the origin requests really go to (`resolveHost`) and the
 * backend's name the top bar's badge and `Saved connections` show (`backendName`). What a person
 * types as a host is read by src/api/connect/typed-host.ts, which only Connect loads.
 */

/** The origin requests really go to: the host, or this page's origin when the host is empty. */
export function resolveHost(host: string): string {
  return host || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
}

/** The badge's name of a well-known host, else null: PostHog Cloud's two regions. */
const CLOUD_NAMES: Readonly<Record<string, string>> = {
  'https://us.posthog.com': 'PostHog Cloud US',
  'https://app.posthog.com': 'PostHog Cloud US',
  'https://eu.posthog.com': 'PostHog Cloud EU',
};

/**
 * The backend's name, as the top bar's badge and `Saved connections` show it: `PostHog Cloud US`,
 * `PostHog Cloud EU`, `Bundled mock` (the host answers `/__mock/info`), or the host itself
 * (`posthog.example.com`, `127.0.0.1:8010`; this site's own host when `host` is empty).
 */
export function backendName(host: string, isBundledMock: boolean): string {
  const origin = new URL(resolveHost(host)).origin;
  const cloud = CLOUD_NAMES[origin];
  if (cloud) return cloud;
  if (isBundledMock) return 'Bundled mock';
  return new URL(origin).host;
}
