import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppErrorPage } from './AppErrorPage';
import { captureError } from '../../app/errors/globalHandlers';

/** Last line of defence: a render failure outside any route shows 'Application Error'. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    captureError(error, {
      source: 'root-boundary',
      minSeverity: 'critical',
      context: { componentStack: info.componentStack?.slice(0, 2_000) },
    });
  }

  override render() {
    return this.state.failed ? <AppErrorPage /> : this.props.children;
  }
}
