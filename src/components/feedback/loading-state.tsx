import './states.css';

export interface LoadingStateProps {
  /** What is loading, e.g. "Loading dashboards…" (default "Loading…"). */
  label?: string;
  /** Inline (a line of text) rather than a block in place of the content. */
  inline?: boolean;
}

/** A polite live region saying what is loading. */
export function LoadingState({ label = 'Loading…', inline = false }: LoadingStateProps) {
  return (
    <div className={inline ? 'loading loading-inline' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
