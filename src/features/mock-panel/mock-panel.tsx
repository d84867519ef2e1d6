// PLACEHOLDER: replaced by the page helper
import type { MockInfo } from '../../contract/schemas.ts';

/** The mock's status and fault controls in the top bar; rendered only when GET /__mock/info answers. */
export interface MockPanelProps {
  info: MockInfo;
}

export default function MockPanel({ info }: MockPanelProps) {
  return (
    <span className="mock-indicator">
      Mock {info.version}. This page is being built.
    </span>
  );
}
