/**
 * `Theme` (README.md, "Look"): System, Light or Dark, remembered on this device. The page's
 * inline script (index.html) applies the remembered choice before the first paint and follows other
 * tabs' choices (the `storage` event); this control writes the choice and shows the one in force,
 * which is the `data-theme` attribute of <html> (none: System).
 */
import { useId, useSyncExternalStore } from 'react';

/** The localStorage key index.html's inline script reads. */
export const THEME_STORAGE_KEY = 'console-theme';
const CHOICES = ['System', 'Light', 'Dark'] as const;
type Choice = 'system' | 'light' | 'dark';

const root = () => document.documentElement;

function current(): Choice {
  const theme = root().dataset.theme;
  return theme === 'light' || theme === 'dark' ? theme : 'system';
}

/** Any change of the attribute: this control's, another tab's (through the inline script). */
function subscribe(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function choose(choice: Choice): void {
  if (choice === 'system') delete root().dataset.theme;
  else root().dataset.theme = choice;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (a locked-down browser): the choice holds for this page only.
  }
}

export function ThemeControl() {
  const choice = useSyncExternalStore(subscribe, current, () => 'system' as Choice);
  const id = useId();
  return (
    <div className="picker theme-picker">
      <label htmlFor={id}>Theme</label>
      <select id={id} value={choice} onChange={(event) => choose(event.target.value as Choice)}>
        {CHOICES.map((label) => (
          <option key={label} value={label.toLowerCase()}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
