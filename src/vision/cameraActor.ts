/**
 * The camera actor the session machine invokes in its camera slot (src/machines/
 * sessionCamera.ts). 'Enable Camera' starts a camera run (loaded on demand: getUserMedia,
 * the frame worker and MediaPipe never load before it); switching it off, hiding the tab
 * and the end of the session (the machine stops this actor on reset, completion and when
 * the screen goes away) stop every track. A hidden tab's camera starts again when the
 * tab is shown, if it was on.
 */
import { fromCallback } from 'xstate';
import type { CameraCommand, CameraInput, CameraReport } from '../machines/sessionCamera';
import type { CameraRun } from './camera/cameraRun';
import { recordTimings, resetDiagnostics } from './diagnostics';

export const cameraActor = fromCallback<CameraCommand, CameraInput>(
  ({ input, receive, sendBack }) => {
    let wanted = false;
    let disposed = false;
    let run: CameraRun | null = null;
    let generation = 0;
    const report = (r: CameraReport) => {
      if (!disposed) sendBack(r);
    };

    const start = () => {
      if (disposed) return;
      const mine = ++generation;
      resetDiagnostics();
      void import('./camera/cameraRun')
        .then(({ startCameraRun }) =>
          startCameraRun({
            cycleSeconds: input.cycleSeconds ?? null,
            report: (r) => {
              if (mine === generation) report(r);
            },
            onTimings: recordTimings,
          }),
        )
        .then((r) => {
          if (mine === generation && !disposed) run = r;
          else r.stop();
        })
        .catch((e: unknown) => {
          report({
            type: 'CAMERA_STATUS',
            status: 'failed',
            message: e instanceof Error ? e.message : String(e),
          });
        });
    };
    const stop = () => {
      generation++;
      run?.stop();
      run = null;
    };

    const onVisibility = () => {
      if (!wanted) return;
      if (document.visibilityState === 'hidden') {
        stop();
        report({ type: 'CAMERA_STREAM', stream: null });
        report({ type: 'VISION', active: false });
        report({ type: 'CAMERA_STATUS', status: 'off' });
      } else if (!run) start();
    };
    document.addEventListener('visibilitychange', onVisibility);

    receive((command) => {
      if (command.type === 'ENABLE_CAMERA') {
        wanted = true;
        stop();
        start();
      } else {
        wanted = false;
        stop();
        report({ type: 'CAMERA_STATUS', status: 'off' });
      }
    });

    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  },
);
