/**
 * The backend's name, as the top bar's badge and `Saved connections` show it. The host helpers
 * are host.ts; this one loads with the badge and Connect, not with the first page, which draws no badge.
 */
import { resolveHost } from './host.ts';

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
