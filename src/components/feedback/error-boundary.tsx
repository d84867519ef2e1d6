import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What to show instead of the crashed content; `reset` renders the children again. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** Called when `reset` runs (e.g. to reset React Query's error state). */
  onReset?: () => void;
  /** A change of this value (e.g. the path) clears a caught error without remounting healthy children. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches a render error of its children so the rest of the page keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render:', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
