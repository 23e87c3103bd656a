import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

interface Props {
  children: ReactNode;
  /** 'Continue Practice': return the session to setup. */
  onReset: () => void;
}

/** A render failure inside a session shows a calm pause instead of a broken screen. */
export class SessionErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Session screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card as="section" className="completion" role="alert">
        <h2>Taking a Mindful Pause</h2>
        <p>Something interrupted the session screen. Your saved sessions are safe.</p>
        <Button
          onClick={() => {
            this.props.onReset();
            this.setState({ failed: false });
          }}
        >
          Continue Practice
        </Button>
      </Card>
    );
  }
}
