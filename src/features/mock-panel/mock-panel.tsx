/**
 * The mock's controls, in the top bar only when GET /__mock/info answers: the demo key in use with a
 * one-click switch, the fault settings (GET/PUT /__mock/faults) with an always-visible reminder
 * while any fault is on, and `Reset demo data` (POST /__mock/reset).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { mockQueries } from '../../api/resources/mock.ts';
import type { MockInfo } from '../../contract/schemas.ts';
import { faultsSummary } from './faults.ts';
import { MockControls } from './mock-controls.tsx';
import './mock-panel.css';

/** The mock's status and fault controls in the top bar; rendered only when GET /__mock/info answers. */
export interface MockPanelProps {
  info: MockInfo;
}

export default function MockPanel({ info }: MockPanelProps) {
  const [open, setOpen] = useState(false);
  const { connection } = useConnectionState();
  // The info was just fetched: its faults stand in until GET /__mock/faults is needed again.
  const faultsQuery = useQuery({ ...mockQueries.faults(), initialData: info.faults });
  const faults = faultsQuery.data;
  const active = faultsSummary(faults);
  const current = info.keys.find((key) => key.key === connection?.key);

  return (
    <div className="mock-panel">
      {/* Stacked in one row of the top bar at 1440 px; the title gives the whole text where it is cut short. */}
      {(current || connection?.world) && (
        <span className="mock-badges">
          {current && (
            <span className="mock-key-badge" title={`Key: ${current.key}`}>
              Key: {current.key}
            </span>
          )}
          {connection?.world && (
            <span className="mock-key-badge" title={`World: ${connection.world}`}>
              World: {connection.world}
            </span>
          )}
        </span>
      )}
      {active && (
        <button type="button" className="mock-faults-indicator" title={`Faults on: ${active}`} onClick={() => setOpen(true)}>
          Faults on: {active}
        </button>
      )}
      <button type="button" className="button mock-controls-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Mock controls
      </button>
      {open && <MockControls info={info} faults={faults} onClose={() => setOpen(false)} />}
    </div>
  );
}
