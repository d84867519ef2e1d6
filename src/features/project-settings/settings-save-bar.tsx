/** The bar under the project settings: the form's problem, the save's error, Save and Discard, and what is unsaved. */
import { useId } from 'react';
import { Button } from '../../components/button/button.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { errorStatus } from '../../components/feedback/error-text.ts';

interface SettingsSaveBarProps {
  /** The form's own problem (not one field's), and the API's refusal that names no field. */
  formProblem: string | null | undefined;
  serverFormError: unknown;
  /** The error of reading the project again before saving. */
  checkError: unknown;
  canWrite: boolean;
  readOnlyReason: string | null;
  dirty: boolean;
  /** Reading the project again before saving, sending it, or either. */
  checking: boolean;
  saving: boolean;
  busy: boolean;
  onDiscard: () => void;
}

export function SettingsSaveBar({
  formProblem,
  serverFormError,
  checkError,
  canWrite,
  readOnlyReason,
  dirty,
  checking,
  saving,
  busy,
  onDiscard,
}: SettingsSaveBarProps) {
  const saveHintId = useId();
  return (
      <div className="settings-save-bar">
        {formProblem && (
          <p className="field-error" role="alert">
            {formProblem}
          </p>
        )}
        <ActionError
          error={checkError ?? serverFormError}
          prefix={errorStatus(serverFormError) === 403 ? 'Not allowed:' : 'Could not save:'}
        />
        <div className="button-row">
          <Button
            type="submit"
            className="button button-primary"
            disabled={!canWrite}
            pending={busy}
            inactive={!dirty}
            aria-describedby={saveHintId}
          >
            Save changes
          </Button>
          {/* Focusable when there is nothing to discard, so focus stays here after discarding. */}
          <Button inactive={!dirty || busy} onClick={onDiscard}>
            Discard changes
          </Button>
          <p id={saveHintId} className="field-hint" aria-live="polite">
            {!canWrite
              ? readOnlyReason
              : checking
                ? 'Checking for changes by others…'
                : saving
                ? 'Saving…'
                : dirty
                  ? 'You have unsaved changes.'
                  : 'No unsaved changes.'}
          </p>
        </div>
      </div>
  );
}
