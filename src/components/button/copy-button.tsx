import { useEffect, useState, type ReactNode } from 'react';
import './copy-button.css';

export interface CopyButtonProps {
  /** The text to copy, or a function giving it at click time. */
  text: string | (() => string);
  /** The button's accessible name, e.g. `Copy project API key`. */
  label: string;
  /** Visible text (default `Copy`). */
  children?: ReactNode;
  className?: string;
  disabled?: boolean;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies with navigator.clipboard and announces `Copied` (or how to copy by hand) next to the button. */
export function CopyButton({ text, label, children = 'Copy', className, disabled }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? 2500 : 6000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="copy-button">
      <button
        type="button"
        className={className ?? 'button button-small'}
        aria-label={label}
        disabled={disabled}
        onClick={() => void copy()}
      >
        {children}
      </button>
      <span className="copy-feedback" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}
