/**
 * Components whose code loads on demand, without Suspense: until the module arrives the component
 * renders its `fallback`, then itself. Rendering one starts its load once the frame that shows the
 * fallback is painted: on a full page load the page's own content comes first (the switchers, the
 * shortcuts, the bulk tools arrived in time to be evaluated and drawn before it, docs/performance.md). React 19 holds a Suspense boundary's content back until
 * 300 ms after the last fallback anywhere on the page appeared, a delay every lazily loaded page
 * would pay; a plain state update has none. A failed load is thrown to the nearest error boundary,
 * and `retryFailedLoads()` (e.g. its `Try again`) lets the next render load it again.
 */
import { createElement, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code (once); settles when it is there or failed (rendering then throws the error). Never rejects. */
  preload: () => Promise<void>;
}

// The failed loads of every lazy component, so one `Try again` can reset them all.
const failedLoads = new Set<() => void>();

/** Forgets failed loads: the components that failed try again when next rendered. */
export function retryFailedLoads(): void {
  for (const retry of [...failedLoads]) retry();
}

/** Runs `work` once the next frame is painted (a task queued from its animation frame callback); returns a cancel function. */
function afterNextPaint(work: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let failure: { error: unknown } | null = null;
  let pending: Promise<void> | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    version += 1;
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getVersion = () => version;

  const retry = () => {
    failedLoads.delete(retry);
    failure = null;
    notify();
  };

  const preload = (): Promise<void> => {
    if (loaded) return Promise.resolve();
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        failure = null;
        failedLoads.delete(retry);
        pending = null;
        notify();
      },
      (error: unknown) => {
        failure = { error };
        pending = null;
        failedLoads.add(retry);
        notify();
      },
    );
    return pending;
  };

  function Lazy(props: P): ReactNode {
    const current = useSyncExternalStore(subscribe, getVersion, getVersion);
    // Started after the next paint (unless `preload` started it); a retried load starts again.
    useEffect(() => (loaded || failure || pending ? undefined : afterNextPaint(() => void preload())), [current]);
    if (loaded) return createElement(loaded, props);
    if (failure) throw failure.error;
    return fallback;
  }
  Lazy.preload = preload;
  return Lazy;
}
