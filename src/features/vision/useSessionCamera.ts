import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The camera's state as the session machine holds it, for the camera views. */
export function useSessionCamera(session: SessionActor) {
  const status = useSelector(session, (s) => s.context.cameraStatus);
  const message = useSelector(session, (s) => s.context.cameraMessage);
  const stream = useSelector(session, (s) => s.context.cameraStream);
  const active = useSelector(session, (s) => s.context.visionActive);
  const metrics = useSelector(session, (s) => s.context.visionMetrics);
  const mode = useSelector(session, (s) => s.context.performanceMode);
  return {
    status,
    message,
    stream,
    active,
    metrics,
    mode,
    enable: () => session.send({ type: 'ENABLE_CAMERA' }),
    disable: () => session.send({ type: 'DISABLE_CAMERA' }),
  };
}
