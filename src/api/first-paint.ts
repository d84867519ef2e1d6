/**
 * Requests that start while the first screen is being committed go out right after it is painted.
 *
 * On a full page load the first render brings the rows with it (src/app/first-route.ts), and its
 * effects then start what fills in around them: the organization, the key's scopes, the project's
 * name, the mock's info. On a cold browser each `fetch()` call costs a few milliseconds of main
 * thread (6 calls, 20 to 40 ms measured), all spent before the browser may paint the rows. Held
 * until the frame after the first commit, they cost the same, after the rows are on screen.
 */
import { abortError } from './early-response.ts';

let held: Promise<void> | null = null;
/** Whether the first screen is painted (or never will be: no frames), and what waits for it till then. */
let firstPainted = false;
let afterFirst: Array<() => void> = [];

function markFirstPainted(): void {
  if (firstPainted) return;
  firstPainted = true;
  const waiting = afterFirst;
  afterFirst = [];
  for (const work of waiting) work();
}

/**
 * Runs `work` once the page's first screen is painted (at once after that): what fills in around the
 * first screen (the key's access, asked for by the connected routes' loader before the first
 * render) is neither processed nor drawn before the rows are on screen.
 */
export function afterFirstPaint(work: () => void): void {
  if (firstPainted) work();
  else afterFirst.push(work);
}

/** The longest a hold lasts, should the frame not come (the tab was hidden meanwhile). */
export const HOLD_AT_MOST_MS = 250;

/**
 * Called once the first render has committed (a layout effect of the app): requests started from
 * then until the next frame is painted wait for it. Nothing is held where frames are never painted:
 * without `requestAnimationFrame`, in a hidden tab (opened in the background) or a page being
 * prerendered; and a hold ends after `HOLD_AT_MOST_MS` whatever happens.
 */
export function holdUntilPainted(): void {
  if (held) return;
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined') return markFirstPainted();
  if (document.visibilityState !== 'visible' || (document as Document & { prerendering?: boolean }).prerendering) return markFirstPainted();
  const release = new Promise<void>((resolve) => {
    // An animation frame callback runs just before the frame's paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, HOLD_AT_MOST_MS);
  });
  held = release.then(() => {
    held = null;
    markFirstPainted();
  });
}

/** Null when work may start at once; else settles once the first screen is painted (rejects if `signal` aborts first). */
export function untilPainted(signal?: AbortSignal): Promise<void> | null {
  const wait = held;
  if (!wait) return null;
  if (!signal) return wait;
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(abortError(signal));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void wait.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
