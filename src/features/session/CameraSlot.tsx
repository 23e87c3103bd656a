import { LiveVisionPanel } from '../vision';
import type { SessionController } from './useSessionController';

/**
 * The camera's place in the active session (enhanced mode): the live camera panel of the
 * vision feature (preview, 'Vision Active' / 'Vision Starting', live stillness). The
 * immersive layout keeps a corner for it (.immersive__camera) and does not style what is
 * inside.
 */
export function CameraSlot({ controller }: { controller: SessionController }) {
  return <LiveVisionPanel session={controller.session} />;
}
