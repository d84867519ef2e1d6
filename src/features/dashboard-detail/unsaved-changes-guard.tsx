/**
 * Asks before unsaved changes are lost: on leaving the page within the console (another tab,
 * link or the back button: react-router's blocker) and on closing or reloading the browser tab
 * (`beforeunload`).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { AFTER_DELETE_STATE } from './dashboard-outlet.ts';

/** True when the navigation leaves a dashboard that was just deleted: nothing is left to save. */
const leavingDeleted = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Partial<typeof AFTER_DELETE_STATE>).afterDashboardDelete === true;

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !leavingDeleted(nextLocation.state),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Discard unsaved changes?"
      message="Your changes to this dashboard are not saved. If you leave now, they are lost."
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
