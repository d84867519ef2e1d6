/** Ids, tokens and time. Runtime values use crypto randomness; the seed passes its own byte source. */

/** Returns `n` random bytes. */
export type ByteSource = (n: number) => Uint8Array;

export const cryptoBytes: ByteSource = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n));

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A version 4 UUID (works outside secure contexts, unlike `crypto.randomUUID`). */
export function uuid(bytes: ByteSource = cryptoBytes): string {
  const b = bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => hex[x]!);
  h.splice(10, 0, '-');
  h.splice(8, 0, '-');
  h.splice(6, 0, '-');
  h.splice(4, 0, '-');
  // One join makes a flat string; concatenated pieces stay a rope of small strings in V8 (~10x the memory).
  return h.join('');
}

const urlSafe = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly from `alphabet` (rejection sampling, no modulo bias). */
function randomString(alphabet: string, length: number, bytes: ByteSource): string {
  const limit = 256 - (256 % alphabet.length);
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of bytes(length * 2)) {
      if (byte < limit) out.push(alphabet[byte % alphabet.length]!);
      if (out.length === length) break;
    }
  }
  return out.join('');
}

/** A sharing access token: 22 URL-safe characters (128 bits, like production's). */
export function sharingToken(bytes: ByteSource = cryptoBytes): string {
  return randomString(urlSafe, 22, bytes);
}

/** An insight's `short_id`: 8 letters and digits. */
export function shortId(bytes: ByteSource = cryptoBytes): string {
  return randomString(alphanumeric, 8, bytes);
}

/** A project API token: `phc_` and 43 letters and digits. */
export function projectApiToken(bytes: ByteSource = cryptoBytes): string {
  return ['phc_', randomString(alphanumeric, 43, bytes)].join('');
}

/** The token for live events of a project. */
export function liveEventsToken(bytes: ByteSource = cryptoBytes): string {
  return randomString(alphanumeric, 32, bytes);
}

/** The mock's time source; tests replace `now` to move time (the sharing grace period) without sleeping. */
export const clock = { now: (): number => Date.now() };

export function nowIso(): string {
  return new Date(clock.now()).toISOString();
}

/** A path id: decimal digits within the safe integer range, else null (answered as 404). */
export function parseId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

const uuidPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
