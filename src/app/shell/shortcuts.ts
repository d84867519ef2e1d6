/**
 * The keyboard shortcuts of CONSOLE.md "Getting around by keyboard": Ctrl+K / ⌘K (everywhere, fields
 * included) opens Go to; `?`, `/` and `g` then `p` `d` `s` `a` only when the person is not typing in a
 * field and no dialog is open. This listener is all the first page carries; the dialogs load lazily.
 */
import { useEffect, useEffectEvent } from 'react';
import { hasOpenDialog } from '../../components/dialog/overlay-stack.ts';

export type GoSection = 'projects' | 'dashboards' | 'settings' | 'activity';

export interface ShortcutActions {
  goTo: () => void;
  help: () => void;
  focusSearch: () => void;
  go: (section: GoSection) => void;
}

/** How long after `g` the second key still counts. */
export const SEQUENCE_MS = 1500;

const SECOND_KEYS: Record<string, GoSection> = { p: 'projects', d: 'dashboards', s: 'settings', a: 'activity' };

/** True when keys typed at `target` are text: an input, textarea, select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * Handles one keydown; returns the new "waiting for the key after g" time (null: not waiting).
 * Pure apart from `event.preventDefault()` and the actions, so tests call it directly.
 */
export function handleShortcut(event: KeyboardEvent, gPressedAt: number | null, actions: ShortcutActions, now: number): number | null {
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && key.toLowerCase() === 'k') {
    event.preventDefault();
    if (!hasOpenDialog()) actions.goTo();
    return null;
  }
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  if (isTypingTarget(event.target) || hasOpenDialog()) return null;
  if (gPressedAt !== null && now - gPressedAt <= SEQUENCE_MS) {
    const section = SECOND_KEYS[key.toLowerCase()];
    if (section) {
      event.preventDefault();
      actions.go(section);
      return null;
    }
  }
  if (key === 'g') return now;
  if (key === '?') {
    event.preventDefault();
    actions.help();
  } else if (key === '/') {
    event.preventDefault();
    actions.focusSearch();
  }
  return null;
}

/** Listens on the document while mounted. */
export function useShortcuts(actions: ShortcutActions): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent, gPressedAt: number | null) =>
    handleShortcut(event, gPressedAt, actions, Date.now()),
  );
  useEffect(() => {
    let gPressedAt: number | null = null;
    const listener = (event: KeyboardEvent) => {
      gPressedAt = onKeyDown(event, gPressedAt);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** Focuses the page's search box (the first search field in the main region); false when it has none. */
export function focusPageSearch(): boolean {
  const box = document.querySelector<HTMLInputElement>('main input[type="search"], main [role="searchbox"]');
  if (!box) return false;
  box.focus();
  box.select?.();
  return true;
}
