import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  fallback: (error: unknown) => ReactNode;
  onError?: (error: unknown) => void;
  /** A change of it clears a caught error, so the subtree renders again. */
  resetKey?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  /** The resetKey the error was caught at. */
  caughtAt: string | undefined;
}

/** Catches what a subtree throws while rendering (lazy chunks included) and shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false, caughtAt: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.caughtAt) return null;
    return state.failed ? { error: null, failed: false, caughtAt: props.resetKey } : { caughtAt: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
