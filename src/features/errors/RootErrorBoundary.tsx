import { Component, type ReactNode } from 'react';
import { AppErrorPage } from './AppErrorPage';

/** Last line of defence: a render failure outside any route shows 'Application Error'. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <AppErrorPage /> : this.props.children;
  }
}
