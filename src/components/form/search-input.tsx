import { useEffect, useId, useState } from 'react';
import './field.css';

export interface SearchInputProps {
  /** The searchbox's name, e.g. `Search dashboards`. */
  label: string;
  /** The applied search (e.g. from the URL's `?search=`). */
  value: string;
  /** Called with the typed text once typing pauses for `delayMs`, and at once on Enter. */
  onChange: (value: string) => void;
  delayMs?: number;
  placeholder?: string;
}

export const SEARCH_DEBOUNCE_MS = 300;

/** A searchbox (`type="search"`) that reports what was typed after a pause, not on every key. */
export function SearchInput({ label, value, onChange, delayMs = SEARCH_DEBOUNCE_MS, placeholder }: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const [sent, setSent] = useState(value);

  // The applied value changed from outside (back button, a link): show it, unless it is what we sent.
  if (value !== applied) {
    setApplied(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }

  const send = (next: string) => {
    setSent(next);
    onChange(next);
  };

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => {
      setSent(text);
      onChange(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs, onChange]);

  return (
    <div className="search-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text !== value) send(text);
        }}
      />
    </div>
  );
}
