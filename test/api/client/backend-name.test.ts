// The backend badge's name (backend-name.ts): PostHog Cloud's regions by name, the bundled mock, or
// the host itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendName } from '../../../src/api/client/backend-name.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('backendName', () => {
  it('names PostHog Cloud’s regions, whatever the mock says', () => {
    expect(backendName('https://us.posthog.com', false)).toBe('PostHog Cloud US');
    expect(backendName('https://app.posthog.com', false)).toBe('PostHog Cloud US');
    expect(backendName('https://eu.posthog.com', false)).toBe('PostHog Cloud EU');
    expect(backendName('https://eu.posthog.com', true)).toBe('PostHog Cloud EU');
  });

  it('reads the origin: a path or a trailing slash does not hide a region', () => {
    expect(backendName('https://us.posthog.com/', false)).toBe('PostHog Cloud US');
    expect(backendName('https://eu.posthog.com/project/1', false)).toBe('PostHog Cloud EU');
  });

  it('names the bundled mock when the host answers as one', () => {
    expect(backendName('http://127.0.0.1:8010', true)).toBe('Bundled mock');
  });

  it('else names the host itself, with its port', () => {
    expect(backendName('http://127.0.0.1:8010', false)).toBe('127.0.0.1:8010');
    expect(backendName('https://posthog.example.com/', false)).toBe('posthog.example.com');
    // Another region's lookalike is not PostHog Cloud.
    expect(backendName('http://us.posthog.com', false)).toBe('us.posthog.com');
  });

  it('names this site’s own host when the host is empty', () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost:5173' } });
    expect(backendName('', false)).toBe('localhost:5173');
    vi.stubGlobal('window', undefined);
    expect(backendName('', false)).toBe('localhost');
    expect(backendName('', true)).toBe('Bundled mock');
  });
});
