/**
 * The fault presets of Mock controls: one button each (`Slow network`, `Flaky`, `Rate limited`,
 * `Writes down`) that replaces the mock's faults with it; the active one is pressed.
 */
import { useState } from 'react';
import { useUpdateMockFaults } from '../../api/resources/mock-mutations.ts';
import type { MockFaults } from '../../contract/schemas.ts';
import { Button } from '../../components/button/button.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { FAULT_PRESETS, presetBody, presetOf, type FaultPreset } from './faults.ts';

export interface FaultPresetsProps {
  faults: MockFaults;
  /** Called with the mock's settings once a preset is on (the custom form shows them). */
  onApplied: (faults: MockFaults) => void;
}

export function FaultPresets({ faults, onApplied }: FaultPresetsProps) {
  const update = useUpdateMockFaults();
  const toast = useToast();
  const active = presetOf(faults);
  const [applying, setApplying] = useState<FaultPreset['name'] | null>(null);

  const apply = (preset: FaultPreset) => {
    setApplying(preset.name);
    update.mutate(presetBody(preset, faults), {
      onSuccess: (saved) => {
        onApplied(saved);
        toast.success(`Faults on: ${preset.name}. ${preset.description}`);
      },
    });
  };

  return (
    <section className="mock-section" aria-labelledby="mock-presets-title">
      <h3 id="mock-presets-title">Fault presets</h3>
      <p className="field-hint">One click replaces the faults below with a preset; Clear faults turns it off.</p>
      <ul className="mock-preset-list">
        {FAULT_PRESETS.map((preset) => (
          <li key={preset.name}>
            <Button
              className="button button-small"
              aria-pressed={active?.name === preset.name}
              inactive={update.isPending}
              pending={update.isPending && applying === preset.name}
              onClick={() => apply(preset)}
            >
              {preset.name}
            </Button>
            <span className="field-hint">{preset.description}</span>
          </li>
        ))}
      </ul>
      <ActionError error={update.error} prefix="Could not apply the preset:" onDismiss={update.reset} />
    </section>
  );
}
