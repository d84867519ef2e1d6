/**
 * The five actions production keeps for browser sessions (API.md §1.2): a personal API key gets 403
 * `This action does not support personal API key access`. The console says instead, in words, that
 * the action needs PostHog's web app. Pure (no HTTP), so both http.ts and authorization.ts use it.
 */

/** Endpoint name (as apiRequest's `endpoint`) → what the action does, in the sentence's words. */
export const sessionOnlyEndpoints = {
  'dashboards.moveTile': 'move tiles between dashboards',
  'dashboards.createFromTemplateJson': 'import dashboards from a template file',
  'projects.activity': 'read the project activity feed',
  'projects.isGeneratingDemoData': 'check whether demo data is being generated',
  'projects.resetToken': 'reset the project API key',
} as const;
export type SessionOnlyEndpoint = keyof typeof sessionOnlyEndpoints;

/** The refusal as production words it (the personal_api_keys routes capitalize it). */
export function isSessionOnlyRefusal(status: number, detail: string): boolean {
  return status === 403 && /^this action does not support personal api key access\.?$/i.test(detail.trim());
}

/** The one sentence for a session-only action, up front or after production refused it. */
export function sessionOnlyReason(doing: string): string {
  return `The production service does not let personal API keys ${doing}: this action needs PostHog's web app, signed in with your account.`;
}

export function sessionOnlyReasonFor(endpoint: string): string | null {
  const doing = (sessionOnlyEndpoints as Record<string, string>)[endpoint];
  return doing ? sessionOnlyReason(doing) : null;
}
