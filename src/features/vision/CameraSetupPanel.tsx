import { Button } from '../../ui/Button';
import { CameraPreview } from './CameraPreview';
import { useSessionCamera, type SessionActor } from './useSessionCamera';
import './vision.css';

/**
 * Camera mode's camera, inside the one pre-session step (docs/product.md § Sessions): the
 * preview and 'Enable Camera', before the step's one 'Start' and its countdown. There is
 * no second start: 'Start' with the camera off breathes without it (the same session and
 * timing as classic, nothing measured by the camera; the active session can still switch
 * it on). A failure shows the catalogue's message and 'Try Again'.
 */
export function CameraSetupPanel({
  session,
  onUserGesture,
}: {
  session: SessionActor;
  /** Audio can only start from a user gesture: called on every button press. */
  onUserGesture?: () => void;
}) {
  const camera = useSessionCamera(session);
  const starting = camera.status === 'starting';
  const failed = camera.status === 'failed';
  const ready = camera.stream !== null && camera.status === 'on';
  return (
    <section className="camera-setup" aria-labelledby="camera-title">
      <h3 id="camera-title" className="presession__subtitle">
        Camera
      </h3>
      <p className="presession__lead">
        With the camera on, Pneuma measures your stillness, whether your face is in view, your
        posture and your breathing rate as you practice. Everything is worked out on this device: no
        picture ever leaves it. Without it, the session is the same, with nothing measured.
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
      {!ready ? (
        <div className="presession__actions">
          <Button
            variant="secondary"
            onClick={() => {
              onUserGesture?.();
              camera.enable();
            }}
            disabled={starting}
          >
            {failed ? 'Try Again' : 'Enable Camera'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
