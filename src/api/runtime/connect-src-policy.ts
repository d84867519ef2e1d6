/**
 * The Content-Security-Policy's `connect-src` lock, and the reloads it takes. The built page's
 * policy lets `connect-src` reach any https: host until connected, so Connect can check a typed host.
 * Once connected (at load, by the inline script the build adds, or here), a second policy
 * `connect-src 'self' <host>` is added: policies only add up, so the page can then reach its own
 * origin and that host only. Only the built page (which carries the policy) is locked. The lock is
 * the document's own state (a `<meta>` in `<head>`), so this module holds none.
 */
import { carryNotice } from './connection-storage.ts';

const LOCK_ATTRIBUTE = 'data-connection-lock';

/** Adds the second policy for `host` (once: the document keeps it until the next load). */
export function lockConnectSrc(host: string): void {
  if (!import.meta.env.PROD || typeof document === 'undefined' || connectSrcLocked()) return;
  const origin = host ? new URL(host).origin : '';
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = origin && origin !== window.location.origin ? `connect-src 'self' ${origin}` : "connect-src 'self'";
  meta.setAttribute(LOCK_ATTRIBUTE, origin || 'self');
  document.head.append(meta);
}

/** Whether the page's policy lets it reach `host` now (always, until a connection locked it). */
export function policyAllows(host: string): boolean {
  const locked = lockedApiOrigin();
  if (locked === undefined || !host) return true;
  const origin = new URL(host).origin;
  return origin === window.location.origin || origin === locked;
}

/** The stored connection is for another host than the page's policy allows: load again under the right one. */
export function reloadIntoPolicy(): void {
  window.location.reload();
}

export function connectSrcLocked(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`meta[${LOCK_ATTRIBUTE}]`) !== null;
}

/**
 * The origin other than this site's that the page may still reach, when its policy is locked to a
 * connected host; undefined when it is not locked (any https: host may be checked).
 */
export function lockedApiOrigin(): string | null | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector(`meta[${LOCK_ATTRIBUTE}]`)?.getAttribute(LOCK_ATTRIBUTE);
  if (value === undefined) return undefined;
  return value === 'self' ? null : value;
}

/**
 * A locked policy cannot be loosened in place: after a disconnect the page reloads (where it is),
 * so Connect runs under the policy that lets it check any host. Connect's notice crosses the reload
 * in sessionStorage; the key is already gone from both storages.
 */
export function reloadToLoosenPolicy(notice: string | null, byPerson: boolean): void {
  carryNotice(notice, byPerson);
  window.location.reload();
}
