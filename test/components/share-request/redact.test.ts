// The one redaction behind `Copy as curl`, `Export HAR` and `Export as script`: the key never leaves.
import { describe, expect, it } from 'vitest';
import { API_KEY_VARIABLE, REDACTED, redactSecrets, redactUrl } from '../../../src/components/share-request/redact.ts';

const KEY = 'phx_connectedKey123';

describe('redactSecrets', () => {
  it('names the key as a shell variable and marks where it was', () => {
    expect(API_KEY_VARIABLE).toBe('$POSTHOG_API_KEY');
    expect(REDACTED).toBe('[redacted API key]');
  });

  it('replaces every occurrence of a given secret, plain and URL-encoded', () => {
    const secret = 'my key/with+chars';
    const text = `a ${secret} b ${encodeURIComponent(secret)} c ${secret}`;
    expect(redactSecrets(text, [secret])).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
  });

  it('leaves text without secrets as it is, and skips an empty secret', () => {
    expect(redactSecrets('nothing to hide', ['other'])).toBe('nothing to hide');
    expect(redactSecrets('nothing to hide', [''])).toBe('nothing to hide');
    expect(redactSecrets('nothing to hide')).toBe('nothing to hide');
  });

  it('removes anything shaped like a personal API key, each one, even when not given', () => {
    expect(redactSecrets(`{"key":"${KEY}","old":"phx_Ab-_9z"}`)).toBe(`{"key":"${REDACTED}","old":"${REDACTED}"}`);
    expect(redactSecrets('phx_aZ09_-more text')).toBe(`${REDACTED} text`);
  });

  it('needs at least six characters after phx_ to call it a key', () => {
    expect(redactSecrets('phx_12345')).toBe('phx_12345');
    expect(redactSecrets('phx_123456')).toBe(REDACTED);
    expect(redactSecrets('phc_1234567')).toBe('phc_1234567');
    expect(redactSecrets('phx_12345!6789')).toBe('phx_12345!6789');
  });
});

describe('redactUrl', () => {
  it('keeps a URL valid: the marker percent-encoded, the URL characters as they are', () => {
    const url = `https://us.posthog.com/api/x/?token=${KEY}&a=1#f`;
    expect(redactUrl(url)).toBe(`https://us.posthog.com/api/x/?token=${encodeURIComponent(REDACTED)}&a=1#f`);
    expect(redactUrl(`https://h.example/p?k=secret`, ['secret'])).toBe(
      'https://h.example/p?k=%5Bredacted%20API%20key%5D',
    );
  });

  it('encodes only what a URL may not hold as it is', () => {
    const allowed = "AZaz09-._~:/?#@!$&'()*+,;=%";
    expect(redactUrl(allowed)).toBe(allowed);
    expect(redactUrl('a b"c<d>e[f]g{h}i|j\\k^l`mé')).toBe('a%20b%22c%3Cd%3Ee%5Bf%5Dg%7Bh%7Di%7Cj%5Ck%5El%60m%C3%A9');
  });
});
