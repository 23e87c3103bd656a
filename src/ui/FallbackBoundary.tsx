import { Component, type ReactNode } from 'react';

/**
 * Renders `fallback` instead of its children once they throw while rendering: for parts
 * that load on demand (a lazy chunk that cannot be fetched offline before it was cached),
 * so their failure never reaches the page's own error boundary. `onFail` hears of it.
 */
export class FallbackBoundary extends Component<
  { fallback: ReactNode; onFail?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFail?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
