// The five actions production keeps for browser sessions (session-only.ts, API.md §1.2).
import { describe, expect, it } from 'vitest';
import {
  isSessionOnlyRefusal,
  sessionOnlyEndpoints,
  sessionOnlyReason,
  sessionOnlyReasonFor,
} from '../../../src/api/client/session-only.ts';

describe('isSessionOnlyRefusal', () => {
  it('knows production’s 403, with or without its full stop, in any case, padded', () => {
    expect(isSessionOnlyRefusal(403, 'This action does not support personal API key access')).toBe(true);
    expect(isSessionOnlyRefusal(403, 'This action does not support Personal API key access.')).toBe(true);
    expect(isSessionOnlyRefusal(403, 'THIS ACTION DOES NOT SUPPORT PERSONAL API KEY ACCESS')).toBe(true);
    expect(isSessionOnlyRefusal(403, '  This action does not support personal API key access.\n')).toBe(true);
  });

  it('is only that sentence, and only on a 403', () => {
    expect(isSessionOnlyRefusal(401, 'This action does not support personal API key access.')).toBe(false);
    expect(isSessionOnlyRefusal(400, 'This action does not support personal API key access.')).toBe(false);
    expect(isSessionOnlyRefusal(403, "API key missing required scope 'project:write'")).toBe(false);
    expect(isSessionOnlyRefusal(403, 'Note: This action does not support personal API key access.')).toBe(false);
    expect(isSessionOnlyRefusal(403, 'This action does not support personal API key access yet.')).toBe(false);
    expect(isSessionOnlyRefusal(403, 'This action does not support personal API key access..')).toBe(false);
    expect(isSessionOnlyRefusal(403, '')).toBe(false);
  });
});

describe('the session-only sentence', () => {
  it('says in words what the personal API key cannot do, and where it can be done', () => {
    expect(sessionOnlyReason('reset the project API key')).toBe(
      "The production service does not let personal API keys reset the project API key: this action needs PostHog's web app, signed in with your account.",
    );
  });

  it('names each of the five actions by its endpoint', () => {
    expect(Object.keys(sessionOnlyEndpoints).sort()).toEqual([
      'dashboards.createFromTemplateJson',
      'dashboards.moveTile',
      'projects.activity',
      'projects.isGeneratingDemoData',
      'projects.resetToken',
    ]);
    const doing = (endpoint: string) => /personal API keys (.*): this action/.exec(sessionOnlyReasonFor(endpoint) ?? '')?.[1];
    expect(doing('dashboards.moveTile')).toBe('move tiles between dashboards');
    expect(doing('dashboards.createFromTemplateJson')).toBe('import dashboards from a template file');
    expect(doing('projects.activity')).toBe('read the project activity feed');
    expect(doing('projects.isGeneratingDemoData')).toBe('check whether demo data is being generated');
    expect(doing('projects.resetToken')).toBe('reset the project API key');
  });

  it('has none for an action personal API keys may do', () => {
    expect(sessionOnlyReasonFor('projects.get')).toBeNull();
    expect(sessionOnlyReasonFor('dashboards.update')).toBeNull();
  });
});
