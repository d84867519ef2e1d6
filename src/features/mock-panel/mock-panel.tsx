/**
 * The mock's controls, in the top bar only when GET /__mock/info answers: the demo key in use with a
 * one-click switch, the fault settings (GET/PUT /__mock/faults) with an always-visible reminder
 * while any fault is on, and `Reset demo data` (POST /__mock/reset).
 *
 * The `Mock controls` button itself is the shell's (src/app/shell/shell.tsx, MockPanelSlot), there from the
 * moment the slot shows, with the key and world badges: this code, loaded later, draws the faults
 * reminder beside it and the dialog it opens.
 */
import { useQuery } from '@tanstack/react-query';
import { mockQueries } from '../../api/resources/mock.ts';
import type { MockInfo } from '../../contract/schemas.ts';
import { faultsSummary } from './faults.ts';
import { MockControls } from './mock-controls.tsx';
import './mock-panel.css';

export interface MockPanelProps {
  info: MockInfo;
  /** Whether the `Mock controls` dialog is open (the shell's button opens it). */
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** The faults reminder, and the `Mock controls` dialog when open. */
export default function MockPanel({ info, open, onOpen, onClose }: MockPanelProps) {
  // The info was just fetched: its faults stand in until GET /__mock/faults is needed again.
  const faultsQuery = useQuery({ ...mockQueries.faults(), initialData: info.faults });
  const faults = faultsQuery.data;
  const active = faultsSummary(faults);

  return (
    <>
      {active && (
        <button type="button" className="mock-faults-indicator" title={`Faults on: ${active}`} onClick={onOpen}>
          Faults on: {active}
        </button>
      )}
      {open && <MockControls info={info} faults={faults} onClose={onClose} />}
    </>
  );
}
