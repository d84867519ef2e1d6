// A server search waits for typing to pause: the value, once it has stayed the same for a while.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from '../../../src/components/form/use-debounced.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDebounced', () => {
  it('gives the first value at once, a new one after 250 ms of quiet', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value), { initialProps: { value: 'a' } });
    expect(result.current).toBe('a');
    rerender({ value: 'ab' });
    advance(249);
    expect(result.current).toBe('a');
    advance(1);
    expect(result.current).toBe('ab');
  });

  it('waits again on every change: only the value typing paused on arrives', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    advance(200);
    rerender({ value: 'abc' });
    advance(200);
    expect(result.current).toBe('a');
    advance(50);
    expect(result.current).toBe('abc');
  });

  it('takes the delay it is given', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 1000), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    advance(999);
    expect(result.current).toBe(1);
    advance(1);
    expect(result.current).toBe(2);
  });
});
