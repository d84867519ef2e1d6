/**
 * The API host the console talks to: the origin requests really go to (`resolveHost`). The
 * backend's name the top bar's badge and `Saved connections` show is backend-name.ts (the first page
 * draws no badge, so it loads with them); what a person types as a host is read by
 * src/api/connect/typed-host.ts, which only Connect loads.
 */

/** The origin requests really go to: the host, or this page's origin when the host is empty. */
export function resolveHost(host: string): string {
  return host || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
}
