import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

/**
 * Camera setup step of the enhanced mode ('Enable Camera', then 'Start
 * Session'). Camera analysis is a later piece of work: this step says so plainly and lets
 * the session start without it.
 */
export function CameraSetupView({ onStart }: { onStart: () => void }) {
  return (
    <Card as="section" className="presession" aria-labelledby="camera-title">
      <h2 id="camera-title">Camera setup</h2>
      <p className="presession__lead">
        Camera analysis not available yet. Enhanced sessions run with the full breathing guide, {''}
        and stillness feedback will appear here once it is.
      </p>
      <div className="presession__actions">
        <Button variant="secondary" disabled title="Camera analysis not available yet">
          Enable Camera
        </Button>
        <Button onClick={onStart}>Start Session</Button>
      </div>
    </Card>
  );
}
