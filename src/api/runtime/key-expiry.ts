/**
 * `Forget the key after`: one timer for the earliest deadline (the current key's, or a key
 * remembered for another saved connection), checked again when the tab is seen after a sleep.
 * Made by each connection store (src/api/runtime/connection-store.ts) and stopped with it.
 */
import { isExpired, pruneRememberedKeys, type Connection } from './connection-storage.ts';

/** setTimeout's longest delay (about 24.8 days); a later deadline is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface KeyExpiry {
  /** Sets the timer for the earliest deadline left (the remembered keys past theirs leave storage). */
  schedule(): void;
  /** Forgets the current key when its time has come, else schedules again. */
  check(): void;
  /** Clears the timer and the listeners. */
  stop(): void;
}

/** `current` is the connection now; `expired` forgets it (the store disconnects, telling the other tabs). */
export function createKeyExpiry(current: () => Connection | null, expired: () => void): KeyExpiry {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // The current key's deadline, and the earliest of the keys remembered for the other saved connections.
    const deadlines = [current()?.expiresAt ?? null, pruneRememberedKeys()].filter((at): at is number => at !== null);
    if (deadlines.length === 0) return;
    const expiresAt = Math.min(...deadlines);
    timer = setTimeout(check, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
  };

  function check(): void {
    if (!isExpired(current())) {
      schedule();
      return;
    }
    expired();
  }

  // Timers do not run while a computer sleeps: check the deadline when the tab is seen again.
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const watching = typeof window !== 'undefined';
  if (watching) {
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
  }

  return {
    schedule,
    check,
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (watching) {
        window.removeEventListener('focus', check);
        document.removeEventListener('visibilitychange', onVisible);
      }
    },
  };
}
