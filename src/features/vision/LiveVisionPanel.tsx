import { useSyncExternalStore } from 'react';
import type { VisionMetrics } from '../../domain/visionSummary';
import { Button } from '../../ui/Button';
import { batteryIsLow, subscribeBattery } from '../../vision/battery';
import { getDiagnostics, subscribeDiagnostics } from '../../vision/diagnostics';
import { CameraPreview } from './CameraPreview';
import { PULSE_REASON_TEXT } from './pulseText';
import { useSessionCamera, type SessionActor } from './useSessionCamera';
import './vision.css';

const MODE_TEXT = {
  optimal: '2 frames a second',
  balanced: '1 frame a second',
  minimal: 'one frame every 2 seconds',
} as const;

/** The camera's heart rate: shown only when its quality is good, else why not. */
function LivePulse({ metrics: m }: { metrics: VisionMetrics }) {
  const r = m.pulse?.reading;
  const measuring = !r || (!r.measured && r.reason === 'too-short' && m.faceDetected);
  const why = r && !r.measured && !measuring ? PULSE_REASON_TEXT[r.reason] : null;
  return (
    <div className="stat">
      <dt className="stat__label">Heart rate</dt>
      <dd className="stat__value" data-testid="live-heart-rate">
        {r?.measured ? `${Math.round(r.bpm)} bpm` : measuring ? 'Measuring…' : 'Not measured'}
      </dd>
      {why ? (
        <dd className="live-vision__why" data-testid="live-heart-rate-why">
          {r && !r.measured && r.reason === 'no-face' && !m.faceChecked ? 'No face detection' : why}
        </dd>
      ) : null}
    </div>
  );
}

/**
 * The camera during the breathing: the preview with 'Vision Active' / 'Vision Starting',
 * the live stillness (smoothed, 0-100 %), face in view, the breathing rate once it can
 * be measured (below a face in view: without one it says so) and the heart rate from the
 * face's skin when its quality is good (else why not). With the camera off it says
 * so and offers to switch it on.
 */
export function LiveVisionPanel({ session }: { session: SessionActor }) {
  const camera = useSessionCamera(session);
  const diagnostics = useSyncExternalStore(subscribeDiagnostics, getDiagnostics, getDiagnostics);
  const lowBattery = useSyncExternalStore(subscribeBattery, batteryIsLow, () => false);
  const m = camera.metrics;

  if (!camera.stream) {
    return (
      <aside className="live-vision live-vision--off" aria-label="Camera">
        <p className="live-vision__note" role={camera.status === 'failed' ? 'alert' : undefined}>
          {camera.status === 'failed' && camera.message
            ? camera.message
            : camera.status === 'starting'
              ? 'Starting the camera…'
              : 'Camera off: stillness, posture and breathing rate are not measured.'}
        </p>
        {camera.status !== 'starting' ? (
          <Button variant="secondary" size="sm" onClick={camera.enable}>
            Enable Camera
          </Button>
        ) : null}
      </aside>
    );
  }

  return (
    <aside className="live-vision" aria-label="Camera">
      <CameraPreview stream={camera.stream} active={camera.active} />
      {camera.active && m ? (
        <dl className="live-vision__figures">
          <div className="stat">
            <dt className="stat__label">Stillness</dt>
            <dd className="stat__value" data-testid="live-stillness">
              {m.stillness}%
            </dd>
            <dd className="live-vision__meter">
              <meter
                min={0}
                max={100}
                low={50}
                high={80}
                optimum={100}
                value={m.stillness}
                aria-label="Stillness"
              >
                {m.stillness}%
              </meter>
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">Face in view</dt>
            <dd className="stat__value" data-testid="live-face">
              {m.faceChecked ? (m.faceDetected ? 'Yes' : 'No') : 'Not measured'}
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">Breathing</dt>
            <dd className="stat__value" data-testid="live-breathing">
              {m.breathsPerMinute !== null
                ? `${m.breathsPerMinute.toFixed(1)} /min`
                : m.faceDetected
                  ? 'Measuring…'
                  : 'Not measured'}
            </dd>
            {m.breathsPerMinute === null && !m.faceDetected ? (
              <dd className="live-vision__why">
                {m.faceChecked ? 'No face in view' : 'No face detection'}
              </dd>
            ) : null}
          </div>
          <LivePulse metrics={m} />
        </dl>
      ) : null}
      {camera.message ? <p className="live-vision__note">{camera.message}</p> : null}
      {lowBattery && camera.mode === 'minimal' ? (
        <p className="live-vision__note" data-testid="battery-note">
          Battery below 20 % and not charging: the camera is analyzed once every 2 seconds to save
          power.
        </p>
      ) : null}
      {diagnostics ? (
        <details className="live-vision__details">
          <summary>Analysis details</summary>
          <p data-testid="vision-diagnostics">
            {diagnostics.frames} frames analyzed on this device at {MODE_TEXT[diagnostics.mode]}.
            Per frame: stillness {diagnostics.stillnessMs.toFixed(1)} ms, face detection{' '}
            {diagnostics.faceMs.toFixed(1)} ms, breathing {diagnostics.breathingMs.toFixed(1)} ms.
          </p>
        </details>
      ) : null}
    </aside>
  );
}
