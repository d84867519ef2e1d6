// The origin requests really go to (host.ts): the connection's host, or this page's origin.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveHost } from '../../../src/api/client/host.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveHost', () => {
  it('keeps a host that is set', () => {
    expect(resolveHost('https://eu.posthog.com')).toBe('https://eu.posthog.com');
  });

  it('is this page’s origin when the host is empty', () => {
    vi.stubGlobal('window', { location: { origin: 'https://console.example.test' } });
    expect(resolveHost('')).toBe('https://console.example.test');
    expect(resolveHost('http://127.0.0.1:8010')).toBe('http://127.0.0.1:8010');
  });

  it('is http://localhost outside a page (node: the scripts and the mock server)', () => {
    vi.stubGlobal('window', undefined);
    expect(resolveHost('')).toBe('http://localhost');
    expect(resolveHost('https://us.posthog.com')).toBe('https://us.posthog.com');
  });
});
