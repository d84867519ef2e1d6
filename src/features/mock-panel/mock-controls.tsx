/** The `Mock controls` dialog: its sections, and the faults form they share with the presets. */
import { useState } from 'react';
import { useUpdateMockFaults } from '../../api/resources/mock-mutations.ts';
import type { MockFaults, MockInfo } from '../../contract/schemas.ts';
import type { MockFaultsInput } from '../../contract/inputs.ts';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { DemoKeySection } from './demo-key-section.tsx';
import { FaultPresets } from './fault-presets.tsx';
import { FaultsSection } from './faults-section.tsx';
import { describeFaults, faultsBodyFromForm, faultsFieldOf, formFromFaults, noFaults, type FaultsForm } from './faults.ts';
import { ProductionKeyRulesSection } from './production-key-rules.tsx';
import { ResetSection } from './reset-section.tsx';
import { WorldSection } from './world-section.tsx';

export function MockControls({ info, faults, onClose }: { info: MockInfo; faults: MockFaults; onClose: () => void }) {
  const update = useUpdateMockFaults();
  const toast = useToast();
  // Which form row each rule of the last PUT came from (blank rows are not sent).
  const [rowOfRule, setRowOfRule] = useState<number[]>([]);
  const form = useForm<FaultsForm>({
    initial: formFromFaults(faults),
    validate: (values) => {
      const result = faultsBodyFromForm(values);
      return result.ok ? {} : result.errors;
    },
    serverError: update.error,
    clearServerError: update.reset,
    fieldOfServerError: (path) => faultsFieldOf(path, rowOfRule),
    pending: update.isPending,
  });

  const save = (body: MockFaultsInput, rows: number[], cleared: boolean) => {
    setRowOfRule(rows);
    update.mutate(body, {
      onSuccess: (saved) => {
        // The fields show what the mock now holds.
        form.reset();
        const now = describeFaults(saved);
        toast.success(
          cleared || now.length === 0 ? 'Faults cleared: the mock answers every request normally.' : `Faults on: ${now.join(', ')}.`,
        );
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Mock controls"
      description={`The bundled mock backend, version ${info.version}. A production API has none of these controls.`}
      dirty={form.dirty}
      size="large"
    >
      <DemoKeySection info={info} />
      <WorldSection />
      {/* A preset replaces the faults: the fields then show what the mock now holds. */}
      <FaultPresets faults={faults} onApplied={() => form.reset()} />
      <FaultsSection faults={faults} form={form} pending={update.isPending} onSave={save} />
      <ProductionKeyRulesSection faults={faults} />
      <ResetSection onReset={() => form.reset(formFromFaults(noFaults()))} />
    </Dialog>
  );
}
