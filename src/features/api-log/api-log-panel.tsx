// PLACEHOLDER: replaced by the page helper
/** The API log panel, shown by the shell while `API log` is pressed; `onClose` un-presses it. */
export interface ApiLogPanelProps {
  onClose: () => void;
}

export default function ApiLogPanel({ onClose }: ApiLogPanelProps) {
  return (
    <section aria-labelledby="api-log-title" className="panel">
      <h2 id="api-log-title">API log</h2>
      <p>This page is being built.</p>
      <button type="button" className="button" onClick={onClose}>
        Close API log
      </button>
    </section>
  );
}
