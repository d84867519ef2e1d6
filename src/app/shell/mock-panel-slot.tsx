/** The top bar's slot for the mock's controls (src/features/mock-panel/). */
import { useEffect, useState } from 'react';
import type { MockInfo } from '../../contract/schemas.ts';
import { ErrorBoundary } from '../../components/feedback/error-boundary.tsx';
import { lazyComponent } from '../../components/layout/lazy-component.tsx';
import { afterPageSettles } from '../when-idle.ts';

const MockPanel = lazyComponent(() => import('../../features/mock-panel/mock-panel.tsx'));

/**
 * The mock's controls (a QA tool that only the bundled mock answers for). The key and world badges
 * and the `Mock controls` button are drawn here at once, and that one button stays for the slot's
 * whole life; the rest (the faults reminder, the dialog) loads once the first page has settled (the
 * page a person came for needs none of that code), or at once when the button is pressed: a press
 * before the code is there opens the dialog when it comes. Before the mock's info has come, a world
 * (only the mock has them) is enough to know it is the mock.
 */
export function MockPanelSlot({ info, connectedKey, world }: { info: MockInfo | undefined; connectedKey: string | undefined; world: string | undefined }) {
  const [settled, setSettled] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => afterPageSettles(() => setSettled(true)), []);
  const demoKey = info?.keys.find((key) => key.key === connectedKey)?.key;
  return (
    <div className="mock-panel">
      {/* Stacked in one row of the top bar at 1440 px; the title gives the whole text where it is cut short. */}
      {(demoKey || world) && (
        <span className="mock-badges">
          {demoKey && (
            <span className="mock-key-badge" title={`Key: ${demoKey}`}>
              Key: {demoKey}
            </span>
          )}
          {world && (
            <span className="mock-key-badge" title={`World: ${world}`}>
              World: {world}
            </span>
          )}
        </span>
      )}
      {info && (settled || open) && (
        <ErrorBoundary fallback={() => <span className="mock-indicator">Mock controls could not load.</span>}>
          <MockPanel info={info} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
        </ErrorBoundary>
      )}
      <button
        type="button"
        className="button mock-controls-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void MockPanel.preload()}
        onFocus={() => void MockPanel.preload()}
      >
        Mock controls
      </button>
    </div>
  );
}
