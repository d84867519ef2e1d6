import type { ReactNode } from 'react';
import './states.css';

export interface EmptyStateProps {
  title: string;
  /** One or two sentences: why it is empty and what to do. */
  children?: ReactNode;
  /** A button or link that fixes the emptiness (e.g. `New dashboard`). */
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Nothing to show yet (or nothing matches the search), with what to do about it. */
export function EmptyState({ title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="state state-empty">
      <Heading className="state-title">{title}</Heading>
      {children && <div className="state-detail">{children}</div>}
      {action && <div className="state-action">{action}</div>}
    </div>
  );
}
