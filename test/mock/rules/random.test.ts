/** Ids, tokens and time of the mock (src/mock/rules/random.ts): their shapes, alphabets and bounds. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  clock,
  cryptoBytes,
  isUuid,
  liveEventsToken,
  nowIso,
  parseId,
  projectApiToken,
  sharingToken,
  shortId,
  uuid,
  type ByteSource,
} from '../../../src/mock/rules/random.ts';

/** Always the same byte. */
const constant = (byte: number): ByteSource => (n) => new Uint8Array(n).fill(byte);

/** The given bytes in turn across calls, then `rest` forever. */
function sequence(bytes: number[], rest = 0): ByteSource {
  let at = 0;
  return (n) => Uint8Array.from({ length: n }, () => (at < bytes.length ? bytes[at++]! : rest));
}

const alphanumeric = /^[A-Za-z0-9]+$/;

describe('cryptoBytes', () => {
  it('gives as many bytes as asked, not all the same', () => {
    const bytes = cryptoBytes(64);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes).toHaveLength(64);
    expect(new Set(bytes).size).toBeGreaterThan(1);
  });
});

describe('uuid', () => {
  it('sets the version 4 and variant bits whatever the bytes', () => {
    expect(uuid(constant(0x00))).toBe('00000000-0000-4000-8000-000000000000');
    expect(uuid(constant(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('writes each byte as two hex digits, dashes after bytes 4, 6, 8 and 10', () => {
    expect(uuid(sequence([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]))).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f');
  });

  it('is random by default and passes isUuid', () => {
    const a = uuid();
    expect(isUuid(a)).toBe(true);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(a);
  });
});

describe('tokens', () => {
  it('a sharing token is 22 URL-safe characters, the last two of its alphabet included', () => {
    expect(sharingToken(constant(62))).toBe('-'.repeat(22));
    expect(sharingToken(constant(63))).toBe('_'.repeat(22));
    // 64 characters divide 256: no byte is refused.
    expect(sharingToken(constant(255))).toBe('_'.repeat(22));
    expect(sharingToken(sequence([0, 25, 26, 51, 52, 61]))).toBe('AZaz09'.padEnd(22, 'A'));
    expect(sharingToken()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('a short id is 8 letters and digits', () => {
    expect(shortId(sequence([0, 25, 26, 51, 52, 61, 1, 2]))).toBe('AZaz09BC');
    // 62 characters: byte 62 wraps around to the first.
    expect(shortId(constant(62))).toBe('AAAAAAAA');
    expect(shortId()).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it('refuses the bytes 248 to 255 for a 62-letter alphabet (no modulo bias), asking for more bytes as needed', () => {
    expect(shortId(sequence([248, 255, 249, 1], 2))).toBe('BCCCCCCC');
    expect(shortId(sequence([247], 1))).toBe('9BBBBBBB');
    // Sixteen refused bytes (the whole first draw) and still eight characters.
    expect(shortId(sequence(Array<number>(16).fill(250), 3))).toBe('DDDDDDDD');
  });

  it('a project API token is phc_ and 43 letters and digits', () => {
    const token = projectApiToken(constant(1));
    expect(token).toBe(`phc_${'B'.repeat(43)}`);
    const random = projectApiToken();
    expect(random).toHaveLength(47);
    expect(random.startsWith('phc_')).toBe(true);
    expect(random.slice(4)).toMatch(alphanumeric);
  });

  it('a live events token is 32 letters and digits', () => {
    expect(liveEventsToken(constant(2))).toBe('C'.repeat(32));
    const random = liveEventsToken();
    expect(random).toHaveLength(32);
    expect(random).toMatch(alphanumeric);
  });
});

describe('time', () => {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });

  it('nowIso is the clock’s time in UTC ISO form', () => {
    clock.now = () => Date.UTC(2024, 1, 29, 12, 30, 45, 123);
    expect(nowIso()).toBe('2024-02-29T12:30:45.123Z');
  });

  it('the clock is real time by default', () => {
    const before = Date.now();
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('parseId', () => {
  it('reads decimal digits', () => {
    expect(parseId('0')).toBe(0);
    expect(parseId('42')).toBe(42);
    expect(parseId('007')).toBe(7);
    expect(parseId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses anything else, and numbers beyond the safe integers', () => {
    for (const text of ['', 'abc', '12a', 'a12', ' 12', '12 ', '-1', '1.5', '1e3', '0x1f', '12345678901234567', '9007199254740992', '9999999999999999']) {
      expect(parseId(text), text).toBeNull();
    }
  });
});

describe('isUuid', () => {
  it('accepts UUIDs with or without dashes, in either case', () => {
    expect(isUuid('e7dcf9b2-917d-4d4f-b347-6227a4b696d6')).toBe(true);
    expect(isUuid('E7DCF9B2-917D-4D4F-B347-6227A4B696D6')).toBe(true);
    expect(isUuid('e7dcf9b2917d4d4fb3476227a4b696d6')).toBe(true);
  });

  it('refuses other text, and a UUID inside other text', () => {
    for (const text of ['', 'not-a-uuid', 'e7dcf9b2-917d-4d4f-b347-6227a4b696d', 'e7dcf9b2-917d-4d4f-b347-6227a4b696d6x', 'xe7dcf9b2-917d-4d4f-b347-6227a4b696d6', 'g7dcf9b2-917d-4d4f-b347-6227a4b696d6']) {
      expect(isUuid(text), text).toBe(false);
    }
  });
});
