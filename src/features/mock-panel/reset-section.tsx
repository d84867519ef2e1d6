/** Mock controls → Demo data: `Reset demo data` (POST /__mock/reset), after a confirmation. */
import { useState } from 'react';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { useResetMock } from '../../api/resources/mock-mutations.ts';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useToast } from '../../components/feedback/toast.tsx';

export function ResetSection({ onReset }: { onReset: () => void }) {
  const { connection } = useConnectionState();
  const world = connection?.world;
  const [confirming, setConfirming] = useState(false);
  const reset = useResetMock();
  const toast = useToast();
  return (
    <section className="mock-section" aria-labelledby="mock-reset-title">
      <h3 id="mock-reset-title">Demo data</h3>
      <p className="field-hint">Puts every project, dashboard and setting back to the seed, and turns all faults off.</p>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          reset.reset();
          setConfirming(true);
        }}
      >
        Reset demo data
      </button>
      <ConfirmDialog
        open={confirming}
        title="Reset demo data?"
        message={
          world
            ? `Everything created or changed in the world ${world} goes back to the seed, for everyone using that world, and its faults are cleared. Other worlds keep theirs. This cannot be undone.`
            : 'Everything created or changed in the mock since it started goes back to the seed, for everyone using it, and all faults are cleared. This cannot be undone.'
        }
        confirmLabel="Reset"
        destructive
        pending={reset.isPending}
        error={reset.error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              onReset();
              toast.success('Demo data reset: everything is back to the seed, and faults are off.');
            },
          })
        }
      />
    </section>
  );
}
