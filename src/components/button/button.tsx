/**
 * The console's one button. Besides a plain button it knows three ways of not acting now:
 * - `unavailableReason`: the action is not allowed (a key without the scope, `Checking access…`): the
 *   button is disabled up front and says why, on screen, in `title` and through `aria-describedby`;
 * - `pending`: its request runs: busy (`aria-busy`), still focusable (`aria-disabled`), presses ignored;
 * - `inactive`: there is nothing to do now (no changes to save, another row's request runs): still
 *   focusable (`aria-disabled`), presses ignored; a sentence given instead of `true` is shown and linked.
 * A button that becomes unavailable while it has focus keeps the focus (see control-state.ts), so focus
 * never falls to <body>. Features use it instead of writing `aria-disabled` themselves (lint enforces it).
 */
import { useId, type ButtonHTMLAttributes, type Ref } from 'react';
import { useControlState } from './focus-safe-disabled.ts';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the action is not allowed; null (or empty) when it is. The button is disabled and the sentence shown and linked. */
  unavailableReason?: string | null;
  /** The button's request runs: busy, focusable, presses ignored. */
  pending?: boolean;
  /** Nothing to do now, but the button stays in the focus order; a string is the reason, shown and linked. */
  inactive?: boolean | string | null;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  unavailableReason,
  pending = false,
  inactive = false,
  disabled = false,
  className = 'button',
  type = 'button',
  'aria-describedby': describedBy,
  onClick,
  onFocus,
  onBlur,
  children,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const unavailable = unavailableReason || null;
  const state = useControlState(disabled || unavailable !== null, pending);
  // Nothing to do now: aria-disabled rather than disabled, so the button stays focusable.
  const idle = !!inactive && !state.disabled;
  const idleReason = typeof inactive === 'string' && inactive && !pending ? inactive : null;
  const reason = unavailable ?? idleReason;
  return (
    <span className="reasoned-button">
      <button
        {...rest}
        type={type}
        className={className}
        disabled={state.disabled}
        aria-disabled={state['aria-disabled'] ?? (idle || undefined)}
        aria-busy={state['aria-busy']}
        title={unavailable ?? rest.title}
        aria-describedby={[describedBy, reason ? reasonId : null].filter(Boolean).join(' ') || undefined}
        onClick={(event) => {
          // Inert: no action, and a submit button does not submit; focus stays here.
          if (state.inert || inactive) event.preventDefault();
          else onClick?.(event);
        }}
        onFocus={(event) => {
          state.onFocus(event);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          state.onBlur(event);
          onBlur?.(event);
        }}
      >
        {children}
      </button>
      {reason && (
        <span id={reasonId} className="field-hint disabled-reason">
          {reason}
        </span>
      )}
    </span>
  );
}
