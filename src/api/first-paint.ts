/**
 * Requests that start while the first screen is being committed go out right after it is painted.
 *
 * On a full page load the first render brings the rows with it (src/app/first-route.ts), and its
 * effects then start what fills in around them: the organization, the key's scopes, the project's
 * name, the mock's info. On a cold browser each `fetch()` call costs a few milliseconds of main
 * thread (6 calls, 20 to 40 ms measured), all spent before the browser may paint the rows. Held
 * until the frame after the first commit, they cost the same, after the rows are on screen.
 */
let held: Promise<void> | null = null;

/**
 * Called once the first render has committed (a layout effect of the app): requests started from
 * then until the next frame is painted wait for it. Does nothing where frames are never painted.
 */
export function holdRequestsUntilPainted(): void {
  if (held || typeof requestAnimationFrame !== 'function') return;
  const release = new Promise<void>((resolve) => {
    // An animation frame callback runs just before the frame's paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  held = release.then(() => {
    held = null;
  });
}

/** Settles once a request may start: at once, or after the first screen is painted. Rejects when `signal` aborts first. */
export function untilRequestsMayStart(signal?: AbortSignal): Promise<void> | null {
  const wait = held;
  if (!wait) return null;
  if (!signal) return wait;
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void wait.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
