import { CameraSetupPanel } from '../vision';
import type { SessionRef } from './useSessionController';

/** Camera setup step of the enhanced mode ('Enable Camera', then 'Start Session'). */
export function CameraSetupView({
  session,
  onStart,
}: {
  session: SessionRef;
  onStart: () => void;
}) {
  return <CameraSetupPanel session={session} onStart={onStart} />;
}
