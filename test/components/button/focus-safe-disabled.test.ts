// A control that cannot act now keeps focus (aria-disabled) instead of dropping it to <body>.
import { act, renderHook } from '@testing-library/react';
import type { FocusEvent, MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useControlState } from '../../../src/components/button/focus-safe-disabled.ts';

const focusEvent = {} as FocusEvent<HTMLElement>;
const click = () => ({ preventDefault: vi.fn() }) as unknown as MouseEvent<HTMLButtonElement> & { preventDefault: ReturnType<typeof vi.fn> };

describe('useControlState', () => {
  it('an available control: enabled, no aria flags, clicks go through', () => {
    const { result } = renderHook(() => useControlState(false));
    expect(result.current).toMatchObject({ disabled: false, 'aria-disabled': undefined, 'aria-busy': undefined, inert: false });
    const handler = vi.fn();
    const event = click();
    result.current.guardClick(handler)(event);
    expect(handler).toHaveBeenCalledWith(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(() => result.current.guardClick()(click())).not.toThrow();
  });

  it('unavailable before it is reached: natively disabled', () => {
    const { result } = renderHook(() => useControlState(true));
    expect(result.current).toMatchObject({ disabled: true, 'aria-disabled': undefined, 'aria-busy': undefined, inert: true });
  });

  it('unavailable while it has focus: stays focusable, aria-disabled, ignores clicks; native again once left', () => {
    const { result } = renderHook(() => useControlState(true));
    act(() => result.current.onFocus(focusEvent));
    expect(result.current).toMatchObject({ disabled: false, 'aria-disabled': true, 'aria-busy': undefined, inert: true });
    const handler = vi.fn();
    const event = click();
    result.current.guardClick(handler)(event);
    expect(handler).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalled();
    act(() => result.current.onBlur(focusEvent));
    expect(result.current).toMatchObject({ disabled: true, 'aria-disabled': undefined });
  });

  it('an available control that has focus stays plainly enabled', () => {
    const { result } = renderHook(() => useControlState(false));
    act(() => result.current.onFocus(focusEvent));
    expect(result.current).toMatchObject({ disabled: false, 'aria-disabled': undefined, inert: false });
  });

  it('busy: focusable, aria-disabled and aria-busy, clicks ignored (a submit does not submit)', () => {
    const { result } = renderHook(() => useControlState(false, true));
    expect(result.current).toMatchObject({ disabled: false, 'aria-disabled': true, 'aria-busy': true, inert: true });
    const handler = vi.fn();
    const event = click();
    result.current.guardClick(handler)(event);
    expect(handler).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalled();
    const both = renderHook(() => useControlState(true, true));
    expect(both.result.current).toMatchObject({ disabled: false, 'aria-disabled': true, 'aria-busy': true, inert: true });
  });
});
