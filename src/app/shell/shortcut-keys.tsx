/**
 * The keyboard shortcuts' listener as a component, so that the shell loads it as its own small chunk
 * right after the first page: the first load carries none of it (src/app/shell/shortcuts.ts).
 */
import { focusPageSearch, useShortcuts, type ShortcutActions } from './shortcuts.ts';

export default function ShortcutKeys({ actions }: { actions: Omit<ShortcutActions, 'focusSearch'> }) {
  useShortcuts({ ...actions, focusSearch: focusPageSearch });
  return null;
}
