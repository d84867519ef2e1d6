// @vitest-environment jsdom
/** The shell's "after the page has settled" scheduling. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, whenIdle } from '../../src/app/when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the shell’s idle work', () => {
  it('runs after the page has settled: the delay, then an idle moment', () => {
    vi.useFakeTimers();
    let idle: IdleRequestCallback | null = null;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    const callback = vi.fn();
    afterPageSettles(callback, 2000);
    vi.advanceTimersByTime(1999);
    expect(idle).toBeNull();
    vi.advanceTimersByTime(1);
    expect(callback).not.toHaveBeenCalled();
    idle!({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before it runs', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const cancel = whenIdle(callback);
    cancel();
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
  });
});
