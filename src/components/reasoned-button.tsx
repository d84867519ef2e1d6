import { useId, type ButtonHTMLAttributes } from 'react';
import './reasoned-button.css';

export interface ReasonedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the action is not available; the button is disabled and the sentence shown and linked. */
  disabledReason?: string | null;
}

/** A button that, when disabled for a reason, says why (visible text, `title` and aria-describedby). */
export function ReasonedButton({
  disabledReason,
  disabled,
  className = 'button',
  type = 'button',
  'aria-describedby': describedBy,
  children,
  ...rest
}: ReasonedButtonProps) {
  const reasonId = useId();
  const reason = disabledReason || null;
  return (
    <span className="reasoned-button">
      <button
        {...rest}
        type={type}
        className={className}
        disabled={disabled || reason !== null}
        title={reason ?? rest.title}
        aria-describedby={[describedBy, reason ? reasonId : null].filter(Boolean).join(' ') || undefined}
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
