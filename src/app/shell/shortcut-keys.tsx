/**
 * The keyboard shortcuts' listener as a component, so that the shell loads it as its own small chunk
 * right after the first page: the first load carries none of it (src/app/shell/shortcuts.ts).
 */
import { useEffect } from 'react';
import { focusPageSearch, useShortcuts, type ShortcutActions } from './shortcuts.ts';

interface ShortcutKeysProps {
  actions: Omit<ShortcutActions, 'focusSearch'>;
  /** Called once the listener is on: the shell's stand-in for Ctrl+K can go. */
  onListening?: () => void;
}

export default function ShortcutKeys({ actions, onListening }: ShortcutKeysProps) {
  useShortcuts({ ...actions, focusSearch: focusPageSearch });
  useEffect(() => onListening?.(), [onListening]);
  return null;
}
