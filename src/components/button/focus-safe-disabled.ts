/**
 * A control that cannot act now, without dropping focus to the page: one that is busy (its request
 * runs) or loses its right to act while it has focus stays focusable, marked `aria-disabled` (and
 * `aria-busy` while busy), and ignores activation; one that is unavailable before the person reaches
 * it is natively `disabled`. A natively disabled element loses focus, and the browser then puts it on
 * `<body>`: keyboard and screen-reader users lose their place.
 */
import { useState, type FocusEvent, type MouseEvent } from 'react';
import './button.css';
import './focus-safe-disabled.css';

export interface ControlState {
  disabled: boolean;
  'aria-disabled': true | undefined;
  'aria-busy': true | undefined;
  /** True when activation must be ignored (busy or unavailable). */
  inert: boolean;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /** Wraps a click handler: an inert control does nothing (a submit button does not submit). */
  guardClick: <E extends HTMLElement>(handler?: (event: MouseEvent<E>) => void) => (event: MouseEvent<E>) => void;
}

/** `unavailable`: the action is not allowed (or not possible) now; `busy`: its request runs. */
export function useControlState(unavailable: boolean, busy = false): ControlState {
  const [focused, setFocused] = useState(false);
  const inert = unavailable || busy;
  // Stays focusable while busy, or while it has focus: native `disabled` only where focus is not.
  const soft = busy || (unavailable && focused);
  return {
    disabled: inert && !soft,
    'aria-disabled': soft ? true : undefined,
    'aria-busy': busy ? true : undefined,
    inert,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    guardClick: (handler) => (event) => {
      if (inert) {
        event.preventDefault();
        return;
      }
      handler?.(event);
    },
  };
}
