import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  /** The switch's name, e.g. `Share publicly`. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A sentence under the switch. */
  hint?: ReactNode;
}

/** An on/off control (`role="switch"`, `aria-checked`) that acts at once, unlike a form checkbox. */
export function Switch({ label, checked, onChange, disabled, hint }: SwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="switch-field">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className="switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
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
