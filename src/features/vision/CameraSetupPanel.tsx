import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CameraPreview } from './CameraPreview';
import { useSessionCamera, type SessionActor } from './useSessionCamera';
import './vision.css';

/**
 * The enhanced mode's camera setup step: 'Enable Camera', then 'Start Session'. A failure
 * shows the catalogue's message with the way on: try again, or continue without the
 * camera (the same session and timing as classic, nothing measured by the camera).
 */
export function CameraSetupPanel({
  session,
  onStart,
}: {
  session: SessionActor;
  onStart: () => void;
}) {
  const camera = useSessionCamera(session);
  const starting = camera.status === 'starting';
  const failed = camera.status === 'failed';
  const ready = camera.stream !== null && camera.status === 'on';
  const continueWithout = () => {
    camera.disable();
    onStart();
  };
  return (
    <Card as="section" className="presession camera-setup" aria-labelledby="camera-title">
      <h2 id="camera-title">Camera setup</h2>
      <p className="presession__lead">
        With the camera on, Pneuma measures your stillness, whether your face is in view, your
        posture and your breathing rate as you practice. Everything is worked out on this device: no
        picture ever leaves it.
      </p>
      <CameraPreview stream={camera.stream} active={camera.active} />
      {starting ? (
        <p className="camera-setup__status" role="status">
          Starting the camera…
        </p>
      ) : null}
      {failed && camera.message ? (
        <div className="camera-setup__error" role="alert">
          <p>{camera.message}</p>
        </div>
      ) : null}
      {camera.status === 'on' && camera.message ? (
        <p className="camera-setup__note">{camera.message}</p>
      ) : null}
      <div className="presession__actions">
        {!ready ? (
          <Button
            variant={failed ? 'secondary' : 'primary'}
            onClick={camera.enable}
            disabled={starting}
          >
            {failed ? 'Try Again' : 'Enable Camera'}
          </Button>
        ) : null}
        <Button
          variant={ready ? 'primary' : 'secondary'}
          onClick={onStart}
          disabled={!ready}
          title={ready ? undefined : 'Enable the camera first, or continue without it'}
        >
          Start Session
        </Button>
        {!ready ? (
          <Button variant="ghost" onClick={continueWithout}>
            Continue without camera
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
