import { useId, type ButtonHTMLAttributes } from 'react';
import { useControlState } from './control-state.ts';
import './reasoned-button.css';

export interface ReasonedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the action is not available; the button is disabled and the sentence shown and linked. */
  disabledReason?: string | null;
  /**
   * The button's request runs: it stays focusable (`aria-disabled`, `aria-busy`) and ignores
   * activation, so focus never falls to the page. Prefer it to `disabled` for a pending action.
   */
  busy?: boolean;
}

/**
 * A button that, when disabled for a reason, says why (visible text, `title` and aria-describedby).
 * A button that becomes unavailable or busy while it has focus keeps the focus (see control-state.ts).
 */
export function ReasonedButton({
  disabledReason,
  disabled,
  busy = false,
  className = 'button',
  type = 'button',
  'aria-describedby': describedBy,
  onClick,
  onFocus,
  onBlur,
  children,
  ...rest
}: ReasonedButtonProps) {
  const reasonId = useId();
  const reason = disabledReason || null;
  const state = useControlState(!!disabled || reason !== null, busy);
  return (
    <span className="reasoned-button">
      <button
        {...rest}
        type={type}
        className={className}
        disabled={state.disabled}
        aria-disabled={state['aria-disabled']}
        aria-busy={state['aria-busy'] ?? rest['aria-busy']}
        title={reason ?? rest.title}
        aria-describedby={[describedBy, reason ? reasonId : null].filter(Boolean).join(' ') || undefined}
        onClick={state.guardClick(onClick)}
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
