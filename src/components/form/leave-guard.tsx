/**
 * Asks before unsaved work is lost: a dialog when a route change would leave the page (react-router's
 * blocker), the browser's own prompt when the tab is closed or reloaded (`beforeunload`).
 */
import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router-dom';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';

export interface LeaveGuardProps {
  /** There is unsaved work. */
  when: boolean;
  /**
   * The question's text: what would be lost and that leaving loses it ("Your changes to the project
   * settings are not saved. If you leave this page, they are lost.").
   */
  message: string;
  /** A navigation that may go without asking (e.g. to the list right after a delete). */
  allow?: (next: Location) => boolean;
}

export function LeaveGuard({ when, message, allow }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !(allow?.(nextLocation) ?? false),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved or discarded while the question was open: nothing is lost by going on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message={message}
      confirmLabel="Leave page"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
