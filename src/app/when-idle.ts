/** Work the shell schedules for when the browser has nothing better to do. */

/**
 * Runs `callback` when the browser is next idle (at the latest after `timeoutMs`); where there is no
 * requestIdleCallback (jsdom) on the next task. Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/**
 * Runs `callback` once the page has settled: `delayMs` after this call, when the browser is next idle.
 * Where there is no requestIdleCallback (jsdom) it runs on the next task. Returns a cancel function.
 */
export function afterPageSettles(callback: () => void, delayMs = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') return whenIdle(callback);
  let cancelIdle: (() => void) | null = null;
  const timer = window.setTimeout(() => {
    cancelIdle = whenIdle(callback, delayMs);
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    cancelIdle?.();
  };
}
