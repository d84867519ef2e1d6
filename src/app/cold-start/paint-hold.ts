/**
 * Requests that start while the first screen is committed go out right after it is painted. On a
 * full page load the first render brings the rows (first-route.ts), and its effects then start what
 * fills in around them (the organization, the key's scopes, the project's name, the mock's info): on
 * a cold browser each `fetch()` costs a few milliseconds of main thread, all spent before the rows
 * may be painted; held until the frame after the first commit, they come after. One hold per page
 * load, made by the cold start (index.ts); nothing here is module state.
 */
import type { Transport } from '../../api/runtime/runtime.ts';

/** The longest a hold lasts, should the frame not come (the tab was hidden meanwhile). */
export const HOLD_AT_MOST_MS = 250;

export interface PaintHold {
  /** Called once the first render has committed: what starts until the next frame is painted waits for it. */
  arm(): void;
  /** Runs `work` once the first screen is painted (at once after that). */
  afterFirstPaint(work: () => void): void;
  /** `next`, except that a request started during the hold goes out once it ends (or fails with its signal's abort). */
  transport(next: Transport): Transport;
}

export function createPaintHold(): PaintHold {
  let held: Promise<void> | null = null;
  let painted = false;
  const waiting: Array<() => void> = [];
  const markPainted = () => {
    painted = true;
    for (const work of waiting.splice(0)) work();
  };
  return {
    arm() {
      if (held || painted) return;
      // Nothing is held where frames are never painted: no requestAnimationFrame, a hidden tab, a prerendered page.
      const document = globalThis.document as (Document & { prerendering?: boolean }) | undefined;
      if (typeof requestAnimationFrame !== 'function' || document?.visibilityState !== 'visible' || document.prerendering) return markPainted();
      held = new Promise<void>((resolve) => {
        // An animation frame callback runs just before the frame's paint; a task queued from it runs after.
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, HOLD_AT_MOST_MS);
      }).then(() => {
        held = null;
        markPainted();
      });
    },
    afterFirstPaint: (work) => (painted ? work() : void waiting.push(work)),
    transport: (next) => async (url, init) => {
      const { signal } = init;
      if (held) {
        // Aborted meanwhile, the request fails as fetch would, at once; the listener goes with the hold.
        signal?.throwIfAborted();
        let abort = () => {};
        const aborted = new Promise<never>((_, reject) => (abort = () => reject(signal!.reason)));
        signal?.addEventListener('abort', abort, { once: true });
        try {
          await Promise.race([held, aborted]);
        } finally {
          signal?.removeEventListener('abort', abort);
        }
      }
      return next(url, init);
    },
  };
}
