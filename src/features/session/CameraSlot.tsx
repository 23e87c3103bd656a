import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { LiveVisionPanel } from '../vision';
import type { SessionController } from './useSessionController';

/**
 * The camera's place in the active session (enhanced mode): the live camera panel of the
 * vision feature (preview, 'Vision Active' / 'Vision Starting', live stillness). The
 * immersive layout keeps a corner for it (.immersive__camera) and does not style what is
 * inside.
 */
function CameraSlot({ controller }: { controller: SessionController }) {
  return <LiveVisionPanel session={controller.session} />;
}

/**
 * Camera mode's figures folded into one small chip, with the rest of the chrome (it fades
 * with it): the guide keeps the stage. Opened, the panel lies over the stage and moves
 * nothing. The panel stays mounted while folded (the preview keeps its stream).
 */
export function CameraChip({ controller }: { controller: SessionController }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const on = useSelector(controller.session, (s) => s.context.visionActive);
  return (
    <div className="immersive__camera immersive__chrome">
      <button
        type="button"
        className="immersive__camera-chip"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="camera-chip"
        onClick={() => setOpen((o) => !o)}
      >
        <span className={`immersive__camera-dot${on ? ' immersive__camera-dot--on' : ''}`} aria-hidden="true" />
        {on ? 'Camera on' : 'Camera off'}
        <span className="visually-hidden">: {open ? 'hide' : 'show'} the camera figures</span>
      </button>
      <div id={panelId} className="immersive__camera-panel" hidden={!open}>
        <CameraSlot controller={controller} />
      </div>
    </div>
  );
}
