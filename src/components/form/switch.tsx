import { useId, type ReactNode } from 'react';
import { useControlState } from '../button/focus-safe-disabled.ts';
import './switch.css';

export interface SwitchProps {
  /** The switch's name, e.g. `Share publicly`. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Not allowed (e.g. the key lacks the scope): say why in `hint`. */
  disabled?: boolean;
  /**
   * Its request runs: the switch stays focusable (`aria-disabled`, `aria-busy`) and ignores presses,
   * so focus never falls to the page while it saves.
   */
  busy?: boolean;
  /** A sentence under the switch. */
  hint?: ReactNode;
}

/** An on/off control (`role="switch"`, `aria-checked`) that acts at once, unlike a form checkbox. */
export function Switch({ label, checked, onChange, disabled = false, busy = false, hint }: SwitchProps) {
  const labelId = useId();
  const hintId = useId();
  const state = useControlState(disabled, busy);
  return (
    <div className="switch-field">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className="switch"
        disabled={state.disabled}
        aria-disabled={state['aria-disabled']}
        aria-busy={state['aria-busy']}
        onFocus={state.onFocus}
        onBlur={state.onBlur}
        onClick={state.guardClick(() => onChange(!checked))}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
      </button>
      <span id={labelId} className="switch-label">
        {label}
      </span>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
