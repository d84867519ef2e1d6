/**
 * The submit button of a form that saves: it never leaves the focus order while it cannot act
 * (nothing to save, a save under way), so focus never falls to <body> when it is pressed.
 * `aria-disabled` (with `aria-busy` while saving) says it does nothing now; clicks are ignored.
 */
import { useId, type ButtonHTMLAttributes, type Ref } from 'react';
import './reasoned-button.css';
import './save-button.css';

export interface SaveButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** `disabled` stays for a form the person can never save (a read-only key): then focus cannot be there. */
  /** Why there is nothing to do now (e.g. `No changes to save yet.`): shown and linked; null when it can save. */
  unavailableReason?: string | null;
  /** When true, the sentence of `unavailableReason` is not shown (the form says it elsewhere). */
  hideReason?: boolean;
  /** A save is under way: busy, and pressing it does nothing. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function SaveButton({
  unavailableReason = null,
  hideReason = false,
  busy = false,
  className = 'button button-primary',
  'aria-describedby': describedBy,
  onClick,
  children,
  ...rest
}: SaveButtonProps) {
  const reasonId = useId();
  const inactive = busy || unavailableReason !== null;
  const showReason = unavailableReason !== null && !busy && !hideReason;
  return (
    <span className="reasoned-button">
      <button
        {...rest}
        type="submit"
        className={className}
        aria-disabled={inactive || undefined}
        aria-busy={busy || undefined}
        aria-describedby={[describedBy, showReason ? reasonId : null].filter(Boolean).join(' ') || undefined}
        onClick={(event) => {
          // A submit button that does nothing: no submit, but focus stays here.
          if (inactive) event.preventDefault();
          else onClick?.(event);
        }}
      >
        {children}
      </button>
      {showReason && (
        <span id={reasonId} className="field-hint disabled-reason">
          {unavailableReason}
        </span>
      )}
    </span>
  );
}
