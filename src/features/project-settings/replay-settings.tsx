/**
 * The Replay section of the project settings: recording on or off, and the sample rate and minimum
 * duration, which apply only to recorded sessions (and are read-only while recording is off).
 */
import type { ReactNode } from 'react';
import { CheckboxField, Field } from '../../components/form/field.tsx';
import type { Form } from '../../components/form/use-form.ts';
import type { SettingsDraft } from './settings-draft.ts';
import { Section } from './settings-section.tsx';

export type NumberField = 'session_recording_sample_rate' | 'session_recording_minimum_duration_milliseconds';

export const numberFieldMessages: Record<NumberField, string> = {
  session_recording_sample_rate: 'Enter a number from 0 to 1, e.g. 0.25.',
  session_recording_minimum_duration_milliseconds: 'Enter a whole number of milliseconds from 0 to 30000.',
};

const notApplyingReason = 'Applies only when session recording is on.';

/**
 * The hint of a Replay setting. While `Record user sessions` is off the setting does not apply: it is
 * shown disabled, with this reason first, and keeps its value. Not editable then, because a value
 * typed there would change nothing, and turning recording on in the same form makes it editable at
 * once (nothing needs saving first).
 */
function ReplayHint({ off, children }: { off: boolean; children: ReactNode }) {
  return off ? (
    <>
      <strong className="not-applying-reason">{notApplyingReason}</strong> {children}
    </>
  ) : (
    children
  );
}

interface ReplaySettingsProps {
  draft: SettingsDraft;
  set: Form<SettingsDraft>['set'];
  /** Keeps a number's text, and whether the browser could read it as a number. */
  setNumber: (field: NumberField, value: string, invalid: boolean) => void;
  error: (key: string) => string | undefined;
  locked: (field: string) => boolean;
}

export function ReplaySettings({ draft, set, setNumber, error, locked }: ReplaySettingsProps) {
  // Sample rate and minimum duration apply only to recorded sessions (see ReplayHint).
  const recordingOff = !draft.session_recording_opt_in;
  return (
    <Section title="Replay">
      <CheckboxField
        label="Record user sessions"
        checked={draft.session_recording_opt_in}
        onChange={(event) => set('session_recording_opt_in', event.target.checked)}
      />
      <Field
        label="Sample rate"
        className={recordingOff ? 'field-not-applying' : undefined}
        hint={
          <ReplayHint off={recordingOff}>
            The share of sessions recorded, from 0 to 1 in steps of 0.01 (0.50 is half). Empty records every session.
          </ReplayHint>
        }
        error={error('session_recording_sample_rate')}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.01}
            value={draft.session_recording_sample_rate}
            disabled={locked('session_recording_sample_rate') || recordingOff}
            onChange={(event) =>
              setNumber('session_recording_sample_rate', event.target.value, event.target.validity?.badInput ?? false)
            }
          />
        )}
      </Field>
      <Field
        label="Minimum duration (ms)"
        className={recordingOff ? 'field-not-applying' : undefined}
        hint={
          <ReplayHint off={recordingOff}>
            Sessions shorter than this are not kept: 0 to 30000 milliseconds. Empty means no minimum.
          </ReplayHint>
        }
        error={error('session_recording_minimum_duration_milliseconds')}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={30000}
            step={1}
            value={draft.session_recording_minimum_duration_milliseconds}
            disabled={locked('session_recording_minimum_duration_milliseconds') || recordingOff}
            onChange={(event) =>
              setNumber(
                'session_recording_minimum_duration_milliseconds',
                event.target.value,
                event.target.validity?.badInput ?? false,
              )
            }
          />
        )}
      </Field>
    </Section>
  );
}
