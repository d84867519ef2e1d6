/**
 * What dialogs and toasts share, without either importing the other: the room dialogs keep for the
 * toasts, the attribute that keeps an element usable beside an open dialog, and the stack of open
 * dialogs (innermost last).
 */

/** The CSS variable (on <html>) that dialogs keep clear at the top of the screen: the toasts' height and margins. */
export const TOAST_CLEARANCE_VARIABLE = '--toast-clearance';

/** Elements outside every open dialog that stay usable (the toast region). */
export const KEEP_INTERACTIVE_ATTRIBUTE = 'data-keep-interactive';

const openDialogs: HTMLElement[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

export function pushOpenDialog(container: HTMLElement): void {
  openDialogs.push(container);
  notify();
}

export function removeOpenDialog(container: HTMLElement): void {
  const index = openDialogs.lastIndexOf(container);
  if (index < 0) return;
  openDialogs.splice(index, 1);
  notify();
}

/** Only the innermost open dialog traps focus and answers Escape. */
export function isInnermostDialog(container: HTMLElement): boolean {
  return openDialogs[openDialogs.length - 1] === container;
}

export function hasOpenDialog(): boolean {
  return openDialogs.length > 0;
}

export function subscribeOpenDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
