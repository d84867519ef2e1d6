/** Asks before leaving with unsaved changes: a dialog on route changes, the browser's prompt on tab close. */
import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

export interface LeaveGuardProps {
  /** There are unsaved changes. */
  when: boolean;
  /** Set to true just before a navigation that must not ask (e.g. after deleting the project). */
  allowLeaveRef: RefObject<boolean>;
}

export function LeaveGuard({ when, allowLeaveRef }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !allowLeaveRef.current && currentLocation.pathname !== nextLocation.pathname,
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
      message="You have unsaved changes to the project settings. If you leave this page, they are lost."
      confirmLabel="Leave page"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
